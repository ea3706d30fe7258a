import { STEPPED_PRICE_SUBMIT_DELAY_MS } from '@xtrader/core/constants';
import { ORDER_MESSAGES } from '@xtrader/core/orders/constants';
import { isValidOrderPrice, stepPrice } from '@xtrader/core/orders/price-rules';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { orderFeedback } from '../state/order-feedback';
import { useTradingSettings } from '../state/trading-settings-store';
import type { StepDirection } from '../ui/number-stepper';

/**
 * A price being modified: - and + move it by the modify step (never below 0) and the last step
 * is submitted after 500 ms of quiet; a typed price is submitted when committed. Below 0.05 is refused with
 * 'Invalid price - price should be greater than 0.05.'; an unchanged price sends nothing.
 */
export function useSteppedPrice(price: number, submit: (price: number) => void) {
  const modifyStep = useTradingSettings((s) => s.userSettingsState.modifyStep);
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: number) => {
    clearTimeout(timer.current);
    setDraft(null);
    if (next === price) return;
    if (!isValidOrderPrice(next)) {
      toast.error(ORDER_MESSAGES.invalidPrice);
      orderFeedback.failure();
      return;
    }
    submitRef.current(next);
  };

  return {
    value: draft ?? price,
    /** A typed price: submitted at once (NaN counts as invalid). */
    onCommit: (typed: number) => send(Number.isFinite(typed) ? typed : 0),
    onStep: (direction: StepDirection) => {
      const next = stepPrice(draft ?? price, modifyStep, direction);
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => send(next), STEPPED_PRICE_SUBMIT_DELAY_MS);
    },
  };
}
