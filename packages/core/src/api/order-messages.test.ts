import { describe, expect, it } from 'vitest';
import { cancelledMessage, ORDER_SUCCESS } from './order-messages';

describe('order success messages', () => {
  it('names the cancelled order type with a capital', () => {
    expect(cancelledMessage('stoploss')).toBe('Stoploss order cancellation triggered!');
    expect(cancelledMessage('market')).toBe('Market order cancellation triggered!');
  });

  it('keeps the placement text', () => {
    expect(ORDER_SUCCESS.placed).toBe('Order placed successfully.');
  });
});
