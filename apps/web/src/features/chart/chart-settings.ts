import type { CandleInterval } from '@xtrader/core/market/candles';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the chart shows: the configuration bar's call, its put, or their index. */
export type ChartLeg = 'CE' | 'PE' | 'INDEX';
export const CHART_LEGS: readonly ChartLeg[] = ['CE', 'PE', 'INDEX'];

type ChartSettings = {
  /** Expanded (the chart drawn) or collapsed to its header. */
  open: boolean;
  leg: ChartLeg;
  interval: CandleInterval;
  setOpen: (open: boolean) => void;
  setLeg: (leg: ChartLeg) => void;
  /** CE -> PE -> index -> CE (the `c` key). */
  cycleLeg: () => void;
  setInterval: (interval: CandleInterval) => void;
};

/** The chart panel's choices, kept in this browser. */
export const useChartSettings = create<ChartSettings>()(
  persist(
    (set) => ({
      open: false,
      leg: 'CE',
      interval: '1s',
      setOpen: (open) => set({ open }),
      setLeg: (leg) => set({ leg }),
      cycleLeg: () =>
        set(({ leg }) => ({ leg: CHART_LEGS[(CHART_LEGS.indexOf(leg) + 1) % CHART_LEGS.length] ?? 'CE' })),
      setInterval: (interval) => set({ interval }),
    }),
    {
      name: 'xt-chart',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ open, leg, interval }) => ({ open, leg, interval }),
    },
  ),
);
