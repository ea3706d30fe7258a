import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrokerOrderUpdate, BrokerRegistry, BrokerSession } from '../brokers/broker';
import type { AuditLog } from './audit-log';

// Where the order manager's actions reach the audit trail. Every hook only appends (no I/O on the order path); the
// one wait is before an order route answers, until that user's lines so far (its own line included) are stored, so
// an acknowledged order's request, broker calls and answers are never lost. One line per step: a request and its
// answer are one line, written when the answer goes out; a broker call and its answer are one line, written when
// the answer comes (the call alone first if the broker takes longer than CALL_ALONE_AFTER_MS). Shapes are structural
// so this folder imports nothing of the order manager (which wires these hooks in).

/** The parts of an order's state change ('order.changed') the trail records. */
export interface AuditedChange {
  before: { state: { status: string } };
  after: {
    id: string;
    userId: string;
    state: {
      status: string;
      quantity: number;
      filledQuantity: number;
      averagePrice: number;
      price: number | null;
      triggerPrice: number | null;
    };
  };
  event: { type: string };
}

/** What the order manager wires in (orders/index.ts). */
export interface OrderAuditHooks {
  /** The registry with every session's order calls and answers recorded. */
  registry(registry: BrokerRegistry): BrokerRegistry;
  /**
   * onSend hook of the order routes: records each order request (not reads) of a signed-in user with its answer, and
   * holds the answer until that line and every earlier line of the user are stored.
   */
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** 'broker.update' listener. */
  brokerUpdate(update: BrokerOrderUpdate): void;
  /** 'order.changed' listener. */
  stateChange(change: AuditedChange): void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

const orderIdOfParams = (request: FastifyRequest): string | null => {
  const params = request.params as { orderId?: unknown } | undefined;
  return typeof params?.orderId === 'string' ? params.orderId : null;
};

/** A broker call still unanswered after this long is recorded alone (its answer follows as its own line). */
export const CALL_ALONE_AFTER_MS = 1000;

/** The answer as JSON text: a JSON body as it was sent (not parsed and serialised again), anything else quoted. */
function answerJson(reply: FastifyReply, payload: unknown): string {
  if (payload === undefined || payload === null) return 'null';
  if (typeof payload !== 'string') return '"[stream]"';
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json') && payload.length > 0
    ? payload
    : JSON.stringify(payload);
}

/** The order id a placement's answer names (`data.orderId`), read without parsing the answer. */
const PLACED_ID = /"orderId":"([^"\\]+)"/;

/**
 * The session with its order calls (and the lookup made before any resend) recorded: the call and its answer as one
 * line once the answer comes; a call unanswered after CALL_ALONE_AFTER_MS is recorded alone, then its answer.
 */
function auditedSession(log: AuditLog, session: BrokerSession): BrokerSession {
  const { userId, brokerId } = session;
  const call = async <T>(
    method: string,
    orderId: string | null,
    args: unknown,
    send: () => Promise<T>,
    summary: (answer: T) => unknown = (answer) => answer,
  ): Promise<T> => {
    let alone = false;
    const slow = setTimeout(() => {
      alone = true;
      log.append(userId, 'broker.call', orderId, { broker: brokerId, method, args });
    }, CALL_ALONE_AFTER_MS);
    slow.unref();
    const record = (outcome: { answer: unknown } | { threw: string }) => {
      clearTimeout(slow);
      if (alone) log.append(userId, 'broker.answer', orderId, { broker: brokerId, method, ...outcome });
      else log.append(userId, 'broker.call', orderId, { broker: brokerId, method, args, ...outcome });
    };
    try {
      const answer = await send();
      record({ answer: summary(answer) });
      return answer;
    } catch (error) {
      // A throw from a placement means "outcome unknown": recorded as such, never as a refusal.
      record({ threw: errorText(error) });
      throw error;
    }
  };
  return {
    brokerId,
    userId,
    get capabilities() {
      return session.capabilities;
    },
    placeOrder: (cmd) => call('placeOrder', cmd.clientOrderId, cmd, () => session.placeOrder(cmd)),
    modifyOrder: (brokerOrderId, cmd) =>
      call('modifyOrder', null, { brokerOrderId, ...cmd }, () => session.modifyOrder(brokerOrderId, cmd)),
    cancelOrder: (brokerOrderId) =>
      call('cancelOrder', null, { brokerOrderId }, () => session.cancelOrder(brokerOrderId)),
    listOrders: () =>
      call(
        'listOrders',
        null,
        {},
        () => session.listOrders(),
        (orders) => ({
          orders: orders.map(({ brokerOrderId, clientOrderId, status }) => ({
            brokerOrderId,
            clientOrderId,
            status,
          })),
        }),
      ),
    positions: () => session.positions(),
    margin: () => session.margin(),
    onOrderUpdate: (handler) => session.onOrderUpdate(handler),
  };
}

/**
 * The request as one JSON text: method, URL, body, idempotency key and the answer's status. A body JSON cannot
 * write back (a hostile one nested past the stack, refused by validation) is recorded as such, never thrown: the
 * answer must still go out.
 */
function askedJson(request: FastifyRequest, status: number): string {
  const base = {
    method: request.method,
    url: request.url,
    idempotencyKey: request.headers['idempotency-key'] ?? null,
    status,
  };
  try {
    return JSON.stringify({ ...base, body: request.body ?? null });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return JSON.stringify({ ...base, body: { unserialisable: reason } });
  }
}

export function createOrderAuditHooks(log: AuditLog): OrderAuditHooks {
  // One wrapper per session object: the order manager listens to a session once, by identity.
  const wrapped = new WeakMap<BrokerSession, BrokerSession>();
  const wrap = (session: BrokerSession) => {
    let audited = wrapped.get(session);
    if (!audited) {
      audited = auditedSession(log, session);
      wrapped.set(session, audited);
    }
    return audited;
  };
  return {
    registry: (registry) => ({
      async sessionFor(userId) {
        const session = await registry.sessionFor(userId);
        return session ? wrap(session) : undefined;
      },
    }),
    async onSend(request, reply, payload) {
      // A request answered by another instance (cluster/forwarding.ts) is recorded there, by the user's engine.
      if (isRead(request) || !request.user || request.forwardedTo) return payload;
      const answer = answerJson(reply, payload);
      const orderId = orderIdOfParams(request) ?? PLACED_ID.exec(answer)?.[1] ?? null;
      const asked = askedJson(request, reply.statusCode);
      // The request and its answer as one line (the answer spliced in as sent), stored before the answer goes out
      // together with everything the request caused before it (broker calls and answers, state changes).
      log.appendJson(request.user.id, 'request', orderId, `${asked.slice(0, -1)},"answer":${answer}}`);
      await log.settled(request.user.id);
      return payload;
    },
    brokerUpdate(update) {
      // The user is the line's own column.
      const { userId, ...reported } = update;
      log.append(userId, 'broker.update', update.clientOrderId ?? null, reported);
    },
    stateChange({ before, after, event }) {
      // The event says what happened; the state's figures after it, without its bookkeeping (trade ids, ...).
      const { status, quantity, filledQuantity, averagePrice, price, triggerPrice } = after.state;
      log.append(after.userId, 'state.change', after.id, {
        from: before.state.status,
        to: status,
        event,
        quantity,
        filledQuantity,
        averagePrice,
        price,
        triggerPrice,
      });
    },
  };
}
