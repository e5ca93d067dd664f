import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { alexaGrants } from '../../db/schema/index.ts';
import type { SecretBox } from '../two-factor/secret-box.ts';

const lwaTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/** A token is refreshed when it has less than this left (an event must not arrive with an expired one). */
const REFRESH_BEFORE_MS = 60_000;

/**
 * Alexa's AcceptGrant (issue 12): the grant code Alexa sends when an owner enables the skill is exchanged at
 * Login with Amazon for tokens that let us send that owner's events to Alexa; they are kept sealed. Events
 * (ChangeReports) go to Alexa's event gateway with the person's access token, refreshed when it expires.
 */
export class AlexaGrants {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly settings: {
      clientId: string;
      clientSecret: string;
      tokenUrl: string;
      eventGatewayUrl: string;
    },
    private readonly now: () => Date,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Login with Amazon's token endpoint: a grant code or a refresh token exchanged for tokens. */
  private async tokens(grant: Record<string, string>) {
    const response = await this.fetchImpl(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({
        ...grant,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
    if (!response.ok) throw new Error(`Login with Amazon refused the grant: HTTP ${response.status}`);
    return lwaTokenSchema.parse(await response.json());
  }

  /** Exchanges the grant code and stores the tokens; throws when Login with Amazon refuses. */
  async accept(userId: string, code: string): Promise<void> {
    await this.store(userId, await this.tokens({ grant_type: 'authorization_code', code }));
  }

  private async store(userId: string, tokens: z.infer<typeof lwaTokenSchema>): Promise<void> {
    const at = this.now();
    const values = {
      accessTokenSealed: this.box.seal(tokens.access_token, userId),
      refreshTokenSealed: this.box.seal(tokens.refresh_token, userId),
      expiresAt: new Date(at.getTime() + tokens.expires_in * 1000),
      updatedAt: at,
    };
    await this.db
      .insert(alexaGrants)
      .values({ userId, ...values, createdAt: at })
      .onConflictDoUpdate({ target: alexaGrants.userId, set: values });
  }

  /** The access token of a person's grant for an event, refreshed first when it is (nearly) expired; or null. */
  async accessTokenOf(userId: string): Promise<string | null> {
    const [row] = await this.db.select().from(alexaGrants).where(eq(alexaGrants.userId, userId)).limit(1);
    if (!row) return null;
    if (row.expiresAt.getTime() - this.now().getTime() > REFRESH_BEFORE_MS) {
      return this.box.open(row.accessTokenSealed, userId);
    }
    const refresh = this.box.open(row.refreshTokenSealed, userId);
    if (refresh === null) return null; // sealed with a key no longer held: the person must enable the skill again
    const tokens = await this.tokens({ grant_type: 'refresh_token', refresh_token: refresh });
    await this.store(userId, tokens);
    return tokens.access_token;
  }

  /**
   * The endpoint ids Alexa was last told of for a person: undefined without a grant (nothing to tell), an empty
   * list before the first discovery.
   */
  async reportedEndpoints(userId: string): Promise<string[] | undefined> {
    const [row] = await this.db
      .select({ ids: alexaGrants.reportedEndpoints })
      .from(alexaGrants)
      .where(eq(alexaGrants.userId, userId))
      .limit(1);
    return row ? (row.ids ?? []) : undefined;
  }

  /** Records what Alexa now knows of a person's endpoints (after a Discover.Response or the reports). */
  async setReportedEndpoints(userId: string, endpointIds: readonly string[]): Promise<void> {
    await this.db
      .update(alexaGrants)
      .set({ reportedEndpoints: [...endpointIds] })
      .where(eq(alexaGrants.userId, userId));
  }

  /** Sends events to Alexa's event gateway (ChangeReports, discovery reports) with the person's token. */
  async send(userId: string, events: (token: string) => readonly object[]): Promise<void> {
    const token = await this.accessTokenOf(userId);
    if (token === null) return;
    for (const event of events(token)) {
      const response = await this.fetchImpl(this.settings.eventGatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(event),
      });
      if (!response.ok) throw new Error(`Alexa event gateway refused an event: HTTP ${response.status}`);
    }
  }
}

/**
 * A grant's sealed tokens moved to the newest key (`npm run reseal`, ADR 052): written only if the grant still
 * has the values that were read (compare-and-set). True when it was written.
 */
export async function resealAlexaTokens(
  db: Db,
  userId: string,
  sealed: { access: string; refresh: string },
  resealed: { access: string; refresh: string },
): Promise<boolean> {
  const written = await db
    .update(alexaGrants)
    .set({ accessTokenSealed: resealed.access, refreshTokenSealed: resealed.refresh })
    .where(
      and(
        eq(alexaGrants.userId, userId),
        eq(alexaGrants.accessTokenSealed, sealed.access),
        eq(alexaGrants.refreshTokenSealed, sealed.refresh),
      ),
    )
    .returning({ userId: alexaGrants.userId });
  return written.length === 1;
}
