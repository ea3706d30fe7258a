import { describe, expect, it } from 'vitest';
import { explainRefusal } from './vortex-messages';

// Refusals for exchange rules on API orders in words a trader understands; other refusals keep Rupeezy's text.

describe('Rupeezy refusals', () => {
  it.each([
    ['Static IP not registered', 'rejected', /static IP/],
    ['Algo orders not allowed for this client', 'rejected', /unregistered algo/],
    ['Market order without market protection is not allowed', 'rejected', /price protection/],
    ['Rate limit exceeded', 'rate_limited', /rate limit/i],
    ['Insufficient funds', 'rejected', /^Rupeezy: Insufficient funds$/],
  ])('%s', (text, code, message) => {
    const explained = explainRefusal(text);
    expect(explained.code).toBe(code);
    expect(explained.message).toMatch(message);
  });
});
