import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadProbeSettings, loadTestServices } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      isProduction: false,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      secretKey: undefined,
      accessTokenTtlHours: 24,
      trustProxy: false,
      smtp: undefined,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      XT_DATA_DIR: '/tmp/xt',
      DATABASE_URL: 'postgres://u@db:5432/x',
      REDIS_URL: 'redis://cache:6379',
      XT_WEB_DIST: '/srv/web',
      LOG_LEVEL: 'debug',
      XT_SECRET_KEY: 'k'.repeat(40),
      XT_ACCESS_TOKEN_TTL_HOURS: '12',
      XT_TRUST_PROXY: 'true',
      SMTP_URL: 'smtp://mail:25',
      SMTP_FROM: 'X-Trader <otp@x-trader.local>',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      isProduction: true,
      dataDir: '/tmp/xt',
      databaseUrl: 'postgres://u@db:5432/x',
      redisUrl: 'redis://cache:6379',
      webDist: '/srv/web',
      logLevel: 'debug',
      accessTokenTtlHours: 12,
      trustProxy: true,
      smtp: { url: 'smtp://mail:25', from: 'X-Trader <otp@x-trader.local>' },
    });
  });

  it('names the instance from XT_INSTANCE_ID, or uniquely per process', () => {
    expect(
      loadConfig({ XT_INSTANCE_ID: 'web-1', XT_LEASE_TTL_MS: '5000', XT_FORWARD_TIMEOUT_MS: '2000' }),
    ).toMatchObject({ instanceId: 'web-1', leaseTtlMs: 5000, forwardTimeoutMs: 2000 });
    expect(loadConfig({}).forwardTimeoutMs).toBe(10_000);
    const first = loadConfig({}).instanceId;
    expect(first).toContain(String(process.pid));
    expect(loadConfig({}).instanceId).not.toBe(first);
    expect(loadConfig({}).leaseTtlMs).toBe(3000);
    expect(() => loadConfig({ XT_INSTANCE_ID: 'a b' })).toThrow(/XT_INSTANCE_ID/);
    expect(() => loadConfig({ XT_LEASE_TTL_MS: '10' })).toThrow(/XT_LEASE_TTL_MS/);
  });

  it('prefixes Redis channels with XT_REDIS_PREFIX (default xt:)', () => {
    expect(loadConfig({}).redisPrefix).toBe('xt:');
    expect(loadConfig({ XT_REDIS_PREFIX: 'xt-staging:' }).redisPrefix).toBe('xt-staging:');
    expect(() => loadConfig({ XT_REDIS_PREFIX: 'a b' })).toThrow(/XT_REDIS_PREFIX/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it('lists every bad key at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', XT_SECRET_KEY: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['DATABASE_URL', 'NODE_ENV', 'PORT', 'XT_SECRET_KEY']);
    expect((caught as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('reads the HTTP request timeout and the dev tools switch, never on in production', () => {
    expect(loadConfig({})).toMatchObject({ httpRequestTimeoutMs: 30_000, devTools: false });
    expect(loadConfig({ XT_HTTP_REQUEST_TIMEOUT_MS: '5000', XT_DEV_TOOLS: '1' })).toMatchObject({
      httpRequestTimeoutMs: 5000,
      devTools: true,
    });
    expect(() => loadConfig({ XT_DEV_TOOLS: '1', NODE_ENV: 'production' })).toThrow(/XT_DEV_TOOLS/);
  });

  it('refuses half an SMTP setup', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' })).toThrow(/SMTP_URL, SMTP_FROM/);
  });

  it('reads the SMS provider, and names the keys each one is missing', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(
      loadConfig({
        XT_SMS_PROVIDER: 'msg91',
        XT_MSG91_AUTH_KEY: 'key',
        XT_SMS_DLT_TEMPLATE_ID: '1107',
        XT_MSG91_BASE_URL: 'http://127.0.0.1:9/',
      }).sms,
    ).toEqual({
      provider: 'msg91',
      baseUrl: 'http://127.0.0.1:9',
      authKey: 'key',
      templateId: '1107',
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        XT_SMS_PROVIDER: 'twilio',
        XT_TWILIO_ACCOUNT_SID: 'AC1',
        XT_TWILIO_AUTH_TOKEN: 'token',
        XT_SMS_SENDER_ID: 'XTRADR',
        XT_SMS_TIMEOUT_MS: '2500',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      baseUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'token',
      senderId: 'XTRADR',
      timeoutMs: 2500,
    });
    expect(() => loadConfig({ XT_SMS_PROVIDER: 'msg91' })).toThrow(
      /XT_MSG91_AUTH_KEY.*\n.*XT_SMS_DLT_TEMPLATE_ID/,
    );
    expect(() => loadConfig({ XT_SMS_PROVIDER: 'twilio', XT_TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /XT_TWILIO_AUTH_TOKEN: required when XT_SMS_PROVIDER is twilio/,
    );
    expect(() => loadConfig({ XT_SMS_PROVIDER: 'sns' })).toThrow(/XT_SMS_PROVIDER/);
  });

  it('reads the platform feed, and names the login it is missing', () => {
    expect(loadConfig({}).market.platformFeed).toBeUndefined();
    expect(
      loadConfig({
        XT_PLATFORM_FEED_VENDOR: 'truedata',
        XT_PLATFORM_FEED_USER: 'tdws1',
        XT_PLATFORM_FEED_PASSWORD: 'pw',
      }).market.platformFeed,
    ).toEqual({ vendor: 'truedata', url: 'wss://push.truedata.in:8082', user: 'tdws1', password: 'pw' });
    expect(() => loadConfig({ XT_PLATFORM_FEED_VENDOR: 'truedata', XT_PLATFORM_FEED_USER: 'u' })).toThrow(
      /XT_PLATFORM_FEED_PASSWORD: required when XT_PLATFORM_FEED_VENDOR is truedata/,
    );
    const login = {
      XT_PLATFORM_FEED_VENDOR: 'truedata',
      XT_PLATFORM_FEED_USER: 'u',
      XT_PLATFORM_FEED_PASSWORD: 'p',
    };
    expect(
      loadConfig({ ...login, XT_PLATFORM_FEED_MAX_SYMBOLS: '500' }).market.platformFeed?.maxSymbols,
    ).toBe(500);
    expect(() => loadConfig({ ...login, XT_PLATFORM_FEED_MAX_SYMBOLS: '0' })).toThrow(
      /XT_PLATFORM_FEED_MAX_SYMBOLS/,
    );
    expect(() => loadConfig({ XT_PLATFORM_FEED_URL: 'http://x' })).toThrow(/XT_PLATFORM_FEED_URL/);
    expect(() => loadConfig({ XT_PLATFORM_FEED_VENDOR: 'acme' })).toThrow(/XT_PLATFORM_FEED_VENDOR/);
  });

  it('reads the paper exchange settings', () => {
    expect(loadConfig({}).paper.capital).toBe(1_000_000);
    // Unset: the square-off comes from the session table each day.
    expect(loadConfig({}).paper.squareOffTime).toBeUndefined();
    expect(
      loadConfig({ XT_PAPER_CAPITAL: '250000.5', XT_PAPER_SQUAREOFF_TIME: '09:05', XT_PAPER_BROKERAGE: '15' })
        .paper,
    ).toEqual({
      capital: 250_000.5,
      squareOffTime: { hour: 9, minute: 5 },
      brokeragePerOrder: 15,
    });
    expect(loadConfig({}).paper.brokeragePerOrder).toBe(20);
    expect(() => loadConfig({ XT_PAPER_BROKERAGE: '-1' })).toThrow(/XT_PAPER_BROKERAGE/);
    expect(() => loadConfig({ XT_PAPER_SQUAREOFF_TIME: '15:60' })).toThrow(
      /XT_PAPER_SQUAREOFF_TIME: must be HH:MM/,
    );
    expect(() => loadConfig({ XT_PAPER_CAPITAL: '0' })).toThrow(/XT_PAPER_CAPITAL/);
  });
});

describe('live broker settings', () => {
  it('reads XT_<KEY>_BASE_URL, _APP_KEY, _APP_SECRET and _ALGO_ID of each plugged broker', () => {
    const config = loadConfig({
      XT_UPSTOX_BASE_URL: 'http://127.0.0.1:4010/',
      XT_UPSTOX_APP_KEY: 'up-key',
      XT_UPSTOX_APP_SECRET: 'up-secret',
      XT_ANGELONE_APP_KEY: 'angel-key',
      XT_DHAN_ALGO_ID: 'ALGO7',
    });
    expect(config.brokers.live.upstox).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      app: { appKey: 'up-key', appSecret: 'up-secret' },
      algoId: undefined,
    });
    expect(config.brokers.live.angelone.app).toEqual({ appKey: 'angel-key', appSecret: undefined });
    expect(config.brokers.live.dhan).toEqual({ baseUrl: undefined, app: undefined, algoId: 'ALGO7' });
    expect(Object.keys(config.brokers.live).sort()).toEqual([
      'aliceblue',
      'angelone',
      'dhan',
      'flattrade',
      'fyers',
      'upstox',
      'vortex',
    ]);
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ XT_FYERS_BASE_URL: 'ftp://x' })).toThrow(/XT_FYERS_BASE_URL: must be an http/);
    expect(() => loadConfig({ XT_VORTEX_APP_SECRET: 's' })).toThrow(
      /XT_VORTEX_APP_KEY: required when XT_VORTEX_APP_SECRET is set/,
    );
  });
});

describe('loadTestServices', () => {
  it('reads the optional test service URLs', () => {
    expect(loadTestServices({})).toEqual({ databaseUrl: undefined, redisUrl: undefined });
    expect(loadTestServices({ TEST_DATABASE_URL: 'postgres://p@h/t', TEST_REDIS_URL: 'redis://h' })).toEqual({
      databaseUrl: 'postgres://p@h/t',
      redisUrl: 'redis://h',
    });
  });
});

describe('loadProbeSettings', () => {
  it('defaults to the CI sizes of the probes', () => {
    expect(loadProbeSettings({})).toEqual({
      fuzzRuns: 20_000,
      fuzzSeed: undefined,
      fuzzVerbose: false,
      abuseParallel: 300,
      concurrencyRounds: 8,
      crashCycles: 16,
      probeSeed: undefined,
    });
  });

  it('takes larger runs and a seed to replay, and refuses sizes that would prove nothing', () => {
    expect(
      loadProbeSettings({
        XT_FUZZ_RUNS: '200000',
        XT_FUZZ_SEED: '42',
        XT_FUZZ_VERBOSE: '1',
        XT_CONCURRENCY_ROUNDS: '50',
      }),
    ).toMatchObject({ fuzzRuns: 200_000, fuzzSeed: 42, fuzzVerbose: true, concurrencyRounds: 50 });
    expect(() => loadProbeSettings({ XT_ABUSE_PARALLEL: '5' })).toThrow();
    expect(() => loadProbeSettings({ XT_FUZZ_RUNS: 'lots' })).toThrow();
  });
});
