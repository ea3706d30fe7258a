import { z } from 'zod';

// Tick recording for session replay (see docs/config.md): the variables and what they make. Pure over the values
// config.ts parsed.

/** The recording variables, part of config.ts's environment schema. */
export const RECORDING_ENV_FIELDS = {
  XT_RECORDING_ENABLED: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  XT_RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  XT_RECORDING_MAX_TICKS_PER_DAY: z.coerce.number().int().min(1000).max(50_000_000).default(500_000),
  XT_RECORDING_MAX_TICKS_PER_SECOND: z.coerce.number().min(0.1).max(100).default(4),
};

const recordingEnvSchema = z.object(RECORDING_ENV_FIELDS);
type RecordingEnv = z.infer<typeof recordingEnvSchema>;

/** What the recorder keeps of each price source's ticks, and for how long. */
export type RecordingSettings = Readonly<{
  enabled: boolean;
  /** Recorded days older than this many days are deleted. */
  retentionDays: number;
  /** Ticks kept per source per trading day; later ones that day are dropped. */
  maxTicksPerDay: number;
  /** Per contract and source: ticks closer together than 1/this second are dropped. */
  maxTicksPerSecond: number;
}>;

export const parseRecordingSettings = (e: RecordingEnv): RecordingSettings =>
  Object.freeze({
    enabled: e.XT_RECORDING_ENABLED,
    retentionDays: e.XT_RECORDING_RETENTION_DAYS,
    maxTicksPerDay: e.XT_RECORDING_MAX_TICKS_PER_DAY,
    maxTicksPerSecond: e.XT_RECORDING_MAX_TICKS_PER_SECOND,
  });
