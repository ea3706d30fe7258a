import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { KillSwitch } from './kill-switch';
import type { KillRecord } from './record';

/**
 * The trader's own "close everything now" (the Telegram `/closeall`): the kill switch's square-off (cancel every
 * open order, exit every open intraday position in bounded rounds) run at once, outside profit protection. Its
 * record is not stored: profit protection's row belongs to the user's protection settings, and a restart in the
 * middle leaves the trader to repeat the command (the day's lock is set before the square-off starts).
 */
export function createCloseAll(deps: { killSwitch: KillSwitch; clock: Clock }) {
  return async (userId: string, marketProtection: number): Promise<KillRecord> => {
    const now = deps.clock.now();
    const kill: KillRecord = {
      id: `ca${now.toString(36)}${randomUUID().slice(0, 6)}`,
      // The record's shape names a protection trigger; a close-all is a loss stop the trader called for. Its
      // message is not shown (the caller words the outcome).
      trigger: 'max_loss_hit',
      mtm: 0,
      triggeredAt: now,
      marketProtection,
      status: 'squaring_off',
      ordersCancelled: false,
      attempts: 0,
      exits: {},
      failures: {},
      unclosed: [],
      finishedAt: null,
      message: '',
    };
    return deps.killSwitch.run(userId, kill);
  };
}
