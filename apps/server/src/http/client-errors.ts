import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

// Requests Node refuses before Fastify sees them (a request that takes too long to arrive, headers or a URL too
// large, bytes that are not HTTP) are answered here, in the same `{ success: false, message }` envelope as
// every other error.

const CLIENT_ERRORS: Readonly<Record<string, { status: number; message: string }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Request timed out: send the whole request sooner' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request headers (or the URL) are too large' },
};
const MALFORMED = { status: 400, message: 'Malformed HTTP request' };

/** Fastify's `clientErrorHandler`: writes the envelope on the raw socket, then closes it. */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED;
  this.log.debug({ code: error.code, status }, 'client error');
  writeRawError(socket, status, message);
}

/** Writes a whole `{ success: false, message }` answer on a raw connection, then closes it. */
export function writeRawError(socket: Socket, status: number, message: string): void {
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
