import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { socketSink } from './socket-sink';
import { LtpFrameBuilder } from './wire-frame';

const frameOf = (...symbols: string[]) => {
  const builder = new LtpFrameBuilder();
  for (const symbol of symbols) builder.add(Buffer.from(JSON.stringify({ symbol })));
  return builder.build()!;
};

describe('socket sink', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      for (const socket of server.clients) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A server socket and the client's received text frames, with or without permessage-deflate. */
  async function pair(perMessageDeflate: boolean) {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
    const received: unknown[] = [];
    client.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      received.push(JSON.parse(String(data)));
    });
    await new Promise((resolve) => client.once('open', resolve));
    return { socket: await accepted, received, client };
  }

  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it.each([false, true])(
    'delivers frames in order with other sends (permessage-deflate %s)',
    async (deflate) => {
      const { socket, received } = await pair(deflate);
      const sendSpy = vi.spyOn(socket, 'send');
      const sink = socketSink(socket);
      sink.send(frameOf('A'));
      socket.send(JSON.stringify({ channel: 'notifications' }));
      sink.send(frameOf('B', 'C'.repeat(70_000)));
      await until(() => received.length === 3);
      expect(received).toEqual([
        { channel: 'ltp', data: [{ symbol: 'A' }] },
        { channel: 'notifications' },
        { channel: 'ltp', data: [{ symbol: 'B' }, { symbol: 'C'.repeat(70_000) }] },
      ]);
      // Written straight to the stream unless an extension makes ws's own framing necessary.
      expect(sendSpy).toHaveBeenCalledTimes(deflate ? 3 : 1);
    },
  );

  it('sends nothing once the socket is closing, and counts queued frames as buffered', async () => {
    const { socket, received } = await pair(false);
    const sink = socketSink(socket);
    expect(sink.bufferedAmount).toBe(0);
    socket.close();
    sink.send(frameOf('A'));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toEqual([]);
  });

  it('counts frames queued behind a client that stops reading as buffered (backpressure)', async () => {
    const { socket, received, client } = await pair(false);
    const sink = socketSink(socket);
    client.pause();
    const big = frameOf('x'.repeat(256 * 1024));
    let sent = 0;
    while (sink.bufferedAmount === 0 && sent < 400) {
      sink.send(big);
      sent += 1;
    }
    expect(sink.bufferedAmount).toBeGreaterThan(0);
    expect(sink.bufferedAmount).toBe(socket.bufferedAmount);
    client.resume();
    await until(() => received.length === sent);
    expect(sink.bufferedAmount).toBe(0);
  });
});
