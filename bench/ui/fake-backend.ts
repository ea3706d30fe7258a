import type { BrowserContext, Route, WebSocketRoute } from '@playwright/test';
import {
  type BookSize,
  DEFAULT_BOOK,
  instrumentsFor,
  order,
  pendingOrders,
  positions,
  TRADED,
} from './fake-data';

// The API and the live socket the dashboard talks to, answered inside the browser context: no server work can
// blur the client-side figures being measured.

const API = '/v1/options-x';
const TICK_INTERVAL_MS = 100;

const envelope = (data: unknown) => ({ success: true, message: 'success', data });

function user() {
  return {
    user: {
      id: 'bench',
      name: 'Bench Trader',
      email: 'bench@x.in',
      phone: '9000000000',
      activeBroker: 'PAPERTRADE',
      clientId: 'PT-BENCH',
    },
  };
}

const profitProtection = {
  profitProtectionEnabled: false,
  targetProfit: 0,
  maxLoss: 0,
  profitTrailingEnabled: false,
  profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
  marketProtection: 0,
  savedMaxLoss: 0,
  highWaterMark: 0,
  lastTrigger: null,
};

export type Backend = { placed: number; stop: () => void };

/** Wires the fake API and socket into `context`; `placed` counts POST /order requests. */
export async function installFakeBackend(
  context: BrowserContext,
  book: BookSize = DEFAULT_BOOK,
): Promise<Backend> {
  const instruments = instrumentsFor(book);
  const open = pendingOrders(instruments, book);
  const netPosition = positions(instruments, book);
  const state: Backend = { placed: 0, stop: () => {} };
  const routes: Record<string, (route: Route) => unknown> = {
    'GET /auth/getUserInfo': () => user(),
    'GET /portfolio/positions': () => ({ positions: { netPosition, byIndex: {} } }),
    'GET /portfolio/orders': () => ({
      openOrders: open,
      executedOrders: [],
      rejectedOrders: [],
      cancelledOrders: [],
    }),
    'GET /portfolio/margin': () => ({ total: 1_000_000, available: 812_345.5, utilized: 187_654.5 }),
    'GET /profit-protection': () => profitProtection,
    'GET /instruments/fetchLatestOptionOfIndex': () => ({ call: TRADED.call, put: TRADED.put }),
    'GET /instruments/getExpiryDates': () => ({ expiryDates: [TRADED.call.expiry] }),
    'GET /instruments/getStrikes': () => ({ strikes: [...new Set(instruments.map((i) => i.strike))] }),
    'GET /instruments/fetchInstrument': (route) => {
      const filters = JSON.parse(new URL(route.request().url()).searchParams.get('filters') ?? '{}');
      const found = instruments.find(
        (i) => i.strike === filters.strike && i.instrument_type === filters.instrumentType,
      );
      return { instrument: found ?? TRADED.call };
    },
    'POST /order': (route) => {
      state.placed += 1;
      const body = route.request().postDataJSON() as {
        internalToken: string;
        orderType: string;
        transactionType: string;
      };
      const inst = instruments.find((i) => i.internalToken === body.internalToken) ?? TRADED.call;
      const placed = order(inst, { orderType: body.orderType, transactionType: body.transactionType });
      if (body.orderType !== 'market') open.unshift(placed);
      return { orderId: placed.orderId, orderIds: [placed.orderId] };
    },
  };
  await context.route(`**${API}/**`, async (route) => {
    const url = new URL(route.request().url());
    const key = `${route.request().method()} ${url.pathname.slice(API.length)}`;
    const handler = routes[key];
    await route.fulfill({ json: handler ? envelope(handler(route)) : envelope(null) });
  });
  await context.routeWebSocket(`**${API}/websocket**`, (socket) => {
    state.stop = tickSymbols(
      socket,
      instruments.map((i) => i.tradingsymbol),
    );
  });
  return state;
}

/** Every 100 ms a frame with a new price for each symbol (200 symbols at the default book: 2,000 ticks a second). */
function tickSymbols(socket: WebSocketRoute, symbols: readonly string[]): () => void {
  const prices = new Map(symbols.map((symbol, i) => [symbol, 100 + (i % 50)]));
  const timer = setInterval(() => {
    const ts = Date.now();
    const data = symbols.map((symbol) => {
      const next = Math.max(
        0.05,
        Math.round(((prices.get(symbol) ?? 100) + (Math.random() - 0.5)) * 20) / 20,
      );
      prices.set(symbol, next);
      return {
        symbol,
        LastPrice: next,
        NetChange: Math.round((next - 100) * 20) / 20,
        OHLC: { close: 100 },
        ts,
      };
    });
    socket.send(JSON.stringify({ channel: 'ltp', data }));
  }, TICK_INTERVAL_MS);
  socket.onMessage(() => {});
  socket.onClose(() => clearInterval(timer));
  return () => clearInterval(timer);
}
