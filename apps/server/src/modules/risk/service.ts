import {
  type ProfitProtection,
  type ProfitProtectionStatus,
  validateProfitProtectionTargets,
} from '@xtrader/core/api/profit-protection';
import { initialProfitProtectionState } from '@xtrader/core/risk/profit-protection';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { MtmReader } from './current-mtm';
import { defaultRecord, type ProfitProtectionRecord, toStatus } from './record';
import type { RiskStore } from './store';

const SQUARING_OFF_MESSAGE = 'Profit protection is squaring off your positions. Please try again!';

export interface ProfitProtectionServiceDeps {
  store: RiskStore;
  currentMtm: MtmReader;
  /** Told about every Save, so the monitor watches (or stops watching) the user at once. */
  onSaved(record: ProfitProtectionRecord): void;
  clock: Clock;
}

/** GET/PUT /profit-protection: the user's record, and Save validated against the current total P&L. */
export function createProfitProtectionService(deps: ProfitProtectionServiceDeps) {
  const { store, clock } = deps;
  const load = async (userId: string) => (await store.get(userId)) ?? defaultRecord(userId, clock.now());

  return {
    async get(userId: string): Promise<ProfitProtectionStatus> {
      return toStatus(await load(userId));
    },

    /**
     * Saves the parameters. Switching on (or saving while on) checks target >= MTM >= max loss, else protection
     * would fire at once; switching off is never refused. Saving restarts trailing from the MTM of the moment.
     */
    async update(userId: string, body: ProfitProtection): Promise<ProfitProtectionStatus> {
      const current = await load(userId);
      if (current.kill?.status === 'squaring_off')
        throw new DomainError('squaring_off', SQUARING_OFF_MESSAGE);
      const { marketProtection, ...settings } = body;
      let mtm = 0;
      if (settings.profitProtectionEnabled) {
        mtm = await deps.currentMtm(userId);
        const [message] = validateProfitProtectionTargets(settings, mtm);
        if (message) throw new DomainError('invalid_targets', message);
      }
      const record: ProfitProtectionRecord = {
        ...current,
        settings,
        marketProtection,
        state: initialProfitProtectionState(settings, mtm),
        version: current.version + 1,
        updatedAt: clock.now(),
      };
      await store.save(record);
      deps.onSaved(record);
      return toStatus(record);
    },
  };
}

export type ProfitProtectionService = ReturnType<typeof createProfitProtectionService>;
