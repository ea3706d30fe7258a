// Partial exits by key: a fraction of a position, in whole lots, never more than the position.

export const EXIT_FRACTIONS = { '1': 0.25, '2': 0.5, '3': 0.75 } as const;
export type ExitFractionKey = keyof typeof EXIT_FRACTIONS;

export type PartialExit = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * The signed quantity to exit for `fraction` of a position: its whole lots x fraction, rounded down to whole lots
 * (the sign of the position, as the exit route takes it). Less than one lot is refused with a message.
 */
export function partialExitQuantity(position: number, lotSize: number, fraction: number): PartialExit {
  if (position === 0) return { ok: false, message: 'No position to exit' };
  const lots = Math.floor((Math.abs(position) / lotSize) * fraction + 1e-9);
  if (lots < 1) {
    return {
      ok: false,
      message: `${fraction * 100}% of ${Math.abs(position)} is less than one lot (${lotSize})`,
    };
  }
  return { ok: true, quantity: Math.sign(position) * lots * lotSize };
}
