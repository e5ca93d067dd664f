/**
 * Every page path of the web app, in one place: the web's route table, sitemap, menus and links, and
 * `dashboardPathForRole` (where a role lands after sign-in) read these constants. Plain strings, no zod,
 * so storefront and /login code can import them without the schemas.
 */

/** The storefront: public, prerendered, listed in sitemap.xml. */
export const STOREFRONT_PATHS = {
  home: '/',
  isaacPurifier: '/products/isaac-purifier',
  skywalkerSensor: '/products/skywalker-sensor',
  accessories: '/products/accessories',
  replacementFilters: '/products/replacement-filters',
  helpCenter: '/support/help-center',
  installationGuide: '/support/installation-guide',
  warranty: '/support/warranty',
  contactSupport: '/support/contact-support',
  aboutUs: '/company/about-us',
  careers: '/company/careers',
  press: '/company/press',
  investors: '/company/investors',
  privacyPolicy: '/legal/privacy-policy',
  termsOfService: '/legal/terms-of-service',
  cookiePolicy: '/legal/cookie-policy',
  gdpr: '/legal/gdpr',
  contact: '/contact',
  paymentSuccess: '/payment-success',
} as const;

/**
 * The replacement filters of one purifier (issue 33: "Order replacement filter" on its card and in the filter
 * alert): the storefront page names the purifier and fills the owner's delivery details in at checkout.
 */
export const replacementFilterPath = (deviceId: string): string =>
  `${STOREFRONT_PATHS.replacementFilters}?for=${encodeURIComponent(deviceId)}`;

/**
 * The customer's quote page (issue 15), opened from the link in the quote e-mail: a storefront page, but not
 * prerendered, not in the sitemap and not indexed (the token in its path is the key to the quote).
 */
export const QUOTE_PAGE_PATH = '/quote/:token';
/** The quote page of a link's token (the server's e-mail puts the web origin before it). */
export const quotePagePath = (token: string): string => `/quote/${encodeURIComponent(token)}`;

/** Sign-in, the developer's page index, and the landing page of a role without an area. */
export const AUTH_PATHS = {
  login: '/login',
  /** Voice-assistant account linking: the consent screen /login's OAuth mode leads to (issue 12). */
  consent: '/oauth/consent',
  /** A new customer's invitation to set a password (issue 15): /invite/:token. */
  invite: '/invite',
  /** An invitation to a home (issue 32): /home-invite/:token — sign up, or sign in and accept. */
  homeInvite: '/home-invite',
  /** The demo voice client's redirect URI (DEMO only): exchange the code, send SYNC / QUERY / EXECUTE. */
  voiceDemo: '/voice-demo',
  debug: '/debug',
  dashboard: '/dashboard',
} as const;

/** The admin area (role 3). `root` redirects to `dashboard`. */
export const ADMIN_PATHS = {
  root: '/admin',
  dashboard: '/admin/dashboard',
  users: '/admin/users',
  devices: '/admin/devices',
  /** Under Devices (the spec's admin menu has no Firmware entry): the Devices item stays active. */
  firmware: '/admin/devices/firmware',
  /** Firmware rollouts (issue 14), under Devices too. */
  rollouts: '/admin/devices/rollouts',
  electricians: '/admin/electricians',
  /** The installation jobs board (issue 15): paid orders that need installation, assigned to electricians. */
  installations: '/admin/installations',
  settings: '/admin/settings',
  reports: '/admin/reports',
  activity: '/admin/activity',
  /** Storefront orders and contact messages (issue 10): reached from the menu and the dashboard. */
  orders: '/admin/orders',
  messages: '/admin/messages',
  /** The e-mail outbox (issue 15): every e-mail written, its preview, and Retry on failed ones. */
  outbox: '/admin/outbox',
  /** Quotes (issue 15): leads from the contact form become quotes the customer pays by link. */
  quotes: '/admin/quotes',
} as const;

/** The electrician area (role 1). `root` redirects to `dashboard`. */
export const ELECTRICIAN_PATHS = {
  root: '/electrician',
  dashboard: '/electrician/dashboard',
  devices: '/electrician/devices',
  users: '/electrician/users',
  rooms: '/electrician/rooms',
  installations: '/electrician/installations',
  customerMode: '/electrician/customer-mode',
  workflow: '/electrician/workflow',
  install: '/electrician/install',
  /** The electrician's own account: profile, password, sessions, two-factor, notifications (issue 33). */
  settings: '/electrician/settings',
} as const;

/** The owner area (role 2). `root` redirects to `dashboard`. */
export const OWNER_PATHS = {
  root: '/owner',
  dashboard: '/owner/dashboard',
  devices: '/owner/devices',
  rooms: '/owner/rooms',
  /** The buyer's orders (issue 15); an order's invoice is `/owner/orders/:id/invoice` (web `ownerLinks.invoice`). */
  orders: '/owner/orders',
  settings: '/owner/settings',
  /** The home's automations and their runs (issue 33). */
  automations: '/owner/automations',
  /** Who has access to the current home, invitations, activity (issue 32; the home's owners). */
  members: '/owner/members',
} as const;

/**
 * The query parameter naming the home an owner-area link is about (a notification of a device in another of
 * my homes): the owner shell switches to that home, then drops the parameter (issue 32).
 */
export const HOME_LINK_PARAM = 'home';

/** `path` in the home `homeId`: opening it makes that home current first. */
export const inHome = (path: string, homeId: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}${HOME_LINK_PARAM}=${encodeURIComponent(homeId)}`;
