import { beforeEach, describe, expect, it } from 'vitest';
import { useOrderActivity } from './order-activity';

const activity = () => useOrderActivity.getState();

beforeEach(() => useOrderActivity.setState({ placing: 0, awaitingExecution: 0, notifications: 0 }));

describe('order activity', () => {
  it('counts a request on the wire, then awaits its execution until notified', () => {
    const mark = activity().requestSent();
    expect(activity().placing).toBe(1);
    activity().requestSettled(true, mark);
    expect(activity()).toMatchObject({ placing: 0, awaitingExecution: 1 });
    activity().executionNotified();
    expect(activity().awaitingExecution).toBe(0);
  });

  it('does not await an order whose execution was notified before its HTTP answer', () => {
    const mark = activity().requestSent();
    activity().executionNotified();
    activity().requestSettled(true, mark);
    expect(activity().awaitingExecution).toBe(0);
  });

  it('awaits nothing for a refused request', () => {
    activity().requestSettled(false, activity().requestSent());
    expect(activity()).toMatchObject({ placing: 0, awaitingExecution: 0 });
  });
});
