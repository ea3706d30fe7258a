import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP } from '../../state/key-map';
import { useTradingSettings } from '../../state/trading-settings-store';
import { KeysSection } from './keys-section';

beforeEach(() => useTradingSettings.getState().resetSettings());
afterEach(() => act(() => void toast.dismiss()));

const keyButton = (label: RegExp) => screen.getByRole('button', { name: label });

describe('Keys section', () => {
  it('binds the next key pressed, refuses a key another action holds, and resets', async () => {
    render(
      <>
        <KeysSection />
        <Toaster />
      </>,
    );
    const buyCall = keyButton(/^Key for Buy CE at market/);
    fireEvent.click(buyCall);
    expect(buyCall).toHaveTextContent('Press a key…');
    fireEvent.keyDown(buyCall, { key: '1' });
    expect(await screen.findByText(/1 already does "Exit 1\/4/)).toBeInTheDocument();
    expect(useTradingSettings.getState().keyMap.buyCall).toBe('ArrowUp');
    fireEvent.keyDown(buyCall, { key: 'Shift' });
    fireEvent.keyDown(buyCall, { key: 'Q' });
    expect(useTradingSettings.getState().keyMap.buyCall).toBe('q');
    expect(buyCall).toHaveTextContent('Q');
    fireEvent.click(screen.getByRole('button', { name: 'Reset keys to defaults' }));
    expect(useTradingSettings.getState().keyMap).toEqual(DEFAULT_KEY_MAP);
  });

  it('ignores keys while no row waits for one', () => {
    render(<KeysSection />);
    fireEvent.keyDown(keyButton(/^Key for Exit 1\/2/), { key: 'x' });
    expect(useTradingSettings.getState().keyMap.exitHalf).toBe('2');
  });
});
