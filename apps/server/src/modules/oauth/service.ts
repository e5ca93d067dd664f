import OAuth2Server from '@node-oauth/oauth2-server';
import {
  ERROR_CODE,
  MSG,
  OAUTH_ACCESS_TOKEN_LIFETIME_SECONDS,
  OAUTH_CODE_LIFETIME_SECONDS,
  OAUTH_MSG,
  OAUTH_SCOPE,
  OAUTH_SCOPE_DESCRIPTION,
  type AuthorizationCheck,
  type AuthorizationDecision,
  type AuthorizationRequest,
  type LinkedService,
  type NewOAuthClient,
  type OAuthClient,
  type OAuthClientListQuery,
  type OAuthClientListResponse,
  type OAuthClientSecretResponse,
  type OAuthClientUpdate,
  isValidCodeChallenge,
} from '@isaac/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listPage, newestFirst, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import {
  oauthAccessTokens,
  oauthClients,
  oauthLinks,
  type OAuthClientRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { changesBetween, SYSTEM_CONTEXT, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { basicClientCredentials, rawBasicAuthorization } from './client-auth.ts';
import { digest, opaque, OAuthModel, secretMatches, type AccessTokenGrant, type ModelUser } from './model.ts';

/** What the token and revocation endpoints answer: the status, headers and body the library chose. */
export interface OAuthHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A request as the library reads it (the token endpoint's form body, its headers). */
export interface OAuthHttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string>;
  body: Record<string, string>;
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function presentClient(row: OAuthClientRow, linkedUsers: number): OAuthClient {
  return {
    _id: row.id,
    name: row.name,
    client_id: row.clientId,
    public: row.secretHash === null,
    redirect_uris: row.redirectUris,
    linked_users: linkedUsers,
    created_at: row.createdAt.toISOString(),
  };
}

function headersOf(request: OAuthHttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value) && value[0] !== undefined) headers[name] = value[0];
  }
  return headers;
}

/** The client's own error body (RFC 6749 §5.2): error and error_description. */
function oauthErrorAnswer(error: unknown, response: OAuth2Server.Response): OAuthHttpAnswer {
  if (error instanceof OAuth2Server.OAuthError) {
    return {
      status: error.code,
      headers: { ...NO_STORE, ...(response.headers ?? {}) },
      body: { error: error.name, error_description: error.message },
    };
  }
  throw error;
}

/** 401 invalid_client (RFC 6749 §5.2), with the Basic challenge when the client tried Basic. */
function invalidClient(triedBasic: boolean): OAuthHttpAnswer {
  return {
    status: 401,
    headers: { ...NO_STORE, ...(triedBasic ? { 'www-authenticate': 'Basic realm="Service"' } : {}) },
    body: { error: 'invalid_client', error_description: 'Invalid client: client authentication failed' },
  };
}

/**
 * The client's redirect URI with the answer's parameters added (its own query kept) and `state` exactly as
 * the client sent it, URL-encoded whatever it holds (RFC 6749 §4.1.2 and §4.1.2.1).
 */
function redirectTo(redirectUri: string, params: Record<string, string>, state: string | undefined): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

/**
 * Voice-assistant account linking (issue 12, ADR 035): an OAuth 2 authorization server built on
 * @node-oauth/oauth2-server (authorization code + PKCE, refresh tokens that are not rotated, RFC 7009
 * revocation), the clients an admin registers, and an owner's linked services.
 */
export class OAuthService {
  readonly model: OAuthModel;
  private readonly server: OAuth2Server;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {
    this.model = new OAuthModel(db, audit, now, {
      codeSeconds: OAUTH_CODE_LIFETIME_SECONDS,
      accessTokenSeconds: OAUTH_ACCESS_TOKEN_LIFETIME_SECONDS,
    });
    this.server = new OAuth2Server({
      model: this.model,
      authorizationCodeLifetime: OAUTH_CODE_LIFETIME_SECONDS,
      accessTokenLifetime: OAUTH_ACCESS_TOKEN_LIFETIME_SECONDS,
      // Refresh tokens live as long as the link (Google asks that they do not expire); not rotated (ADR 035).
      refreshTokenLifetime: 10 * 365 * 24 * 60 * 60,
      alwaysIssueNewRefreshToken: false,
      // A public client refreshes with its client id alone (a confidential one must still authenticate:
      // the model's getClient gives a client with a secret nothing without it).
      requireClientAuthentication: { refresh_token: false },
      allowEmptyState: true,
    });
    // A replayed code ends the link it started (ADR 050): the authorization server acting on its own.
    this.model.endLink = (linkId, reason) => this.endLink(linkId, SYSTEM_CONTEXT, reason);
  }

  // ---- the authorization request (/login in OAuth mode, then consent) ----

  /**
   * Who is asking, for /login and the consent screen: an unknown client or a redirect URI it has not
   * registered (exact match) is 400 'Invalid redirect URL. Please try again.'; a wrong response type, a
   * scope other than ours, or a public client without S256 PKCE is 400 invalid_request.
   */
  async check(request: AuthorizationRequest): Promise<{ client: OAuthClientRow; check: AuthorizationCheck }> {
    const [client] = await this.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, request.client_id))
      .limit(1);
    if (!client || !client.redirectUris.includes(request.redirect_uri)) {
      throw new HttpError(400, ERROR_CODE.invalidRedirect, MSG.invalidRedirect);
    }
    if ((request.response_type ?? 'code') !== 'code') {
      throw badRequest('Only the authorization code flow is supported (response_type=code)');
    }
    const scope = (request.scope ?? '').split(/[\s,]+/).filter((s) => s !== '');
    if (scope.some((s) => s !== OAUTH_SCOPE))
      throw badRequest(`Unknown scope: only "${OAUTH_SCOPE}" is offered`);
    if (request.code_challenge_method !== undefined && request.code_challenge_method !== 'S256') {
      throw badRequest('Only the S256 code challenge method is supported');
    }
    if (request.code_challenge !== undefined && !isValidCodeChallenge(request.code_challenge)) {
      throw badRequest(OAUTH_MSG.codeChallengeInvalid);
    }
    if (client.secretHash === null && !request.code_challenge)
      throw badRequest(OAUTH_MSG.publicClientNeedsPkce);
    return {
      client,
      check: {
        client_name: client.name,
        client_id: client.clientId,
        scope: [OAUTH_SCOPE],
        scope_description: OAUTH_SCOPE_DESCRIPTION,
      },
    };
  }

  /**
   * The owner's answer on the consent screen: allowed, a single-use code bound to the client, the redirect
   * URI and the PKCE challenge (the library's authorize); refused, `error=access_denied`. Either way the
   * answer is the client's redirect URI with `state` unchanged.
   */
  async decide(user: UserRow, decision: AuthorizationDecision): Promise<{ redirect: string }> {
    await this.check(decision);
    const body: Record<string, string> = {
      client_id: decision.client_id,
      redirect_uri: decision.redirect_uri,
      response_type: decision.response_type ?? 'code',
      allowed: decision.allow ? 'true' : 'false',
    };
    if (decision.scope) body.scope = decision.scope;
    if (decision.state) body.state = decision.state;
    if (decision.code_challenge) {
      body.code_challenge = decision.code_challenge;
      body.code_challenge_method = decision.code_challenge_method ?? 'S256';
    }
    const request = new OAuth2Server.Request({ method: 'POST', headers: {}, query: {}, body });
    const response = new OAuth2Server.Response();
    const owner: ModelUser = { id: user.id, name: user.name, role: user.role };
    try {
      const code = await this.server.authorize(request, response, {
        authenticateHandler: { handle: () => owner },
      });
      return {
        redirect: redirectTo(decision.redirect_uri, { code: code.authorizationCode }, decision.state),
      };
    } catch (error) {
      // A refusal (or any other failure the library reports) goes back to the client as an error redirect,
      // with its state whatever it holds (the library drops a state it finds invalid).
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      return {
        redirect: redirectTo(
          decision.redirect_uri,
          { error: error.name, error_description: error.message },
          decision.state,
        ),
      };
    }
  }

  // ---- the token endpoint and revocation (client-authenticated, form-encoded) ----

  /** POST /api/oauth/token: authorization_code and refresh_token grants (RFC 6749 answers, no-store). */
  async token(http: OAuthHttpRequest): Promise<OAuthHttpAnswer> {
    const headers = headersOf(http);
    const basic = basicClientCredentials(headers.authorization);
    if (basic !== undefined) {
      // RFC 6749 §2.3.1: the credentials are form-urlencoded; the library reads them as they are.
      const raw = basic === 'invalid' ? null : rawBasicAuthorization(basic);
      if (raw === null) return invalidClient(true);
      headers.authorization = raw;
    }
    const request = new OAuth2Server.Request({ ...http, headers });
    const response = new OAuth2Server.Response();
    try {
      await this.server.token(request, response);
      return { status: 200, headers: { ...NO_STORE }, body: response.body as Record<string, unknown> };
    } catch (error) {
      return oauthErrorAnswer(error, response);
    }
  }

  /**
   * POST /api/oauth/revoke (RFC 7009): the client authenticates as at the token endpoint; a refresh token
   * ends its link (and every access token of it), an access token ends alone. An unknown token, or another
   * client's, is answered 200 all the same (the RFC: nothing to learn from the answer).
   */
  async revoke(http: OAuthHttpRequest): Promise<OAuthHttpAnswer> {
    const headers = headersOf(http);
    const basic = basicClientCredentials(headers.authorization);
    if (basic === 'invalid') return invalidClient(true);
    const clientId = basic ? basic.clientId : http.body.client_id;
    const secret = basic ? basic.clientSecret : http.body.client_secret;
    const [client] = clientId
      ? await this.db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1)
      : [];
    const authenticated =
      client !== undefined &&
      (client.secretHash === null ? !secret : secret !== undefined && secretMatches(client, secret));
    if (!client || !authenticated) return invalidClient(basic !== undefined);
    const token = http.body.token;
    if (!token)
      return {
        status: 400,
        headers: NO_STORE,
        body: { error: 'invalid_request', error_description: 'Missing parameter: `token`' },
      };
    const hash = digest(token);
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const [link] = await tx
        .update(oauthLinks)
        .set({ revokedAt: at })
        .where(
          and(
            eq(oauthLinks.refreshTokenHash, hash),
            eq(oauthLinks.clientId, client.id),
            isNull(oauthLinks.revokedAt),
          ),
        )
        .returning();
      if (link) {
        await tx.delete(oauthAccessTokens).where(eq(oauthAccessTokens.linkId, link.id));
        await this.recordRevoked(tx, link.id, link.userId, client.name, 'revoked by the service');
        return;
      }
      await tx.execute(sql`
        delete from ${oauthAccessTokens} t using ${oauthLinks} l
        where t.token_hash = ${hash} and l.id = t.link_id and l.client_id = ${client.id}`);
    });
    return { status: 200, headers: NO_STORE, body: {} };
  }

  // ---- what a voice request is authenticated by ----

  /** The owner and link behind a bearer access token, or null (unknown, expired, revoked, unlinked). */
  authenticate(accessToken: string): Promise<AccessTokenGrant | null> {
    return this.model.findAccessToken(accessToken);
  }

  /** Ends a link (the assistant's DISCONNECT, an owner's Unlink): its tokens stop working at once. */
  async endLink(linkId: string, context: AuditContext, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [link] = await tx
        .update(oauthLinks)
        .set({ revokedAt: this.now() })
        .where(and(eq(oauthLinks.id, linkId), isNull(oauthLinks.revokedAt)))
        .returning();
      if (!link) return false;
      await tx.delete(oauthAccessTokens).where(eq(oauthAccessTokens.linkId, link.id));
      const [client] = await tx
        .select({ name: oauthClients.name })
        .from(oauthClients)
        .where(eq(oauthClients.id, link.clientId));
      await this.audit.record(tx, context, {
        action: 'oauth_link.revoked',
        entity: { type: 'oauth_link', id: link.id, name: client?.name ?? null },
        changes: { reason: { before: null, after: reason } },
      });
      return true;
    });
  }

  private async recordRevoked(tx: Tx, linkId: string, userId: string, clientName: string, reason: string) {
    await this.audit.record(
      tx,
      {
        actor: { id: userId, name: null, role: null },
        channel: 'api',
        ip: null,
        userAgent: null,
        requestId: null,
      },
      {
        action: 'oauth_link.revoked',
        entity: { type: 'oauth_link', id: linkId, name: clientName },
        changes: { reason: { before: null, after: reason } },
      },
    );
  }

  // ---- an owner's linked services ----

  async linkedServices(userId: string): Promise<LinkedService[]> {
    const rows = await this.db
      .select({ link: oauthLinks, client: { name: oauthClients.name, clientId: oauthClients.clientId } })
      .from(oauthLinks)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthLinks.clientId))
      .where(and(eq(oauthLinks.userId, userId), isNull(oauthLinks.revokedAt)))
      .orderBy(...newestFirst(oauthLinks.createdAt));
    return rows.map(({ link, client }) => ({
      _id: link.id,
      client_name: client.name,
      client_id: client.clientId,
      scope: link.scope,
      linked_at: link.createdAt.toISOString(),
      last_used_at: link.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** Unlink (the owner): 404 unless it is a live link of theirs. */
  async unlink(userId: string, linkId: string, context: AuditContext): Promise<string> {
    const [link] = await this.db
      .select({ id: oauthLinks.id, name: oauthClients.name })
      .from(oauthLinks)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthLinks.clientId))
      .where(and(eq(oauthLinks.id, linkId), eq(oauthLinks.userId, userId), isNull(oauthLinks.revokedAt)))
      .limit(1);
    if (!link || !(await this.endLink(link.id, context, 'unlinked by the owner'))) {
      throw notFound(OAUTH_MSG.linkNotFound);
    }
    return OAUTH_MSG.unlinked(link.name);
  }

  // ---- the clients an admin registers ----

  private linkedUsersCount() {
    return sql<number>`(select count(*) from ${oauthLinks} l where l.client_id = ${oauthClients.id} and l.revoked_at is null)`.mapWith(
      Number,
    );
  }

  /** A page of the clients in the query's order (newest first by default), each with its linked owners. */
  async listClients(query: OAuthClientListQuery): Promise<OAuthClientListResponse> {
    const { limit, offset } = pageWindow(query);
    const linked = this.linkedUsersCount();
    const sortable = {
      created_at: oauthClients.createdAt,
      name: sql`lower(${oauthClients.name})`,
      linked_users: linked,
    };
    const rows = await this.db
      .select({ client: oauthClients, linked, total: totalCount() })
      .from(oauthClients)
      .orderBy(...sortedBy(sortable, query, oauthClients.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(
      rows,
      query,
      async () => (await this.db.select({ n: count() }).from(oauthClients))[0]?.n ?? 0,
    );
    return listPage(
      'clients',
      rows.map((r) => presentClient(r.client, r.linked)),
      query,
      total,
    );
  }

  private async clientById(id: string, tx: Db | Tx = this.db): Promise<OAuthClientRow> {
    const [row] = await tx.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
    if (!row) throw notFound(OAUTH_MSG.clientNotFound);
    return row;
  }

  async createClient(
    input: NewOAuthClient & { public: boolean },
    context: AuditContext,
  ): Promise<OAuthClientSecretResponse> {
    const secret = input.public ? null : opaque('isaac_cs');
    const clientId = input.client_id ?? `isaac-${randomBytes(9).toString('base64url')}`;
    const at = this.now();
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(oauthClients)
          .values({
            name: input.name,
            clientId,
            secretHash: secret === null ? null : digest(secret),
            redirectUris: [...new Set(input.redirect_uris)],
            createdBy: context.actor?.id ?? null,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!inserted) throw new Error('client insert returned no row');
        await this.audit.record(tx, context, {
          action: 'oauth_client.created',
          entity: { type: 'oauth_client', id: inserted.id, name: inserted.name },
          changes: changesBetween(
            null,
            { client_id: clientId, redirect_uris: inserted.redirectUris, public: input.public },
            ['client_id', 'redirect_uris', 'public'],
          ),
        });
        return inserted;
      });
      return { message: OAUTH_MSG.clientCreated, client: presentClient(row, 0), client_secret: secret };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(OAUTH_MSG.clientIdTaken);
      throw error;
    }
  }

  async updateClient(
    id: string,
    input: OAuthClientUpdate,
    context: AuditContext,
  ): Promise<{ message: string; client: OAuthClient }> {
    const row = await this.db.transaction(async (tx) => {
      const before = await this.clientById(id, tx);
      const [updated] = await tx
        .update(oauthClients)
        .set({ name: input.name, redirectUris: [...new Set(input.redirect_uris)], updatedAt: this.now() })
        .where(eq(oauthClients.id, id))
        .returning();
      if (!updated) throw notFound(OAUTH_MSG.clientNotFound);
      await this.audit.record(tx, context, {
        action: 'oauth_client.updated',
        entity: { type: 'oauth_client', id, name: updated.name },
        changes: changesBetween(
          { name: before.name, redirect_uris: before.redirectUris },
          { name: updated.name, redirect_uris: updated.redirectUris },
          ['name', 'redirect_uris'],
        ),
      });
      return updated;
    });
    return { message: OAUTH_MSG.clientUpdated, client: await this.presentWithCount(row) };
  }

  /** A new secret (shown once); the old one stops working at once. A public client stays public. */
  async rotateSecret(id: string, context: AuditContext): Promise<OAuthClientSecretResponse> {
    const secret = opaque('isaac_cs');
    const row = await this.db.transaction(async (tx) => {
      const before = await this.clientById(id, tx);
      if (before.secretHash === null) throw badRequest('A public client has no secret: it uses PKCE');
      const [updated] = await tx
        .update(oauthClients)
        .set({ secretHash: digest(secret), updatedAt: this.now() })
        .where(eq(oauthClients.id, id))
        .returning();
      if (!updated) throw notFound(OAUTH_MSG.clientNotFound);
      await this.audit.record(tx, context, {
        action: 'oauth_client.secret_rotated',
        entity: { type: 'oauth_client', id, name: updated.name },
      });
      return updated;
    });
    return {
      message: OAUTH_MSG.secretRotated,
      client: await this.presentWithCount(row),
      client_secret: secret,
    };
  }

  /** Removes a client: every owner linked through it is unlinked (codes, links and tokens go with it). */
  async deleteClient(id: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.clientById(id, tx);
      await tx.delete(oauthClients).where(eq(oauthClients.id, id));
      await this.audit.record(tx, context, {
        action: 'oauth_client.deleted',
        entity: { type: 'oauth_client', id, name: row.name },
      });
    });
  }

  private async presentWithCount(row: OAuthClientRow): Promise<OAuthClient> {
    const [linked] = await this.db
      .select({ n: count() })
      .from(oauthLinks)
      .where(and(eq(oauthLinks.clientId, row.id), isNull(oauthLinks.revokedAt)));
    return presentClient(row, linked?.n ?? 0);
  }
}
