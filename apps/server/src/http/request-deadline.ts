import type { FastifyInstance } from 'fastify';
import { writeRawError } from './client-errors';

/**
 * A request's body must have arrived `timeoutMs` after its headers did. Node's own `requestTimeout` does not
 * hold once a request is being handled: a client sending one byte every few seconds would keep the connection
 * (and the parser's buffer) forever. Past the deadline the client gets a 408 in the envelope and the
 * connection is closed.
 */
export function enforceBodyDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const announcesBody =
      raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    // Upgrades (the WebSocket) become long-lived sockets; body-less requests have nothing left to wait for.
    if (raw.complete || raw.headers.upgrade !== undefined || !announcesBody) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      // An injected request (tests, app.inject) has no real socket to close.
      if (typeof raw.socket?.destroy !== 'function') return;
      if (raw.complete || raw.socket.destroyed) return;
      request.log.info({ timeoutMs }, 'request body too slow; closing the connection');
      // Already answered (a 401 before the body, say): nothing to say, only the connection to close.
      if (reply.raw.headersSent) raw.socket.destroy();
      else writeRawError(raw.socket, 408, 'Request timed out: send the whole request sooner');
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
