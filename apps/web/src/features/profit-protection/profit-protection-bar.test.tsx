import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PROFIT_PROTECTION, type ProfitProtectionStatus } from '@xtrader/core/api/profit-protection';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import { fail, mockApi, ok, type Routes } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { ProfitProtectionBar } from './profit-protection-bar';
import { handleProfitProtectionNotification } from './triggered-notice';

vi.setConfig({ testTimeout: 20_000 });

const CE = 'NIFTY25D0926000CE';
const position = (patch: object = {}) => ({
  internalToken: 'tok',
  tradingSymbol: CE,
  exchange: 'NFO',
  index: 'NIFTY',
  identifier: 'NIFTY 09 DEC 26000 CE',
  product: 'MIS',
  productType: 'intraday',
  quantity: 75,
  buyQuantity: 75,
  sellQuantity: 0,
  buyValue: 7500,
  sellValue: 0,
  price: 100,
  lastTradedPrice: 100,
  delta: null,
  relativeDelta: null,
  ...patch,
});
const positions = (list: object[]) => ok({ positions: { netPosition: list, byIndex: {} } });
const userInfo = ok({
  user: {
    id: 'u1',
    name: 'T',
    email: 't@x.in',
    phone: '9000000000',
    activeBroker: 'PAPERTRADE',
    clientId: null,
  },
});

let record: ProfitProtectionStatus;
let calls: ReturnType<typeof mockApi>;
let prices: ReturnType<typeof createMapPriceSource>;

function setup(routes: Routes = {}) {
  calls = mockApi({
    'GET /auth/getUserInfo': () => userInfo,
    'GET /portfolio/positions': () =>
      positions([position(), position({ tradingSymbol: 'FUT', productType: 'normal', buyValue: 1e6 })]),
    'GET /profit-protection': () => ok(record),
    'PUT /profit-protection': (body) => {
      record = { ...record, ...(body as object), savedMaxLoss: (body as { maxLoss: number }).maxLoss };
      return ok(record, 'Profit Protection parameters updated.');
    },
    ...routes,
  });
  return renderWithQueryClient(
    <>
      <ProfitProtectionBar />
      <Toaster />
    </>,
  );
}

const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const mainSwitch = () => screen.getByRole('switch', { name: 'Profit Protection' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const mtm = () => screen.getByTestId('pp-mtm');

async function retype(name: string, text: string) {
  await userEvent.clear(field(name));
  await userEvent.type(field(name), text);
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  record = { ...DEFAULT_PROFIT_PROTECTION, savedMaxLoss: 0, highWaterMark: 0, lastTrigger: null };
  useTradingSettings.getState().resetSettings();
  prices = createMapPriceSource({ [CE]: 120 });
  setLivePriceSource(prices.source);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLivePriceSource(null);
});

describe('Profit Protection bar', () => {
  it('shows the live total MTM of intraday positions only', async () => {
    setup();
    await waitFor(() => expect(mtm()).toHaveTextContent('₹1,500'));
    act(() => prices.set(CE, 90));
    await waitFor(() => expect(mtm()).toHaveTextContent('-₹750'));
  });

  it('labels its figure Intraday MTM and counts closed intraday positions, not NRML ones', async () => {
    const closed = position({ tradingSymbol: 'CLOSED', quantity: 0, buyValue: 7500, sellValue: 8000 });
    const nrml = position({ tradingSymbol: 'NRML', product: 'NRML', productType: 'normal', quantity: -75 });
    setup({ 'GET /portfolio/positions': () => positions([position(), closed, nrml]) });
    // 1,500 open + 500 realised; the NRML short (7,500 below its value) is not part of it.
    await waitFor(() => expect(mtm()).toHaveTextContent('₹2,000'));
    const bar = screen.getByRole('region', { name: 'Profit Protection' });
    const label = within(bar).getByText('Intraday MTM');
    expect(label).toHaveAttribute('title', expect.stringMatching(/intraday \(MIS\).*NRML positions are not/));
  });

  it('switching on opens the modal; Cancel drops the edits and saves nothing', async () => {
    setup();
    await waitFor(() => expect(mainSwitch()).toBeEnabled());
    await userEvent.click(mainSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Profit Protection' });
    // What the server enforces: intraday only, only while logged in, orders cancelled with the square off.
    expect(within(dialog).getByText(/intraday positions while you are logged in/)).toBeInTheDocument();
    await retype('Target Profit', '9999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mainSwitch()).not.toBeChecked();
    await userEvent.click(mainSwitch());
    expect(field('Target Profit').value).toBe('0');
    expect(puts()).toEqual([]);
  });

  it('takes whole rupees only, negatives allowed, grouped the Indian way', async () => {
    setup();
    await waitFor(() => expect(mainSwitch()).toBeEnabled());
    await userEvent.click(mainSwitch());
    await retype('Target Profit', '12a34567.8');
    expect(field('Target Profit').value).toBe('1,23,45,678');
    await retype('Max Loss', '-250000');
    expect(field('Max Loss').value).toBe('-2,50,000');
  });

  it('Save does nothing while the target or max loss is on the wrong side of the P&L', async () => {
    setup();
    await waitFor(() => expect(mtm()).toHaveTextContent('₹1,500'));
    await userEvent.click(mainSwitch());
    await retype('Target Profit', '1000');
    await retype('Max Loss', '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Target Profit should be greater than total P&L')).toBeInTheDocument();
    expect(screen.getByText('Max Loss should be less than total P&L')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('Save sends the settings switched on with the exit-all market protection as a fraction', async () => {
    useTradingSettings.getState().patchSettings('userSettingsState', {
      exitAllMarketProtection: { enabled: true, percentage: 3 },
    });
    setup();
    await waitFor(() => expect(mtm()).toHaveTextContent('₹1,500'));
    await userEvent.click(mainSwitch());
    await retype('Target Profit', '5000');
    await retype('Max Loss', '-2000');
    await userEvent.click(screen.getByRole('checkbox', { name: 'MTM Trailing' }));
    await retype('For every increase in profit of', '1000');
    await retype('Trail max loss by', '400');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      profitProtectionEnabled: true,
      targetProfit: 5000,
      maxLoss: -2000,
      profitTrailingEnabled: true,
      profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 400 },
      marketProtection: 0.03,
    });
    expect(await screen.findByText('Profit Protection parameters updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mainSwitch()).toBeChecked();
    expect(screen.getByTestId('pp-target')).toHaveTextContent('₹5,000');
  });

  it('switching off saves at once; trailing already on can be turned off at once', async () => {
    record = {
      ...record,
      profitProtectionEnabled: true,
      profitTrailingEnabled: true,
      targetProfit: 5000,
      maxLoss: -1000,
    };
    setup();
    const trailing = await screen.findByRole('switch', { name: 'MTM Trailing' });
    await waitFor(() => expect(trailing).toBeChecked());
    await userEvent.click(trailing);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      profitProtectionEnabled: true,
      profitTrailingEnabled: false,
      maxLoss: -1000,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(mainSwitch()).toBeEnabled());
    await userEvent.click(mainSwitch());
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({ profitProtectionEnabled: false });
    await waitFor(() => expect(mainSwitch()).not.toBeChecked());
  });

  it('shows the trailed max loss as it moves', async () => {
    record = {
      ...record,
      profitProtectionEnabled: true,
      maxLoss: -1500,
      savedMaxLoss: -2000,
      targetProfit: 9000,
    };
    setup();
    expect(await screen.findByTestId('pp-max-loss')).toHaveTextContent('-₹1,500(from -₹2,000)');
  });

  it("says 'Please try again!' when the update fails without a server message", async () => {
    setup({ 'PUT /profit-protection': () => ({ status: 502 }) });
    await waitFor(() => expect(mtm()).toHaveTextContent('₹1,500'));
    await userEvent.click(mainSwitch());
    await retype('Target Profit', '5000');
    await retype('Max Loss', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please try again!')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the server message of a refused update', async () => {
    setup({ 'PUT /profit-protection': () => fail(409, 'Profit protection is squaring off your positions.') });
    await waitFor(() => expect(mtm()).toHaveTextContent('₹1,500'));
    await userEvent.click(mainSwitch());
    await retype('Target Profit', '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profit protection is squaring off your positions.')).toBeInTheDocument();
  });

  it('a profit_protection_triggered notification shows an info toast and refreshes the data', async () => {
    const { queryClient } = setup();
    await waitFor(() => expect(mainSwitch()).toBeEnabled());
    record = {
      ...record,
      lastTrigger: {
        trigger: 'max_loss_hit',
        mtm: -2100,
        triggeredAt: '2026-11-23T04:00:00.000Z',
        status: 'completed',
        finishedAt: null,
        unclosed: [],
        message: 'done',
      },
    };
    const notification = {
      notificationType: 'profit_protection_triggered' as const,
      timestamp: '2026-11-23T04:00:00.000Z',
      identifier: null,
      transactionType: null,
      quantity: null,
      averagePrice: null,
      status: 'COMPLETE',
      statusMessage: 'Profit protection: max loss hit at MTM -₹2,100.',
    };
    act(() => {
      expect(handleProfitProtectionNotification(notification, queryClient)).toBe(true);
    });
    expect(await screen.findByText('Profit protection: max loss hit at MTM -₹2,100.')).toBeInTheDocument();
    expect(await screen.findByText(/Max loss hit at/)).toBeInTheDocument();
    expect(
      handleProfitProtectionNotification(
        { ...notification, notificationType: 'order_executed' },
        queryClient,
      ),
    ).toBe(false);
  });
});
