import { z } from 'zod';
import { httpUrl, optionalText, withoutTrailingSlash } from './config-fields';

// The seven brokers on the plugin seam, each configured by the same variables (see docs/config.md). Pure over the
// environment it is given: config.ts reads process.env and reports the problems.

/** The live brokers configured by the same three variables each (`XT_<KEY>_BASE_URL`, `_APP_KEY`, `_APP_SECRET`). */
export const PLUGGED_BROKER_ENV = {
  upstox: 'UPSTOX',
  fyers: 'FYERS',
  dhan: 'DHAN',
  angelone: 'ANGELONE',
  flattrade: 'FLATTRADE',
  aliceblue: 'ALICEBLUE',
  vortex: 'VORTEX',
} as const;
export type PluggedBrokerKey = keyof typeof PLUGGED_BROKER_ENV;

/** One live broker's settings (see docs/config.md). */
export type LiveBrokerSettings = Readonly<{
  /**
   * Replaces the scheme and host of every endpoint of the broker (REST, auth, order host, instrument master, login
   * page, stream) keeping the documented paths; undefined means the broker's own hosts. Tests point it at a fake.
   */
  baseUrl: string | undefined;
  /** This platform's app at the broker (key and, where the broker has one, secret); undefined: login not offered. */
  app: Readonly<{ appKey: string; appSecret: string | undefined }> | undefined;
  /** The operator's exchange algo id, sent on every order where the broker's API takes one. */
  algoId: string | undefined;
}>;

/** Every plugged broker's settings, by key. */
export type LiveBrokersSettings = Readonly<Record<PluggedBrokerKey, LiveBrokerSettings>>;

const liveBrokerEnvSchema = z.object({
  baseUrl: optionalText.pipe(httpUrl.optional()),
  appKey: optionalText,
  appSecret: optionalText,
  algoId: optionalText.pipe(z.string().max(64).optional()),
});

/** `XT_<KEY>_BASE_URL`, `XT_<KEY>_APP_KEY`, `XT_<KEY>_APP_SECRET`, `XT_<KEY>_ALGO_ID` of each plugged broker. */
export function pluggedBrokerSettings(env: Record<string, string | undefined>): {
  settings: LiveBrokersSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const entries = Object.entries(PLUGGED_BROKER_ENV).map(([key, name]) => {
    const variable = (suffix: string) => `XT_${name}_${suffix}`;
    const parsed = liveBrokerEnvSchema.safeParse({
      baseUrl: env[variable('BASE_URL')],
      appKey: env[variable('APP_KEY')],
      appSecret: env[variable('APP_SECRET')],
      algoId: env[variable('ALGO_ID')],
    });
    if (!parsed.success) {
      const suffixOf = { baseUrl: 'BASE_URL', appKey: 'APP_KEY', appSecret: 'APP_SECRET', algoId: 'ALGO_ID' };
      for (const issue of parsed.error.issues) {
        problems.push(`${variable(suffixOf[issue.path[0] as keyof typeof suffixOf])}: ${issue.message}`);
      }
      return [key, undefined] as const;
    }
    const { baseUrl, appKey, appSecret, algoId } = parsed.data;
    if (appSecret !== undefined && appKey === undefined) {
      problems.push(`${variable('APP_KEY')}: required when ${variable('APP_SECRET')} is set`);
    }
    const settings: LiveBrokerSettings = Object.freeze({
      baseUrl: baseUrl === undefined ? undefined : withoutTrailingSlash(baseUrl),
      app: appKey === undefined ? undefined : Object.freeze({ appKey, appSecret }),
      algoId,
    });
    return [key, settings] as const;
  });
  return { settings: Object.freeze(Object.fromEntries(entries)) as LiveBrokersSettings, problems };
}
