import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '../bus/bus';
import { DomainError } from '../domain-error';
import type { ApiApp } from '../http/types';
import type { Logger } from '../logger';
import type { EngineOwnership } from './ownership';

// A request for a user whose engine runs on another instance is carried over the bus to that instance, which
// answers it through its own routes (`inject`: same authentication, validation and handlers) and sends the
// answer back. Every instance hears every forwarded request and keeps those addressed to it.

declare module '../bus/bus' {
  interface BusEvents {
    'cluster.request': ForwardedRequest;
    'cluster.reply': ForwardedReply;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered by another instance (the user's engine owner): this instance's hooks must not act on it. */
    forwardedTo?: string;
    /** Ends this request's hold on its user (a user with a command in flight is never handed off). */
    leaveEngine?: () => void;
    /**
     * Clustered, on a user-engine route called without a signed-in user (a broker's postback): once the route knows
     * whose it is, this answers it from that user's owner when another instance runs them (true: the reply is
     * sent), or holds the user here (false: the route acts itself).
     */
    routeToOwner?: (userId: string) => Promise<boolean>;
  }
}

export interface ForwardedRequest {
  id: string;
  to: string;
  from: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The client's address as the receiving instance saw it (rate limits and logs on the owner use it). */
  ip: string;
  /** The JSON body as text, or null. */
  body: string | null;
}

export interface ForwardedReply {
  id: string;
  to: string;
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  body: string;
}

/** Marks a request that was forwarded once: it is answered where it arrives or refused, never sent on again. */
export const FORWARDED_HEADER = 'x-xt-forwarded-by';

/** Headers that carry meaning to the owner's routes (authentication, idempotency, the body's type). */
const KEPT_HEADERS = ['authorization', 'idempotency-key', 'content-type', 'user-agent'];

export interface ForwardingDeps {
  ownership: EngineOwnership;
  bus: Bus;
  logger: Logger;
  /** How long the owner has to answer before the client gets a 503. */
  timeoutMs: number;
}

export interface Forwarding {
  /** preHandler of the routes that act on a user's engine: answers from the owner when it is elsewhere. */
  hook(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** onResponse of the same routes: the command is over, its user may be handed off again. */
  done(request: FastifyRequest): Promise<void>;
  /** Starts answering requests forwarded to this instance, through `app`. */
  serve(app: ApiApp): Promise<void>;
  close(): void;
}

export function createForwarding(deps: ForwardingDeps): Forwarding {
  const { ownership, bus, logger, timeoutMs } = deps;
  const waiting = new Map<string, (reply: ForwardedReply) => void>();
  const unsubscribes: Array<() => void> = [];

  const unsubscribeReplies = bus.subscribe('cluster.reply', (reply) => {
    if (reply.to !== ownership.instanceId) return;
    waiting.get(reply.id)?.(reply);
  });
  unsubscribes.push(unsubscribeReplies);

  const ask = (request: FastifyRequest, holder: string): Promise<ForwardedReply> => {
    const headers: Record<string, string> = { [FORWARDED_HEADER]: ownership.instanceId };
    for (const name of KEPT_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const message: ForwardedRequest = {
      id: randomUUID(),
      to: holder,
      from: ownership.instanceId,
      method: request.method,
      url: request.url,
      headers,
      ip: request.ip,
      body: request.body === undefined || request.body === null ? null : JSON.stringify(request.body),
    };
    return new Promise<ForwardedReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(message.id);
        reject(
          new DomainError(
            'engine_unreachable',
            'The server running this account did not answer in time; try again',
            { retryAfterSeconds: 1 },
          ),
        );
      }, timeoutMs);
      waiting.set(message.id, (answer) => {
        clearTimeout(timer);
        waiting.delete(message.id);
        resolve(answer);
      });
      bus.publish('cluster.request', message).catch((error: unknown) => {
        clearTimeout(timer);
        waiting.delete(message.id);
        reject(error);
      });
    });
  };

  /**
   * Lets the request run here when this instance runs the user (false), else answers it from the owner (true: the
   * reply is sent).
   */
  const route = async (userId: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const claimed = await ownership.enter(userId);
    if (claimed.owner === 'self') {
      request.leaveEngine = claimed.done;
      return false;
    }
    // A forwarded request whose target lost the user meanwhile: refused rather than passed around.
    if (request.headers[FORWARDED_HEADER] !== undefined) {
      throw new DomainError('engine_moved', 'This account is moving to another server; try again', {
        retryAfterSeconds: 1,
      });
    }
    request.forwardedTo = claimed.holder;
    const answer = await ask(request, claimed.holder);
    reply.code(answer.status);
    if (answer.contentType) reply.header('content-type', answer.contentType);
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    reply.send(answer.body);
    return true;
  };

  return {
    async hook(request, reply) {
      if (!ownership.clustered) return undefined;
      const userId = request.user?.id;
      if (!userId) {
        request.routeToOwner = (owner) => route(owner, request, reply);
        return undefined;
      }
      return (await route(userId, request, reply)) ? reply : undefined;
    },
    async done(request) {
      request.leaveEngine?.();
    },
    async serve(app) {
      const unsubscribe = bus.subscribe('cluster.request', async (message) => {
        if (message.to !== ownership.instanceId) return;
        let answer: ForwardedReply;
        try {
          const response = await app.inject({
            method: message.method as 'GET',
            url: message.url,
            headers: message.headers,
            remoteAddress: message.ip,
            ...(message.body === null ? {} : { payload: message.body }),
          });
          const type = response.headers['content-type'];
          const retry = response.headers['retry-after'];
          answer = {
            id: message.id,
            to: message.from,
            status: response.statusCode,
            contentType: typeof type === 'string' ? type : null,
            retryAfter: typeof retry === 'string' ? retry : null,
            body: response.body,
          };
        } catch (error) {
          logger.error({ err: error }, 'answering a forwarded request failed');
          answer = {
            id: message.id,
            to: message.from,
            status: 503,
            contentType: 'application/json; charset=utf-8',
            retryAfter: '1',
            body: JSON.stringify({
              success: false,
              message: 'The server running this account failed to answer; try again',
            }),
          };
        }
        await bus.publish('cluster.reply', answer);
      });
      unsubscribes.push(unsubscribe);
      await bus.ready();
    },
    close() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    },
  };
}
