import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorDetails } from '@xtrader/core/api/operator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

const OPERATOR: OperatorDetails = {
  configured: true,
  legalName: 'Example Fintech Private Limited',
  address: '1 Example Road, Bengaluru 560001',
  email: 'support@example.com',
  phone: '+91 80 0000 0000',
  grievanceOfficer: 'A. Officer',
  grievanceEmail: 'grievance@example.com',
  jurisdiction: 'Bengaluru',
  demoUrl: null,
};

const serveOperator = (details: Partial<OperatorDetails> = {}) =>
  mockApi({ 'GET /public/operator': () => ok({ ...OPERATOR, ...details }) });

describe('legal pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['/terms', 'Terms of Use'],
    ['/privacy', 'Privacy Policy'],
    ['/risk-disclosure', 'Risk Disclosure'],
    ['/contact', 'Contact'],
  ])('%s shows its title, the operator from the server and tabs to every legal page', async (path, title) => {
    const calls = serveOperator();
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect((await screen.findAllByText(/Example Fintech Private Limited/)).length).toBeGreaterThan(0);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /public/operator');
    const tabs = within(screen.getByRole('navigation', { name: 'Legal pages' }));
    expect(tabs.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/terms',
      '/privacy',
      '/risk-disclosure',
      '/contact',
    ]);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('terms name the jurisdiction and the grievance officer', async () => {
    serveOperator();
    renderRoute('/terms');
    expect(await screen.findByText(/Courts at Bengaluru have exclusive jurisdiction/)).toBeInTheDocument();
    expect(screen.getByText(/A\. Officer \(grievance@example\.com\)/)).toBeInTheDocument();
    const body = within(screen.getByRole('main'));
    expect(body.getByRole('link', { name: 'Risk Disclosure' })).toHaveAttribute('href', '/risk-disclosure');
  });

  it("risk disclosure shows SEBI's derivatives disclosures with their source, leverage and API orders", async () => {
    serveOperator();
    renderRoute('/risk-disclosure');
    const sebi = within(await screen.findByRole('region', { name: 'Risk disclosures on derivatives' }));
    expect(sebi.getAllByRole('listitem')).toHaveLength(4);
    expect(sebi.getByText(/9 out of 10 individual traders/)).toBeInTheDocument();
    expect(sebi.getByText(/SEBI study dated January 25, 2023/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leverage' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Orders go through your broker's API" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No advice, no guarantee of returns' })).toBeInTheDocument();
  });

  it('contact shows every detail, with mail links, and offers a demo by email by default', async () => {
    serveOperator();
    renderRoute('/contact');
    expect(await screen.findByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(screen.getByRole('link', { name: 'grievance@example.com' })).toHaveAttribute(
      'href',
      'mailto:grievance@example.com',
    );
    expect(screen.getByText('+91 80 0000 0000')).toBeInTheDocument();
    expect(screen.getByText(/1 Example Road/)).toBeInTheDocument();
    expect(screen.getByText(/Write to us at support@example.com/)).toBeInTheDocument();
  });

  it("contact links the operator's demo booking page when configured", async () => {
    serveOperator({ demoUrl: 'https://calendar.example.com/demo' });
    renderRoute('/contact');
    expect(await screen.findByRole('link', { name: 'demo booking page' })).toHaveAttribute(
      'href',
      'https://calendar.example.com/demo',
    );
  });

  it('says so when the operator has not configured its details (development)', async () => {
    serveOperator({
      configured: false,
      legalName: 'not configured',
      email: 'not configured',
      grievanceEmail: 'not configured',
    });
    renderRoute('/contact');
    expect(await screen.findByRole('note')).toHaveTextContent(/has not configured its details/);
    expect(screen.queryByRole('link', { name: 'not configured' })).not.toBeInTheDocument();
  });

  it('moves between the pages with the tabs', async () => {
    serveOperator();
    const { router } = renderRoute('/terms');
    const tabs = within(await screen.findByRole('navigation', { name: 'Legal pages' }));
    await userEvent.click(tabs.getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
  });
});
