import { DEFAULT_BROKER_LIMITS, type BrokerLimits } from './device-plane/guard.ts';
import { join, resolve } from 'node:path';
import { gstStateCode, GST_STATES, isValidGstin, SELLER, type InvoiceSeller } from '@isaac/contract';
import { pushSettingsOf, type PushSettings } from './modules/notifications/settings.ts';
import { z } from 'zod';
import { parseDataKeys, type DataKey } from './keys/keyring.ts';

/**
 * Every setting of the server, read from the environment and validated once at start.
 * Secrets have development defaults only outside production; in production a missing secret, or an
 * unset PAYMENT_PROVIDER, stops the server with a message naming it (see `loadConfig`).
 */

/** The firmware-update faults the device simulator can play (issue 14). */
export const OTA_FAULTS = ['wrong-checksum', 'power-loss', 'never-answers', 'slow-download'] as const;
export type OtaFault = (typeof OTA_FAULTS)[number];

/** A yes/no setting; unset (or empty) is undefined. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === 'yes'));
const bool = (fallback: boolean) => optionalBool.transform((v) => v ?? fallback);

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(3000),
  API_PORT: port(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_API_URL: optionalText.pipe(z.url().optional()),
  WEB_ORIGIN: optionalText.pipe(z.url().optional()),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().min(1).default('./data'),
  FIRMWARE_DIR: optionalText,
  JWT_SECRET: optionalText,
  DATA_ENCRYPTION_KEYS: optionalText,
  DEMO: bool(false),
  ADMIN_TWO_FACTOR_REQUIRED: optionalBool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['all', 'notable']).optional(),
  LOG_SLOW_MS: z.coerce.number().int().min(0).default(500),
  SERVE_WEB: bool(true),
  WEB_DIST: z.string().min(1).default('apps/web/build/client'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .default(24 * 60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(7),
  ELECTRICIAN_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  TRUST_PROXY: bool(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CONTACT_MESSAGES_PER_10_MINUTES: z.coerce.number().int().min(1).max(1000).default(5),
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(['sandbox', 'razorpay']).optional()),
  ALLOW_SANDBOX_PAYMENTS: optionalBool,
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  DEVICE_TRANSPORT: z.enum(['mqtt', 'direct']).default('mqtt'),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  MQTT_URL: optionalText,
  MQTT_USERNAME: optionalText,
  MQTT_PASSWORD: optionalText,
  MQTT_HTTP_AUTH_TOKEN: optionalText,
  MQTT_SHARED_GROUP: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only')
    .default('isaac'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(30).default(15),
  METRICS_TOKEN: optionalText,
  DEVICE_ACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TELEMETRY_BUFFER_MAX: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  MQTT_MAX_PACKET_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(268_435_455)
    .default(256 * 1024),
  MQTT_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  MQTT_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  MQTT_CONNECT_RATE_PER_ADDRESS: z.coerce.number().min(0.1).max(1_000_000).default(50),
  MQTT_CONNECT_BURST_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(200),
  MQTT_PUBLISH_RATE: z.coerce.number().min(0.1).max(100_000).default(5),
  MQTT_PUBLISH_BURST: z.coerce.number().int().min(1).max(1_000_000).default(50),
  MQTT_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8883),
  MQTT_TLS_CERT_FILE: optionalText,
  MQTT_TLS_KEY_FILE: optionalText,
  SIMULATE_DEMO_DEVICES: bool(true),
  /** DEMO: firmware faults of given demo devices, `SERIAL:fault,…` (faults: OTA_FAULTS). */
  SIMULATE_OTA_FAULTS: optionalText.pipe(
    z
      .string()
      .regex(
        new RegExp(`^[A-Za-z0-9-]+:(${OTA_FAULTS.join('|')})(,[A-Za-z0-9-]+:(${OTA_FAULTS.join('|')}))*$`),
        `Use SERIAL:fault pairs separated by commas; faults: ${OTA_FAULTS.join(', ')}`,
      )
      .optional(),
  ),
  AQI_SCALE: z.enum(['cpcb', 'us_epa_2024']).default('cpcb'),
  ROLLOUT_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Automations (issue 33): a schedule missed by at most this long still runs once after a restart. */
  AUTOMATION_CATCH_UP_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  AUTOMATION_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  /** How often device alerts (offline, filter, air quality) are checked. */
  ALERTS_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  ROLLOUT_TIMEOUT_SCALE: z.coerce.number().min(0.001).max(100).default(1),
  SMTP_URL: optionalText.pipe(
    z
      .url()
      .refine((url) => /^smtps?:\/\//i.test(url), 'an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Isaac <no-reply@isaac.local>'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Web Push (issue 33): the VAPID key pair (`npx web-push generate-vapid-keys`) and contact; all three or none. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  /** More push services to send to, comma-separated host suffixes (the browsers' usual ones are known). */
  PUSH_SERVICES: optionalText,
  NOTIFICATION_PUSH_POLL_MS: z.coerce.number().int().min(50).default(2000),
  GOOGLE_HOMEGRAPH_KEY_FILE: optionalText,
  GOOGLE_HOMEGRAPH_URL: z.url().default('https://homegraph.googleapis.com'),
  GOOGLE_OAUTH_CLIENT_ID: optionalText,
  ALEXA_LWA_CLIENT_ID: optionalText,
  ALEXA_LWA_CLIENT_SECRET: optionalText,
  ALEXA_LWA_TOKEN_URL: z.url().default('https://api.amazon.com/auth/o2/token'),
  ALEXA_EVENT_GATEWAY_URL: z.url().default('https://api.amazonalexa.com/v3/events'),
  SELLER_LEGAL_NAME: optionalText,
  SELLER_ADDRESS: optionalText,
  SELLER_STATE: optionalText,
  SELLER_GSTIN: optionalText,
  SOCIAL_TWITTER_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
});

export interface Config {
  /** The seller on the tax invoices (SELLER_* settings; the contract's company by default). */
  seller: InvoiceSeller;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Port of the web (static build) server. */
  port: number;
  /** Port of the JSON API. */
  apiPort: number;
  host: string;
  /** The API base URL browsers use (written into /config.js). Default `http://localhost:<API_PORT>`. */
  publicApiUrl: string;
  /** The web's origin (WEB_ORIGIN, default `http://localhost:<PORT>`): the address the start banner prints. */
  webOrigin: string;
  /**
   * Every origin the API accepts calls from (CORS with credentials, and the Origin check of mutations):
   * `webOrigin`, and outside production, when it is a loopback address, its other loopback names on the
   * same port (`localhost`, `127.0.0.1`, `[::1]`), so a page opened at any of them can sign in.
   */
  webOrigins: readonly string[];
  /**
   * The origins browsers may reach the API at: `publicApiUrl`'s, and outside production, when it is a
   * loopback origin, its other loopback names (a page on 127.0.0.1 calls the API on 127.0.0.1: the CSRF
   * cookie is SameSite, and localhost vs 127.0.0.1 are different sites). For the web's CSP `connect-src`.
   */
  apiOrigins: readonly string[];
  /** PostgreSQL connection string; undefined = embedded PGlite in `dataDir`. `memory://` = in-memory PGlite. */
  databaseUrl: string | undefined;
  /** Absolute path of the PGlite data directory. */
  dataDir: string;
  /** Where uploaded firmware is stored (ADR 021): FIRMWARE_DIR, default `<dataDir>/firmware`. */
  firmwareDir: string;
  jwtSecret: string;
  /**
   * DATA_ENCRYPTION_KEYS (ADR 052): the keys that seal secrets at rest (second-factor secrets, WiFi
   * passwords, Alexa tokens), newest first; the newest seals, all open. Independent of JWT_SECRET.
   */
  dataKeys: DataKey[];
  demo: boolean;
  /**
   * ADMIN_TWO_FACTOR_REQUIRED: admins must use two-factor sign-in; until they have set it up, every
   * admin API route answers 403 `two_factor_enrolment_required` (ADR 028). Default: on in production
   * unless DEMO is on (the demo sign-ins have no authenticator), off elsewhere.
   */
  adminTwoFactorRequired: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * LOG_REQUESTS: which requests get an info line. `all` (the default outside development): one line per
   * request. `notable` (the default in development): failures (4xx, 5xx), slow requests (LOG_SLOW_MS) and
   * state changes (any method but GET, HEAD, OPTIONS); every other request is logged at debug.
   */
  logRequests: 'all' | 'notable';
  /** LOG_SLOW_MS: a request taking this long or longer is slow (a warning line, in either mode). */
  logSlowMs: number;
  serveWeb: boolean;
  /** Absolute path of the built web (React Router's build/client). */
  webDist: string;
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  /**
   * ELECTRICIAN_GRACE_DAYS: how long after a customer's installation is completed the electrician may
   * still change things in that home; afterwards it is read-only for them (issue 11).
   */
  electricianGraceDays: number;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-* (per-IP limits, Secure cookies). */
  trustProxy: boolean;
  /** Global per-IP request budget of the API (per minute). */
  rateLimitPerMinute: number;
  /** Contact-form messages one IP may send per 10 minutes (CONTACT_MESSAGES_PER_10_MINUTES). */
  contactMessagesPer10Minutes: number;
  payment: {
    /** Required in production (no default there); `sandbox` outside production when unset. */
    provider: 'sandbox' | 'razorpay';
    /**
     * ALLOW_SANDBOX_PAYMENTS: whether the sandbox checkout (/api/sandbox/*, which marks any order paid
     * for free) may exist. Default true outside production, false in production; `provider: 'sandbox'`
     * requires it.
     */
    sandboxAllowed: boolean;
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiBase: string;
    /** Sandbox only: how long after a successful payment it delivers the signed payment.captured webhook. */
    sandboxWebhookDelayMs: number;
  };
  /**
   * The device plane (issue 13, ADR 036): `mqtt` (default) commands devices through the broker and waits for
   * their acknowledgement; `direct` stores the desired state at once (no devices: unit tests of other parts).
   */
  devices: {
    transport: 'mqtt' | 'direct';
    /** The embedded broker's port (MQTT_PORT, default 1884 so as not to clash with a broker on 1883; 0: any). */
    mqttPort: number;
    /** An external broker (MQTT_URL, e.g. mqtt://127.0.0.1:1883): the server connects as a privileged client. */
    mqttUrl: string | undefined;
    mqttUsername: string | undefined;
    mqttPassword: string | undefined;
    /** The bearer token EMQX's HTTP authentication/authorisation must send (MQTT_HTTP_AUTH_TOKEN); unset: off. */
    httpAuthToken: string | undefined;
    /**
     * The shared-subscription group (MQTT_SHARED_GROUP, default `isaac`; empty: off) through which the API
     * processes on an external broker split telemetry and state reports: each message reaches one
     * of them (ADR 061). Statuses, acknowledgements and firmware progress reach every process.
     */
    sharedGroup: string;
    /** How long a command waits for the device's acknowledgement. */
    ackTimeoutMs: number;
    /** How long raw readings are kept (hourly rollups: 2 years). */
    retentionDays: number;
    /** Readings waiting for the database at most (beyond: the noisiest devices' are shed). */
    telemetryBufferMax: number;
    /** The embedded broker's limits (issue 27): packet sizes, connect timeout, connections, publish rate. */
    brokerLimits: BrokerLimits;
    /** The embedded broker's `mqtts` listener: with both files set (PEM), on MQTT_TLS_PORT. */
    tls: { port: number; certFile: string; keyFile: string } | null;
    /** DEMO: run the demo devices in the simulator inside the server process. */
    simulateDemo: boolean;
    /** DEMO: the firmware-update fault each listed demo device (by serial number) simulates. */
    simulateOtaFaults: Record<string, OtaFault>;
    /** How PM2.5 becomes an AQI and band: India's CPCB (default) or the US EPA's 2024 table. */
    aqiScale: 'cpcb' | 'us_epa_2024';
    /** How often rollouts move along (ROLLOUT_TICK_MS), and a factor on every state's timeout. */
    rolloutTickMs: number;
    rolloutTimeoutScale: number;
  };
  /**
   * E-mail (issue 15): every e-mail is written to the outbox table; with SMTP_URL (`smtp://user:pass@host:587`,
   * `smtps://…:465`) the outbox worker delivers it from MAIL_FROM, polling every OUTBOX_POLL_MS and retrying
   * a refusal after OUTBOX_RETRY_BASE_MS × 2^(attempts−1) (at most an hour; failed after 8 attempts).
   * Without SMTP_URL e-mails stay in the outbox (the admins' Outbox screen) and the log. Sent and failed
   * e-mails are deleted OUTBOX_RETENTION_DAYS after they ended (pending ones are kept).
   */
  /**
   * Background jobs run on one process of many (ADR 060): a lease of JOB_LEASE_SECONDS (default 15, at most
   * 30) renewed every third of it; another process takes a job over within 4/3 of the lease.
   */
  jobLeaseMs: number;
  /** The bearer token of `/metrics` (METRICS_TOKEN); unset: `/metrics` answers 404. */
  metricsToken: string | undefined;
  /** Automations (issue 33): AUTOMATION_CATCH_UP_MINUTES, and how often due schedules run (AUTOMATION_TICK_MS). */
  automations: { catchUpMs: number; tickMs: number; alertsTickMs: number };
  /** Web Push (issue 33): VAPID_*, PUSH_SERVICES, NOTIFICATION_PUSH_POLL_MS (modules/notifications/settings.ts). */
  push: PushSettings;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    pollMs: number;
    retryBaseMs: number;
    retentionDays: number;
  };
  /** Voice assistants' push channels (issue 12): both off unless configured. */
  voice: {
    /**
     * Google HomeGraph (Report State, Request Sync): a service-account key file (GOOGLE_HOMEGRAPH_KEY_FILE),
     * the API base (GOOGLE_HOMEGRAPH_URL) and which of our OAuth clients is Google's (GOOGLE_OAUTH_CLIENT_ID):
     * only owners linked through it are reported.
     */
    google: { keyFile: string; homegraphUrl: string; clientId: string } | null;
    /** Alexa AcceptGrant and ChangeReports: Login with Amazon (ALEXA_LWA_*), the event gateway's URL. */
    alexa: { clientId: string; clientSecret: string; tokenUrl: string; eventGatewayUrl: string } | null;
  };
  social: {
    twitter: string | undefined;
    facebook: string | undefined;
    instagram: string | undefined;
    linkedin: string | undefined;
    youtube: string | undefined;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEV_SECRETS = {
  JWT_SECRET: 'dev-only-jwt-secret-change-me-in-production-0123456789',
  // A fixed development key (the SHA-256 of a sentence): production must set its own.
  DATA_ENCRYPTION_KEYS: 'dev:X4WTzVYxhUZkGeP6IX8JD9BOQ8Z3jYOMZfa48uuAqrQ=',
  RAZORPAY_KEY_ID: 'rzp_test_sandbox',
  RAZORPAY_KEY_SECRET: 'dev-only-sandbox-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'dev-only-sandbox-webhook-secret',
} as const;

/**
 * Validates `env` (default `process.env`) and returns the typed settings. Relative paths resolve
 * from `cwd` (default `process.cwd()`, the repository root under `npm start`).
 * Throws `ConfigError` naming every invalid or missing setting.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';

  const missing: string[] = [];
  const secret = (name: keyof typeof DEV_SECRETS, value: string | undefined, required: boolean): string => {
    if (value) return value;
    if (isProduction && required) missing.push(name);
    return DEV_SECRETS[name];
  };

  const problems: string[] = [];
  // Production names its payment provider: a silent sandbox default would let anyone "pay" any order.
  if (isProduction && e.PAYMENT_PROVIDER === undefined) {
    problems.push(
      'PAYMENT_PROVIDER must be set when NODE_ENV=production: `razorpay` for real payments, or `sandbox` ' +
        'together with ALLOW_SANDBOX_PAYMENTS=true (a test shop: anyone can mark an order paid for free).',
    );
  }
  const provider = e.PAYMENT_PROVIDER ?? 'sandbox';
  const sandboxAllowed = e.ALLOW_SANDBOX_PAYMENTS ?? !isProduction;
  if (provider === 'sandbox' && !sandboxAllowed && !(isProduction && e.PAYMENT_PROVIDER === undefined)) {
    problems.push(
      'PAYMENT_PROVIDER=sandbox needs ALLOW_SANDBOX_PAYMENTS=true' +
        (isProduction ? ' when NODE_ENV=production (the sandbox marks any order paid for free).' : '.'),
    );
  }
  const razorpay = provider === 'razorpay';
  const jwtSecret = secret('JWT_SECRET', e.JWT_SECRET, true);
  const dataKeysParsed = parseDataKeys(secret('DATA_ENCRYPTION_KEYS', e.DATA_ENCRYPTION_KEYS, true));
  if ('problems' in dataKeysParsed) problems.push(...dataKeysParsed.problems);
  const dataKeys = 'keys' in dataKeysParsed ? dataKeysParsed.keys : [];
  const keyId = secret('RAZORPAY_KEY_ID', e.RAZORPAY_KEY_ID, razorpay);
  // The sandbox signs its orders and webhooks with these too, so production needs them either way.
  const keySecret = secret('RAZORPAY_KEY_SECRET', e.RAZORPAY_KEY_SECRET, true);
  const webhookSecret = secret('RAZORPAY_WEBHOOK_SECRET', e.RAZORPAY_WEBHOOK_SECRET, true);
  const push = pushSettingsOf(e, isProduction);
  if ('problem' in push) problems.push(push.problem);
  if (missing.length > 0) {
    problems.unshift(
      `Missing required setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: ` +
        'secrets have no default when NODE_ENV=production.',
    );
  }
  if (Boolean(e.GOOGLE_HOMEGRAPH_KEY_FILE) !== Boolean(e.GOOGLE_OAUTH_CLIENT_ID)) {
    problems.push('GOOGLE_HOMEGRAPH_KEY_FILE and GOOGLE_OAUTH_CLIENT_ID are set together (or neither).');
  }
  if (Boolean(e.ALEXA_LWA_CLIENT_ID) !== Boolean(e.ALEXA_LWA_CLIENT_SECRET)) {
    problems.push('ALEXA_LWA_CLIENT_ID and ALEXA_LWA_CLIENT_SECRET are set together (or neither).');
  }
  if (Boolean(e.MQTT_TLS_CERT_FILE) !== Boolean(e.MQTT_TLS_KEY_FILE)) {
    problems.push('MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE are set together (or neither).');
  }
  const seller = sellerSettings(e, isProduction && razorpay, problems);
  if (isProduction && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters when NODE_ENV=production.');
  }
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));

  const webOrigin = new URL(e.WEB_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
  const publicApiUrl = (e.PUBLIC_API_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/+$/, '');
  const apiOrigin = new URL(publicApiUrl).origin;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    apiPort: e.API_PORT,
    host: e.HOST,
    publicApiUrl,
    webOrigin,
    webOrigins: isProduction ? [webOrigin] : withLoopbackAliases(webOrigin),
    apiOrigins: isProduction ? [apiOrigin] : withLoopbackAliases(apiOrigin),
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(cwd, e.DATA_DIR),
    firmwareDir: resolve(cwd, e.FIRMWARE_DIR ?? join(e.DATA_DIR, 'firmware')),
    jwtSecret,
    dataKeys,
    demo: e.DEMO,
    adminTwoFactorRequired: e.ADMIN_TWO_FACTOR_REQUIRED ?? (isProduction && !e.DEMO),
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS ?? (e.NODE_ENV === 'development' ? 'notable' : 'all'),
    logSlowMs: e.LOG_SLOW_MS,
    serveWeb: e.SERVE_WEB,
    webDist: resolve(cwd, e.WEB_DIST),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    electricianGraceDays: e.ELECTRICIAN_GRACE_DAYS,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    contactMessagesPer10Minutes: e.CONTACT_MESSAGES_PER_10_MINUTES,
    payment: {
      provider,
      sandboxAllowed,
      keyId,
      keySecret,
      webhookSecret,
      apiBase: e.RAZORPAY_API_BASE.replace(/\/+$/, ''),
      sandboxWebhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
    },
    devices: {
      transport: e.DEVICE_TRANSPORT,
      mqttPort: e.MQTT_PORT,
      mqttUrl: e.MQTT_URL,
      mqttUsername: e.MQTT_USERNAME,
      mqttPassword: e.MQTT_PASSWORD,
      httpAuthToken: e.MQTT_HTTP_AUTH_TOKEN,
      sharedGroup: e.MQTT_SHARED_GROUP,
      ackTimeoutMs: e.DEVICE_ACK_TIMEOUT_MS,
      retentionDays: e.TELEMETRY_RETENTION_DAYS,
      telemetryBufferMax: e.TELEMETRY_BUFFER_MAX,
      brokerLimits: {
        ...DEFAULT_BROKER_LIMITS,
        maxPacket: e.MQTT_MAX_PACKET_BYTES,
        connectTimeoutMs: e.MQTT_CONNECT_TIMEOUT_MS,
        maxConnections: e.MQTT_MAX_CONNECTIONS,
        maxConnectionsPerAddress: e.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
        connectsPerSecondPerAddress: e.MQTT_CONNECT_RATE_PER_ADDRESS,
        connectBurstPerAddress: e.MQTT_CONNECT_BURST_PER_ADDRESS,
        publishPerSecond: e.MQTT_PUBLISH_RATE,
        publishBurst: e.MQTT_PUBLISH_BURST,
        // Persistently over the rate: twice the burst dropped within 10 s.
        strikesToDisconnect: e.MQTT_PUBLISH_BURST * 2,
      },
      tls:
        e.MQTT_TLS_CERT_FILE && e.MQTT_TLS_KEY_FILE
          ? { port: e.MQTT_TLS_PORT, certFile: e.MQTT_TLS_CERT_FILE, keyFile: e.MQTT_TLS_KEY_FILE }
          : null,
      simulateDemo: e.SIMULATE_DEMO_DEVICES,
      simulateOtaFaults: Object.fromEntries(
        (e.SIMULATE_OTA_FAULTS ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.split(':') as [string, OtaFault]),
      ),
      aqiScale: e.AQI_SCALE,
      rolloutTickMs: e.ROLLOUT_TICK_MS,
      rolloutTimeoutScale: e.ROLLOUT_TIMEOUT_SCALE,
    },
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    automations: {
      catchUpMs: e.AUTOMATION_CATCH_UP_MINUTES * 60_000,
      tickMs: e.AUTOMATION_TICK_MS,
      alertsTickMs: e.ALERTS_TICK_MS,
    },
    push: 'settings' in push ? push.settings : { vapid: null, services: [], pollMs: 0 },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      pollMs: e.OUTBOX_POLL_MS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      retentionDays: e.OUTBOX_RETENTION_DAYS,
    },
    voice: {
      google:
        e.GOOGLE_HOMEGRAPH_KEY_FILE && e.GOOGLE_OAUTH_CLIENT_ID
          ? {
              keyFile: resolve(cwd, e.GOOGLE_HOMEGRAPH_KEY_FILE),
              homegraphUrl: e.GOOGLE_HOMEGRAPH_URL.replace(/\/+$/, ''),
              clientId: e.GOOGLE_OAUTH_CLIENT_ID,
            }
          : null,
      alexa:
        e.ALEXA_LWA_CLIENT_ID && e.ALEXA_LWA_CLIENT_SECRET
          ? {
              clientId: e.ALEXA_LWA_CLIENT_ID,
              clientSecret: e.ALEXA_LWA_CLIENT_SECRET,
              tokenUrl: e.ALEXA_LWA_TOKEN_URL,
              eventGatewayUrl: e.ALEXA_EVENT_GATEWAY_URL,
            }
          : null,
    },
    seller,
    social: {
      twitter: e.SOCIAL_TWITTER_URL,
      facebook: e.SOCIAL_FACEBOOK_URL,
      instagram: e.SOCIAL_INSTAGRAM_URL,
      linkedin: e.SOCIAL_LINKEDIN_URL,
      youtube: e.SOCIAL_YOUTUBE_URL,
    },
  };
}

const SELLER_SETTINGS = ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_STATE', 'SELLER_GSTIN'] as const;

/**
 * The seller on the tax invoices (issue 29). Required when invoices are issued for real money (production with
 * PAYMENT_PROVIDER=razorpay); elsewhere each unset one takes the contract's company (SELLER). The GSTIN must be
 * valid (check character) and of the state named by SELLER_STATE (a name or the GST state code).
 */
function sellerSettings(e: z.output<typeof envSchema>, required: boolean, problems: string[]): InvoiceSeller {
  if (required) {
    const unset = SELLER_SETTINGS.filter((name) => !e[name]?.trim());
    if (unset.length > 0) {
      problems.push(
        `Missing required setting${unset.length > 1 ? 's' : ''} ${unset.join(', ')}: the seller on every tax ` +
          'invoice, required when NODE_ENV=production with PAYMENT_PROVIDER=razorpay.',
      );
    }
  }
  const gstin = (e.SELLER_GSTIN ?? SELLER.gstin).trim().toUpperCase();
  const stateCode = gstStateCode(e.SELLER_STATE ?? SELLER.stateCode);
  if (!isValidGstin(gstin)) {
    problems.push('SELLER_GSTIN is not a valid GSTIN (15 characters with its check character).');
  }
  if (stateCode === undefined) {
    problems.push('SELLER_STATE must be an Indian state or union territory, by name or GST state code (29).');
  } else if (isValidGstin(gstin) && gstin.slice(0, 2) !== stateCode) {
    problems.push(
      `SELLER_GSTIN is registered in state ${gstin.slice(0, 2)}, not SELLER_STATE (${stateCode}).`,
    );
  }
  const code = stateCode ?? SELLER.stateCode;
  return {
    legal_name: (e.SELLER_LEGAL_NAME ?? SELLER.name).trim(),
    address: (e.SELLER_ADDRESS ?? SELLER.address).trim(),
    state: GST_STATES[code] ?? SELLER.state,
    state_code: code,
    gstin,
  };
}

/** The names of this machine's loopback interface, as URL hostnames. */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

export function isLoopbackHostname(hostname: string): boolean {
  return (LOOPBACK_HOSTNAMES as readonly string[]).includes(hostname);
}

/** `origin`, then (when it is a loopback origin) the same scheme and port under the other loopback names. */
export function withLoopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!isLoopbackHostname(url.hostname)) return [origin];
  const aliases = LOOPBACK_HOSTNAMES.filter((name) => name !== url.hostname).map((name) => {
    const alias = new URL(origin);
    alias.hostname = name;
    return alias.origin;
  });
  return [origin, ...aliases];
}
