import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { FrameSink } from './fanout';
import { payloadOf } from './wire-frame';

/** The TCP stream under a `ws` socket (a private field of ws 8; checked, not assumed). */
function streamOf(socket: WebSocket): Duplex | undefined {
  const stream = (socket as unknown as { _socket?: Duplex })._socket;
  return stream && typeof stream.write === 'function' ? stream : undefined;
}

/**
 * A `ws` socket as a fan-out sink. Price frames arrive already framed, so they are written to the TCP stream in
 * one write; that is what ws itself does with a frame, minus the cork/writev of a separate header (about a
 * quarter of the per-frame CPU on loopback). It is only safe while ws's sender never queues: no extension
 * negotiated (no permessage-deflate, which the gateway does not enable) and no Blob sends (the gateway sends
 * none). Otherwise, or if ws's internals change, the payload goes through `socket.send`. Either way the bytes are
 * in the stream's buffer, so `bufferedAmount` (backpressure) counts them, and the order with pings and other
 * frames is the order of the calls.
 */
export function socketSink(socket: WebSocket): FrameSink {
  const direct = socket.extensions === '' ? streamOf(socket) : undefined;
  return {
    // ws's bufferedAmount adds its sender's queue, empty whenever frames may be written directly.
    get bufferedAmount() {
      return direct ? direct.writableLength : socket.bufferedAmount;
    },
    send(frame) {
      if (socket.readyState !== socket.OPEN) return;
      if (direct?.writable) direct.write(frame.wire);
      else socket.send(payloadOf(frame), { binary: false });
    },
    terminate: () => socket.terminate(),
  };
}
