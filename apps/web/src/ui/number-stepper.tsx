import { type KeyboardEvent, useState } from 'react';
import { cn } from './cn';

export type StepDirection = 'up' | 'down';

type Props = {
  /** Accessible name of the input, e.g. 'Quantity'. */
  label: string;
  /** Null shows an empty field (with the placeholder). */
  value: number | null;
  placeholder?: string;
  /** The typed value on blur or Enter (NaN when unreadable); the owner normalises it. */
  onCommit: (value: number) => void;
  /** A press of - or + (or ArrowDown/ArrowUp in the input); the owner applies its step rule. */
  onStep: (direction: StepDirection) => void;
  /** Enter: called after the commit with the value the field held (NaN when unreadable or empty). */
  onSubmit?: (value: number) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** How the committed value is shown while not editing. */
  format?: (value: number) => string;
  inputMode?: 'numeric' | 'decimal';
};

const parse = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, '')));

/**
 * A compact number input with - and + buttons. Typing edits a draft; the value is committed on blur or Enter so
 * the owner can apply its rounding rule once. Arrow keys inside the input step the value
 * instead of trading (keyboard trading ignores inputs).
 */
export function NumberStepper({
  label,
  value,
  onCommit,
  onStep,
  onSubmit,
  disabled,
  id,
  className,
  format = String,
  inputMode = 'decimal',
  placeholder,
}: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null) onCommit(parse(draft));
    setDraft(null);
  };
  const step = (direction: StepDirection) => {
    if (draft !== null) commit();
    onStep(direction);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      const entered = draft !== null ? parse(draft) : (value ?? Number.NaN);
      event.currentTarget.blur();
      onSubmit?.(entered);
    } else if (event.key === 'Escape') setDraft(null);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 'up' : 'down');
    }
  };
  const button = cn(
    'grid w-6 shrink-0 place-items-center text-sm leading-none text-muted transition-colors hover:bg-surface-3 hover:text-fg',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none',
  );
  return (
    <div
      className={cn(
        'flex h-7 min-w-0 items-stretch overflow-hidden rounded-md border border-border bg-surface-2',
        'focus-within:border-accent',
        disabled && 'opacity-50',
        className,
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-label={`Decrease ${label}`}
        className={button}
        disabled={disabled}
        onClick={() => step('down')}
      >
        <span aria-hidden>−</span>
      </button>
      <input
        id={id}
        aria-label={label}
        value={draft ?? (value === null ? '' : format(value))}
        placeholder={placeholder}
        disabled={disabled}
        inputMode={inputMode}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={keyDown}
        onFocus={(event) => event.target.select()}
        className="w-full min-w-0 bg-transparent px-1 text-center font-mono text-xs text-fg tabular-nums placeholder:text-subtle focus:outline-none disabled:cursor-not-allowed"
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={`Increase ${label}`}
        className={button}
        disabled={disabled}
        onClick={() => step('up')}
      >
        <span aria-hidden>+</span>
      </button>
    </div>
  );
}
