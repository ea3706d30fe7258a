import { ConfigError } from '../../config';
import type { Logger } from '../../logger';
import type { AuthService } from './service';
import type { AuthStore } from './store';

/** The account created on first start outside production, so a fresh checkout can log in at once. */
export const DEMO_ACCOUNT = Object.freeze({
  name: 'Demo Trader',
  email: 'demo@x-trader.local',
  phone: '9999999999',
  password: 'demo1234',
});

/** Creates the demo account unless its email or phone is taken, and prints its credentials. */
export async function ensureDemoAccount(store: AuthStore, auth: AuthService, logger: Logger): Promise<void> {
  if (!(await store.isEmailOrPhoneTaken(DEMO_ACCOUNT.email, DEMO_ACCOUNT.phone))) {
    await auth.createVerifiedAccount({
      name: DEMO_ACCOUNT.name,
      email: DEMO_ACCOUNT.email,
      phone: DEMO_ACCOUNT.phone,
      passcode: DEMO_ACCOUNT.password,
    });
  }
  const demo = await store.findUserByEmail(DEMO_ACCOUNT.email);
  if (demo?.phone === DEMO_ACCOUNT.phone) {
    logger.info(
      `Demo account: log in with ${DEMO_ACCOUNT.email} (or ${DEMO_ACCOUNT.phone}) and password ${DEMO_ACCOUNT.password}`,
    );
  }
}

/**
 * Production refuses to start while the demo account (its known password logs anyone in) is in the database, e.g.
 * when a development database was carried over.
 */
export async function refuseDemoAccount(store: AuthStore): Promise<void> {
  const demo = await store.findUserByEmail(DEMO_ACCOUNT.email);
  if (demo?.phone === DEMO_ACCOUNT.phone) {
    throw new ConfigError([
      `NODE_ENV: production cannot start while the demo account ${DEMO_ACCOUNT.email} is in the database; delete that user first`,
    ]);
  }
}
