import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from './app-toaster';

const openToasts = (count: number) => {
  for (let i = 1; i <= count; i += 1) toast.error(`Failure ${i}`, { duration: 60_000 });
};

describe('toast overflow indicator', () => {
  afterEach(() => {
    act(() => void toast.dismiss());
  });

  it('stays hidden with three open toasts', async () => {
    render(<AppToaster theme="dark" />);
    act(() => openToasts(3));
    await screen.findByText('Failure 3');
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close All' })).not.toBeInTheDocument();
  });

  it("shows '+ N more' and Close All above three, and Close All dismisses them all", async () => {
    render(<AppToaster theme="dark" />);
    act(() => openToasts(5));
    expect(await screen.findByText('+ 3 more')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close All' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close All' })).not.toBeInTheDocument());
  });
});
