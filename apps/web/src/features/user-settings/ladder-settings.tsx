import { MAX_AUTO_REPRICE } from '@xtrader/core/orders/price-ladder';
import { useTradingSettings } from '../../state/trading-settings-store';
import { NumberStepper, type StepDirection } from '../../ui/number-stepper';

const MAX_STRIKES_EACH_SIDE = 10;

/** A whole number within bounds; what cannot be read keeps `fallback`. */
const clamp = (value: number, fallback: number, max: number, min = 0) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
const stepOf = (direction: StepDirection) => (direction === 'up' ? 1 : -1);

/** The strike ladder's width and the price ladder's auto re-price count (kept in this browser at once). */
export function LadderSettings() {
  const strikes = useTradingSettings((s) => s.strikeLadder.strikesEachSide);
  const reprice = useTradingSettings((s) => s.priceLadder.autoReprice);
  const patch = useTradingSettings((s) => s.patchSettings);
  const setStrikes = (value: number) =>
    patch('strikeLadder', { strikesEachSide: clamp(value, strikes, MAX_STRIKES_EACH_SIDE, 1) });
  const setReprice = (value: number) =>
    patch('priceLadder', { autoReprice: clamp(value, reprice, MAX_AUTO_REPRICE) });
  return (
    <div className="text-xs">
      <div className="flex items-center justify-between gap-3 py-1.5">
        <span className="text-fg">Strike ladder: strikes each side of ATM (1-{MAX_STRIKES_EACH_SIDE})</span>
        <NumberStepper
          className="w-24"
          label="Strikes each side of ATM"
          inputMode="numeric"
          value={strikes}
          onCommit={setStrikes}
          onStep={(dir) => setStrikes(strikes + stepOf(dir))}
        />
      </div>
      <div className="flex items-center justify-between gap-3 py-1.5">
        <span className="text-fg">
          Price ladder: auto re-price a resting limit (0 = off, at most {MAX_AUTO_REPRICE} times)
        </span>
        <NumberStepper
          className="w-24"
          label="Auto re-price times"
          inputMode="numeric"
          value={reprice}
          onCommit={setReprice}
          onStep={(dir) => setReprice(reprice + stepOf(dir))}
        />
      </div>
    </div>
  );
}
