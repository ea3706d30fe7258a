import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ReplayDay } from '@xtrader/core/api/replay';
import { type IsoDate, istDateOf } from '@xtrader/core/market/dates';
import { mayReplay } from '@xtrader/core/market/replay-access';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { RecordedTick } from '../market/replay';
import { decodeTicks } from '../recording/codec';
import type { RecordingStore } from '../recording/store';
import { resolveSampleSymbols } from './sample-symbols';

/** The sample days shipped with the app (scripts/generate-replay-sample.ts), `<YYYY-MM-DD>.ticks.gz`. */
export const SAMPLES_DIR = fileURLToPath(new URL('./samples/', import.meta.url));
const SAMPLE_SOURCE = 'sample';
const SAMPLE_FILE = /^(\d{4}-\d{2}-\d{2})\.ticks\.gz$/;

export const REPLAY_MESSAGES = {
  unknownDay: 'No such recorded day to replay. Pick one from the list.',
  notYours:
    "That day was recorded from someone else's real prices and cannot be replayed until it is 30 days old.",
  empty: 'That recorded day holds no ticks.',
} as const;

const dayId = (source: string, day: IsoDate) => `${source}@${day}`;

/** The days a user may replay, and their ticks: the shipped samples and the recordings the access rule allows. */
export function createDayCatalog(deps: {
  store: RecordingStore | undefined;
  clock: Clock;
  samplesDir?: string;
}) {
  const samplesDir = deps.samplesDir ?? SAMPLES_DIR;
  const sampleDays = async (): Promise<IsoDate[]> => {
    const files = await readdir(samplesDir).catch(() => [] as string[]);
    return files.flatMap((file) => SAMPLE_FILE.exec(file)?.[1] ?? []).sort();
  };
  /** Ticks of each sample, read once. */
  const samples = new Map<IsoDate, RecordedTick[]>();
  const sampleTicks = async (day: IsoDate): Promise<RecordedTick[]> => {
    let ticks = samples.get(day);
    if (!ticks) {
      ticks = decodeTicks(await readFile(`${samplesDir}/${day}.ticks.gz`));
      samples.set(day, ticks);
    }
    return ticks;
  };

  const allowed = async (userId: string) => {
    const today = istDateOf(deps.clock.now());
    const recorded = (await deps.store?.listDays()) ?? [];
    return recorded.filter((entry) => mayReplay(entry.origin, entry.day, userId, today));
  };

  return {
    async daysFor(userId: string): Promise<ReplayDay[]> {
      const days: ReplayDay[] = [];
      for (const entry of await allowed(userId)) {
        const kind =
          entry.origin.kind === 'simulated'
            ? 'simulated'
            : entry.origin.kind === 'user' && entry.origin.userId === userId
              ? 'own'
              : 'shared';
        days.push({ id: dayId(entry.source, entry.day), day: entry.day, kind, ticks: entry.ticks });
      }
      for (const day of (await sampleDays()).reverse()) {
        days.push({
          id: dayId(SAMPLE_SOURCE, day),
          day,
          kind: 'sample',
          ticks: (await sampleTicks(day)).length,
        });
      }
      return days;
    },

    /** The ticks of a day the user may replay, in time order; a 404 or 403 otherwise. */
    async ticksOf(userId: string, id: string): Promise<{ day: IsoDate; ticks: RecordedTick[] }> {
      const at = id.lastIndexOf('@');
      const source = id.slice(0, at);
      const day = id.slice(at + 1);
      if (at <= 0 || !/^\d{4}-\d{2}-\d{2}$/.test(day))
        throw new DomainError('not_found', REPLAY_MESSAGES.unknownDay);
      let ticks: RecordedTick[];
      if (source === SAMPLE_SOURCE) {
        if (!(await sampleDays()).includes(day))
          throw new DomainError('not_found', REPLAY_MESSAGES.unknownDay);
        ticks = resolveSampleSymbols(await sampleTicks(day), deps.clock.now());
      } else {
        const recorded = ((await deps.store?.listDays()) ?? []).find(
          (e) => e.source === source && e.day === day,
        );
        if (!recorded || !deps.store) throw new DomainError('not_found', REPLAY_MESSAGES.unknownDay);
        if (!mayReplay(recorded.origin, day, userId, istDateOf(deps.clock.now())))
          throw new DomainError('forbidden', REPLAY_MESSAGES.notYours);
        ticks = await deps.store.loadDay(source, day);
      }
      if (ticks.length === 0) throw new DomainError('not_found', REPLAY_MESSAGES.empty);
      return { day, ticks };
    },
  };
}

export type DayCatalog = ReturnType<typeof createDayCatalog>;
