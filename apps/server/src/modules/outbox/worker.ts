import { and, asc, eq, inArray, lte, notInArray, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { emailOutbox, type EmailOutboxRow } from '../../db/schema/index.ts';

/** One e-mail handed to the mail server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where the worker hands e-mails: SMTP (`SmtpTransport`), or a fake in tests. */
export interface MailTransport {
  /** Resolves once the server accepted the message (with its id); rejects when it did not. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): void;
  /** Where it delivers, for the log (never credentials). */
  readonly description?: string;
}

/** Nodemailer over SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`); a new connection per message. */
export class SmtpTransport implements MailTransport {
  private readonly transporter;
  readonly description: string;

  constructor(url: string) {
    const { protocol, host } = new URL(url);
    this.description = `${protocol}//${host}`;
    // Bounded waits: a hung server must not hold a claimed batch past its lease.
    this.transporter = createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.transporter.sendMail(mail);
    return { messageId: info.messageId };
  }

  close(): void {
    this.transporter.close();
  }
}

/** After this many failed attempts a message is `failed` (an admin can send it again). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** The longest wait between two attempts. */
export const OUTBOX_MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Messages claimed per round. */
export const OUTBOX_BATCH_SIZE = 20;
/**
 * How long a claimed message is reserved for the worker that claimed it (its next_attempt_at is moved this
 * far ahead): longer than a batch can take with the SMTP timeouts, so another worker never takes it meanwhile.
 */
export const OUTBOX_LEASE_MS = 30 * 60_000;

/** The wait before the next attempt after `attempts` failed ones: base × 2^(attempts−1), at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_RETRY_DELAY_MS);
}

export interface OutboxWorkerOptions {
  /** The From of every message (MAIL_FROM). */
  from: string;
  /** How often it looks for due messages (OUTBOX_POLL_MS). */
  pollMs: number;
  /** The first retry's delay (OUTBOX_RETRY_BASE_MS); it doubles with each failure. */
  retryBaseMs: number;
  maxAttempts?: number;
  batchSize?: number;
  leaseMs?: number;
}

type Claimed = Pick<EmailOutboxRow, 'id' | 'kind' | 'to' | 'subject' | 'html' | 'text' | 'attempts'>;

/**
 * Delivers the outbox (issue 15). Every `pollMs` it claims a batch of due pending messages — `FOR UPDATE
 * SKIP LOCKED` in a short transaction that also moves their next_attempt_at a lease ahead, so a second
 * worker (another process) neither waits for them nor takes them — and sends each through the transport:
 * accepted → `sent` at once (with the server's message id), so this worker never sends it twice; refused
 * → another attempt after an exponential back-off, and `failed` after the last attempt. Only runs when
 * SMTP_URL is set.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;
  /** Sent messages whose `sent` could not be written yet (database unavailable): written first next round. */
  private readonly unrecorded = new Map<string, { messageId: string; sentAt: Date; attempts: number }>();
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
    this.batchSize = options.batchSize ?? OUTBOX_BATCH_SIZE;
    this.leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  }

  /** Polls every `pollMs` until `stop()`. */
  start(): void {
    if (this.timer || this.round || this.stopped) return;
    this.log.info({ transport: this.transport.description }, 'e-mail outbox: delivering through SMTP');
    this.schedule();
  }

  /** Stops polling, lets the message being sent finish, and closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
    this.transport.close?.();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.drain().finally(() => {
        this.round = null;
        if (!this.stopped) this.schedule();
      });
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Rounds until fewer than a full batch was due (a backlog goes out without waiting for the next poll). */
  private async drain(): Promise<void> {
    try {
      let claimed = this.batchSize;
      while (!this.stopped && claimed === this.batchSize) claimed = await this.runOnce();
    } catch (error) {
      this.log.error({ err: error }, 'e-mail outbox round failed');
    }
  }

  /** One round: claims the due messages and sends them. Returns how many it claimed. */
  async runOnce(): Promise<number> {
    await this.recordUnrecorded();
    const batch = await this.claim();
    for (const message of batch) {
      if (this.stopped) {
        // Not attempted: due again at once for whoever runs next.
        await this.db
          .update(emailOutbox)
          .set({ nextAttemptAt: this.now() })
          .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.state, 'pending')));
        continue;
      }
      await this.deliver(message);
    }
    return batch.length;
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.now();
    const conditions: SQL[] = [eq(emailOutbox.state, 'pending'), lte(emailOutbox.nextAttemptAt, now)];
    if (this.unrecorded.size > 0) conditions.push(notInArray(emailOutbox.id, [...this.unrecorded.keys()]));
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(...conditions))
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + this.leaseMs), updatedAt: now })
        .where(
          inArray(
            emailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: emailOutbox.id,
          kind: emailOutbox.kind,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          html: emailOutbox.html,
          text: emailOutbox.text,
          attempts: emailOutbox.attempts,
          createdAt: emailOutbox.createdAt,
        });
      return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    });
  }

  private async deliver(message: Claimed): Promise<void> {
    const attempts = message.attempts + 1;
    let messageId: string;
    try {
      ({ messageId } = await this.transport.send({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      }));
    } catch (error) {
      await this.recordFailure(message, attempts, error);
      return;
    }
    const sent = { messageId, sentAt: this.now(), attempts };
    try {
      await this.recordSent(message.id, sent);
    } catch (error) {
      // Accepted by the server: never send it again; write `sent` as soon as the database answers.
      this.unrecorded.set(message.id, sent);
      this.log.error({ err: error, outboxId: message.id }, 'e-mail sent but not yet marked sent');
      return;
    }
    this.log.info(
      { outboxId: message.id, kind: message.kind, to: message.to, messageId, attempts },
      'e-mail sent',
    );
  }

  private async recordSent(
    id: string,
    sent: { messageId: string; sentAt: Date; attempts: number },
  ): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({
        state: 'sent',
        sentAt: sent.sentAt,
        messageId: sent.messageId,
        attempts: sent.attempts,
        updatedAt: sent.sentAt,
      })
      .where(eq(emailOutbox.id, id));
  }

  private async recordUnrecorded(): Promise<void> {
    for (const [id, sent] of this.unrecorded) {
      await this.recordSent(id, sent);
      this.unrecorded.delete(id);
    }
  }

  private async recordFailure(message: Claimed, attempts: number, error: unknown): Promise<void> {
    const now = this.now();
    const failed = attempts >= this.maxAttempts;
    const nextAttemptAt = failed
      ? now
      : new Date(now.getTime() + retryDelayMs(attempts, this.options.retryBaseMs));
    const lastError = errorText(error);
    await this.db
      .update(emailOutbox)
      .set({
        state: failed ? 'failed' : 'pending',
        attempts,
        lastError,
        nextAttemptAt,
        updatedAt: now,
      })
      .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.state, 'pending')));
    const fields = { outboxId: message.id, kind: message.kind, to: message.to, attempts, error: lastError };
    if (failed) this.log.error(fields, `e-mail failed after ${attempts} attempts: given up`);
    else this.log.warn({ ...fields, nextAttemptAt }, 'e-mail not delivered: will try again');
  }
}

/** What went wrong, in one line of at most 500 characters (the SMTP reply when there is one). */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}
