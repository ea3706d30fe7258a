import { z } from 'zod';

/** Replay speeds a Practice user may pick. */
export const REPLAY_SPEEDS = [1, 2, 5, 10] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** One day a user may replay (GET /practice/replay/days). */
export const replayDaySchema = z.object({
  /** `<source>@<YYYY-MM-DD>`: what to pass to start. */
  id: z.string(),
  day: z.string(),
  /** `sample`: shipped with the app; `simulated`: recorded from the simulator; `own`: the user's own broker stream; `shared`: someone else's real prices, older than the sharing lag. */
  kind: z.enum(['sample', 'simulated', 'own', 'shared']),
  ticks: z.number().int().nonnegative(),
});
export type ReplayDay = z.infer<typeof replayDaySchema>;

export const replayDaysSchema = z.object({ days: z.array(replayDaySchema) });

export const startReplaySchema = z.object({
  day: z.string().min(1).max(200),
  speed: z.union(
    REPLAY_SPEEDS.map((speed) => z.literal(speed)) as [
      z.ZodLiteral<1>,
      z.ZodLiteral<2>,
      z.ZodLiteral<5>,
      z.ZodLiteral<10>,
    ],
  ),
});
export type StartReplay = z.infer<typeof startReplaySchema>;

/** A running replay as the header shows it: "Replay 2026-11-18 5x". */
export const replayStatusSchema = z.object({
  id: z.string(),
  day: z.string(),
  speed: z.number(),
  paused: z.boolean(),
  /** Every recorded tick has played: prices stay where the day ended. */
  finished: z.boolean(),
  /** The replayed time now (epoch ms): the paper account's clock during the replay. */
  now: z.number(),
});
export type ReplayStatus = z.infer<typeof replayStatusSchema>;

export const replayStateSchema = z.object({ replay: replayStatusSchema.nullable() });

/** The header's words for a replay: `Replay 2026-11-18 5x`, `Replay 2026-11-18 5x paused`. */
export const replayLabel = (status: Pick<ReplayStatus, 'day' | 'speed' | 'paused' | 'finished'>): string =>
  `Replay ${status.day} ${status.speed}x${status.paused ? ' paused' : status.finished ? ' ended' : ''}`;
