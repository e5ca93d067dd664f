import type OAuth2Server from '@node-oauth/oauth2-server';
import { OAUTH_SCOPE } from '@isaac/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import {
  oauthAccessTokens,
  oauthClients,
  oauthCodes,
  oauthLinks,
  users,
  type OAuthClientRow,
} from '../../db/schema/index.ts';
import type { AuditLog } from '../audit/audit-log.ts';

/** SHA-256 (hex) of a code, token or client secret: only digests are stored. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random opaque credential with a prefix saying what it is (secret scanners and logs recognise it). */
export function opaque(prefix: 'isaac_ac' | 'isaac_at' | 'isaac_rt' | 'isaac_cs'): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** What a valid access token stands for: an owner, through one client's live link. */
export interface AccessTokenGrant {
  expiresAt: Date;
  linkId: string;
  scope: string[];
  client: OAuthClientRow;
  user: { id: string; name: string; role: number };
}

/** The library's client: our row, its grants and exact redirect URIs. */
export interface ModelClient extends OAuth2Server.Client {
  id: string;
  row: OAuthClientRow;
  redirectUris: string[];
  grants: string[];
}

/**
 * The library's user: the owner, and (for a refresh) the link the token belongs to, or (for a code exchange)
 * the digest of the code being exchanged (the link it starts is remembered on the spent code).
 */
export interface ModelUser extends OAuth2Server.User {
  id: string;
  name: string;
  role: number;
  linkId?: string;
  codeHash?: string;
}

/** Who ends a link when its code is replayed: the service's endLink (audited, tokens deleted). */
export type EndLink = (linkId: string, reason: string) => Promise<unknown>;

export const REPLAY_REASON = 'authorization code replayed';

const GRANTS = ['authorization_code', 'refresh_token'];

export function modelClient(row: OAuthClientRow): ModelClient {
  return { id: row.id, row, redirectUris: row.redirectUris, grants: GRANTS };
}

/** Whether `secret` is the client's (constant time on the digests). */
export function secretMatches(row: OAuthClientRow, secret: string): boolean {
  if (row.secretHash === null) return false;
  const expected = Buffer.from(row.secretHash, 'hex');
  const given = Buffer.from(digest(secret), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The storage model @node-oauth/oauth2-server calls (ADR 035): authorization codes (single use: kept spent
 * until they expire, a replay ends the link, ADR 050), links with their refresh token (not rotated), access tokens. Times come from the app's clock;
 * the library compares expiry with the real clock, so what it is handed is "the time left" from now.
 */
export class OAuthModel implements OAuth2Server.AuthorizationCodeModel, OAuth2Server.RefreshTokenModel {
  /** Set by the service: ends a link (audited) when the code that started it is replayed. */
  endLink: EndLink = async () => undefined;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly lifetimes: { codeSeconds: number; accessTokenSeconds: number },
  ) {}

  /** The library's view of a time on our clock: the same distance from the real now. */
  private realTime(at: Date): Date {
    return new Date(Date.now() + (at.getTime() - this.now().getTime()));
  }

  private after(seconds: number): Date {
    return new Date(this.now().getTime() + seconds * 1000);
  }

  async generateAccessToken(): Promise<string> {
    return opaque('isaac_at');
  }

  async generateRefreshToken(): Promise<string> {
    return opaque('isaac_rt');
  }

  async generateAuthorizationCode(): Promise<string> {
    return opaque('isaac_ac');
  }

  /**
   * Called with a null secret by the authorization endpoint (any registered client), with a secret by the token
   * endpoint (it must match), and with no secret by a PKCE or refresh request of a public client (only a client
   * without a secret may do that: a confidential client always authenticates).
   */
  async getClient(clientId: string, clientSecret: string | null | undefined): Promise<ModelClient | null> {
    const [row] = await this.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, clientId))
      .limit(1);
    if (!row) return null;
    if (clientSecret === null) return modelClient(row);
    if (clientSecret === undefined || clientSecret === '')
      return row.secretHash === null ? modelClient(row) : null;
    return secretMatches(row, clientSecret) ? modelClient(row) : null;
  }

  async validateRedirectUri(redirectUri: string, client: OAuth2Server.Client): Promise<boolean> {
    return (client as ModelClient).redirectUris.includes(redirectUri);
  }

  /** The one scope there is: asking for nothing grants it, asking for anything else is refused. */
  async validateScope(
    _user: OAuth2Server.User,
    _client: OAuth2Server.Client,
    scope?: string[],
  ): Promise<string[] | false> {
    const asked = (scope ?? []).filter((s) => s !== '');
    return asked.every((s) => s === OAUTH_SCOPE) ? [OAUTH_SCOPE] : false;
  }

  async saveAuthorizationCode(
    code: Pick<
      OAuth2Server.AuthorizationCode,
      'authorizationCode' | 'expiresAt' | 'redirectUri' | 'scope' | 'codeChallenge' | 'codeChallengeMethod'
    >,
    client: OAuth2Server.Client,
    user: OAuth2Server.User,
  ): Promise<OAuth2Server.AuthorizationCode> {
    const expiresAt = this.after(this.lifetimes.codeSeconds);
    // Spent codes are kept until they expire (replay detection); expired ones go here, on the next code.
    await this.db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, this.now()));
    await this.db.insert(oauthCodes).values({
      codeHash: digest(code.authorizationCode),
      clientId: client.id,
      userId: (user as ModelUser).id,
      redirectUri: code.redirectUri,
      scope: code.scope ?? [OAUTH_SCOPE],
      codeChallenge: code.codeChallenge ?? null,
      codeChallengeMethod: code.codeChallengeMethod ?? null,
      expiresAt,
      createdAt: this.now(),
    });
    return { ...code, client, user };
  }

  async getAuthorizationCode(authorizationCode: string): Promise<OAuth2Server.AuthorizationCode | null> {
    const [found] = await this.db
      .select({
        code: oauthCodes,
        client: oauthClients,
        user: { id: users.id, name: users.name, role: users.role, status: users.status },
      })
      .from(oauthCodes)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthCodes.clientId))
      .innerJoin(users, eq(users.id, oauthCodes.userId))
      .where(eq(oauthCodes.codeHash, digest(authorizationCode)))
      .limit(1);
    if (!found || found.code.expiresAt <= this.now()) return null;
    if (found.code.spentAt !== null) {
      await this.refuseReplay(found.code.codeHash);
      return null;
    }
    if (found.user.status !== 'active') return null;
    return {
      authorizationCode,
      expiresAt: this.realTime(found.code.expiresAt),
      redirectUri: found.code.redirectUri,
      scope: found.code.scope,
      client: modelClient(found.client),
      user: {
        id: found.user.id,
        name: found.user.name,
        role: found.user.role,
        codeHash: found.code.codeHash,
      } satisfies ModelUser,
      ...(found.code.codeChallenge
        ? {
            codeChallenge: found.code.codeChallenge,
            codeChallengeMethod: found.code.codeChallengeMethod ?? 'S256',
          }
        : {}),
    };
  }

  /**
   * Spends the code: true only for the one request that marked it spent. The code is kept (its digest) until
   * it expires: a second exchange is a replay and ends the link the first one started.
   */
  async revokeAuthorizationCode(code: OAuth2Server.AuthorizationCode): Promise<boolean> {
    const codeHash = digest(code.authorizationCode);
    const spent = await this.db
      .update(oauthCodes)
      .set({ spentAt: this.now() })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.spentAt)))
      .returning({ codeHash: oauthCodes.codeHash });
    if (spent.length === 1) return true;
    // Two exchanges of one code at once: the loser is a replay too.
    await this.refuseReplay(codeHash);
    return false;
  }

  /**
   * A spent code presented again (RFC 6749 §4.1.2): the tokens issued from it are revoked, i.e. the link it
   * started ends. If that exchange has not saved its link yet, the code is marked and `saveToken` ends the
   * link as it is made.
   */
  private async refuseReplay(codeHash: string): Promise<void> {
    const [code] = await this.db
      .update(oauthCodes)
      .set({ replayedAt: this.now() })
      .where(eq(oauthCodes.codeHash, codeHash))
      .returning({ linkId: oauthCodes.linkId });
    if (code?.linkId) await this.endLink(code.linkId, REPLAY_REASON);
  }

  /**
   * A code exchange (the token has a refresh token): the owner's link with this client starts (an earlier one
   * ends, its tokens with it), audited. A refresh (no refresh token: they are not rotated): one more access
   * token on the same link.
   */
  async saveToken(
    token: OAuth2Server.Token,
    client: OAuth2Server.Client,
    user: OAuth2Server.User,
  ): Promise<OAuth2Server.Token> {
    const owner = user as ModelUser;
    const modelClientRow = (client as ModelClient).row;
    const at = this.now();
    const accessExpiresAt = this.after(this.lifetimes.accessTokenSeconds);
    let replayed = false;
    const savedLinkId = await this.db.transaction(async (tx) => {
      let linkId = owner.linkId;
      if (token.refreshToken) {
        await tx
          .update(oauthLinks)
          .set({ revokedAt: at })
          .where(
            and(
              eq(oauthLinks.userId, owner.id),
              eq(oauthLinks.clientId, client.id),
              isNull(oauthLinks.revokedAt),
            ),
          );
        const [link] = await tx
          .insert(oauthLinks)
          .values({
            clientId: client.id,
            userId: owner.id,
            scope: token.scope ?? [OAUTH_SCOPE],
            refreshTokenHash: digest(token.refreshToken),
            lastUsedAt: at,
            createdAt: at,
          })
          .returning({ id: oauthLinks.id });
        if (!link) throw new Error('link insert returned no row');
        linkId = link.id;
        if (owner.codeHash) {
          const [code] = await tx
            .update(oauthCodes)
            .set({ linkId: link.id })
            .where(eq(oauthCodes.codeHash, owner.codeHash))
            .returning({ replayedAt: oauthCodes.replayedAt });
          replayed = code?.replayedAt != null;
        }
        await this.audit.record(
          tx,
          {
            actor: { id: owner.id, name: owner.name, role: owner.role },
            channel: 'api',
            ip: null,
            userAgent: null,
            requestId: null,
          },
          {
            action: 'oauth_link.created',
            entity: { type: 'oauth_link', id: link.id, name: modelClientRow.name },
          },
        );
      } else if (linkId) {
        await tx.update(oauthLinks).set({ lastUsedAt: at }).where(eq(oauthLinks.id, linkId));
      }
      if (!linkId) throw new Error('an access token needs a link');
      await tx
        .insert(oauthAccessTokens)
        .values({ tokenHash: digest(token.accessToken), linkId, expiresAt: accessExpiresAt, createdAt: at });
      return linkId;
    });
    // The code was replayed while this exchange was under way: the link it started ends at once.
    if (replayed) await this.endLink(savedLinkId, REPLAY_REASON);
    return { ...token, client, user };
  }

  /** The link of a refresh token, while it is live (not unlinked, revoked or disconnected) and its owner active. */
  async getRefreshToken(refreshToken: string): Promise<OAuth2Server.RefreshToken | null> {
    const [found] = await this.db
      .select({
        link: oauthLinks,
        client: oauthClients,
        user: { id: users.id, name: users.name, role: users.role, status: users.status },
      })
      .from(oauthLinks)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthLinks.clientId))
      .innerJoin(users, eq(users.id, oauthLinks.userId))
      .where(and(eq(oauthLinks.refreshTokenHash, digest(refreshToken)), isNull(oauthLinks.revokedAt)))
      .limit(1);
    if (!found || found.user.status !== 'active') return null;
    return {
      refreshToken,
      scope: found.link.scope,
      client: modelClient(found.client),
      user: {
        id: found.user.id,
        name: found.user.name,
        role: found.user.role,
        linkId: found.link.id,
      } satisfies ModelUser,
    };
  }

  /** Not called: refresh tokens are not rotated (`alwaysIssueNewRefreshToken: false`, ADR 035). */
  async revokeToken(): Promise<boolean> {
    return false;
  }

  /**
   * An access token's link, owner and client, while it is unexpired, its link live and its owner active: what a
   * voice request is authenticated by (one indexed read). Its use is remembered on the link (Linked services).
   */
  async findAccessToken(accessToken: string): Promise<AccessTokenGrant | null> {
    const at = this.now();
    const [found] = await this.db
      .select({
        expiresAt: oauthAccessTokens.expiresAt,
        link: { id: oauthLinks.id, scope: oauthLinks.scope, lastUsedAt: oauthLinks.lastUsedAt },
        client: oauthClients,
        user: { id: users.id, name: users.name, role: users.role, status: users.status },
      })
      .from(oauthAccessTokens)
      .innerJoin(oauthLinks, eq(oauthLinks.id, oauthAccessTokens.linkId))
      .innerJoin(oauthClients, eq(oauthClients.id, oauthLinks.clientId))
      .innerJoin(users, eq(users.id, oauthLinks.userId))
      .where(
        and(
          eq(oauthAccessTokens.tokenHash, digest(accessToken)),
          gt(oauthAccessTokens.expiresAt, at),
          isNull(oauthLinks.revokedAt),
        ),
      )
      .limit(1);
    if (!found || found.user.status !== 'active') return null;
    // "Last used" to the minute is enough: at most one write a minute per link, not one per request.
    if (!found.link.lastUsedAt || at.getTime() - found.link.lastUsedAt.getTime() > 60_000) {
      await this.db.update(oauthLinks).set({ lastUsedAt: at }).where(eq(oauthLinks.id, found.link.id));
    }
    return {
      expiresAt: found.expiresAt,
      linkId: found.link.id,
      scope: found.link.scope,
      client: found.client,
      user: { id: found.user.id, name: found.user.name, role: found.user.role },
    };
  }

  async getAccessToken(accessToken: string): Promise<OAuth2Server.Token | null> {
    const grant = await this.findAccessToken(accessToken);
    if (!grant) return null;
    return {
      accessToken,
      accessTokenExpiresAt: this.realTime(grant.expiresAt),
      scope: grant.scope,
      client: modelClient(grant.client),
      user: { ...grant.user, linkId: grant.linkId } satisfies ModelUser,
    };
  }
}
