import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useQuote } from './hooks';
import { createLiveFeed } from './live-feed';
import type { SocketLike } from './live-socket';

const tick = (symbol: string, price: number, ts = 1) => ({
  symbol,
  LastPrice: price,
  NetChange: price - 100,
  OHLC: { close: 100 },
  ts,
});

function feedWithSocket() {
  const sockets: (SocketLike & { sent: string[] })[] = [];
  const feed = createLiveFeed({
    createSocket: () => {
      const socket = {
        readyState: 1,
        sent: [] as string[],
        send(data: string) {
          this.sent.push(data);
        },
        close() {},
        onopen: null,
        onclose: null,
        onmessage: null,
        onerror: null,
      } as SocketLike & { sent: string[] };
      sockets.push(socket);
      return socket;
    },
  });
  return { feed, sockets };
}

describe('price store and hooks', () => {
  it('re-renders a quote only when its own symbol ticks', () => {
    const { feed } = feedWithSocket();
    const renders: Record<string, number> = {};
    function Price({ symbol }: { symbol: string }) {
      renders[symbol] = (renders[symbol] ?? 0) + 1;
      const quote = useQuote(symbol, feed);
      return <span data-testid={symbol}>{quote?.lastPrice ?? '-'}</span>;
    }
    render(
      <>
        <Price symbol="NIFTY 50" />
        <Price symbol="SENSEX" />
      </>,
    );
    act(() => feed.prices.apply([tick('NIFTY 50', 101)]));
    act(() => feed.prices.apply([tick('NIFTY 50', 102)]));
    expect(screen.getByTestId('NIFTY 50')).toHaveTextContent('102');
    expect(screen.getByTestId('SENSEX')).toHaveTextContent('-');
    expect(renders).toEqual({ 'NIFTY 50': 3, SENSEX: 1 });
  });

  it('subscribes a symbol once however many components show it, and drops it when the last one goes', () => {
    const { feed, sockets } = feedWithSocket();
    feed.start('token');
    sockets[0]!.onopen?.({});
    const { unmount } = render(<Shown feedRef={feed} />);
    const second = render(<Shown feedRef={feed} />);
    second.unmount();
    unmount();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([
      { action: 'subscribe', symbols: ['SENSEX'] },
      { action: 'unsubscribe', symbols: ['SENSEX'] },
    ]);
  });

  it('ignores a tick older than the price held, and forgets prices on stop', () => {
    const { feed } = feedWithSocket();
    feed.prices.apply([tick('SENSEX', 101, 10)]);
    feed.prices.apply([tick('SENSEX', 99, 5)]);
    expect(feed.prices.get('SENSEX')?.lastPrice).toBe(101);
    expect(feed.priceSource.read('SENSEX')).toBe(101);
    feed.stop();
    expect(feed.prices.get('SENSEX')).toBeUndefined();
  });
});

function Shown({ feedRef }: { feedRef: ReturnType<typeof createLiveFeed> }) {
  useQuote('SENSEX', feedRef);
  return null;
}
