import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpBoxes } from './otp-boxes';

function Harness({ onChange }: { onChange?: (digits: string[]) => void }) {
  const [digits, setDigits] = useState(['', '', '', '']);
  return (
    <OtpBoxes
      digits={digits}
      onChange={(next) => {
        setDigits(next);
        onChange?.(next);
      }}
    />
  );
}

const boxes = () => screen.getAllByRole('textbox');

describe('OTP boxes', () => {
  it('advances to the next box as digits are typed and ignores non-digits', async () => {
    render(<Harness />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('1x2');
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['1', '2', '', '']);
    expect(boxes()[2]).toHaveFocus();
  });

  it('goes back to the previous box on Backspace in an empty box, clearing it', async () => {
    render(<Harness />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('12');
    expect(boxes()[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(boxes()[1]).toHaveValue('');
    expect(boxes()[0]).toHaveValue('1');
  });

  it('fills every box from a pasted 4-digit code, wherever the caret is', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(boxes()[2]!);
    await userEvent.paste('98 76');
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['9', '8', '7', '6']);
    expect(onChange).toHaveBeenLastCalledWith(['9', '8', '7', '6']);
  });

  it('replaces the digit of a box typed over', async () => {
    render(<Harness />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('1');
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('5');
    expect(boxes()[0]).toHaveValue('5');
    expect(boxes()[1]).toHaveFocus();
  });
});
