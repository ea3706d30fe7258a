import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { fail, mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { UserSettingsDialog } from './user-settings-dialog';

// Dense forms in jsdom are slow on a loaded machine; the rules under test are not timing-sensitive.
vi.setConfig({ testTimeout: 20_000 });

const saved = () => useTradingSettings.getState().userSettingsState;
// getByLabelText rather than getByRole: role queries are slow on a dialog this dense.
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

/** Types into a stepper and leaves it (blur commits the draft). */
function typeAndBlur(name: string, text: string) {
  fireEvent.change(field(name), { target: { value: text } });
  fireEvent.blur(field(name));
}

function open() {
  const onOpenChange = vi.fn();
  renderWithQueryClient(
    <>
      <UserSettingsDialog open onOpenChange={onOpenChange} />
      <Toaster />
    </>,
  );
  return onOpenChange;
}

beforeEach(() => useTradingSettings.getState().resetSettings());
afterEach(() => vi.unstubAllGlobals());

describe('User Settings dialog', () => {
  it('keeps the modify step on the 0.05 grid and at least 0.05', async () => {
    open();
    typeAndBlur('Modify step', '0.01');
    expect(field('Modify step').value).toBe('0.05');
    typeAndBlur('Modify step', '0.12');
    expect(field('Modify step').value).toBe('0.1');
    await userEvent.click(screen.getByLabelText('Decrease Modify step'));
    await userEvent.click(screen.getByLabelText('Decrease Modify step'));
    expect(field('Modify step').value).toBe('0.05');
  });

  it('clamps the exit-all market protection to 10 and takes its absolute value', async () => {
    open();
    await userEvent.click(screen.getByText('Enabled'));
    typeAndBlur('Exit All market protection %', '15');
    expect(field('Exit All market protection %').value).toBe('10');
    typeAndBlur('Exit All market protection %', '-3');
    expect(field('Exit All market protection %').value).toBe('3');
  });

  it('keeps stop-loss differences at least 0.05 and default quantities in whole lots', async () => {
    open();
    typeAndBlur('BANKNIFTY SL trigger/limit difference', '0');
    expect(field('BANKNIFTY SL trigger/limit difference').value).toBe('0.05');
    typeAndBlur('BANKNIFTY default quantity', '100');
    expect(field('BANKNIFTY default quantity').value).toBe('90');
  });

  it('holds edits until Apply, then saves them all and says so', async () => {
    const calls = mockApi({ 'PUT /auth/editUserSetting': () => ok() });
    const onOpenChange = open();
    typeAndBlur('Modify step', '0.5');
    expect(saved().modifyStep).toBe(0.05);
    await userEvent.click(screen.getByText('Apply'));
    expect(await screen.findByText('User settings updated!')).toBeInTheDocument();
    expect(saved().modifyStep).toBe(0.5);
    // The Alerts section reads the Telegram link too: the save is the PUT.
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      method: 'PUT',
      path: '/auth/editUserSetting',
      body: expect.objectContaining({ modifyStep: 0.5 }),
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows 'Update failed, please try again!' and keeps the old settings when saving fails", async () => {
    mockApi({ 'PUT /auth/editUserSetting': () => fail(500, '') });
    open();
    typeAndBlur('Modify step', '1');
    await userEvent.click(screen.getByText('Apply'));
    expect(await screen.findByText('Update failed, please try again!')).toBeInTheDocument();
    await waitFor(() => expect(saved().modifyStep).toBe(0.05));
  });

  it('sends only what was changed, so a fresh browser never writes its defaults over the saved settings', async () => {
    const calls = mockApi({ 'PUT /auth/editUserSetting': () => ok() });
    open();
    typeAndBlur('BANKNIFTY SL trigger/limit difference', '2');
    await userEvent.click(screen.getByText('Apply'));
    expect(await screen.findByText('User settings updated!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      SLTriggerPriceDifference: { BANKNIFTY: 2 },
    });
  });
});
