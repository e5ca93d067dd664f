import { z } from 'zod';
import { displayName, listResponseSchema, pageQuerySchema, sortQueryShape } from './common.ts';

/**
 * Voice-assistant account linking (issue 12, ADR 035): the OAuth 2 clients an admin registers, the
 * authorization request /login carries, the consent decision, and an owner's linked services.
 */

/** What a linked service may do (the only scope there is): see the owner's devices and control them. */
export const OAUTH_SCOPE = 'devices';
export const OAUTH_SCOPE_DESCRIPTION = 'See your devices and rooms, and turn them on and off';
/** How long an authorization code lives (Google and Alexa ask for ≤ 10 minutes). */
export const OAUTH_CODE_LIFETIME_SECONDS = 300;
/** How long an access token lives (Alexa's minimum is 360 s). */
export const OAUTH_ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
export const MAX_REDIRECT_URIS = 10;
/** The demo voice client DEMO seeds (a public client: PKCE), whose redirect URI is the web's /voice-demo. */
export const DEMO_VOICE_CLIENT_ID = 'isaac-voice-demo';
export const DEMO_VOICE_CLIENT_NAME = 'Demo voice client';

export const OAUTH_MSG = {
  nameRequired: 'Name is required',
  clientIdInvalid: 'Client id: 3–64 letters, digits, dots, dashes or underscores',
  redirectUriInvalid: 'Each redirect URI must be an absolute https URL (http only for localhost)',
  redirectUrisRequired: 'Add at least one redirect URI',
  clientIdTaken: 'A client with this client id already exists',
  clientNotFound: 'Voice-linking client not found',
  linkNotFound: 'Linked service not found',
  publicClientNeedsPkce: 'This client must use PKCE (code_challenge with code_challenge_method S256)',
  codeChallengeInvalid:
    'Invalid code_challenge: 43–128 characters of A–Z, a–z, 0–9, "-", ".", "_" and "~" (RFC 7636)',
  clientCreated: 'Voice-linking client registered',
  clientUpdated: 'Voice-linking client updated',
  clientDeleted: 'Voice-linking client removed',
  secretRotated: 'New client secret issued',
  unlinked: (name: string) => `${name} unlinked`,
} as const;

/** RFC 7636 §4.2: a code challenge is 43–128 characters of the unreserved set `[A-Za-z0-9-._~]`. */
export function isValidCodeChallenge(value: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(value);
}

/** An https URL (http allowed for localhost only), no fragment, no spaces: what a redirect URI may be. */
export function isAcceptableRedirectUri(value: string): boolean {
  if (/[\s#]/.test(value)) return false;
  const match = /^(https?):\/\/([^/?:@]+|\[[0-9a-f:]+\])(:\d{1,5})?([/?].*)?$/i.exec(value);
  if (!match) return false;
  const [, scheme, host] = match;
  if (scheme?.toLowerCase() === 'https') return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes((host ?? '').toLowerCase());
}

const redirectUriSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(isAcceptableRedirectUri, OAUTH_MSG.redirectUriInvalid);

/** POST /api/admin/oauth-clients: a confidential client gets a secret (shown once), a public one uses PKCE. */
export const newOAuthClientSchema = z.object({
  name: displayName(OAUTH_MSG.nameRequired, 120),
  client_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, OAUTH_MSG.clientIdInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  redirect_uris: z.array(redirectUriSchema).min(1, OAUTH_MSG.redirectUrisRequired).max(MAX_REDIRECT_URIS),
  public: z.boolean().default(false),
});
export type NewOAuthClient = z.input<typeof newOAuthClientSchema>;

/** PUT /api/admin/oauth-clients/:id: the name and the redirect URIs (the client id and kind stay). */
export const oauthClientUpdateSchema = newOAuthClientSchema.pick({ name: true, redirect_uris: true });
export type OAuthClientUpdate = z.input<typeof oauthClientUpdateSchema>;

export const oauthClientSchema = z.object({
  _id: z.string(),
  name: z.string(),
  client_id: z.string(),
  /** Public clients have no secret and must use PKCE. */
  public: z.boolean(),
  redirect_uris: z.array(z.string()),
  /** Owners linked through it now. */
  linked_users: z.number().int(),
  created_at: z.string(),
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;

export const OAUTH_CLIENT_SORTS = ['created_at', 'name', 'linked_users'] as const;
export const oauthClientListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(OAUTH_CLIENT_SORTS, 'created_at', 'desc'),
);
export type OAuthClientListQuery = z.output<typeof oauthClientListQuerySchema>;
export const oauthClientListResponseSchema = listResponseSchema('clients', oauthClientSchema);
export type OAuthClientListResponse = z.infer<typeof oauthClientListResponseSchema>;

/** A client as registered (or with a new secret): the secret appears here once and never again. */
export const oauthClientSecretResponseSchema = z.object({
  message: z.string(),
  client: oauthClientSchema,
  client_secret: z.string().nullable(),
});
export type OAuthClientSecretResponse = z.infer<typeof oauthClientSecretResponseSchema>;

/** The authorization request (the OAuth parameters /login read from its query). */
export const authorizationRequestSchema = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  response_type: z.string().max(50).optional(),
  scope: z.string().max(500).optional(),
  state: z.string().max(2000).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** GET /api/oauth/authorize/check: who asks (for the consent screen), or 400 for an unknown client or URI. */
export const authorizationCheckResponseSchema = z.object({
  client_name: z.string(),
  client_id: z.string(),
  scope: z.array(z.string()),
  scope_description: z.string(),
});
export type AuthorizationCheck = z.infer<typeof authorizationCheckResponseSchema>;

/** POST /api/oauth/authorize: the owner's decision; the answer is where the browser goes next. */
export const authorizationDecisionSchema = authorizationRequestSchema.extend({ allow: z.boolean() });
export type AuthorizationDecision = z.infer<typeof authorizationDecisionSchema>;
export const authorizationDecisionResponseSchema = z.object({ redirect: z.string() });

/** An owner's linked service (Settings → Linked services). */
export const linkedServiceSchema = z.object({
  _id: z.string(),
  client_name: z.string(),
  client_id: z.string(),
  scope: z.array(z.string()),
  linked_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedService = z.infer<typeof linkedServiceSchema>;
export const linkedServicesResponseSchema = z.object({ services: z.array(linkedServiceSchema) });
export type LinkedServicesResponse = z.infer<typeof linkedServicesResponseSchema>;
