import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/test-app';
import { createBillingTestApp } from './testing/test-api';

let t: TestApp;
beforeEach(async () => {
  t = await createBillingTestApp();
});
afterEach(async () => {
  await t.close();
});

it('documents the subscription endpoints in the OpenAPI document', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/openapi.json' });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/v1/options-x/zohoSubscriptions/getSubscriptionStatus',
      '/v1/options-x/zohoSubscriptions/createZohoSubscription',
      '/v1/options-x/zohoSubscriptions/getHostedPage',
    ]),
  );
  expect(paths.some((p) => p.includes('webhook') || p.includes('sandbox'))).toBe(false);
});
