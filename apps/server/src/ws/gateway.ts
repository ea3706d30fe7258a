import fastifyWebsocket from '@fastify/websocket';
import type { Notification } from '@xtrader/core/api/notifications';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Unsubscribe } from '../bus/bus';
import type { AuthIdentity } from '../modules/auth/index';
import { tokenOf } from '../modules/auth/index';
import type { InstrumentDirectory } from '../modules/instruments/contract';
import type { MarketData, PriceView, ViewOfUser } from '../modules/market/contract';
import type { AppModule } from '../modules/module';
import type { Resources } from '../resources';
import { Fanout, type FanoutClient, type FanoutLimits } from './fanout';
import { errorFrame, ltpFrame, notificationFrame, quoteFragment, quotePrefix } from './frames';
import { knownSymbols, MAX_SYMBOLS_PER_CONNECTION, parseClientMessage } from './subscriptions';

/** Close code for a missing, bad, expired or revoked token. */
export const CLOSE_UNAUTHORIZED = 4401;

export interface GatewayOptions extends FanoutLimits {
  /** Ping period; a client that has not answered the previous ping by the next one is terminated. */
  heartbeatMs: number;
  /** Retry period for clients skipped while their buffer drains. */
  retryFlushMs: number;
  /** Largest client message accepted (bytes). */
  maxPayloadBytes: number;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  coalesceAboveBytes: 256 * 1024,
  dropAboveBytes: 4 * 1024 * 1024,
  heartbeatMs: 30_000,
  retryFlushMs: 50,
  maxPayloadBytes: 64 * 1024,
};

export interface GatewayDeps {
  marketData: MarketData;
  directory: InstrumentDirectory;
  verifyAccessToken: (token: string) => Promise<AuthIdentity | null>;
  viewOf: ViewOfUser;
  options?: Partial<GatewayOptions>;
}

interface Connection {
  id: string;
  socket: WebSocket;
  identity: AuthIdentity;
  view: PriceView;
  fanout: Fanout;
  client: FanoutClient;
  alive: boolean;
}

declare module '../bus/bus' {
  interface BusEvents {
    /** A notification card for the user; the gateway forwards it to every socket of that user. */
    notification: { userId: string; notification: Notification };
  }
}

/**
 * The WebSocket gateway at `/v1/options-x/websocket?token=<accessToken>` (docs/websocket.md): authenticates,
 * keeps each socket's subscriptions (retained in market data), batches prices per tick cycle through one fan-out
 * per view, and forwards the user's notifications. A subscriber of market data and the bus, never part of order
 * logic.
 */
export function createLiveGateway(
  resources: Resources,
  deps: GatewayDeps,
): AppModule & { stats(): GatewayStats } {
  const options = { ...DEFAULT_GATEWAY_OPTIONS, ...deps.options };
  const { bus, logger } = resources;
  const fanouts: Record<PriceView, Fanout> = { live: new Fanout(options), practice: new Fanout(options) };
  const connections = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const teardown: Unsubscribe[] = [];
  let nextId = 0;
  let flushScheduled = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const totals = { frames: 0, deliveries: 0, skipped: 0, dropped: 0 };

  // Several quote batches in one turn of the event loop go out as one frame per client.
  const flush = () => {
    flushScheduled = false;
    let skipped = 0;
    for (const fanout of Object.values(fanouts)) {
      const stats = fanout.flush();
      totals.frames += stats.frames;
      totals.deliveries += stats.deliveries;
      totals.skipped += stats.skipped;
      totals.dropped += stats.dropped;
      skipped += stats.skipped;
    }
    if (skipped > 0 && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        flush();
      }, options.retryFlushMs);
      retryTimer.unref();
    }
  };
  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  };

  const send = (connection: Connection, frame: string) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame);
  };

  function subscribe(connection: Connection, symbols: readonly string[]): void {
    const { known, unknown } = knownSymbols(symbols, deps.directory);
    if (unknown.length > 0) send(connection, errorFrame(`Unknown symbols: ${unknown.join(', ')}`));
    const room = MAX_SYMBOLS_PER_CONNECTION - connection.client.slots.length;
    if (known.length > room) {
      send(connection, errorFrame(`At most ${MAX_SYMBOLS_PER_CONNECTION} symbols per connection`));
    }
    const added = connection.fanout.subscribe(connection.client, known.slice(0, Math.max(0, room)));
    if (added.length === 0) return;
    deps.marketData.retain(connection.id, added);
    // New subscribers get a snapshot, then updates (STYLE 12).
    const snapshot = added.flatMap((symbol) => {
      const quote = deps.marketData.getQuote(symbol, connection.view);
      return quote ? [quoteFragment(quotePrefix(symbol), quote)] : [];
    });
    if (snapshot.length > 0) send(connection, ltpFrame(snapshot));
  }

  function unsubscribe(connection: Connection, symbols: readonly string[]): void {
    const removed = connection.fanout.unsubscribe(connection.client, symbols);
    if (removed.length > 0) deps.marketData.release(connection.id, removed);
  }

  function onMessage(
    connection: Connection,
    data: Parameters<typeof parseClientMessage>[0],
    isBinary: boolean,
  ) {
    const parsed = parseClientMessage(data, isBinary);
    if (!parsed.ok) return send(connection, errorFrame(parsed.error));
    const { action, symbols } = parsed.message;
    if (action === 'subscribe') subscribe(connection, symbols);
    else unsubscribe(connection, symbols);
  }

  function register(socket: WebSocket, identity: AuthIdentity, view: PriceView): Connection {
    nextId += 1;
    const fanout = fanouts[view];
    const connection: Connection = {
      id: `ws:${nextId}`,
      socket,
      identity,
      view,
      fanout,
      client: fanout.addClient(socket),
      alive: true,
    };
    connections.add(connection);
    const mine = byUser.get(identity.userId) ?? new Set<Connection>();
    byUser.set(identity.userId, mine);
    mine.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.once('close', () => unregister(connection));
    return connection;
  }

  function unregister(connection: Connection): void {
    if (!connections.delete(connection)) return;
    connection.fanout.removeClient(connection.client);
    deps.marketData.release(connection.id);
    const mine = byUser.get(connection.identity.userId);
    mine?.delete(connection);
    if (mine?.size === 0) byUser.delete(connection.identity.userId);
  }

  async function onConnection(socket: WebSocket, request: FastifyRequest): Promise<void> {
    // Messages may arrive while the token is checked: hold them until the connection is known.
    const early: [Parameters<typeof parseClientMessage>[0], boolean][] = [];
    let connection: Connection | undefined;
    socket.on('message', (data, isBinary) => {
      if (connection) onMessage(connection, data, isBinary);
      else early.push([data, isBinary]);
    });
    const token = tokenOf(request);
    const identity = token ? await deps.verifyAccessToken(token).catch(() => null) : null;
    if (!identity) {
      socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
      return;
    }
    const view = await deps.viewOf(identity.userId).catch((error: unknown) => {
      logger.warn({ err: error }, 'websocket: user lookup failed; serving live prices');
      return 'live' as const;
    });
    if (socket.readyState !== socket.OPEN) return;
    connection = register(socket, identity, view);
    for (const [data, isBinary] of early.splice(0)) onMessage(connection, data, isBinary);
  }

  function beat(): void {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        unregister(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  function closeSessions(userId: string, sessionIds: readonly string[]): void {
    for (const connection of byUser.get(userId) ?? []) {
      if (sessionIds.includes(connection.identity.sessionId)) {
        connection.socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
      }
    }
  }

  return {
    name: 'live-gateway',
    async registerRoutes(app) {
      await app.register(fastifyWebsocket, { options: { maxPayload: options.maxPayloadBytes } });
      app.get('/websocket', { websocket: true }, (socket, request) => onConnection(socket, request));
    },
    async start() {
      for (const view of ['live', 'practice'] as const) {
        teardown.push(
          deps.marketData.onQuotes(view, (quotes) => {
            fanouts[view].update(quotes);
            if (fanouts[view].hasChanges) scheduleFlush();
          }),
        );
      }
      teardown.push(
        bus.subscribe('notification', ({ userId, notification }) => {
          const mine = byUser.get(userId);
          if (!mine) return;
          const frame = notificationFrame(notification);
          for (const connection of mine) send(connection, frame);
        }),
        bus.subscribe('session.revoked', ({ userId, sessionIds }) => closeSessions(userId, sessionIds)),
      );
      heartbeat = setInterval(beat, options.heartbeatMs);
      heartbeat.unref();
    },
    async close() {
      for (const stop of teardown.splice(0)) stop();
      if (heartbeat) clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      for (const connection of [...connections]) unregister(connection);
    },
    stats: () => ({ connections: connections.size, ...totals }),
  };
}

export interface GatewayStats {
  connections: number;
  frames: number;
  deliveries: number;
  skipped: number;
  dropped: number;
}
