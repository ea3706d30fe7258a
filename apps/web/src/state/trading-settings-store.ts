import { SETTINGS_SCHEMA_VERSION } from '@xtrader/core/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { completeKeyMap } from './key-map';
import { defaultTradingSettings } from './trading-settings-defaults';
import type { OrderTableTab, TradingSettings } from './trading-settings-types';

/** Schema version of the persisted settings; V5 settings are migrated, any other stored version resets them. */
export const TRADING_SETTINGS_VERSION = SETTINGS_SCHEMA_VERSION;
export const TRADING_SETTINGS_KEY = 'xt-trading-settings';
export const STORE_VERSION_KEY = 'xt-store-version';

type SliceName = keyof TradingSettings;

export type TradingSettingsState = TradingSettings & {
  /** Merges `patch` into one slice, e.g. `patchSettings('orderConfig', { index: 'BANKNIFTY' })`. */
  patchSettings: <K extends SliceName>(slice: K, patch: Partial<TradingSettings[K]>) => void;
  setSelectedTab: (tab: OrderTableTab) => void;
  resetSettings: () => void;
};

/** Versions whose stored settings are still read: V6 only added slices (key map, ladders) that take defaults. */
const MIGRATED_VERSIONS = new Set(['V5']);

/**
 * Drops settings written under another schema version before anything reads them: an old shape would
 * otherwise leak half-migrated values into the order panels. V5 settings are kept (the slices V6 added are filled
 * with their defaults by `mergeStored`). Returns true when it reset.
 */
function resetOnVersionMismatch(storage: Storage): boolean {
  const stored = storage.getItem(STORE_VERSION_KEY);
  if (stored === TRADING_SETTINGS_VERSION) return false;
  storage.setItem(STORE_VERSION_KEY, TRADING_SETTINGS_VERSION);
  if (stored !== null && MIGRATED_VERSIONS.has(stored)) return false;
  storage.removeItem(TRADING_SETTINGS_KEY);
  storage.setItem(STORE_VERSION_KEY, TRADING_SETTINGS_VERSION);
  return true;
}

const SLICES: SliceName[] = Object.keys(defaultTradingSettings()) as SliceName[];

/**
 * Stored slices are merged over the defaults so fields added within a version still get their default; the key map
 * is checked whole (`completeKeyMap`), so a stored map can never bind one key twice.
 */
function mergeStored(stored: unknown, current: TradingSettingsState): TradingSettingsState {
  if (stored === null || typeof stored !== 'object') return current;
  const merged: TradingSettingsState = { ...current };
  for (const slice of SLICES) {
    const value = (stored as Partial<TradingSettings>)[slice];
    if (value && typeof value === 'object')
      Object.assign(merged, { [slice]: { ...current[slice], ...value } });
  }
  merged.keyMap = completeKeyMap(merged.keyMap);
  return merged;
}

export function createTradingSettingsStore(storage: Storage) {
  resetOnVersionMismatch(storage);
  return create<TradingSettingsState>()(
    persist(
      (set) => ({
        ...defaultTradingSettings(),
        patchSettings: (slice, patch) =>
          set((state) => ({ [slice]: { ...state[slice], ...patch } }) as Partial<TradingSettingsState>),
        setSelectedTab: (tab) =>
          set((state) => ({ orderTableState: { ...state.orderTableState, selectedTab: tab } })),
        resetSettings: () => set(defaultTradingSettings()),
      }),
      {
        name: TRADING_SETTINGS_KEY,
        storage: createJSONStorage(() => storage),
        partialize: (state): TradingSettings => {
          const { patchSettings: _p, setSelectedTab: _s, resetSettings: _r, ...settings } = state;
          return settings;
        },
        merge: mergeStored,
      },
    ),
  );
}

export const useTradingSettings = createTradingSettingsStore(localStorage);
