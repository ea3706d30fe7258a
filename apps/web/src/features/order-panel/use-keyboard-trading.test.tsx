import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEY_MAP } from '../../state/key-map';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { OrderIntent } from './order-intent';
import { useKeyboardTrading } from './use-keyboard-trading';

function Harness({ onIntent, children }: { onIntent: (i: OrderIntent) => void; children?: React.ReactNode }) {
  useKeyboardTrading(onIntent);
  return <div>{children}</div>;
}

describe('keyboard trading', () => {
  it.each([
    ['ArrowUp', false, { card: 'market', optionType: 'CE', side: 'buy' }],
    ['ArrowDown', false, { card: 'market', optionType: 'PE', side: 'buy' }],
    ['ArrowLeft', false, { card: 'market', optionType: 'CE', side: 'sell' }],
    ['ArrowRight', false, { card: 'market', optionType: 'PE', side: 'sell' }],
    ['ArrowUp', true, { card: 'stopLoss', optionType: 'CE', side: 'buy' }],
    ['ArrowDown', true, { card: 'stopLoss', optionType: 'PE', side: 'buy' }],
    ['ArrowLeft', true, { card: 'stopLoss', optionType: 'CE', side: 'sell' }],
    ['ArrowRight', true, { card: 'stopLoss', optionType: 'PE', side: 'sell' }],
  ] as const)('%s (shift %s) places %o', (key, shiftKey, intent) => {
    const onIntent = vi.fn();
    render(<Harness onIntent={onIntent} />);
    fireEvent.keyDown(document.body, { key, shiftKey });
    expect(onIntent).toHaveBeenCalledExactlyOnceWith({ ...intent, pressedAt: expect.any(Number) });
  });

  it('follows a remapped key: the new key trades, the old one no longer does', () => {
    useTradingSettings.getState().patchSettings('keyMap', { buyCall: 'w' });
    try {
      const onIntent = vi.fn();
      render(<Harness onIntent={onIntent} />);
      fireEvent.keyDown(document.body, { key: 'ArrowUp' });
      expect(onIntent).not.toHaveBeenCalled();
      fireEvent.keyDown(document.body, { key: 'W', code: 'KeyW', shiftKey: true });
      expect(onIntent).toHaveBeenCalledExactlyOnceWith({
        card: 'stopLoss',
        optionType: 'CE',
        side: 'buy',
        pressedAt: expect.any(Number),
      });
    } finally {
      useTradingSettings.getState().patchSettings('keyMap', DEFAULT_KEY_MAP);
    }
  });

  it('ignores other keys, held keys and modifier combinations', () => {
    const onIntent = vi.fn();
    render(<Harness onIntent={onIntent} />);
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.keyDown(document.body, { key: 'ArrowUp', repeat: true });
    fireEvent.keyDown(document.body, { key: 'ArrowUp', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowUp', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowUp', altKey: true });
    expect(onIntent).not.toHaveBeenCalled();
  });

  it.each(['input', 'textarea'])('never trades while typing in a %s', (tag) => {
    const onIntent = vi.fn();
    const { container } = render(
      <Harness onIntent={onIntent}>
        {tag === 'input' && <input aria-label="field" />}
        {tag === 'textarea' && <textarea aria-label="field" />}
      </Harness>,
    );
    const field = container.querySelector(tag)!;
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(onIntent).not.toHaveBeenCalled();
  });

  it('trades from a closed select picked with the mouse, and the select keeps its value', () => {
    const onIntent = vi.fn();
    const { getByRole } = render(
      <Harness onIntent={onIntent}>
        <select aria-label="Index" defaultValue="NIFTY">
          <option>NIFTY</option>
          <option>BANKNIFTY</option>
        </select>
      </Harness>,
    );
    const select = getByRole('combobox', { name: 'Index' });
    select.focus();
    const allowed = fireEvent.keyDown(select, { key: 'ArrowUp' });
    expect(onIntent).toHaveBeenCalledExactlyOnceWith({
      card: 'market',
      optionType: 'CE',
      side: 'buy',
      pressedAt: expect.any(Number),
    });
    // The browser's own handling (stepping the select to another index) is cancelled.
    expect(allowed).toBe(false);
  });

  it('trades from a focused checkbox or button, which have no text to edit', () => {
    const onIntent = vi.fn();
    const { getByRole } = render(
      <Harness onIntent={onIntent}>
        <input type="checkbox" aria-label="Iceberg" />
        <button type="button">Buy CE</button>
      </Harness>,
    );
    fireEvent.keyDown(getByRole('checkbox'), { key: 'ArrowLeft' });
    fireEvent.keyDown(getByRole('button'), { key: 'ArrowRight' });
    expect(onIntent).toHaveBeenCalledTimes(2);
  });

  it('never trades while a menu or an open list has focus', () => {
    const onIntent = vi.fn();
    render(<Harness onIntent={onIntent} />);
    for (const role of ['menu', 'listbox']) {
      const open = document.createElement('div');
      open.setAttribute('role', role);
      document.body.append(open);
      fireEvent.keyDown(document.body, { key: 'ArrowUp' });
      open.remove();
    }
    expect(onIntent).not.toHaveBeenCalled();
  });

  it.each(['dialog', 'alertdialog'])('never trades while a %s is open', (role) => {
    const onIntent = vi.fn();
    render(<Harness onIntent={onIntent} />);
    const modal = document.createElement('div');
    modal.setAttribute('role', role);
    document.body.append(modal);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(onIntent).not.toHaveBeenCalled();
    modal.remove();
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(onIntent).toHaveBeenCalledTimes(1);
  });
});
