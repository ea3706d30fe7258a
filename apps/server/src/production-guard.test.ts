import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { assertProductionReady, productionProblems } from './production-guard';

/** A production environment with every required setting; each test removes one. */
const READY_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  XT_SECRET_KEY: 's'.repeat(40),
  SMTP_URL: 'smtp://mail.example.com:587',
  SMTP_FROM: 'X-Trader <otp@example.com>',
  XT_OPERATOR_LEGAL_NAME: 'Example Fintech Private Limited',
  XT_OPERATOR_ADDRESS: '1 Example Road, Bengaluru 560001',
  XT_OPERATOR_EMAIL: 'support@example.com',
  XT_OPERATOR_PHONE: '+91 80 0000 0000',
  XT_OPERATOR_GRIEVANCE_OFFICER: 'A. Officer',
  XT_OPERATOR_JURISDICTION: 'Bengaluru',
};

const without = (...keys: string[]) =>
  Object.fromEntries(Object.entries(READY_ENV).filter(([key]) => !keys.includes(key)));

const problemKeys = (env: Record<string, string>) =>
  productionProblems(loadConfig(env)).map((problem) => problem.split(':')[0]);

describe('production guard', () => {
  it('accepts a production config with every required setting', () => {
    expect(productionProblems(loadConfig(READY_ENV))).toEqual([]);
    expect(() => assertProductionReady(loadConfig(READY_ENV))).not.toThrow();
  });

  it('lets development and test start with every dev-only setting', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'test', XT_DEV_TOOLS: '1' }))).toEqual([]);
  });

  it('refuses the dev OTP outbox (neither SMS nor SMTP configured), and accepts SMS alone', () => {
    expect(problemKeys(without('SMTP_URL', 'SMTP_FROM'))).toEqual([
      'XT_SMS_PROVIDER (or SMTP_URL, SMTP_FROM)',
    ]);
    const smsOnly = {
      ...without('SMTP_URL', 'SMTP_FROM'),
      XT_SMS_PROVIDER: 'msg91',
      XT_MSG91_AUTH_KEY: 'key',
      XT_SMS_DLT_TEMPLATE_ID: '1207161234567890123',
    };
    expect(problemKeys(smsOnly)).toEqual([]);
  });

  it('refuses a generated secret key', () => {
    expect(problemKeys(without('XT_SECRET_KEY'))).toEqual(['XT_SECRET_KEY']);
  });

  it.each([
    'XT_OPERATOR_LEGAL_NAME',
    'XT_OPERATOR_ADDRESS',
    'XT_OPERATOR_EMAIL',
    'XT_OPERATOR_PHONE',
    'XT_OPERATOR_GRIEVANCE_OFFICER',
    'XT_OPERATOR_JURISDICTION',
  ])('refuses a missing operator detail: %s', (variable) => {
    expect(problemKeys(without(variable))).toEqual([variable]);
  });

  it('refuses the dev tools (loadConfig itself)', () => {
    expect(() => loadConfig({ ...READY_ENV, XT_DEV_TOOLS: 'true' })).toThrow(/XT_DEV_TOOLS/);
  });

  it('lists every problem at once in one ConfigError', () => {
    let caught: unknown;
    try {
      assertProductionReady(loadConfig({ NODE_ENV: 'production' }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toHaveLength(8);
    expect((caught as ConfigError).message).toMatch(/XT_SECRET_KEY: required in production/);
  });
});
