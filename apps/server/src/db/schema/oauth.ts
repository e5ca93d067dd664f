import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A service that may link an owner's account (voice assistants: Google Home, Alexa; ADR 035). Registered
 * by an admin. `secret_hash` is the SHA-256 of the client secret (shown once); null = a public client,
 * which must use PKCE. `redirect_uris` are matched exactly.
 */
export const oauthClients = pgTable('oauth_clients', {
  id: id(),
  name: text('name').notNull(),
  clientId: text('client_id').notNull().unique(),
  secretHash: text('secret_hash'),
  redirectUris: text('redirect_uris').array().notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An authorization code: single use, bound to the client, the redirect URI and the PKCE challenge; only its
 * SHA-256 digest is stored. An exchanged code is kept (spent, with the link it started) until it expires, so
 * a replay is recognised and ends that link (RFC 6749 §4.1.2, RFC 9700 §4.5); `replayed_at` marks a replay
 * that came before the exchange had saved its link (the link is then ended as it is saved).
 */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').array().notNull(),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    expiresAt: timestamptz('expires_at').notNull(),
    spentAt: timestamptz('spent_at'),
    linkId: text('link_id').references(() => oauthLinks.id, { onDelete: 'set null' }),
    replayedAt: timestamptz('replayed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_codes_expires_idx').on(t.expiresAt)],
);

/**
 * A linked service: one owner × one client, from the code exchange until it is unlinked (owner), revoked
 * (RFC 7009), disconnected (the assistant) or the client deleted. Holds the refresh token's digest: refresh
 * tokens are not rotated (ADR 035), so a lost refresh response never unlinks the owner.
 */
export const oauthLinks = pgTable(
  'oauth_links',
  {
    id: id(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').array().notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One live link per owner and service; the owner's Linked services list reads it.
    uniqueIndex('oauth_links_live_user_client_idx')
      .on(t.userId, t.clientId)
      .where(sql`${t.revokedAt} is null`),
    index('oauth_links_client_idx').on(t.clientId),
  ],
);

/** An access token (opaque; only its SHA-256 digest is stored), valid while unexpired and its link live. */
export const oauthAccessTokens = pgTable(
  'oauth_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => oauthLinks.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('oauth_access_tokens_link_idx').on(t.linkId),
    index('oauth_access_tokens_expires_idx').on(t.expiresAt),
  ],
);

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthLinkRow = typeof oauthLinks.$inferSelect;

/**
 * Alexa's permission to send events for an owner (AcceptGrant, issue 12): the Login with Amazon tokens the
 * grant code was exchanged for, sealed (AES-256-GCM, the user id as associated data).
 */
export const alexaGrants = pgTable('alexa_grants', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessTokenSealed: text('access_token_sealed').notNull(),
  refreshTokenSealed: text('refresh_token_sealed').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  /**
   * The endpoint ids Alexa was last told of (a Discover.Response or an AddOrUpdateReport): an endpoint that
   * is no longer among the person's devices is sent in a DeleteReport. Null until the first discovery.
   */
  reportedEndpoints: jsonb('reported_endpoints').$type<string[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
