import type { ReactNode } from 'react';
import { NumberStepper } from '../../ui/number-stepper';
import { CardFrame } from './card-frame';
import { ContractQuotes } from './contract-quotes';
import { PanelField } from './field';
import { MultiplierSelect } from './multiplier-select';
import { OrderActivityBadge } from './order-activity-badge';
import { OrderButtons } from './order-buttons';
import type { OrderIntent } from './order-intent';
import { PresetFields } from './preset-fields';
import { useQuantityField } from './use-order-fields';

const MARKET_ORDER_TITLE = 'MARKET ORDER (PRESS ARROWS)';

/** The market order card: quantity, multiplier, preset target/SL, the follow-up table slot and the buttons. */
export function MarketOrderCard({
  onIntent,
  followUp,
  priceLadder,
}: {
  onIntent: (intent: OrderIntent) => void;
  followUp?: ReactNode;
  /** One-click limits at the touch, handed in by the dashboard (the price-ladder feature). */
  priceLadder?: ReactNode;
}) {
  const quantity = useQuantityField('market');
  return (
    <CardFrame title={MARKET_ORDER_TITLE} status={<OrderActivityBadge />}>
      <div className="flex flex-wrap items-end gap-2">
        <PanelField label="Qty" htmlFor="market-qty" className="w-28">
          <NumberStepper id="market-qty" label="Market quantity" inputMode="numeric" {...quantity} />
        </PanelField>
        <PanelField label="Multiplier" htmlFor="market-multiplier" className="w-16">
          <MultiplierSelect card="market" id="market-multiplier" />
        </PanelField>
        <PresetFields card="market" />
        {priceLadder}
      </div>
      {followUp}
      {/* Short screens: the quotes sit beside the buttons rather than above them. */}
      <div className="mt-auto flex flex-col gap-1.5 short:grid short:grid-cols-2">
        <ContractQuotes />
        <OrderButtons card="market" onIntent={onIntent} />
      </div>
    </CardFrame>
  );
}
