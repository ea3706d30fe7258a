import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../state/session-store';
import { liveAccessToken } from '../../test/fake-token';
import { deferred, fail, mockApi, ok } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { browser } from './api/browser';

const premiumCard = () => screen.getByRole('article', { name: 'Premium' });
const trialCard = () => screen.getByRole('article', { name: 'Free Trial' });

describe('subscribe page', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    useSessionStore.getState().login(liveAccessToken());
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSessionStore.getState().logout();
  });

  it("sends Book a Demo to the operator's booking page when configured", async () => {
    mockApi({
      'GET /public/operator': () =>
        ok({
          configured: true,
          legalName: 'Example Fintech Private Limited',
          address: 'Bengaluru',
          email: 'support@example.com',
          phone: '+91 80 0000 0000',
          grievanceOfficer: 'A. Officer',
          grievanceEmail: 'support@example.com',
          jurisdiction: 'Bengaluru',
          demoUrl: 'https://calendar.example.com/demo',
        }),
    });
    renderRoute('/subscribe');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Book a Demo' })).toHaveAttribute(
        'href',
        'https://calendar.example.com/demo',
      ),
    );
  });

  it('has the header, banner, title, subtitle and a quarterly default', async () => {
    mockApi({});
    renderRoute('/subscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByText('Add Broker, Purchase Plan & Start Trading')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard');
    // Without an operator demo page, Book a Demo opens the in-app contact page.
    const demo = screen.getByRole('link', { name: 'Book a Demo' });
    expect(demo).toHaveAttribute('href', '/contact');
    expect(demo).toHaveAttribute('target', '_blank');
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/terms',
      '/privacy',
      '/risk-disclosure',
      '/contact',
    ]);
    expect(screen.getByText(/100% money-back guarantee/)).toBeInTheDocument();
    const toggle = screen.getByRole('group', { name: 'Billing period' });
    expect(
      within(toggle)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Quarterly', 'Half Yearly', 'Yearly']);
    expect(within(toggle).getByRole('button', { name: 'Quarterly' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the free trial and the premium plan of the chosen period with its saving', async () => {
    mockApi({});
    renderRoute('/subscribe');
    await screen.findByRole('heading', { name: 'Pricing' });
    expect(within(trialCard()).getByTestId('plan-price')).toHaveTextContent(/^₹0$/);
    expect(within(trialCard()).getByText('14 days')).toBeInTheDocument();
    const expectPremium = (price: string, original: string, save: string) => {
      expect(within(premiumCard()).getByTestId('plan-price')).toHaveTextContent(price);
      expect(within(premiumCard()).getByText('+ gst')).toBeInTheDocument();
      expect(within(premiumCard()).getByTestId('plan-original-price')).toHaveTextContent(original);
      expect(within(premiumCard()).getByText(save)).toBeInTheDocument();
    };
    expectPremium('₹15,000', '₹20,000', 'Save 25%');
    await userEvent.click(screen.getByRole('button', { name: 'Half Yearly' }));
    expectPremium('₹25,000', '₹35,000', 'Save 30%');
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expectPremium('₹40,000', '₹60,000', 'Save 33%');
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { name: /^Subscribe to / })).toHaveLength(2);
  });

  it('ticks all ten features for both plans and shows three testimonials', async () => {
    mockApi({});
    renderRoute('/subscribe');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('One Click Trading');
    expect(rows[9]).toHaveTextContent('Single Screen Interface');
    for (const row of rows) expect(within(row).getAllByLabelText('Included')).toHaveLength(2);
    expect(screen.getAllByRole('figure')).toHaveLength(3);
  });

  it('the second Go Back button opens the dashboard', async () => {
    mockApi({});
    const { router } = renderRoute('/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('free trial: creates it and opens the thank-you page with its expiry', async () => {
    const calls = mockApi({
      'POST /zohoSubscriptions/createZohoSubscription': () => ok({ expirationDate: '2026-12-07' }),
    });
    const { router } = renderRoute('/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Free Trial' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?expiry=2026-12-07&plan=freeTrial');
    expect(screen.getByTestId('expiry-sentence')).toHaveTextContent(
      'Your subscription will expire on 7th Dec 2026!',
    );
    expect(calls.find((c) => c.path === '/zohoSubscriptions/createZohoSubscription')?.body).toEqual({
      plan_code: 'freeTrial',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('premium: asks for a hosted page of the chosen plan and sends the browser there', async () => {
    const reply = deferred();
    const calls = mockApi({ 'POST /zohoSubscriptions/getHostedPage': () => reply.promise });
    renderRoute('/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium Yearly' }));
    expect(within(premiumCard()).getByRole('status', { name: 'Please wait' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to Free Trial' })).toBeDisabled();
    reply.release(ok({ hostedPageUrl: 'https://billing.example/hosted/abc' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/hosted/abc'));
    expect(calls.find((c) => c.path === '/zohoSubscriptions/getHostedPage')?.body).toEqual({
      plan_code: 'x-trader-yearly',
    });
  });

  it('a hosted page reply without a URL: Hosted URL not found', async () => {
    mockApi({ 'POST /zohoSubscriptions/getHostedPage': () => ok({}) });
    renderRoute('/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Premium Quarterly' }));
    expect(await screen.findByText('Hosted URL not found')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('failures toast the server message, capitalised, or the fallback', async () => {
    mockApi({
      'POST /zohoSubscriptions/createZohoSubscription': () =>
        fail(409, 'your free trial has already been used'),
      'POST /zohoSubscriptions/getHostedPage': () => ({ status: 502, body: undefined }),
    });
    const { router } = renderRoute('/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Free Trial' }));
    expect(await screen.findByText('Your free trial has already been used')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium Quarterly' }));
    expect(await screen.findByText('Failed: something went wrong')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscribe');
  });
});
