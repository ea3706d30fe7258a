import { WebSocketServer } from 'ws';
import { cycleFor } from './protocol';
import { benchSymbols } from './symbols';

/**
 * The baseline: a bare `ws` server sending the same frames (same symbols, rate, subscriptions and JSON shape:
 * each tick serialised once, one frame per client per cycle) with nothing else in the way.
 */
export async function startBareServer(symbolCount: number, ticksPerSecond: number) {
  const { symbols } = benchSymbols(symbolCount);
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const subscriptions = new Map<import('ws').WebSocket, Set<string>>();
  wss.on('connection', (socket) => {
    const mine = new Set<string>();
    subscriptions.set(socket, mine);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { action: string; symbols: string[] };
      if (message.action === 'subscribe') for (const symbol of message.symbols) mine.add(symbol);
    });
    socket.on('close', () => subscriptions.delete(socket));
  });

  const prices = new Map(symbols.map((symbol) => [symbol, 100 + Math.random() * 1000]));
  let rate = ticksPerSecond;
  let timer: NodeJS.Timeout | undefined;
  let lastCycle = Date.now();
  const cycle = () => {
    const now = Date.now();
    // Like the simulator: the chance to tick follows the time that really passed, so a late timer loses no ticks.
    const probability = Math.min(1, (rate * (now - lastCycle)) / 1000);
    lastCycle = now;
    const fragments = new Map<string, string>();
    for (const [symbol, price] of prices) {
      if (Math.random() >= probability) continue;
      const next = Math.round((price + (Math.random() - 0.5)) * 20) / 20;
      prices.set(symbol, next);
      fragments.set(
        symbol,
        JSON.stringify({
          symbol,
          LastPrice: next,
          NetChange: Math.round((next - price) * 100) / 100,
          OHLC: { close: price },
          ts: now,
        }),
      );
    }
    for (const [socket, mine] of subscriptions) {
      const parts: string[] = [];
      for (const symbol of mine) {
        const fragment = fragments.get(symbol);
        if (fragment) parts.push(fragment);
      }
      if (parts.length > 0) socket.send(`{"channel":"ltp","data":[${parts.join(',')}]}`);
    }
  };
  const restart = () => {
    if (timer) clearInterval(timer);
    timer = setInterval(cycle, cycleFor(rate));
  };
  restart();
  const address = wss.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    path: '/',
    symbols,
    setPace: (next: number) => {
      rate = next;
      restart();
    },
    close: async () => {
      if (timer) clearInterval(timer);
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}
