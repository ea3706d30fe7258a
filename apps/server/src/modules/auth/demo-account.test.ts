import { afterEach, describe, expect, it } from 'vitest';
import { createTestResources, type TestResources } from '../../../test/helpers/test-app';
import { ConfigError } from '../../config';
import { DEMO_ACCOUNT } from './demo-account';
import { createAuthModule } from './index';

describe('demo account in production', () => {
  let resources: TestResources | undefined;
  afterEach(async () => {
    await resources?.close();
    resources = undefined;
  });

  it('refuses to start while the demo account is in the database, naming it', async () => {
    resources = await createTestResources({ env: { NODE_ENV: 'production' } });
    const auth = createAuthModule(resources);
    await expect(auth.start?.()).resolves.toBeUndefined();
    // A development database carried over into production still holds the demo user.
    await auth.service.createVerifiedAccount({
      name: DEMO_ACCOUNT.name,
      email: DEMO_ACCOUNT.email,
      phone: DEMO_ACCOUNT.phone,
      passcode: DEMO_ACCOUNT.password,
    });
    const started = auth.start?.();
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(/NODE_ENV: .*demo@x-trader\.local/);
  });

  it('never refuses outside production, where the demo account is created on start', async () => {
    resources = await createTestResources();
    const auth = createAuthModule(resources);
    await auth.start?.();
    await expect(auth.start?.()).resolves.toBeUndefined();
  });
});
