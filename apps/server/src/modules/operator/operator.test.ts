import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('GET /public/operator', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const get = () => t?.app.inject({ method: 'GET', url: '/v1/options-x/public/operator' });

  it('answers without a login, saying "not configured" for what the operator has not set', async () => {
    t = await createTestApp();
    const response = await get();
    expect(response?.statusCode).toBe(200);
    expect(response?.json().data).toEqual({
      configured: false,
      legalName: 'not configured',
      address: 'not configured',
      email: 'not configured',
      phone: 'not configured',
      grievanceOfficer: 'not configured',
      grievanceEmail: 'not configured',
      jurisdiction: 'not configured',
      demoUrl: null,
    });
  });

  it("serves the operator's configured details, the grievance email defaulting to the email", async () => {
    t = await createTestApp({
      env: {
        XT_OPERATOR_LEGAL_NAME: 'Example Fintech Private Limited',
        XT_OPERATOR_ADDRESS: '1 Example Road, Bengaluru 560001',
        XT_OPERATOR_EMAIL: 'support@example.com',
        XT_OPERATOR_PHONE: '+91 80 0000 0000',
        XT_OPERATOR_GRIEVANCE_OFFICER: 'A. Officer',
        XT_OPERATOR_JURISDICTION: 'Bengaluru',
        XT_OPERATOR_DEMO_URL: 'https://calendar.example.com/x-trader-demo',
      },
    });
    expect((await get())?.json().data).toEqual({
      configured: true,
      legalName: 'Example Fintech Private Limited',
      address: '1 Example Road, Bengaluru 560001',
      email: 'support@example.com',
      phone: '+91 80 0000 0000',
      grievanceOfficer: 'A. Officer',
      grievanceEmail: 'support@example.com',
      jurisdiction: 'Bengaluru',
      demoUrl: 'https://calendar.example.com/x-trader-demo',
    });
  });
});
