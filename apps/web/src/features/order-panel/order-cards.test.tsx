import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver } from '../../test/render-with-query-client';
import { MarketOrderCard } from './market-order-card';
import { StopLossOrderCard } from './stop-loss-order-card';

// Dense forms in jsdom are slow on a loaded machine; the rules under test are not timing-sensitive.
vi.setConfig({ testTimeout: 20_000 });

const state = () => useTradingSettings.getState();
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** Types a value into a stepper and leaves the field (blur commits). */
async function typeAndBlur(name: string, text: string) {
  const user = userEvent.setup();
  await user.clear(input(name));
  await user.type(input(name), text);
  await user.tab();
}

beforeEach(() => {
  state().resetSettings();
  state().patchSettings('orderConfig', { lotSize: 65, index: 'NIFTY' });
});
afterEach(() => vi.unstubAllGlobals());

describe('quantity input', () => {
  beforeEach(() => state().patchSettings('marketOrderState', { quantity: 130 }));

  it('steps by the lot size', async () => {
    render(<MarketOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase Market quantity' }));
    expect(state().marketOrderState.quantity).toBe(195);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Market quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Market quantity' }));
    expect(input('Market quantity').value).toBe('65');
  });

  it('ignores a minus that would go below 0', async () => {
    state().patchSettings('marketOrderState', { quantity: 50 });
    render(<MarketOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Market quantity' }));
    expect(state().marketOrderState.quantity).toBe(50);
  });

  it('rounds to a lot multiple on blur', async () => {
    render(<MarketOrderCard onIntent={() => {}} />);
    await typeAndBlur('Market quantity', '200');
    expect(state().marketOrderState.quantity).toBe(195);
    expect(input('Market quantity').value).toBe('195');
  });

  it('steps with ArrowUp/ArrowDown inside the input instead of trading', async () => {
    const onIntent = vi.fn();
    render(<MarketOrderCard onIntent={onIntent} />);
    input('Market quantity').focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(state().marketOrderState.quantity).toBe(195);
    expect(onIntent).not.toHaveBeenCalled();
  });

  it('uses the stop-loss card quantity separately', async () => {
    render(<StopLossOrderCard onIntent={() => {}} />);
    await typeAndBlur('Stop-loss quantity', '1');
    expect(state().stopLossOrderState.quantity).toBe(65);
    expect(state().marketOrderState.quantity).toBe(130);
  });
});

describe('multiplier', () => {
  it('offers 1x to 20x', () => {
    render(<MarketOrderCard onIntent={() => {}} />);
    const options = screen.getByLabelText('Multiplier').querySelectorAll('option');
    expect([...options].map((o) => o.value)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
  });
});

describe('SL points input', () => {
  it('ignores a minus below 0 and turns 0 or less into 1 on blur', async () => {
    state().patchSettings('stopLossOrderState', { slPoints: 0.5 });
    render(<StopLossOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease SL points' }));
    expect(state().stopLossOrderState.slPoints).toBe(0.5);
    await typeAndBlur('SL points', '0');
    expect(state().stopLossOrderState.slPoints).toBe(1);
    await typeAndBlur('SL points', '-4');
    expect(state().stopLossOrderState.slPoints).toBe(1);
  });

  it('rounds to the nearest 0.05 on blur', async () => {
    render(<StopLossOrderCard onIntent={() => {}} />);
    await typeAndBlur('SL points', '12.33');
    expect(state().stopLossOrderState.slPoints).toBe(12.35);
  });
});

describe('trigger/limit difference', () => {
  afterEach(() => vi.useRealTimers());

  it('follows the SL-points rules and is saved per index after 500 ms, only when changed', async () => {
    const calls = mockApi({ 'PUT /auth/editUserSetting': () => ok() });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<StopLossOrderCard onIntent={() => {}} />);
    const field = input('Trigger/limit difference');
    fireEvent.change(field, { target: { value: '2.42' } });
    fireEvent.blur(field);
    expect(state().userSettingsState.SLTriggerPriceDifference.NIFTY).toBe(2.4);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/auth/editUserSetting',
        body: { SLTriggerPriceDifference: { NIFTY: 2.4 } },
      }),
    ]);
    fireEvent.change(field, { target: { value: '2.4' } });
    fireEvent.blur(field);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(calls).toHaveLength(1);
    fireEvent.change(field, { target: { value: '-1' } });
    fireEvent.blur(field);
    expect(state().userSettingsState.SLTriggerPriceDifference.NIFTY).toBe(1);
    expect(state().userSettingsState.SLTriggerPriceDifference.BANKNIFTY).toBe(1);
  });

  it('steps by 0.05', async () => {
    render(<StopLossOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase Trigger/limit difference' }));
    expect(state().userSettingsState.SLTriggerPriceDifference.NIFTY).toBe(1.05);
  });
});

describe('auto SL trail', () => {
  it('disables the trail controls until auto SL trail is on', async () => {
    render(<StopLossOrderCard onIntent={() => {}} />);
    expect(input('Trail price change')).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Trailing handler' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auto SL Trail' }));
    expect(input('Trail price change')).toBeEnabled();
  });

  it('explains Broker and Local trailing in a tooltip on the handler toggle', async () => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    render(<StopLossOrderCard onIntent={() => {}} />);
    await userEvent.hover(screen.getByRole('group', { name: 'Trailing handler' }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/Broker: the stop-loss rests at the broker/);
    expect(tooltip).toHaveTextContent(/modification limit \(Zerodha: 25 per order\)/);
    expect(tooltip).toHaveTextContent(/Local: X-Trader keeps the stop-loss itself .* sends a market order/);
  });

  it('switching handler sets broker 5/1 and local 1/1', async () => {
    state().patchSettings('stopLossOrderState', {
      autoSLTrail: { enabled: true, priceChange: 8, slChange: 3, trailingHandler: 'broker' },
    });
    render(<StopLossOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Local' }));
    expect(state().stopLossOrderState.autoSLTrail).toMatchObject({
      trailingHandler: 'local',
      priceChange: 1,
      slChange: 1,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Broker' }));
    expect(state().stopLossOrderState.autoSLTrail).toMatchObject({
      trailingHandler: 'broker',
      priceChange: 5,
      slChange: 1,
    });
  });

  it('keeps the price change at or above the handler minimum (5 broker, 1 local)', async () => {
    state().patchSettings('stopLossOrderState', {
      autoSLTrail: { enabled: true, priceChange: 5, slChange: 1, trailingHandler: 'broker' },
    });
    render(<StopLossOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Trail price change' }));
    expect(state().stopLossOrderState.autoSLTrail.priceChange).toBe(5);
    await typeAndBlur('Trail price change', '3');
    expect(state().stopLossOrderState.autoSLTrail.priceChange).toBe(5);
    await userEvent.click(screen.getByRole('button', { name: 'Local' }));
    await typeAndBlur('Trail price change', '3');
    expect(state().stopLossOrderState.autoSLTrail.priceChange).toBe(3);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Trail price change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Trail price change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Trail price change' }));
    expect(state().stopLossOrderState.autoSLTrail.priceChange).toBe(1);
  });

  it('keeps the SL change at or above 1', async () => {
    state().patchSettings('stopLossOrderState', {
      autoSLTrail: { enabled: true, priceChange: 5, slChange: 2, trailingHandler: 'broker' },
    });
    render(<StopLossOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Trail SL change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Trail SL change' }));
    expect(state().stopLossOrderState.autoSLTrail.slChange).toBe(1);
    await typeAndBlur('Trail SL change', '0');
    expect(state().stopLossOrderState.autoSLTrail.slChange).toBe(1);
  });
});

describe('preset target and stop-loss', () => {
  it('shows the target and SL inputs only while the preset is on, bracket first', async () => {
    render(<MarketOrderCard onIntent={() => {}} />);
    expect(screen.queryByRole('textbox', { name: 'Market target points' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Preset Target & SL' }));
    expect(state().marketOrderState.orderCategory).toBe('bracket');
    expect(input('Market target points')).toBeInTheDocument();
    expect(input('Market stop-loss points')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cover' }));
    expect(screen.queryByRole('textbox', { name: 'Market target points' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Preset Target & SL' }));
    expect(state().marketOrderState).toMatchObject({ presetTargetAndSl: false, orderCategory: null });
  });

  it('keeps preset points on the 0.05 grid and at least 0.05', async () => {
    state().patchSettings('marketOrderState', { presetTargetAndSl: true, orderCategory: 'bracket' });
    render(<MarketOrderCard onIntent={() => {}} />);
    await typeAndBlur('Market target points', '20.12');
    expect(state().marketOrderState.target).toBe(20.1);
    await typeAndBlur('Market stop-loss points', '0');
    expect(state().marketOrderState.stopLoss).toBe(0.05);
  });

  it('turns follow-up off when the market preset is enabled', async () => {
    state().patchSettings('followUpTradesState', { followUpEnabled: true });
    render(<MarketOrderCard onIntent={() => {}} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Preset Target & SL' }));
    expect(state().followUpTradesState.followUpEnabled).toBe(false);
  });
});

describe('order buttons', () => {
  it('send the card, option and side', async () => {
    const onIntent = vi.fn();
    render(
      <>
        <MarketOrderCard onIntent={onIntent} />
        <StopLossOrderCard onIntent={onIntent} />
      </>,
    );
    await userEvent.click(screen.getAllByRole('button', { name: /^Sell PE/ })[0]!);
    await userEvent.click(screen.getAllByRole('button', { name: /^Buy CE/ })[1]!);
    expect(onIntent.mock.calls).toEqual([
      [{ card: 'market', optionType: 'PE', side: 'sell' }],
      [{ card: 'stopLoss', optionType: 'CE', side: 'buy' }],
    ]);
  });
});
