import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrokerSession } from '../brokers/broker';
import type { AuditKind, AuditLog } from './audit-log';
import { CALL_ALONE_AFTER_MS, createOrderAuditHooks } from './order-hooks';

// One line per broker call: the call and its answer together, or the call alone first when the broker is slow.

interface Line {
  userId: string;
  kind: AuditKind;
  orderId: string | null;
  data: unknown;
}

function recordingLog(): AuditLog & { lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    append: (userId, kind, orderId, data) => void lines.push({ userId, kind, orderId, data }),
    appendJson: (userId, kind, orderId, json) =>
      void lines.push({ userId, kind, orderId, data: JSON.parse(json) }),
    settled: async () => {},
    flush: async () => {},
  };
}

/** A session whose cancelOrder answers (or throws) when the test says so. */
function slowSession() {
  let answer: (value: { ok: true; brokerOrderId: string }) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const session = {
    brokerId: 'PAPERTRADE',
    userId: 'u1',
    capabilities: {},
    cancelOrder: () =>
      new Promise((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  } as unknown as BrokerSession;
  return {
    session,
    answer: (id: string) => answer({ ok: true, brokerOrderId: id }),
    fail: (e: Error) => fail(e),
  };
}

async function auditedSessionOf(log: AuditLog, session: BrokerSession): Promise<BrokerSession> {
  const hooks = createOrderAuditHooks(log);
  const audited = await hooks.registry({ sessionFor: async () => session }).sessionFor('u1');
  if (!audited) throw new Error('no session');
  return audited;
}

describe('audited broker calls', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records a call answered in time as one line with its answer', async () => {
    const log = recordingLog();
    const broker = slowSession();
    const audited = await auditedSessionOf(log, broker.session);
    const cancelled = audited.cancelOrder('B1');
    expect(log.lines).toEqual([]);
    broker.answer('B1');
    await cancelled;
    expect(log.lines).toEqual([
      {
        userId: 'u1',
        kind: 'broker.call',
        orderId: null,
        data: {
          broker: 'PAPERTRADE',
          method: 'cancelOrder',
          args: { brokerOrderId: 'B1' },
          answer: { ok: true, brokerOrderId: 'B1' },
        },
      },
    ]);
    // No line for the call alone comes later.
    vi.advanceTimersByTime(CALL_ALONE_AFTER_MS * 2);
    expect(log.lines).toHaveLength(1);
  });

  it('records a slow call alone, then its answer (a throw: outcome unknown) as its own line', async () => {
    const log = recordingLog();
    const broker = slowSession();
    const audited = await auditedSessionOf(log, broker.session);
    const cancelled = audited.cancelOrder('B2').catch((error: unknown) => error);
    vi.advanceTimersByTime(CALL_ALONE_AFTER_MS);
    expect(log.lines.map((line) => [line.kind, line.data])).toEqual([
      ['broker.call', { broker: 'PAPERTRADE', method: 'cancelOrder', args: { brokerOrderId: 'B2' } }],
    ]);
    broker.fail(new Error('socket hang up'));
    await cancelled;
    expect(log.lines.map((line) => [line.kind, line.data])).toEqual([
      ['broker.call', { broker: 'PAPERTRADE', method: 'cancelOrder', args: { brokerOrderId: 'B2' } }],
      ['broker.answer', { broker: 'PAPERTRADE', method: 'cancelOrder', threw: 'socket hang up' }],
    ]);
  });
});
