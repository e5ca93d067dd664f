import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { alexaGrants } from '../../db/schema/index.ts';
import type { SecretBox } from '../two-factor/secret-box.ts';

const lwaTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/**
 * Alexa's AcceptGrant (issue 12): the grant code Alexa sends when an owner enables the skill is exchanged at
 * Login with Amazon for tokens that let us send that owner's events to Alexa; they are kept sealed.
 */
export class AlexaGrants {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly settings: { clientId: string; clientSecret: string; tokenUrl: string },
    private readonly now: () => Date,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Exchanges the grant code and stores the tokens; throws when Login with Amazon refuses. */
  async accept(userId: string, code: string): Promise<void> {
    const response = await this.fetchImpl(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
    if (!response.ok) throw new Error(`Login with Amazon refused the grant: HTTP ${response.status}`);
    const tokens = lwaTokenSchema.parse(await response.json());
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

  /** The stored access token of an owner's grant (for events), or null. */
  async accessTokenOf(userId: string): Promise<string | null> {
    const [row] = await this.db.select().from(alexaGrants).where(eq(alexaGrants.userId, userId)).limit(1);
    return row ? this.box.open(row.accessTokenSealed, userId) : null;
  }
}
