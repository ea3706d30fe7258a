import fastifyWebsocket from '@fastify/websocket';
import { INSTRUMENT_DATA_INTERVAL_MS, MAX_INSTRUMENT_DATA_SYMBOLS } from '@xtrader/core/api/live';
import type { Notification } from '@xtrader/core/api/notifications';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { BusEvents, Unsubscribe } from '../bus/bus';
import type { AuthIdentity } from '../modules/auth/index';
import { tokenOf } from '../modules/auth/index';
import type { InstrumentDirectory } from '../modules/instruments/contract';
import type { MarketData, PriceView, ViewOfUser } from '../modules/market/contract';
import type { AppModule } from '../modules/module';
import type { Resources } from '../resources';
import {
  CLOSE_RESTARTING,
  CLOSE_RESTARTING_REASON,
  CLOSE_UNAUTHORIZED,
  type Connection,
  ConnectionRegistry,
  type Placement,
} from './connections';
import type { FanoutLimits } from './fanout';
import { Flusher } from './flusher';
import {
  errorFrame,
  ltpFrame,
  notificationFrame,
  orderUpdateFrame,
  quoteFragment,
  quotePrefix,
} from './frames';
import { instrumentData, instrumentDataFrame } from './instrument-data';
import { closeForPolicy, MessageRate, unknownSymbolsMessage } from './limits';
import { SHARED_SOURCE, SourceFanouts } from './source-fanouts';
import { knownSymbols, MAX_SYMBOLS_PER_CONNECTION, parseClientMessage } from './subscriptions';

export { CLOSE_UNAUTHORIZED } from './connections';

export interface GatewayOptions extends FanoutLimits {
  /** Ping period; a client that has not answered the previous ping by the next one is terminated. */
  heartbeatMs: number;
  /** Retry period for clients skipped while their buffer drains. */
  retryFlushMs: number;
  /** Largest client message accepted (bytes); a bigger one closes the socket with 1009. */
  maxPayloadBytes: number;
  /** Client messages allowed per socket per second; one more closes the socket with 1008. */
  maxMessagesPerSecond: number;
  /** Open sockets allowed per user; a further one is closed with 1008. */
  maxSocketsPerUser: number;
}

const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  coalesceAboveBytes: 256 * 1024,
  dropAboveBytes: 4 * 1024 * 1024,
  heartbeatMs: 30_000,
  retryFlushMs: 50,
  maxPayloadBytes: 64 * 1024,
  maxMessagesPerSecond: 100,
  maxSocketsPerUser: 10,
};

/** Messages held while the token is checked; a client has no reason to send many before it is answered. */
const MAX_EARLY_MESSAGES = 20;

/** Users' own price sources (the market module's); without them everyone reads `marketData`. */
export interface GatewaySources {
  /** The source a user's prices come from now, and their view. */
  feedOf(userId: string): Promise<{ source: { id: string; data: MarketData }; view: PriceView }>;
  /** A user's streams changed: their sockets may move to another source. */
  onChange(handler: (userId: string) => void): () => void;
}

export interface GatewayDeps {
  /** The shared (simulated) source. */
  marketData: MarketData;
  directory: InstrumentDirectory;
  verifyAccessToken: (token: string) => Promise<AuthIdentity | null>;
  viewOf: ViewOfUser;
  sources?: GatewaySources;
  options?: Partial<GatewayOptions>;
}

declare module '../bus/bus' {
  interface BusEvents {
    /** A notification card for the user; the gateway forwards it to every socket of that user. */
    notification: { userId: string; notification: Notification };
  }
}

/**
 * The WebSocket gateway at `/v1/options-x/websocket?token=<accessToken>` (docs/websocket.md): authenticates,
 * keeps each socket's subscriptions (retained in its price source), batches prices per tick cycle through one
 * fan-out per source and view, sends `instrument_data` once a second, and forwards the user's notifications and
 * order updates. A subscriber of market data and the bus, never part of order logic.
 */
export function createLiveGateway(
  resources: Resources,
  deps: GatewayDeps,
): AppModule & { stats(): GatewayStats } {
  const options = { ...DEFAULT_GATEWAY_OPTIONS, ...deps.options };
  const { bus, logger } = resources;
  const fanouts = new SourceFanouts(options, () => flusher.schedule());
  const flusher = new Flusher(fanouts.all, options.retryFlushMs);
  const connections = new ConnectionRegistry((connection) => {
    releaseAll(connection);
    fanouts.releaseIfUnused(connection.sourceId, connection.view);
  });
  const teardown: Unsubscribe[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let draining = false;
  let instrumentTimer: NodeJS.Timeout | undefined;

  const instrumentsOwner = (connection: Connection) => `${connection.id}:instruments`;
  const releaseAll = (connection: Connection) => {
    connection.market.release(connection.id);
    connection.market.release(instrumentsOwner(connection));
  };

  /** The user's source and view; the shared live prices when it cannot be told (logged). */
  const placementOf = async (userId: string): Promise<Omit<Placement, 'fanout'>> => {
    try {
      if (deps.sources) {
        const { source, view } = await deps.sources.feedOf(userId);
        return { sourceId: source.id, market: source.data, view };
      }
      return { sourceId: SHARED_SOURCE, market: deps.marketData, view: await deps.viewOf(userId) };
    } catch (error) {
      logger.warn({ err: error }, 'websocket: user lookup failed; serving shared live prices');
      return { sourceId: SHARED_SOURCE, market: deps.marketData, view: 'live' };
    }
  };
  const withFanout = (placement: Omit<Placement, 'fanout'>): Placement => ({
    ...placement,
    fanout: fanouts.acquire(placement.sourceId, placement.market, placement.view),
  });
  let droppedOnReply = 0;

  /**
   * Every frame other than batched prices (snapshots, errors, notifications). Like prices, what a socket may have
   * queued is capped: a client that stops reading is dropped rather than held in memory.
   */
  const send = (connection: Connection, frame: string) => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount + Buffer.byteLength(frame) > options.dropAboveBytes) {
      droppedOnReply += 1;
      connections.remove(connection);
      socket.terminate();
      return;
    }
    socket.send(frame);
  };

  function subscribe(connection: Connection, symbols: readonly string[]): void {
    const { known, unknown } = knownSymbols(symbols, deps.directory);
    if (unknown.length > 0) send(connection, errorFrame(unknownSymbolsMessage(unknown)));
    const room = MAX_SYMBOLS_PER_CONNECTION - connection.client.set.slots.length;
    if (known.length > room) {
      send(connection, errorFrame(`At most ${MAX_SYMBOLS_PER_CONNECTION} symbols per connection`));
    }
    const added = connection.fanout.subscribe(connection.client, known.slice(0, Math.max(0, room)));
    if (added.length === 0) return;
    connection.market.retain(connection.id, added);
    // New subscribers get a snapshot, then updates.
    const snapshot = added.flatMap((symbol) => {
      const quote = connection.market.getQuote(symbol, connection.view);
      return quote ? [quoteFragment(quotePrefix(symbol), quote)] : [];
    });
    if (snapshot.length > 0) send(connection, ltpFrame(snapshot));
  }

  function subscribeInstruments(connection: Connection, symbols: readonly string[]): void {
    const { known, unknown } = knownSymbols(symbols, deps.directory);
    if (unknown.length > 0) send(connection, errorFrame(unknownSymbolsMessage(unknown)));
    const fresh = known.filter((symbol) => !connection.instruments.has(symbol));
    const room = MAX_INSTRUMENT_DATA_SYMBOLS - connection.instruments.size;
    if (fresh.length > room) {
      send(
        connection,
        errorFrame(`At most ${MAX_INSTRUMENT_DATA_SYMBOLS} instrument_data symbols per connection`),
      );
    }
    const added = fresh.slice(0, Math.max(0, room));
    if (added.length === 0) return;
    for (const symbol of added) connection.instruments.set(symbol, -1);
    connection.market.retain(instrumentsOwner(connection), added);
    sendInstrumentData(connection);
  }

  function unsubscribeInstruments(connection: Connection, symbols: readonly string[]): void {
    const removed = symbols.filter((symbol) => connection.instruments.delete(symbol));
    if (removed.length > 0) connection.market.release(instrumentsOwner(connection), removed);
  }

  /** The full quote of each `instrument_data` symbol whose price changed since it was last sent. */
  function sendInstrumentData(connection: Connection): void {
    const source = connection.sourceId === SHARED_SOURCE ? 'simulated' : 'broker';
    const data = [];
    for (const [symbol, sentTs] of connection.instruments) {
      const quote = connection.market.getQuote(symbol, connection.view);
      if (!quote || quote.ts === sentTs) continue;
      connection.instruments.set(symbol, quote.ts);
      data.push(instrumentData(quote, deps.directory.bySymbol(symbol), source));
    }
    if (data.length > 0) send(connection, instrumentDataFrame(data));
  }

  /** Moves each socket of the user whose source or view changed; it keeps its subscriptions, now priced there. */
  async function followSource(userId: string): Promise<void> {
    if (connections.ofUser(userId).size === 0) return;
    const next = await placementOf(userId);
    for (const connection of [...connections.ofUser(userId)]) {
      if (connection.sourceId === next.sourceId && connection.view === next.view) continue;
      const symbols = connection.fanout.symbolsOf(connection.client);
      const instruments = [...connection.instruments.keys()];
      const before = { sourceId: connection.sourceId, view: connection.view };
      releaseAll(connection);
      connection.instruments.clear();
      connections.move(connection, withFanout(next));
      fanouts.releaseIfUnused(before.sourceId, before.view);
      subscribe(connection, symbols);
      subscribeInstruments(connection, instruments);
    }
  }

  function onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    const parsed = parseClientMessage(data, isBinary);
    if (!parsed.ok) {
      send(connection, errorFrame(parsed.error));
      return;
    }
    const { action, symbols, channel } = parsed.message;
    if (channel === 'instrument_data') {
      if (action === 'subscribe') subscribeInstruments(connection, symbols);
      else unsubscribeInstruments(connection, symbols);
      return;
    }
    if (action === 'subscribe') {
      subscribe(connection, symbols);
      return;
    }
    const removed = connection.fanout.unsubscribe(connection.client, symbols);
    if (removed.length > 0) connection.market.release(connection.id, removed);
  }

  async function onConnection(socket: WebSocket, request: FastifyRequest): Promise<void> {
    // Messages may arrive while the token is checked: hold them until the connection is known.
    const early: [RawData, boolean][] = [];
    let connection: Connection | undefined;
    const rate = new MessageRate(options.maxMessagesPerSecond);
    socket.on('message', (data, isBinary) => {
      if (socket.readyState !== socket.OPEN) return;
      if (!rate.admit()) {
        closeForPolicy(socket, `Too many messages (at most ${options.maxMessagesPerSecond} per second)`);
      } else if (connection) {
        onMessage(connection, data, isBinary);
      } else if (early.length < MAX_EARLY_MESSAGES) {
        early.push([data, isBinary]);
      } else {
        closeForPolicy(socket, 'Too many messages before authentication');
      }
    });
    const token = tokenOf(request) ?? queryToken(request.url);
    const identity = token ? await deps.verifyAccessToken(token).catch(() => null) : null;
    if (!identity) {
      socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
      return;
    }
    if (draining) {
      socket.close(CLOSE_RESTARTING, CLOSE_RESTARTING_REASON);
      return;
    }
    const placement = await placementOf(identity.userId);
    if (socket.readyState !== socket.OPEN) return;
    if (connections.ofUser(identity.userId).size >= options.maxSocketsPerUser) {
      closeForPolicy(socket, `Too many connections (at most ${options.maxSocketsPerUser} per user)`);
      return;
    }
    connection = connections.add(socket, identity, withFanout(placement));
    for (const [data, isBinary] of early.splice(0)) onMessage(connection, data, isBinary);
  }

  /** Sends a frame to every socket of one user, built only when the user has one here. */
  const toUser = (userId: string, frame: () => string) => {
    const mine = connections.ofUser(userId);
    if (mine.size === 0) return;
    const text = frame();
    for (const connection of [...mine]) send(connection, text);
  };
  const onNotification = ({ userId, notification }: BusEvents['notification']) =>
    toUser(userId, () => notificationFrame(notification));
  // Order states reach the table at once instead of at the next poll: the client refetches its orders.
  const onOrderUpdated = ({ userId, orderId }: BusEvents['order.updated']) =>
    toUser(userId, () => orderUpdateFrame(orderId));

  return {
    name: 'live-gateway',
    async registerRoutes(app) {
      await app.register(fastifyWebsocket, {
        options: { maxPayload: options.maxPayloadBytes },
        errorHandler: onSocketError,
      });
      // A plain HTTP request (no upgrade) gets an answer in the API envelope, not the plugin's empty 404.
      app.route({
        method: 'GET',
        url: '/websocket',
        schema: { hide: true },
        handler: (_request, reply) =>
          reply.code(426).send({ success: false, message: 'This address takes WebSocket connections only' }),
        wsHandler: (socket, request) => onConnection(socket, request),
      });
    },
    async start() {
      // The shared source's fan-outs exist from the start, as they always have.
      for (const view of ['live', 'practice'] as const) fanouts.acquire(SHARED_SOURCE, deps.marketData, view);
      if (deps.sources) {
        teardown.push(
          deps.sources.onChange((userId) => {
            followSource(userId).catch((error: unknown) =>
              logger.error({ err: error, userId }, 'websocket: moving to a new price source failed'),
            );
          }),
        );
      }
      teardown.push(
        bus.subscribe('notification', onNotification),
        bus.subscribe('order.updated', onOrderUpdated),
        bus.subscribe('session.revoked', ({ userId, sessionIds }) =>
          connections.closeSessions(userId, sessionIds),
        ),
      );
      heartbeat = setInterval(() => connections.beat(), options.heartbeatMs);
      heartbeat.unref();
      instrumentTimer = setInterval(() => {
        for (const connection of connections.withInstruments()) sendInstrumentData(connection);
      }, INSTRUMENT_DATA_INTERVAL_MS);
      instrumentTimer.unref();
    },
    async drain() {
      draining = true;
      connections.closeAllForRestart();
    },
    async close() {
      for (const stop of teardown.splice(0)) stop();
      if (heartbeat) clearInterval(heartbeat);
      if (instrumentTimer) clearInterval(instrumentTimer);
      flusher.close();
      connections.clear();
      fanouts.close();
    },
    stats: () => ({
      connections: connections.size,
      ...flusher.totals,
      dropped: flusher.totals.dropped + droppedOnReply,
    }),
  };
}

export interface GatewayStats {
  connections: number;
  frames: number;
  deliveries: number;
  skipped: number;
  dropped: number;
}

/** `?token=` of the socket URL: browsers cannot set headers on a WebSocket, so this route alone reads it. */
function queryToken(url: string): string | undefined {
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return new URLSearchParams(search).get('token')?.trim() || undefined;
}

/**
 * Errors of an open socket. A client breaking the protocol (a frame over `maxPayloadBytes`, a bad opcode) is the
 * client's problem, not the server's: ws has already closed it with the matching code (1009, 1002), so a warning
 * without a stack is enough. Anything else is unexpected: logged in full, and the socket dropped.
 */
function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn({ code }, `websocket: ${error.message}`);
    return;
  }
  request.log.error({ err: error }, 'websocket: socket error');
  socket.terminate();
}
