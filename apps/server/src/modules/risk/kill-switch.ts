import type { UnclosedPosition } from '@xtrader/core/api/profit-protection';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { type Clock, monotonicClock, type WaitingClock } from '../../clock';
import type { Logger } from '../../logger';
import type { BrokerPosition } from '../brokers/broker';
import { outcomeMessage } from './outcome-message';
import type { ExitPort, ExitRef, ExitState, PositionSource } from './ports';
import type { KillRecord } from './record';

export interface KillSwitchOptions {
  /** Rounds of (re-read positions, exit what is open, wait for the exits) before reporting what is left. */
  maxAttempts: number;
  /** How long one round waits for its exits to fill or fail. */
  settleTimeoutMs: number;
  /** Pause before a round that retries failed exits; doubles every round. */
  retryBackoffMs: number;
  /**
   * After order activity wakes a waiting round, how long to let further updates gather before reading the exits'
   * state again: a square-off produces hundreds of updates, and one read per update would compete with the very
   * order processing it waits for.
   */
  recheckGapMs: number;
}

const DEFAULT_KILL_SWITCH_OPTIONS: KillSwitchOptions = {
  maxAttempts: 4,
  settleTimeoutMs: 3000,
  retryBackoffMs: 100,
  recheckGapMs: 25,
};

export interface KillSwitchDeps {
  exits: ExitPort;
  positions: PositionSource;
  /** Persists square-off progress (each step is saved before the next is taken). */
  saveKill(userId: string, kill: KillRecord): Promise<void>;
  /** Resolves true on the user's next order activity, false after `ms` without one. */
  waitForActivity(userId: string, ms: number): Promise<boolean>;
  clock: Clock;
  logger: Logger;
  /** Deadlines and pauses of the square-off (monotonic time, not the wall clock of the records). */
  timing?: WaitingClock;
  options?: Partial<KillSwitchOptions>;
}

/** What one round sees: where every exit sent so far stands, and the intraday positions still open. */
interface Round {
  states: ReadonlyMap<string, ExitState>;
  open: BrokerPosition[];
}

/** Every exit of the square-off with the position it closes (the position key is `symbol|product`). */
const exitRefs = (kill: KillRecord, ids?: ReadonlySet<string>): ExitRef[] =>
  Object.entries(kill.exits).flatMap(([key, exitIds]) => {
    const [tradingSymbol = '', product] = key.split('|');
    return exitIds
      .filter((exitId) => !ids || ids.has(exitId))
      .map(
        (exitId) =>
          ({ exitId, tradingSymbol, product: product === 'normal' ? 'normal' : 'intraday' }) as const,
      );
  });
const isOpenIntraday = (p: BrokerPosition) => p.product === 'intraday' && p.quantity !== 0;
const isWorking = (states: Round['states'], id: string) => states.get(id)?.status === 'working';
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The square-off that must complete: cancel every open order, then in bounded rounds exit each open intraday
 * position, wait for the exits, re-read the positions and retry what failed with backoff. A position is never
 * exited twice: a new exit is sent only when every earlier exit of that position is final (the re-read quantity
 * then already accounts for what filled), and each exit id is persisted before it is sent, so a restart resumes
 * with the same ids (placement is idempotent per id). What is still open at the end is reported.
 */
export function createKillSwitch(deps: KillSwitchDeps) {
  const { exits, positions, clock, logger } = deps;
  const timing = deps.timing ?? monotonicClock;
  const options = { ...DEFAULT_KILL_SWITCH_OPTIONS, ...deps.options };

  const readRound = async (userId: string, kill: KillRecord): Promise<Round> => {
    const refs = exitRefs(kill);
    // States first, positions second: an exit final in `states` is already reflected in `open`.
    const states = refs.length > 0 ? await exits.exitStates(userId, refs) : new Map<string, ExitState>();
    const open = (await positions.positions(userId)).filter(isOpenIntraday);
    return { states, open };
  };

  /** Chooses this round's exits: one per open position that has no working exit. Saved before anything is sent. */
  const planExits = (kill: KillRecord, round: Round) => {
    const planned: { exitId: string; position: BrokerPosition }[] = [];
    const exitsByKey = { ...kill.exits };
    let sequence = Object.values(kill.exits).flat().length;
    for (const position of round.open) {
      const key = positionKey(position);
      const ids = exitsByKey[key] ?? [];
      if (ids.some((id) => isWorking(round.states, id))) continue;
      const last = ids.at(-1);
      // An exit the order path never recorded (the process stopped before sending it) is re-sent under its id.
      const resend = last !== undefined && (round.states.get(last)?.status ?? 'unknown') === 'unknown';
      const exitId = resend ? last : `${kill.id}-${++sequence}`;
      if (!resend) exitsByKey[key] = [...ids, exitId];
      planned.push({ exitId, position });
    }
    return { planned, next: { ...kill, attempts: kill.attempts + 1, exits: exitsByKey } };
  };

  const sendExits = async (
    userId: string,
    kill: KillRecord,
    planned: ReturnType<typeof planExits>['planned'],
  ) => {
    const failures = { ...kill.failures };
    if (planned.length === 0) return kill;
    const requests = planned.map(({ exitId, position }) => ({
      exitId,
      position,
      marketProtection: kill.marketProtection,
    }));
    const acks = await exits
      .placeExits(userId, requests)
      .catch(
        (error: unknown) =>
          new Map(planned.map((p) => [p.exitId, { ok: false as const, reason: errorText(error) }])),
      );
    for (const { exitId, position } of planned) {
      const ack = acks.get(exitId) ?? { ok: false, reason: 'Not sent' };
      if (!ack.ok) failures[positionKey(position)] = ack.reason;
    }
    return { ...kill, failures };
  };

  /** Waits (on order activity, not polling) until this round's exits are final or the round times out. */
  const settle = async (userId: string, kill: KillRecord, ids: string[]): Promise<ExitRef[]> => {
    const deadline = timing.now() + options.settleTimeoutMs;
    let pending = exitRefs(kill, new Set(ids));
    while (pending.length > 0) {
      const states = await exits.exitStates(userId, pending);
      pending = pending.filter((ref) => isWorking(states, ref.exitId));
      const left = deadline - timing.now();
      if (pending.length === 0 || left <= 0) break;
      if (await deps.waitForActivity(userId, left)) await timing.sleep(Math.min(options.recheckGapMs, left));
    }
    return pending;
  };

  const reasonFor = (kill: KillRecord, round: Round, position: BrokerPosition): string => {
    const key = positionKey(position);
    if ((kill.exits[key] ?? []).some((id) => isWorking(round.states, id))) return 'Exit order still open';
    const done = (kill.exits[key] ?? [])
      .map((id) => round.states.get(id))
      .findLast((s) => s?.status === 'done');
    return kill.failures[key] ?? (done?.status === 'done' ? done.reason : null) ?? 'Not squared off';
  };

  const finish = (kill: KillRecord, round: Round | undefined, readError: string | undefined): KillRecord => {
    const unclosed: UnclosedPosition[] = (round?.open ?? []).map((position) => ({
      tradingSymbol: position.tradingSymbol,
      productType: position.product,
      quantity: position.quantity,
      reason: round ? reasonFor(kill, round, position) : 'Not squared off',
    }));
    const status = unclosed.length > 0 || readError ? 'incomplete' : 'completed';
    const done = { ...kill, status, unclosed, finishedAt: clock.now() } as const;
    return { ...done, message: outcomeMessage(done, readError) };
  };

  return {
    options,

    /** Runs (or resumes) a square-off to its end; resolves with the final, persisted record. */
    async run(userId: string, start: KillRecord): Promise<KillRecord> {
      let kill = start;
      const save = async (next: KillRecord) => {
        kill = next;
        await deps.saveKill(userId, next);
      };
      if (!kill.ordersCancelled) {
        await cancelAll(userId);
        await save({ ...kill, ordersCancelled: true });
      }
      let round: Round | undefined;
      let readError: string | undefined;
      for (;;) {
        ({ round, readError } = await tryReadRound(userId, kill));
        if (kill.attempts >= options.maxAttempts || round?.open.length === 0) break;
        if (round) await runRound(userId, kill, round, save);
        else await save({ ...kill, attempts: kill.attempts + 1 });
        if (kill.attempts < options.maxAttempts && (Object.keys(kill.failures).length > 0 || !round)) {
          await timing.sleep(options.retryBackoffMs * 2 ** (kill.attempts - 1));
        }
      }
      await save(finish(kill, round, readError));
      if (kill.status === 'incomplete') logger.warn({ userId, unclosed: kill.unclosed }, kill.message);
      else logger.info({ userId, trigger: kill.trigger, mtm: kill.mtm }, kill.message);
      return kill;
    },
  };

  async function tryReadRound(userId: string, kill: KillRecord) {
    try {
      return { round: await readRound(userId, kill), readError: undefined };
    } catch (error) {
      logger.error({ err: error, userId }, 'kill switch could not read positions');
      return { round: undefined, readError: `Could not read positions: ${errorText(error)}` };
    }
  }

  async function cancelAll(userId: string): Promise<void> {
    try {
      const failures = await exits.cancelOpenOrders(userId);
      if (failures.length > 0)
        logger.warn({ userId, failures }, 'kill switch: some open orders were not cancelled');
    } catch (error) {
      // Squaring off still protects the account; an order left open is logged, not a reason to stop.
      logger.error({ err: error, userId }, 'kill switch: cancelling open orders failed');
    }
  }

  /** One round: send the exits planned, wait for them (and any still working), cancel what is too slow. */
  async function runRound(
    userId: string,
    kill: KillRecord,
    round: Round,
    save: (next: KillRecord) => Promise<void>,
  ): Promise<void> {
    const { planned, next } = planExits(kill, round);
    const cleared = { ...next, failures: {} };
    await save(cleared);
    const sent = await sendExits(userId, cleared, planned);
    if (Object.keys(sent.failures).length > 0) await save(sent);
    const working = round.open.flatMap((p) =>
      (next.exits[positionKey(p)] ?? []).filter((id) => isWorking(round.states, id)),
    );
    const pending = await settle(userId, sent, [...planned.map((p) => p.exitId), ...working]);
    if (pending.length > 0 && sent.attempts < options.maxAttempts) {
      // Too slow to fill (e.g. a protected limit the price ran away from): cancel it; a later round re-sends
      // the remaining quantity once the cancel is final.
      await Promise.all(pending.map((ref) => exits.cancelExit(userId, ref).catch(() => undefined)));
    }
  }
}

export type KillSwitch = ReturnType<typeof createKillSwitch>;
