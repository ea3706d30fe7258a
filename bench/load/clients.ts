import WebSocket from 'ws';
import { symbolsForClient } from '../ws-fanout/protocol';
import type { ClientCommand, ClientEvent } from './protocol';

// Child process: the socket fleet. Each socket signs in with its user's access token (several sockets per user,
// as several tabs), subscribes its symbols, and counts frames. A socket the server closes is a drop.

const sockets: WebSocket[] = [];
let frames = 0;
let orderFrames = 0;
let dropped = 0;
let closing = false;
const dropReasons: string[] = [];
const send = (event: ClientEvent) => process.send?.(event);
const ORDERS = Buffer.from('"channel":"orders"');

function open(url: string, token: string, symbols: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
    });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      socket.on('message', (data: Buffer) => {
        frames += 1;
        if (data.includes(ORDERS)) orderFrames += 1;
      });
      socket.once('close', (code, reason) => {
        if (closing) return;
        dropped += 1;
        if (dropReasons.length < 5) dropReasons.push(`${code} ${reason.toString()}`);
      });
      socket.send(JSON.stringify({ action: 'subscribe', symbols }));
      resolve(socket);
    });
  });
}

async function connectAll(command: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  let failed = 0;
  let firstError: string | undefined;
  const BATCH = 50;
  for (let start = 0; start < command.sockets; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, command.sockets - start) }, (_, i) => {
      const index = start + i;
      const token = command.tokens[index % command.tokens.length] as string;
      return open(command.url, token, symbolsForClient(index, command.symbols, command.perSocket)).then(
        (socket) => sockets.push(socket),
        (error: Error) => {
          failed += 1;
          firstError ??= error.message;
        },
      );
    });
    await Promise.all(batch);
  }
  send({ type: 'connected', sockets: sockets.length, failed, ...(firstError ? { firstError } : {}) });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'connect') void connectAll(command);
  else if (command.type === 'report') {
    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    send({ type: 'report', open, dropped, dropReasons, frames, orderFrames });
  } else {
    closing = true;
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
