import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderIntent } from './order-intent';
import { useKeyboardTrading } from './use-keyboard-trading';

function Harness({ onIntent, children }: { onIntent: (i: OrderIntent) => void; children?: React.ReactNode }) {
  useKeyboardTrading(onIntent);
  return <div>{children}</div>;
}

describe('keyboard trading (SPEC section 9)', () => {
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
    expect(onIntent).toHaveBeenCalledExactlyOnceWith(intent);
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

  it.each(['input', 'textarea', 'select'])('never trades while typing in a %s', (tag) => {
    const onIntent = vi.fn();
    const { container } = render(
      <Harness onIntent={onIntent}>
        {tag === 'input' && <input aria-label="field" />}
        {tag === 'textarea' && <textarea aria-label="field" />}
        {tag === 'select' && <select aria-label="field" />}
      </Harness>,
    );
    const field = container.querySelector(tag)!;
    fireEvent.keyDown(field, { key: 'ArrowUp' });
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
