import { create } from 'zustand';

/** The position the exit keys act on (`positionKey`), chosen by clicking its row; not kept across reloads. */
export const useSelectedPosition = create<{ key: string | null; select: (key: string | null) => void }>()(
  (set) => ({
    key: null,
    select: (key) => set({ key }),
  }),
);
