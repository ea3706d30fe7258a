import { useSteppedPrice } from '../../api/use-stepped-price';
import { NumberStepper } from '../../ui/number-stepper';

/** The modify-order cell: the order's price with - and + (auto-submitted after 500 ms) or a typed price. */
export function PriceModifier({
  label,
  price,
  onSubmit,
  disabled,
}: {
  label: string;
  price: number;
  onSubmit: (price: number) => void;
  disabled?: boolean;
}) {
  const field = useSteppedPrice(price, onSubmit);
  return (
    <NumberStepper
      className="w-32"
      label={label}
      disabled={disabled}
      format={(v) => v.toFixed(2)}
      {...field}
    />
  );
}
