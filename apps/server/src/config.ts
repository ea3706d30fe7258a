import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BILLING_ENV_FIELDS, type BillingSettings, parseBillingSettings } from './config-billing';
import { CLUSTER_ENV_FIELDS, type ClusterSettings, clusterSettings } from './config-cluster';
import { httpUrl, optionalText, withoutTrailingSlash } from './config-fields';
import { type LiveBrokerSettings, type PluggedBrokerKey, pluggedBrokerSettings } from './config-live-brokers';
import { OPERATOR_ENV_FIELDS, type OperatorSettings, operatorSettings } from './config-operator';
import {
  PLATFORM_FEED_ENV_FIELDS,
  type PlatformFeedSettings,
  parsePlatformFeedSettings,
} from './config-platform-feed';
import { parseRecordingSettings, RECORDING_ENV_FIELDS, type RecordingSettings } from './config-recording';
import { parseSmsSettings, SMS_ENV_FIELDS, type SmsSettings } from './config-sms';
import {
  type ProbeSettings,
  parseProbeSettings,
  parseTestServices,
  type TestServices,
} from './config-test-settings';

export type { BillingSettings, ZohoSettings } from './config-billing';
export { type LiveBrokerSettings, PLUGGED_BROKER_ENV, type PluggedBrokerKey } from './config-live-brokers';
export type { OperatorSettings } from './config-operator';
export type { PlatformFeedSettings } from './config-platform-feed';
export type { SmsSettings } from './config-sms';
export type { ProbeSettings, TestServices } from './config-test-settings';

// The only module that reads process.env: every setting is parsed once, at boot, into a frozen object.

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  XT_DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  XT_WEB_DIST: optionalText,
  ...CLUSTER_ENV_FIELDS,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  XT_SECRET_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  XT_ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  XT_TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  XT_HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  XT_DEV_TOOLS: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  XT_OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// URL' }).optional()),
  SMTP_FROM: optionalText,
  ...SMS_ENV_FIELDS,
  /** Telegram alerts bot (docs/alerts.md); off while the token is unset. */
  XT_TELEGRAM_BOT_TOKEN: optionalText,
  XT_TELEGRAM_API_URL: httpUrl.default('https://api.telegram.org'),
  ...BILLING_ENV_FIELDS,
  ...OPERATOR_ENV_FIELDS,
  ...PLATFORM_FEED_ENV_FIELDS,
  ...RECORDING_ENV_FIELDS,
  XT_FEED: z.enum(['simulator', 'replay']).default('simulator'),
  XT_SIM_SEED: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,10}$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().max(2 ** 32 - 1))
      .optional(),
  ),
  XT_SIM_MARKET_HOURS: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  XT_REPLAY_FILE: optionalText,
  XT_REPLAY_SPEED: z.coerce.number().positive().max(10_000).default(1),
  XT_PRACTICE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  XT_STALE_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  XT_INSTRUMENTS_CSV: optionalText,
  XT_INSTRUMENTS_SOURCE: z.enum(['auto', 'generated', 'kite']).default('auto'),
  XT_PAPER_CAPITAL: z.coerce.number().positive().max(1e12).default(1_000_000),
  XT_PAPER_BROKERAGE: z.coerce.number().min(0).max(10_000).default(20),
  XT_PAPER_SQUAREOFF_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour, IST)')
    .optional(),
  XT_KITE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://api.kite.trade'),
  XT_KITE_LOGIN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://kite.zerodha.com/connect/login'),
  XT_KITE_TICKER_URL: z
    .url({ protocol: /^wss?$/, error: 'must be a ws(s):// URL' })
    .default('wss://ws.kite.trade'),
  XT_IIFL_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://api.iiflcapital.com/v1'),
  XT_IIFL_LOGIN_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://markets.iiflcapital.com/'),
  XT_KITE_ALGO_ID: optionalText.pipe(z.string().max(64).optional()),
  XT_IIFL_APP_KEY: optionalText,
  XT_IIFL_APP_SECRET: optionalText,
});

/** Where the live-broker adapters reach each provider (tests point them at local fakes). */
export type BrokerSettings = Readonly<{
  /** Upstox, Fyers, Dhan, Angel One, Flattrade, AliceBlue and Rupeezy (Vortex). */
  live: Readonly<Record<PluggedBrokerKey, LiveBrokerSettings>>;
  kite: Readonly<{
    /** Kite Connect REST root, e.g. https://api.kite.trade. */
    apiUrl: string;
    /** Kite login page the browser is sent to (`?v=3&api_key=...`). */
    loginUrl: string;
    /** KiteTicker WebSocket, e.g. wss://ws.kite.trade. */
    tickerUrl: string;
    /** The operator's exchange algo id, sent as `algo_id` on every order (XT_KITE_ALGO_ID). */
    algoId: string | undefined;
  }>;
  iifl: Readonly<{
    /** IIFL Capital API root, e.g. https://api.iiflcapital.com/v1. */
    apiUrl: string;
    /** IIFL login page (`?v=1&appkey=...`). */
    loginUrl: string;
    /** This platform's IIFL app; undefined means IIFL login is not offered. */
    app: Readonly<{ appKey: string; appSecret: string }> | undefined;
  }>;
}>;

/** Typed, validated settings of one server process. */
export type Config = Readonly<
  ClusterSettings & {
    port: number;
    host: string;
    nodeEnv: 'development' | 'test' | 'production';
    isProduction: boolean;
    /** Absolute path of the folder holding the SQLite file and the generated secret key. */
    dataDir: string;
    /** PostgreSQL URL; undefined means the SQLite file `<dataDir>/x-trader.db`. */
    databaseUrl: string | undefined;
    /** Redis URL; undefined means the in-process bus. */
    redisUrl: string | undefined;
    /** Absolute path of the built web app (served if it exists). */
    webDist: string;
    logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
    /** Master secret text; undefined means generate one into `<dataDir>/secret.key` on first run. */
    secretKey: string | undefined;
    accessTokenTtlHours: number;
    /** Take the client address from X-Forwarded-For (only behind a trusted load balancer). */
    trustProxy: boolean;
    /** Longest a client may take to send one whole request (headers and body); then it gets a 408. */
    httpRequestTimeoutMs: number;
    /** Test hooks such as `POST /dev/market/price` are served (XT_DEV_TOOLS; never in production). */
    devTools: boolean;
    /** OTP requests allowed per client address per hour (a shared office address may need more). */
    otpSendsPerIpPerHour: number;
    /** SMTP delivery of OTPs; both must be set to email codes instead of using the dev outbox. */
    smtp: Readonly<{ url: string; from: string }> | undefined;
    /** SMS delivery of OTPs; undefined means no SMS (email and/or the dev outbox only). */
    sms: SmsSettings | undefined;
    /** Telegram alerts bot (XT_TELEGRAM_BOT_TOKEN); undefined means no bot. */
    telegram: Readonly<{ token: string; apiUrl: string }> | undefined;
    /** Market data: which feed drives prices and how (see docs/config.md). */
    market: Readonly<{
      feed: 'simulator' | 'replay';
      /** Seed of the simulator's random walk; undefined means a random seed per start. */
      simSeed: number | undefined;
      /** Simulator ticks only during exchange hours on trading days (default: at any hour). */
      simMarketHours: boolean;
      /** CSV `time,symbol,price` played by the replay feed (absolute path). */
      replayFile: string | undefined;
      replaySpeed: number;
      /** How late Practice Mode sees every price. */
      practiceDelayMs: number;
      /** A contract with no tick for longer than this (beyond the Practice delay) is stale (XT_STALE_TICK_MS). */
      staleTickMs: number;
      /**
       * A licensed vendor's real-time feed (XT_PLATFORM_FEED_*): when set it replaces the simulator or replay as the
       * shared source of everyone without a broker stream of their own; undefined means `feed` drives them.
       */
      platformFeed: PlatformFeedSettings | undefined;
    }>;
    /** Tick recording of every price source, for session replay (see docs/market-data.md). */
    recording: RecordingSettings;
    /**
     * Kite-format instruments CSV (absolute path or http(s) URL): XT_INSTRUMENTS_CSV, else Kite's published dump
     * (`<XT_KITE_API_URL>/instruments`) when XT_INSTRUMENTS_SOURCE is `kite` (or `auto` with a platform feed);
     * undefined means generate the master.
     */
    instrumentsCsv: string | undefined;
    /**
     * XT_INSTRUMENTS_SOURCE=auto without a CSV: once a user links a live broker, the master is built from that
     * broker's published master (its contracts and lot sizes) instead of generated.
     */
    instrumentsFromBrokers: boolean;
    /** Practice Mode's paper exchange (see docs/paper-broker.md). */
    paper: Readonly<{
      /** Virtual capital of a new or reset account, in rupees. */
      capital: number;
      /**
       * A fixed IST time MIS positions are squared off when the market keeps exchange hours (XT_SIM_MARKET_HOURS);
       * undefined: each day's square-off from the session table (core `sessions.ts`), which moves with the close.
       */
      squareOffTime: Readonly<{ hour: number; minute: number }> | undefined;
      /** Brokerage per executed paper order in rupees (futures pay the lower of it and 0.03% of turnover). */
      brokeragePerOrder: number;
    }>;
    /** Subscriptions: who takes payments (see docs/config.md). */
    billing: BillingSettings;
    /** Live brokers: provider base URLs and this platform's app keys (see docs/config.md). */
    brokers: BrokerSettings;
    /** Who runs this instance, for the terms, privacy policy, risk disclosure and contact pages. */
    operator: OperatorSettings;
  }
>;

/** Thrown when the environment holds invalid settings; the message lists every bad key. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const describeIssues = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);

type Env = z.infer<typeof envSchema>;

/** Billing settings; the zoho provider needs every Zoho credential and the public URL to return to. */
function billingSettings(e: Env): BillingSettings {
  const { settings, problems } = parseBillingSettings(e);
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}

/** The SMS provider's settings; each provider needs its own keys. */
function smsSettings(e: Env): SmsSettings | undefined {
  const { settings, problems } = parseSmsSettings(e);
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}

/** The platform feed's settings; its vendor needs a login. */
function platformFeedSettings(e: Env): PlatformFeedSettings | undefined {
  const { settings, problems } = parsePlatformFeedSettings(e);
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}

/** The plugged brokers' settings; every bad variable is named. */
function liveSettings(env: Record<string, string | undefined>): BrokerSettings['live'] {
  const { settings, problems } = pluggedBrokerSettings(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}

/** Provider URLs and the IIFL app; the IIFL key and secret come as a pair. */
function brokerSettings(e: Env, env: Record<string, string | undefined>): BrokerSettings {
  if ((e.XT_IIFL_APP_KEY === undefined) !== (e.XT_IIFL_APP_SECRET === undefined)) {
    throw new ConfigError(['XT_IIFL_APP_KEY, XT_IIFL_APP_SECRET: set both to offer IIFL login, or neither']);
  }
  const app =
    e.XT_IIFL_APP_KEY && e.XT_IIFL_APP_SECRET
      ? Object.freeze({ appKey: e.XT_IIFL_APP_KEY, appSecret: e.XT_IIFL_APP_SECRET })
      : undefined;
  return Object.freeze({
    live: liveSettings(env),
    kite: Object.freeze({
      apiUrl: withoutTrailingSlash(e.XT_KITE_API_URL),
      loginUrl: e.XT_KITE_LOGIN_URL,
      tickerUrl: e.XT_KITE_TICKER_URL,
      algoId: e.XT_KITE_ALGO_ID,
    }),
    iifl: Object.freeze({
      apiUrl: withoutTrailingSlash(e.XT_IIFL_API_URL),
      loginUrl: e.XT_IIFL_LOGIN_URL,
      app,
    }),
  });
}

/** Unique enough to tell two processes apart, readable in logs: host, pid and a random suffix. */
/**
 * Where the instrument master comes from: an explicit CSV, else the broker's published master (Kite's public dump)
 * when asked for, or by default when real prices come from a platform feed (its contracts are the exchange's, which
 * a generated master only approximates); else undefined (generated).
 */
function instrumentsCsvOf(e: Env): string | undefined {
  const csv = e.XT_INSTRUMENTS_CSV;
  if (csv !== undefined) return /^https?:\/\//i.test(csv) ? csv : path.resolve(csv);
  const fromKite =
    e.XT_INSTRUMENTS_SOURCE === 'kite' ||
    (e.XT_INSTRUMENTS_SOURCE === 'auto' && e.XT_PLATFORM_FEED_VENDOR !== 'none');
  return fromKite ? `${withoutTrailingSlash(e.XT_KITE_API_URL)}/instruments` : undefined;
}

/** Parses the settings from `env` (pure over its argument, so tests pass their own env). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error));
  const e = parsed.data;
  if ((e.SMTP_URL === undefined) !== (e.SMTP_FROM === undefined)) {
    throw new ConfigError(['SMTP_URL, SMTP_FROM: set both to send OTPs by email, or neither']);
  }
  if (e.XT_DEV_TOOLS && e.NODE_ENV === 'production') {
    throw new ConfigError(['XT_DEV_TOOLS: test hooks cannot be enabled when NODE_ENV is production']);
  }
  if (e.XT_FEED === 'replay' && e.XT_REPLAY_FILE === undefined) {
    throw new ConfigError(['XT_REPLAY_FILE: required when XT_FEED is replay']);
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    dataDir: path.resolve(e.XT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    ...clusterSettings(e),
    webDist: path.resolve(e.XT_WEB_DIST ?? DEFAULT_WEB_DIST),
    logLevel: e.LOG_LEVEL,
    secretKey: e.XT_SECRET_KEY,
    accessTokenTtlHours: e.XT_ACCESS_TOKEN_TTL_HOURS,
    trustProxy: e.XT_TRUST_PROXY,
    httpRequestTimeoutMs: e.XT_HTTP_REQUEST_TIMEOUT_MS,
    devTools: e.XT_DEV_TOOLS,
    otpSendsPerIpPerHour: e.XT_OTP_SENDS_PER_IP_PER_HOUR,
    smtp: e.SMTP_URL && e.SMTP_FROM ? Object.freeze({ url: e.SMTP_URL, from: e.SMTP_FROM }) : undefined,
    sms: smsSettings(e),
    telegram: e.XT_TELEGRAM_BOT_TOKEN
      ? Object.freeze({ token: e.XT_TELEGRAM_BOT_TOKEN, apiUrl: withoutTrailingSlash(e.XT_TELEGRAM_API_URL) })
      : undefined,
    market: Object.freeze({
      feed: e.XT_FEED,
      simSeed: e.XT_SIM_SEED,
      simMarketHours: e.XT_SIM_MARKET_HOURS,
      replayFile: e.XT_REPLAY_FILE === undefined ? undefined : path.resolve(e.XT_REPLAY_FILE),
      replaySpeed: e.XT_REPLAY_SPEED,
      practiceDelayMs: e.XT_PRACTICE_DELAY_MS,
      staleTickMs: e.XT_STALE_TICK_MS,
      platformFeed: platformFeedSettings(e),
    }),
    recording: parseRecordingSettings(e),
    paper: Object.freeze({
      capital: e.XT_PAPER_CAPITAL,
      brokeragePerOrder: e.XT_PAPER_BROKERAGE,
      squareOffTime:
        e.XT_PAPER_SQUAREOFF_TIME === undefined
          ? undefined
          : Object.freeze({
              hour: Number(e.XT_PAPER_SQUAREOFF_TIME.slice(0, 2)),
              minute: Number(e.XT_PAPER_SQUAREOFF_TIME.slice(3, 5)),
            }),
    }),
    instrumentsCsv: instrumentsCsvOf(e),
    instrumentsFromBrokers: e.XT_INSTRUMENTS_SOURCE === 'auto' && instrumentsCsvOf(e) === undefined,
    billing: billingSettings(e),
    brokers: brokerSettings(e, env),
    operator: operatorSettings(e),
  });
}

/** Reads `TEST_DATABASE_URL` / `TEST_REDIS_URL` (kept here so no other file touches process.env). */
export const loadTestServices = (env: Record<string, string | undefined> = process.env): TestServices =>
  parseTestServices(env);

/** Reads the probe sizes (kept here so no other file touches process.env). */
export const loadProbeSettings = (env: Record<string, string | undefined> = process.env): ProbeSettings =>
  parseProbeSettings(env);
