import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrokerOrderUpdate, BrokerRegistry, BrokerSession } from '../brokers/broker';
import type { AuditLog } from './audit-log';

// Where the order manager's actions reach the audit trail. Every hook only appends (no I/O on the order path); the
// one wait is before an order route answers, until that user's lines so far are stored, so an acknowledged order's
// request, broker calls and answers are never lost. Shapes are structural so this folder imports nothing of the
// order manager (which wires these hooks in).

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
   * preHandler hook of the order routes: records each order request (not reads) of a signed-in user. Authentication
   * has run by then (it moves to onRequest), and the body is parsed and validated.
   */
  preHandler(request: FastifyRequest): Promise<void>;
  /** onSend hook of the order routes: holds the answer until the user's lines so far are stored, then records it. */
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

function parsedPayload(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload === undefined || payload === null ? null : '[stream]';
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

/** The session with its order calls (and the lookup made before any resend) recorded, call then answer. */
function auditedSession(log: AuditLog, session: BrokerSession): BrokerSession {
  const { userId, brokerId } = session;
  const call = async <T>(
    method: string,
    orderId: string | null,
    args: unknown,
    send: () => Promise<T>,
    summary: (answer: T) => unknown = (answer) => answer,
  ): Promise<T> => {
    log.append(userId, 'broker.call', orderId, { broker: brokerId, method, args });
    try {
      const answer = await send();
      log.append(userId, 'broker.answer', orderId, { broker: brokerId, method, answer: summary(answer) });
      return answer;
    } catch (error) {
      // A throw from a placement means "outcome unknown": recorded as such, never as a refusal.
      log.append(userId, 'broker.answer', orderId, { broker: brokerId, method, threw: errorText(error) });
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
    async preHandler(request) {
      if (isRead(request) || !request.user) return;
      log.append(request.user.id, 'request', orderIdOfParams(request), {
        method: request.method,
        url: request.url,
        body: request.body ?? null,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
    },
    async onSend(request, reply, payload) {
      if (isRead(request) || !request.user) return payload;
      const body = parsedPayload(payload);
      const placedId = (body as { data?: { orderId?: unknown } } | null)?.data?.orderId;
      const orderId = orderIdOfParams(request) ?? (typeof placedId === 'string' ? placedId : null);
      // What the answer acknowledges (the request, the broker's calls and answers, the changes so far) is stored
      // before it goes out. The line of the answer itself goes with the next batch: waiting for it too would hold
      // every answer for one more commit.
      await log.settled(request.user.id);
      log.append(request.user.id, 'response', orderId, { status: reply.statusCode, body });
      return payload;
    },
    brokerUpdate(update) {
      log.append(update.userId, 'broker.update', update.clientOrderId ?? null, update);
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
