import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment and validated once at start.
 * Secrets have development defaults only outside production; in production a missing secret stops
 * the server with a message naming it (see `loadConfig`).
 */

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

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
  PUBLIC_API_URL: z.url().default('http://localhost:4000'),
  WEB_ORIGIN: z.url().default('http://localhost:3000'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: optionalText,
  DEMO: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVE_WEB: bool(true),
  WEB_DIST: z.string().min(1).default('apps/web/build/client'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .default(24 * 60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(7),
  TRUST_PROXY: bool(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SOCIAL_TWITTER_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Port of the web (static build) server. */
  port: number;
  /** Port of the JSON API. */
  apiPort: number;
  host: string;
  /** The API base URL browsers use (written into /config.js). */
  publicApiUrl: string;
  /** The only origin CORS allows (with credentials). */
  webOrigin: string;
  /** PostgreSQL connection string; undefined = embedded PGlite in `dataDir`. `memory://` = in-memory PGlite. */
  databaseUrl: string | undefined;
  /** Absolute path of the PGlite data directory. */
  dataDir: string;
  jwtSecret: string;
  demo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  serveWeb: boolean;
  /** Absolute path of the built web (React Router's build/client). */
  webDist: string;
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-* (per-IP limits, Secure cookies). */
  trustProxy: boolean;
  /** Global per-IP request budget of the API (per minute). */
  rateLimitPerMinute: number;
  payment: {
    provider: 'sandbox' | 'razorpay';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiBase: string;
    /** Sandbox only: how long after a successful payment it delivers the signed payment.captured webhook. */
    sandboxWebhookDelayMs: number;
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

  const razorpay = e.PAYMENT_PROVIDER === 'razorpay';
  const jwtSecret = secret('JWT_SECRET', e.JWT_SECRET, true);
  const keyId = secret('RAZORPAY_KEY_ID', e.RAZORPAY_KEY_ID, razorpay);
  // The sandbox signs its orders and webhooks with these too, so production needs them either way.
  const keySecret = secret('RAZORPAY_KEY_SECRET', e.RAZORPAY_KEY_SECRET, true);
  const webhookSecret = secret('RAZORPAY_WEBHOOK_SECRET', e.RAZORPAY_WEBHOOK_SECRET, true);
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing required setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: ` +
        'secrets have no default when NODE_ENV=production.',
    );
  }
  if (isProduction && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters when NODE_ENV=production.');
  }

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    apiPort: e.API_PORT,
    host: e.HOST,
    publicApiUrl: e.PUBLIC_API_URL.replace(/\/+$/, ''),
    webOrigin: new URL(e.WEB_ORIGIN).origin,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(cwd, e.DATA_DIR),
    jwtSecret,
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    serveWeb: e.SERVE_WEB,
    webDist: resolve(cwd, e.WEB_DIST),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    payment: {
      provider: e.PAYMENT_PROVIDER,
      keyId,
      keySecret,
      webhookSecret,
      apiBase: e.RAZORPAY_API_BASE.replace(/\/+$/, ''),
      sandboxWebhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
    },
    social: {
      twitter: e.SOCIAL_TWITTER_URL,
      facebook: e.SOCIAL_FACEBOOK_URL,
      instagram: e.SOCIAL_INSTAGRAM_URL,
      linkedin: e.SOCIAL_LINKEDIN_URL,
      youtube: e.SOCIAL_YOUTUBE_URL,
    },
  };
}
