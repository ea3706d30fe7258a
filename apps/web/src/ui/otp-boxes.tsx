import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from 'react';
import { cn } from './cn';

export type OtpBoxesHandle = { focus: (index?: number) => void };

type Props = {
  /** One entry per box: a single digit or ''. */
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<OtpBoxesHandle>;
  label?: string;
};

/** Fills `digits` from `start` with the digits of `text`, returning the new array and the next box. */
function fillFrom(digits: string[], start: number, text: string): { next: string[]; focus: number } {
  const incoming = text.replace(/\D/g, '').split('');
  const next = [...digits];
  let index = start;
  for (const digit of incoming) {
    if (index >= next.length) break;
    next[index] = digit;
    index += 1;
  }
  return { next, focus: Math.min(index, next.length - 1) };
}

/** Single-character OTP boxes: typing advances, Backspace on an empty box goes back, a paste fills all. */
export function OtpBoxes({ digits, onChange, disabled, autoFocus, ref, label = 'OTP digit' }: Props) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => inputs.current[index]?.focus();
  useImperativeHandle(ref, () => ({ focus: (index = 0) => inputs.current[index]?.focus() }), []);

  const type = (index: number, value: string) => {
    if (value === '') return onChange(digits.map((d, i) => (i === index ? '' : d)));
    // The typed digit is the character that differs from what the box held; autofill may bring several.
    const typed = value.length > 1 && digits[index] ? value.replace(digits[index] ?? '', '') : value;
    const { next, focus } = fillFrom(digits, index, typed);
    if (next.join('') === digits.join('')) return;
    onChange(next);
    focusBox(focus);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      onChange(digits.map((d, i) => (i === index - 1 ? '' : d)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) focusBox(index - 1);
    else if (event.key === 'ArrowRight' && index < digits.length - 1) focusBox(index + 1);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text');
    // A full code always fills the boxes from the first one, wherever the caret was.
    const start = text.replace(/\D/g, '').length >= digits.length ? 0 : index;
    const { next, focus } = fillFrom(digits, start, text);
    onChange(next);
    focusBox(focus);
  };

  return (
    <div className="flex gap-3">
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never reorder.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          value={digit}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={(event) => paste(index, event)}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the code boxes are the only thing to do on this step.
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${label} ${index + 1}`}
          className={cn(
            'size-12 rounded-md border border-border bg-surface-2 text-center font-mono text-lg text-fg',
            'focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring disabled:opacity-50',
          )}
        />
      ))}
    </div>
  );
}
