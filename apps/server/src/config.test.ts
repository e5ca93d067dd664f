import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults outside production', () => {
    const config = loadConfig({}, '/repo');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      apiPort: 4000,
      host: '0.0.0.0',
      publicApiUrl: 'http://localhost:4000',
      webOrigin: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: '/repo/data',
      demo: false,
      serveWeb: true,
      webDist: '/repo/apps/web/build/client',
      payment: { provider: 'sandbox', apiBase: 'https://api.razorpay.com' },
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('parses booleans and numbers', () => {
    const config = loadConfig(
      { DEMO: 'true', SERVE_WEB: '0', API_PORT: '5000', SESSION_IDLE_MINUTES: '30' },
      '/r',
    );
    expect(config).toMatchObject({ demo: true, serveWeb: false, apiPort: 5000, sessionIdleMinutes: 30 });
  });

  it('refuses to start in production without secrets, naming each missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
    const secrets = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    };
    expect(loadConfig(secrets).isProduction).toBe(true);
    expect(() => loadConfig({ ...secrets, PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ ...secrets, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('names invalid settings', () => {
    expect(() => loadConfig({ API_PORT: 'abc', PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /API_PORT[\s\S]*PAYMENT_PROVIDER/,
    );
  });
});
