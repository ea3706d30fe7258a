import type { Resources } from '../resources';
import { type AuthModuleOptions, createAuthModule } from './auth/index';
import { type BillingModuleOptions, createBillingModule } from './billing/index';
import type { AppModule } from './module';

/** Collaborators tests may replace; every field is optional and defaults to the real implementation. */
export interface ModuleOverrides {
  auth?: AuthModuleOptions;
  billing?: BillingModuleOptions;
}

/**
 * Builds every module from the shared resources, in dependency order (a module gets the services of the
 * modules it uses as arguments). Append new modules here.
 */
export function createModules(resources: Resources, overrides: ModuleOverrides = {}): AppModule[] {
  const auth = createAuthModule(resources, overrides.auth);
  const billing = createBillingModule(
    resources,
    {
      requireUser: auth.requireUser,
      customers: { getCustomer: async (userId) => (await auth.account.getUserInfo(userId)).user },
    },
    overrides.billing,
  );
  return [auth, billing];
}
