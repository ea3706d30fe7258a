import { formatIntegerInput } from '@xtrader/core/format/format';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * A rupee MTM amount: whole numbers only, a leading minus allowed, shown with Indian digit grouping as it is typed.
 * Anything else typed is dropped.
 */
export function MtmInput({ id, label, value, onChange, error, disabled }: Props) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(formatIntegerInput(event.target.value))}
        className="tabular-nums"
      />
    </Field>
  );
}
