import type { WebSocket } from 'ws';
import type { AuthIdentity } from '../modules/auth/index';
import type { MarketData, PriceView } from '../modules/market/contract';
import type { Fanout, FanoutClient } from './fanout';
import { socketSink } from './socket-sink';

/** Close code for a missing, bad, expired or revoked token. */
export const CLOSE_UNAUTHORIZED = 4401;

/** Close code of a drain (1012, "service restart"): the client reconnects, and reaches another instance. */
export const CLOSE_RESTARTING = 1012;
export const CLOSE_RESTARTING_REASON = 'Server restarting: reconnect';

/** Where a socket's prices come from: one view of one price source, and that pair's fan-out. */
export interface Placement {
  sourceId: string;
  /** The source's market data (the shared feed, or the user's own broker stream). */
  market: MarketData;
  view: PriceView;
  fanout: Fanout;
}

/** One authenticated socket. */
export interface Connection extends Placement {
  /** Owner id of its `ltp` subscriptions (`<id>:instruments` owns its `instrument_data` ones). */
  id: string;
  socket: WebSocket;
  identity: AuthIdentity;
  client: FanoutClient;
  /** `instrument_data` symbols, with the quote time last sent (-1: none yet). */
  instruments: Map<string, number>;
  alive: boolean;
}

/** Every open connection, by user; heartbeats; closing revoked sessions. */
export class ConnectionRegistry {
  private readonly all = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private nextId = 0;

  /** `onRemoved` releases what the connection held (its subscriptions). */
  constructor(private readonly onRemoved: (connection: Connection) => void) {}

  get size(): number {
    return this.all.size;
  }

  add(socket: WebSocket, identity: AuthIdentity, placement: Placement): Connection {
    this.nextId += 1;
    const connection: Connection = {
      id: `ws:${this.nextId}`,
      socket,
      identity,
      ...placement,
      client: placement.fanout.addClient(socketSink(socket)),
      instruments: new Map(),
      alive: true,
    };
    this.all.add(connection);
    const mine = this.byUser.get(identity.userId) ?? new Set<Connection>();
    this.byUser.set(identity.userId, mine);
    mine.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.once('close', () => this.remove(connection));
    return connection;
  }

  remove(connection: Connection): void {
    if (!this.all.delete(connection)) return;
    connection.fanout.removeClient(connection.client);
    const mine = this.byUser.get(connection.identity.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(connection.identity.userId);
    this.onRemoved(connection);
  }

  /** Moves a socket to another source or view; the caller releases and resubscribes its symbols. */
  move(connection: Connection, placement: Placement): void {
    if (!this.all.has(connection)) return;
    connection.fanout.removeClient(connection.client);
    Object.assign(connection, placement);
    connection.client = placement.fanout.addClient(socketSink(connection.socket));
  }

  /** Sockets watching some `instrument_data` symbols. */
  *withInstruments(): Iterable<Connection> {
    for (const connection of this.all) if (connection.instruments.size > 0) yield connection;
  }

  ofUser(userId: string): ReadonlySet<Connection> {
    return this.byUser.get(userId) ?? new Set();
  }

  /** Terminates sockets that did not answer the previous ping, then pings the rest. */
  beat(): void {
    for (const connection of this.all) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.remove(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /** Drain: every socket is told to reconnect (somewhere else). */
  closeAllForRestart(): void {
    for (const connection of [...this.all]) {
      connection.socket.close(CLOSE_RESTARTING, CLOSE_RESTARTING_REASON);
      this.remove(connection);
    }
  }

  closeSessions(userId: string, sessionIds: readonly string[]): void {
    for (const connection of this.ofUser(userId)) {
      if (sessionIds.includes(connection.identity.sessionId)) {
        connection.socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
      }
    }
  }

  clear(): void {
    for (const connection of [...this.all]) this.remove(connection);
  }
}
