import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { OrderOptions } from './order-options';

const config = () => useTradingSettings.getState().orderConfig;
const percent = () => screen.getByRole('textbox', { name: 'Market protection %' });
const typeAndBlur = (text: string) => {
  fireEvent.change(percent(), { target: { value: text } });
  fireEvent.blur(percent());
};

beforeEach(() => useTradingSettings.getState().resetSettings());

describe('order options of the configuration bar', () => {
  it('toggles NRML (normal) and MIS (intraday)', async () => {
    render(<OrderOptions />);
    await userEvent.click(screen.getByRole('button', { name: 'MIS' }));
    expect(config().productType).toBe('intraday');
    await userEvent.click(screen.getByRole('button', { name: 'NRML' }));
    expect(config().productType).toBe('normal');
  });

  it('keeps the MPP percentage disabled until MPP is ticked (default off, 10%)', async () => {
    render(<OrderOptions />);
    expect(config().marketProtection).toEqual({ enabled: false, percentage: 10 });
    expect(percent()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'MPP' }));
    expect(percent()).toBeEnabled();
  });

  it('clamps the percentage above 10 to 10 on blur and takes the absolute value', async () => {
    useTradingSettings
      .getState()
      .patchSettings('orderConfig', { marketProtection: { enabled: true, percentage: 5 } });
    render(<OrderOptions />);
    typeAndBlur('25');
    expect(config().marketProtection.percentage).toBe(10);
    typeAndBlur('-3.5');
    expect(config().marketProtection.percentage).toBe(3.5);
    expect(percent()).toHaveValue('3.5');
  });

  it('ticks Iceberg Order', async () => {
    render(<OrderOptions />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Iceberg Order' }));
    expect(config().icebergOrder).toBe(true);
  });
});
