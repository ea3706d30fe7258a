import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderRoute } from '../test/render-route';

const LEGAL = [
  ['Terms of Use', '/terms'],
  ['Privacy Policy', '/privacy'],
  ['Risk Disclosure', '/risk-disclosure'],
  ['Contact', '/contact'],
];

describe('legal links on the login, signup and password-reset screens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['/', '/signup', '/forgot-password'])('%s links every legal page in a new tab', async (path) => {
    mockApi({});
    renderRoute(path);
    const nav = within(await screen.findByRole('navigation', { name: 'Legal' }));
    const links = nav.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(LEGAL);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
  });
});
