import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** A complete production environment. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  JWT_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  RAZORPAY_KEY_SECRET: 'k',
  RAZORPAY_WEBHOOK_SECRET: 'w',
  SELLER_LEGAL_NAME: 'Isaac Technologies Private Limited',
  SELLER_ADDRESS: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
  SELLER_STATE: 'Karnataka',
  SELLER_GSTIN: '29AAECI1234F1ZU',
};

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
      firmwareDir: '/repo/data/firmware',
      demo: false,
      serveWeb: true,
      webDist: '/repo/apps/web/build/client',
      payment: { provider: 'sandbox', sandboxAllowed: true, apiBase: 'https://api.razorpay.com' },
    });
    expect(config.webOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("reads the demo devices' firmware faults (SIMULATE_OTA_FAULTS) and names a bad one", () => {
    expect(loadConfig({}, '/repo').devices.simulateOtaFaults).toEqual({});
    expect(
      loadConfig({ SIMULATE_OTA_FAULTS: 'SKW-2025-1014:wrong-checksum,ISC-2025-1000:power-loss' }, '/repo')
        .devices.simulateOtaFaults,
    ).toEqual({ 'SKW-2025-1014': 'wrong-checksum', 'ISC-2025-1000': 'power-loss' });
    expect(() => loadConfig({ SIMULATE_OTA_FAULTS: 'SKW-2025-1014:melts' }, '/repo')).toThrow(
      /SIMULATE_OTA_FAULTS/,
    );
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
      /JWT_SECRET, DATA_ENCRYPTION_KEYS, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
    const secrets = PRODUCTION;
    expect(loadConfig(secrets).isProduction).toBe(true);
    const { RAZORPAY_KEY_ID: _keyId, ...withoutKeyId } = secrets;
    expect(() => loadConfig(withoutKeyId)).toThrow(/RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ ...secrets, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('ADMIN_TWO_FACTOR_REQUIRED: on by default in production, off under DEMO and outside production', () => {
    const production = PRODUCTION;
    expect(loadConfig(production).adminTwoFactorRequired).toBe(true);
    expect(loadConfig({ ...production, DEMO: 'true' }).adminTwoFactorRequired).toBe(false);
    expect(loadConfig({ ...production, ADMIN_TWO_FACTOR_REQUIRED: 'false' }).adminTwoFactorRequired).toBe(
      false,
    );
    expect(loadConfig({}).adminTwoFactorRequired).toBe(false);
    expect(loadConfig({ ADMIN_TWO_FACTOR_REQUIRED: 'true' }).adminTwoFactorRequired).toBe(true);
    expect(loadConfig({ DEMO: 'true', ADMIN_TWO_FACTOR_REQUIRED: 'yes' }).adminTwoFactorRequired).toBe(true);
  });

  it('production names its payment provider: no silent sandbox (free orders)', () => {
    const secrets = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEYS: PRODUCTION.DATA_ENCRYPTION_KEYS,
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    };
    expect(() => loadConfig(secrets)).toThrow(ConfigError);
    expect(() => loadConfig(secrets)).toThrow(/PAYMENT_PROVIDER must be set/);
    expect(() => loadConfig({ ...secrets, PAYMENT_PROVIDER: '' })).toThrow(/PAYMENT_PROVIDER must be set/);
    // Every problem at once: the missing secrets and the provider.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*PAYMENT_PROVIDER/);
    // The sandbox in production only when explicitly allowed.
    expect(() => loadConfig({ ...secrets, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(() =>
      loadConfig({ ...secrets, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false' }),
    ).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(
      loadConfig({ ...secrets, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' }).payment,
    ).toMatchObject({ provider: 'sandbox', sandboxAllowed: true });
    expect(loadConfig({ ...PRODUCTION, ...secrets }).payment).toMatchObject({
      provider: 'razorpay',
      sandboxAllowed: false,
    });
  });

  it('outside production the sandbox is the default, and can be switched off', () => {
    expect(loadConfig({}).payment).toMatchObject({ provider: 'sandbox', sandboxAllowed: true });
    expect(() => loadConfig({ ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(
      loadConfig({ ALLOW_SANDBOX_PAYMENTS: 'false', PAYMENT_PROVIDER: 'razorpay' }).payment,
    ).toMatchObject({
      provider: 'razorpay',
      sandboxAllowed: false,
    });
  });

  it('every loopback name of the web port is a web origin outside production, none in production', () => {
    expect(loadConfig({ PORT: '3200', API_PORT: '4200' }, '/r')).toMatchObject({
      webOrigin: 'http://localhost:3200',
      publicApiUrl: 'http://localhost:4200',
      webOrigins: ['http://localhost:3200', 'http://127.0.0.1:3200', 'http://[::1]:3200'],
      apiOrigins: ['http://localhost:4200', 'http://127.0.0.1:4200', 'http://[::1]:4200'],
    });
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.example.com/' }).apiOrigins).toEqual([
      'https://api.example.com',
    ]);
    expect(loadConfig({ WEB_ORIGIN: 'http://127.0.0.1:3000/' }).webOrigins).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
    ]);
    expect(loadConfig({ WEB_ORIGIN: 'https://shop.example.com' }).webOrigins).toEqual([
      'https://shop.example.com',
    ]);
    const production = loadConfig({ ...PRODUCTION, WEB_ORIGIN: 'http://localhost:3000' });
    expect(production.webOrigins).toEqual(['http://localhost:3000']);
    expect(production.apiOrigins).toEqual(['http://localhost:4000']);
  });

  it('names invalid settings', () => {
    expect(() => loadConfig({ API_PORT: 'abc', PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /API_PORT[\s\S]*PAYMENT_PROVIDER/,
    );
  });

  it('the seller on the invoices: required in production with real payments, GSTIN checked (issue 29)', () => {
    const {
      SELLER_LEGAL_NAME: _name,
      SELLER_ADDRESS: _address,
      SELLER_STATE: _state,
      SELLER_GSTIN: _gstin,
      ...withoutSeller
    } = PRODUCTION;
    expect(() => loadConfig(withoutSeller)).toThrow(
      /SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE, SELLER_GSTIN/,
    );
    expect(loadConfig(PRODUCTION).seller).toEqual({
      legal_name: 'Isaac Technologies Private Limited',
      address: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
      state: 'Karnataka',
      state_code: '29',
      gstin: '29AAECI1234F1ZU',
    });
    // a wrong check character, and a GSTIN of another state than SELLER_STATE
    expect(() => loadConfig({ ...PRODUCTION, SELLER_GSTIN: '29AAECI1234F1ZV' })).toThrow(
      /SELLER_GSTIN is not a valid GSTIN/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SELLER_GSTIN: '27AAPFU0939F1ZV' })).toThrow(
      /registered in state 27, not SELLER_STATE \(29\)/,
    );
    expect(
      loadConfig({ ...PRODUCTION, SELLER_STATE: '27', SELLER_GSTIN: '27AAPFU0939F1ZV' }).seller,
    ).toMatchObject({ state: 'Maharashtra', state_code: '27' });
    expect(() => loadConfig({ ...PRODUCTION, SELLER_STATE: 'Atlantis' })).toThrow(/SELLER_STATE must be/);
    // a test shop (the sandbox) and development take the contract's company
    const sandboxShop = { ...withoutSeller, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' };
    expect(loadConfig(sandboxShop).seller).toMatchObject({ gstin: '29AAECI1234F1ZU', state_code: '29' });
    expect(loadConfig({}).seller.address).toBe(
      '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
    );
  });
});
