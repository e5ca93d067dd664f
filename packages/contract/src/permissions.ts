import { AREA_ROLES } from './areas.ts';
import type { HomeAction } from './homes-rules.ts';
import { ROLE, type RoleCode } from './roles.ts';

/**
 * The one permission table (DESIGN.md, API rules). Every route the API registers has a rule here,
 * keyed `METHOD /path` in Fastify's path syntax. The server's RBAC hook reads it for every request,
 * and a test walks the registered routes so that a route without a rule fails CI.
 *
 * - `access: 'public'`: no token needed.
 * - `access: 'signed-in'`: a valid bearer token of a live session, whatever the user's role (the spec's
 *   "anything else" roles too, so they can read who they are and sign out).
 * - `access: RoleCode[]`: a valid bearer token whose user has one of these roles.
 * - `csrf`: mutating routes default to true; only a route that authenticates another way
 *   (a provider's signed webhook) may say false, and must say why.
 * - `home`: a route of the caller's current home (issue 32, ADR 069): the home action (`HOME_PERMISSIONS`)
 *   the caller's role in that home must allow; the auth hook answers 403 when it does not.
 * - `homeIn: 'path'`: the home of `home` is the one the path names (`/api/homes/:id…`), not the current one:
 *   the hook reads the caller's membership of that home (404 without a live one), ADR 072.
 */
export type RouteRule =
  | { access: 'public'; csrf?: boolean; csrfExemptBecause?: string }
  | { access: 'signed-in'; csrf?: boolean; csrfExemptBecause?: string }
  | {
      access: readonly RoleCode[];
      csrf?: boolean;
      csrfExemptBecause?: string;
      home?: HomeAction;
      homeIn?: 'path';
    };

// An area's API admits exactly the roles its web area admits (areas.ts; permissions.test.ts checks it).
const owner = AREA_ROLES.owner;
const admin = AREA_ROLES.admin;
const electrician = AREA_ROLES.electrician;

export const PERMISSIONS = {
  // infrastructure
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  /** Prometheus metrics: authenticated by METRICS_TOKEN (bearer), 404 when it is unset. */
  'GET /metrics': { access: 'public' },

  // auth (spec section 7 "Auth")
  'GET /auth/csrf-token': { access: 'public' },
  'POST /auth/login': { access: 'public' },
  'GET /auth/current-user': { access: 'signed-in' },
  /** Refresh accepts an expired (but well-signed) token of a live session, so it cannot require a valid one. */
  'POST /auth/refresh-token': { access: 'public' },
  'POST /auth/logout': { access: 'signed-in' },

  // account settings (every signed-in role)
  'PUT /api/account/profile': { access: 'signed-in' },
  'PATCH /api/account/profile': { access: 'signed-in' },
  'POST /api/account/password': { access: 'signed-in' },
  'GET /api/account/sessions': { access: 'signed-in' },
  'DELETE /api/account/sessions/:id': { access: 'signed-in' },
  'POST /api/account/sessions/revoke-others': { access: 'signed-in' },
  // two-factor sign-in (ADR 028): 'signed-in', so an admin who must enrol can still reach them
  'GET /api/account/two-factor': { access: 'signed-in' },
  'POST /api/account/two-factor/setup': { access: 'signed-in' },
  'POST /api/account/two-factor/enable': { access: 'signed-in' },
  'POST /api/account/two-factor/disable': { access: 'signed-in' },
  'POST /api/account/two-factor/recovery-codes': { access: 'signed-in' },

  // automations (issue 33): the owner's own
  'GET /api/automations': { access: owner, home: 'automations.manage' },
  'POST /api/automations': { access: owner, home: 'automations.manage' },
  'GET /api/automations/:id': { access: owner, home: 'automations.manage' },
  'PUT /api/automations/:id': { access: owner, home: 'automations.manage' },
  'PUT /api/automations/:id/enabled': { access: owner, home: 'automations.manage' },
  'DELETE /api/automations/:id': { access: owner, home: 'automations.manage' },
  'GET /api/automations/:id/runs': { access: owner, home: 'automations.manage' },

  // homes and their members (issue 32, ADR 069): a person's homes; a home named in the path is managed by the
  // roles its action names there (ADR 072)
  'GET /api/homes': { access: owner },
  'POST /api/homes': { access: owner },
  'PATCH /api/homes/:id': { access: owner, home: 'home.manage', homeIn: 'path' },
  'DELETE /api/homes/:id': { access: owner, home: 'home.manage', homeIn: 'path' },
  'POST /api/homes/:id/switch': { access: owner },
  'GET /api/homes/:id/members': { access: owner, home: 'members.manage', homeIn: 'path' },
  'POST /api/homes/:id/invitations': { access: owner, home: 'members.manage', homeIn: 'path' },
  'DELETE /api/homes/:id/invitations/:invitationId': {
    access: owner,
    home: 'members.manage',
    homeIn: 'path',
  },
  'PUT /api/homes/:id/members/:memberId': { access: owner, home: 'members.manage', homeIn: 'path' },
  'DELETE /api/homes/:id/members/:memberId': { access: owner, home: 'members.manage', homeIn: 'path' },
  'GET /api/homes/:id/activity': { access: owner, home: 'members.manage', homeIn: 'path' },
  'GET /api/home-invitations/:token': { access: 'public' },
  'POST /api/home-invitations/:token/sign-up': { access: 'public' },
  'POST /api/home-invitations/:token/accept': { access: owner },

  // the notification centre (issue 33): every signed-in person's own notifications
  'GET /api/notifications': { access: 'signed-in' },
  'GET /api/notifications/unread-count': { access: 'signed-in' },
  'POST /api/notifications/:id/read': { access: 'signed-in' },
  'POST /api/notifications/read-all': { access: 'signed-in' },
  'GET /api/notifications/preferences': { access: 'signed-in' },
  'PUT /api/notifications/preferences': { access: 'signed-in' },
  'GET /api/notifications/push-key': { access: 'signed-in' },
  'POST /api/notifications/push-subscriptions': { access: 'signed-in' },
  'DELETE /api/notifications/push-subscriptions': { access: 'signed-in' },

  // voice-assistant account linking (issue 12, ADR 035)
  'GET /api/oauth/authorize/check': { access: 'public' },
  'POST /api/oauth/authorize': { access: owner },
  'POST /api/oauth/token': {
    access: 'public',
    csrf: false,
    csrfExemptBecause:
      'server-to-server OAuth 2 token endpoint: the client authenticates with its credentials or PKCE',
  },
  'POST /api/oauth/revoke': {
    access: 'public',
    csrf: false,
    csrfExemptBecause:
      'server-to-server OAuth 2 revocation (RFC 7009): the client authenticates with its credentials',
  },
  'GET /api/account/linked-services': { access: owner },
  'DELETE /api/account/linked-services/:id': { access: owner },
  'GET /api/admin/oauth-clients': { access: admin },
  'POST /api/admin/oauth-clients': { access: admin },
  'PUT /api/admin/oauth-clients/:id': { access: admin },
  'POST /api/admin/oauth-clients/:id/secret': { access: admin },
  'DELETE /api/admin/oauth-clients/:id': { access: admin },
  'POST /api/voice/google': {
    access: 'public',
    csrf: false,
    csrfExemptBecause: 'Google Home fulfillment: authenticated by the OAuth access token of a linked owner',
  },
  'POST /api/voice/alexa': {
    access: 'public',
    csrf: false,
    csrfExemptBecause:
      'Alexa Smart Home directives: authenticated by the OAuth access token of a linked owner',
  },

  'GET /api/devices/:id/telemetry': { access: owner, home: 'history.see' },
  'PUT /api/devices/:id/auto-mode': { access: owner, home: 'devices.control' },
  // firmware rollouts (issue 14)
  'GET /api/admin/rollouts': { access: admin },
  'POST /api/admin/rollouts': { access: admin },
  'GET /api/admin/rollouts/:id': { access: admin },
  'POST /api/admin/rollouts/:id/actions': { access: admin },
  /** A device's download: authenticated by its signed, expiring, device-bound link (no session). */
  'GET /api/firmware/download': { access: 'public' },
  /** The owner's "Update now" after Check for Updates: a one-device rollout of the newest image. */
  'POST /api/devices/:id/update-firmware': { access: owner, home: 'devices.manage' },
  // device plane (issue 13): an external broker's HTTP authentication and authorisation (EMQX)
  'POST /api/mqtt/auth': {
    access: 'public',
    csrf: false,
    csrfExemptBecause: 'broker-to-server call (EMQX HTTP auth), authenticated by MQTT_HTTP_AUTH_TOKEN',
  },
  'POST /api/mqtt/acl': {
    access: 'public',
    csrf: false,
    csrfExemptBecause:
      'broker-to-server call (EMQX HTTP authorisation), authenticated by MQTT_HTTP_AUTH_TOKEN',
  },

  // storefront
  'POST /api/create-order': { access: 'public' },
  'POST /api/verify-payment': { access: 'public' },
  'POST /api/payments/webhook': {
    access: 'public',
    csrf: false,
    csrfExemptBecause: 'server-to-server call authenticated by the X-Razorpay-Signature HMAC',
  },
  'GET /api/sandbox/orders/:order_id': { access: 'public' },
  'POST /api/sandbox/orders/:order_id/pay': { access: 'public' },
  'POST /api/contact': { access: 'public' },
  'POST /api/newsletter': { access: 'public' },
  'GET /api/invitations/:token': { access: 'public' },
  'POST /api/invitations/accept': { access: 'public' },
  'GET /api/admin/orders': { access: admin },
  // installation jobs (issue 15): paid orders that need installation, assigned to electricians
  'GET /api/admin/installation-jobs': { access: admin },
  'POST /api/admin/installation-jobs/:id/assign': { access: admin },
  /** The buyer's own orders (the owner's Orders screen): any signed-in user sees only their own. */
  'GET /api/orders': { access: 'signed-in' },
  'POST /api/admin/orders/:id/cancel': { access: admin },
  'POST /api/admin/orders/:id/refund': { access: admin },
  // payments captured for closed or already-paid orders (issue 29): listed to be refunded
  'GET /api/admin/late-captures': { access: admin },
  'POST /api/admin/late-captures/:id/refund': { access: admin },
  /** The buyer's tax invoice of one of their own paid orders, as JSON and as PDF. */
  'GET /api/orders/:id/invoice': { access: 'signed-in' },
  'GET /api/orders/:id/invoice.pdf': { access: 'signed-in' },
  // quotes (issue 15): the admin's quotes, and the customer's quote page (the link's token is the key)
  'GET /api/admin/quotes': { access: admin },
  'POST /api/admin/quotes': { access: admin },
  'POST /api/admin/quotes/:id/cancel': { access: admin },
  'GET /api/quotes/:token': { access: 'public' },
  'POST /api/quotes/:token/order': { access: 'public' },
  'GET /api/admin/contact-messages': { access: admin },
  'POST /api/admin/contact-messages/:id/handled': { access: admin },
  // the e-mail outbox (issue 15)
  'GET /api/admin/outbox': { access: admin },
  'GET /api/admin/outbox/:id': { access: admin },
  'POST /api/admin/outbox/:id/retry': { access: admin },
  'GET /api/admin/activity': { access: admin },
  'GET /api/admin/dashboard': { access: admin },
  'POST /api/admin/users/:id/two-factor/reset': { access: admin },

  // admin users (issue 10)
  'GET /api/admin/users': { access: admin },
  'POST /api/admin/users': { access: admin },
  'PUT /api/admin/users/:id': { access: admin },
  'DELETE /api/admin/users/:id': { access: admin },
  'POST /api/admin/users/:id/sessions/revoke': { access: admin },
  // admin reports (issue 10)
  'GET /api/admin/reports': { access: admin },
  'GET /api/admin/reports/:series.csv': { access: admin },

  // owner
  'GET /api/dashboard': { access: owner, home: 'devices.see' },
  'GET /api/devices': { access: owner, home: 'devices.see' },
  'POST /api/devices': { access: owner, home: 'devices.manage' },
  'POST /api/devices/:id/toggle': { access: owner, home: 'devices.control' },
  'POST /api/devices/:id/gang/:gangIndex/toggle': { access: owner, home: 'devices.control' },
  'PUT /api/devices/:id/gangs/:gangIndex': { access: owner, home: 'devices.manage' },
  'POST /api/devices/:id/check-updates': { access: owner, home: 'devices.manage' },
  'POST /api/devices/:id/assign-room': { access: owner, home: 'devices.manage' },
  'POST /api/devices/:id/unassign-room': { access: owner, home: 'devices.manage' },
  'GET /api/rooms': { access: owner, home: 'devices.see' },
  'POST /api/rooms': { access: owner, home: 'rooms.manage' },
  'PUT /api/rooms/:id': { access: owner, home: 'rooms.manage' },
  'DELETE /api/rooms/:id': { access: owner, home: 'rooms.manage' },

  // admin: firmware (issue 10, ADR 021)
  'POST /api/admin/firmware/upload': { access: admin },
  'GET /api/admin/firmware': { access: admin },
  'DELETE /api/admin/firmware/:id': { access: admin },
  // admin devices and electrician assignments (issue 10, ADR 025)
  'GET /api/admin/devices': { access: admin },
  'GET /api/admin/devices/stats': { access: admin },
  'GET /api/admin/devices/:device_id/messages': { access: admin },
  'POST /api/admin/devices/unassign-electrician': { access: admin },
  'POST /api/admin/devices/unassign-owner': { access: admin },
  'GET /api/admin/electricians': { access: admin },
  'POST /api/admin/electricians/:electrician_id/customers': { access: admin },
  'DELETE /api/admin/electricians/:electrician_id/customers/:customer_id': { access: admin },
  'POST /api/admin/electricians/:electrician_id/devices': { access: admin },
  'GET /api/admin/customers': { access: admin },

  // electrician (issue 11; the spec's paths, some without /api)
  'GET /api/electrician/dashboard': { access: electrician },
  'GET /api/electrician/customers': { access: electrician },
  'GET /electrician/devices': { access: electrician },
  'GET /electrician/users': { access: electrician },
  'GET /electrician/rooms': { access: electrician },
  'GET /electrician/installations': { access: electrician },
  'POST /electrician/assign-device': { access: electrician },
  'GET /electrician/user/:id/details': { access: electrician },
  'GET /electrician/user/:id/devices': { access: electrician },
  'GET /electrician/user/:id/rooms': { access: electrician },
  'POST /api/electrician/customer/:customerId/rooms': { access: electrician },
  'POST /api/electrician/customer/:customerId/devices/:deviceId/configure': { access: electrician },
  'POST /api/electrician/customer/:customerId/devices/:deviceId/assign-room': { access: electrician },
  'POST /api/electrician/devices/:device_id/configure': { access: electrician },
  'POST /api/electrician/installations': { access: electrician },
  'POST /api/electrician/installations/:id/start': { access: electrician },
  'POST /api/electrician/installations/:id/phase': { access: electrician },
  'POST /api/electrician/installations/:id/complete': { access: electrician },
  'POST /api/electrician/installations/:id/devices/:deviceId/test': { access: electrician },
  // the guided install (ADR 034)
  'POST /api/electrician/installations/guided': { access: electrician },
  'GET /api/electrician/installations/:id': { access: electrician },
  'GET /api/electrician/installations/:id/signature': { access: electrician },
  'POST /api/electrician/installations/:id/devices': { access: electrician },
  'POST /api/electrician/installations/:id/step': { access: electrician },
  'POST /api/electrician/installations/:id/training': { access: electrician },
  'POST /api/electrician/installations/:id/signature': { access: electrician },
  'POST /api/electrician/installations/:id/reopen': { access: electrician },
  // the owner's installation records, with the signature
  'GET /api/installations': { access: [ROLE.owner], home: 'home.manage' },
  // the owner's view of who works in their home (settings), with Revoke
  'GET /api/account/electricians': { access: [ROLE.owner], home: 'home.manage' },
  'DELETE /api/account/electricians/:id': { access: [ROLE.owner], home: 'home.manage' },
} as const satisfies Record<string, RouteRule>;

export type RouteKey = keyof typeof PERMISSIONS;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function ruleFor(method: string, path: string): RouteRule | undefined {
  return (PERMISSIONS as Record<string, RouteRule>)[`${method.toUpperCase()} ${path}`];
}

/** Whether a call must carry the X-CSRF-Token header. */
export function requiresCsrf(method: string, rule: RouteRule): boolean {
  return MUTATING.has(method.toUpperCase()) && rule.csrf !== false;
}

export function isAllowed(rule: RouteRule, role: number | undefined): boolean {
  if (rule.access === 'public') return true;
  if (role === undefined) return false;
  if (rule.access === 'signed-in') return true;
  return (rule.access as readonly number[]).includes(role);
}
