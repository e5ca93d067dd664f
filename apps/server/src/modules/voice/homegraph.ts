import { importPKCS8, SignJWT } from 'jose';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** The fields of a Google service-account key file HomeGraph needs. */
const serviceAccountKeySchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url(),
});
export type ServiceAccountKey = z.infer<typeof serviceAccountKeySchema>;

export async function readServiceAccountKey(path: string): Promise<ServiceAccountKey> {
  return serviceAccountKeySchema.parse(JSON.parse(await readFile(path, 'utf8')));
}

const HOMEGRAPH_SCOPE = 'https://www.googleapis.com/auth/homegraph';

/**
 * Google's HomeGraph API (issue 12): Report State when a linked owner's device changes, Request Sync when
 * their devices do. Authenticates as the service account (a JWT assertion signed with its key, RS256,
 * exchanged at its token_uri; the access token is kept until a minute before it expires).
 */
export class HomeGraphClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly key: ServiceAccountKey,
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async accessToken(): Promise<string> {
    const at = this.now().getTime();
    if (this.token && this.token.expiresAt - 60_000 > at) return this.token.value;
    const privateKey = await importPKCS8(this.key.private_key, 'RS256');
    const issuedAt = Math.floor(at / 1000);
    const assertion = await new SignJWT({ scope: HOMEGRAPH_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.key.client_email)
      .setAudience(this.key.token_uri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(privateKey);
    const response = await this.fetchImpl(this.key.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    });
    if (!response.ok) throw new Error(`HomeGraph token request failed: HTTP ${response.status}`);
    const body = z.object({ access_token: z.string(), expires_in: z.number() }).parse(await response.json());
    this.token = { value: body.access_token, expiresAt: at + body.expires_in * 1000 };
    return body.access_token;
  }

  private async post(path: string, body: unknown): Promise<void> {
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.accessToken()}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`HomeGraph ${path} failed: HTTP ${response.status}`);
  }

  /** devices:reportStateAndNotification with a body built by googleReportStatePayload. */
  reportState(payload: unknown): Promise<void> {
    return this.post('/v1/devices:reportStateAndNotification', payload);
  }

  /** devices:requestSync: Google sends a SYNC soon after (async: the call does not wait for it). */
  requestSync(agentUserId: string): Promise<void> {
    return this.post('/v1/devices:requestSync', { agentUserId, async: true });
  }
}
