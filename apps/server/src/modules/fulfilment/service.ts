import {
  INVITATION_MSG,
  INVITATION_TTL_HOURS,
  ROLE,
  type AcceptInvitationBody,
  type Invitation,
} from '@isaac/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { invitations, users, type OrderRow } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { SYSTEM_CONTEXT, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createJob } from '../installations/jobs.ts';
import { linkCustomer } from '../orders/store.ts';
import { markQuotePaid } from '../quotes/service.ts';
import type { EmailSink } from '../outbox/emails.ts';
import { createUserUnlessTaken, setPasswordHash, updateUser } from '../users/store.ts';

/**
 * A password hash no password matches (argon2 cannot parse it, so verification fails): the account of a
 * buyer who has not yet set a password from their invitation.
 */
export const NO_PASSWORD_YET = '!invited';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The lines of an order as its confirmation lists them: each item at its price, or, for a quote's package
 * price (which is not the sum of the catalog lines), the package with what was paid and its contents.
 */
export function confirmationLines(order: Pick<OrderRow, 'items' | 'amountPaise' | 'notes'>) {
  const lines = order.items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    amountPaise: item.unit_paise * item.quantity,
  }));
  if (lines.reduce((sum, line) => sum + line.amountPaise, 0) === order.amountPaise) return lines;
  const contents = order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
  return [
    {
      name: `${order.notes?.product ?? 'Your package'} (${contents})`,
      quantity: 1,
      amountPaise: order.amountPaise,
    },
  ];
}

/** A username from an e-mail's local part, with a random suffix (usernames are unique). */
export function usernameFor(email: string): string {
  const local =
    (email.split('@')[0] ?? 'customer').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30) || 'customer';
  return `${local}-${randomBytes(3).toString('hex')}`;
}

/**
 * From a paid order to a home (issue 15, ADR 038). `onPaid` runs inside the transaction that marks the order
 * paid (OrderService.markPaid, whether the browser's verification or the provider's webhook comes first), so the
 * payment, the buyer's account, their invitation, the installation job, the quote's conversion and the e-mails
 * commit together or not at all: a process that dies in between leaves the order unpaid, and the next report of
 * the same payment (the webhook is redelivered) does it all once.
 */
export class OrderFulfilment {
  constructor(
    private readonly db: Db,
    private readonly mail: EmailSink,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly options: { webOrigin: string },
  ) {}

  async onPaid(tx: Tx | Db, order: OrderRow, context: AuditContext): Promise<void> {
    const email = order.customerEmail?.trim().toLowerCase();
    if (!email) return;
    const customer = await this.customerFor(tx, order, email);
    await linkCustomer(tx, order.id, customer.id);

    if (order.needsInstallation && order.installationAddress) {
      const job = await createJob(tx, {
        orderId: order.id,
        customerId: customer.id,
        address: order.installationAddress,
      });
      if (job) {
        await this.audit.record(tx, context, {
          action: 'installation_job.created',
          entity: { type: 'order', id: order.providerOrderId, name: customer.name },
          changes: {
            job: { before: null, after: 'unassigned' },
            city: { before: null, after: order.installationAddress.city },
          },
        });
      }
    }

    const quoteId = order.notes?.quote_id;
    if (quoteId) {
      await markQuotePaid(tx, quoteId, order.id, this.now());
    }

    await this.mail.enqueue(tx, {
      kind: 'order_confirmation',
      to: email,
      data: {
        name: customer.name,
        orderId: order.providerOrderId,
        items: confirmationLines(order),
        totalPaise: order.amountPaise,
        needsInstallation: order.needsInstallation,
        ordersUrl: `${this.options.webOrigin}/owner/orders`,
      },
    });
  }

  /** The buyer's account by e-mail, or a new owner account with an invitation to set a password. */
  private async customerFor(tx: Tx | Db, order: OrderRow, email: string) {
    const address = order.installationAddress;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // ON CONFLICT DO NOTHING: a concurrent payment by the same new buyer waits, then finds their account.
      const created = await createUserUnlessTaken(tx, {
        name: order.customerName?.trim() || email,
        email,
        username: usernameFor(email),
        passwordHash: NO_PASSWORD_YET,
        mobile: order.customerPhone || null,
        role: ROLE.owner,
        city: address?.city ?? null,
        pincode: address?.pincode ?? null,
        address: address?.address ?? null,
      });
      if (created) {
        await this.invite(tx, created, email);
        return created;
      }
      const [existing] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.email, email));
      if (existing) return existing;
      // The username was taken (not the e-mail): try another suffix.
    }
    throw new Error('could not create the buyer account');
  }

  /** A single-use invitation link (72 h; only the token's hash is kept), sent by e-mail. */
  private async invite(tx: Tx | Db, user: { id: string; name: string }, email: string) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + INVITATION_TTL_HOURS * 3_600_000);
    await tx.insert(invitations).values({ userId: user.id, tokenHash: sha256(token), expiresAt });
    await this.audit.record(tx, SYSTEM_CONTEXT, {
      action: 'user.invited',
      entity: { type: 'user', id: user.id, name: user.name },
      changes: { email: { before: null, after: email } },
    });
    await this.mail.enqueue(tx, {
      kind: 'invitation',
      to: email,
      data: { name: user.name, link: `${this.options.webOrigin}/invite/${token}`, expiresAt },
    });
  }

  /** GET /api/invitations/:token: who it is for; 404 unknown, 410 used or expired. */
  async viewInvitation(token: string): Promise<Invitation> {
    const row = await this.invitation(token);
    return { name: row.name, email: row.email, expires_at: row.expiresAt.toISOString() };
  }

  /** POST /api/invitations/accept: sets the password once (a conditional update: a second use is refused). */
  async acceptInvitation(body: AcceptInvitationBody, context: AuditContext): Promise<{ email: string }> {
    const row = await this.invitation(body.token);
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(invitations)
        .set({ usedAt: this.now() })
        .where(
          and(eq(invitations.id, row.id), isNull(invitations.usedAt), gt(invitations.expiresAt, this.now())),
        )
        .returning({ id: invitations.id });
      if (!used) throw new HttpError(410, 'invitation_used', INVITATION_MSG.used);
      await setPasswordHash(tx, row.userId, passwordHash, this.now());
      // The language the invitation page was read in: the account's from now on (ADR 073).
      if (body.language) await updateUser(tx, row.userId, { language: body.language }, this.now());
      await this.audit.record(
        tx,
        { ...context, actor: null },
        {
          action: 'user.invitation_accepted',
          entity: { type: 'user', id: row.userId, name: row.name },
          changes: { password_set: { before: false, after: true } },
        },
      );
      return { email: row.email };
    });
  }

  private async invitation(token: string) {
    const [row] = await this.db
      .select({
        id: invitations.id,
        userId: invitations.userId,
        expiresAt: invitations.expiresAt,
        usedAt: invitations.usedAt,
        name: users.name,
        email: users.email,
      })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.userId))
      .where(eq(invitations.tokenHash, sha256(token)));
    if (!row) throw notFound(INVITATION_MSG.invalid);
    if (row.usedAt) throw new HttpError(410, 'invitation_used', INVITATION_MSG.used);
    if (row.expiresAt <= this.now()) throw new HttpError(410, 'invitation_expired', INVITATION_MSG.expired);
    return row;
  }
}
