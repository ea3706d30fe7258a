import { describe, expect, it } from 'vitest';
import { statusWords } from './status-words';

describe('statusWords', () => {
  it('reads the shared words in any case and with spaces or underscores', () => {
    const statusOf = statusWords();
    expect(statusOf('OPEN')).toBe('open');
    expect(statusOf(' trigger pending ')).toBe('trigger_pending');
    expect(statusOf('TRIGGER_PENDING')).toBe('trigger_pending');
    expect(statusOf('Partially_Filled')).toBe('open');
    expect(statusOf('executed')).toBe('complete');
    expect(statusOf('CANCELED')).toBe('cancelled');
    expect(statusOf('rejected')).toBe('rejected');
  });

  it('takes the broker differences over the base and reads unknown words as in flight', () => {
    const statusOf = statusWords({ pending: 'open', OMSREJECT: 'rejected', complete: 'in_flight' });
    expect(statusOf('PENDING')).toBe('open');
    expect(statusOf('omsreject')).toBe('rejected');
    expect(statusOf('complete')).toBe('in_flight');
    expect(statusOf('validation pending')).toBe('in_flight');
    expect(statusWords()('pending')).toBe('in_flight');
  });
});
