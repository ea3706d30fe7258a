import { z } from 'zod';
import { optionalText } from './config-fields';

// The platform feed (see docs/config.md, docs/market-data.md): real prices from a licensed market-data vendor under
// the operator's own licence, served to every user without a broker stream of their own instead of the simulator.
// Pure over the values config.ts parsed.

/** The platform-feed variables, part of config.ts's environment schema. */
export const PLATFORM_FEED_ENV_FIELDS = {
  XT_PLATFORM_FEED_VENDOR: z.enum(['none', 'truedata']).default('none'),
  /** TrueData's real-time WebSocket: port 8082 in production, 8084 on its sandbox. */
  XT_PLATFORM_FEED_URL: z
    .url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' })
    .default('wss://push.truedata.in:8082'),
  XT_PLATFORM_FEED_USER: optionalText,
  XT_PLATFORM_FEED_PASSWORD: optionalText,
  /**
   * The licence's symbol limit (symbols subscribed at once); unset: the vendor's own figure from its login answer.
   * Over it the feed keeps the indices, then held contracts, then the most watched.
   */
  XT_PLATFORM_FEED_MAX_SYMBOLS: z.coerce.number().int().min(1).optional(),
};

const platformFeedEnvSchema = z.object(PLATFORM_FEED_ENV_FIELDS);
type PlatformFeedEnv = z.infer<typeof platformFeedEnvSchema>;

/** A vendor's real-time feed the operator is licensed to show to all users. */
export type PlatformFeedSettings = Readonly<{
  vendor: 'truedata';
  url: string;
  user: string;
  password: string;
  /** The licence's symbol limit; undefined: the vendor's figure (TrueData's `maxsymbols`), else none. */
  maxSymbols?: number;
}>;

/** The platform feed's settings; the vendor needs its login (the missing variables are named). */
export function parsePlatformFeedSettings(e: PlatformFeedEnv): {
  settings: PlatformFeedSettings | undefined;
  problems: string[];
} {
  if (e.XT_PLATFORM_FEED_VENDOR === 'none') return { settings: undefined, problems: [] };
  const problems = Object.entries({
    XT_PLATFORM_FEED_USER: e.XT_PLATFORM_FEED_USER,
    XT_PLATFORM_FEED_PASSWORD: e.XT_PLATFORM_FEED_PASSWORD,
  })
    .filter(([, value]) => value === undefined)
    .map(([key]) => `${key}: required when XT_PLATFORM_FEED_VENDOR is ${e.XT_PLATFORM_FEED_VENDOR}`);
  if (problems.length > 0) return { settings: undefined, problems };
  return {
    settings: Object.freeze({
      vendor: e.XT_PLATFORM_FEED_VENDOR,
      url: e.XT_PLATFORM_FEED_URL,
      user: e.XT_PLATFORM_FEED_USER as string,
      password: e.XT_PLATFORM_FEED_PASSWORD as string,
      ...(e.XT_PLATFORM_FEED_MAX_SYMBOLS !== undefined ? { maxSymbols: e.XT_PLATFORM_FEED_MAX_SYMBOLS } : {}),
    }),
    problems: [],
  };
}
