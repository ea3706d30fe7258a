import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { AppModule } from '../module';
import type { BillingProvider } from './provider';
import { createSandboxProvider, type SandboxProvider, sandboxWebhookSecret } from './providers/sandbox/index';
import { registerSandboxRoutes } from './providers/sandbox/routes';
import { createZohoProvider } from './providers/zoho/index';
import { registerBillingRoutes } from './routes';
import { type BillingCustomers, type BillingService, createBillingService } from './service';
import { createBillingStore } from './store';
import { createBillingWebhooks } from './webhooks';

export type { BillingProvider } from './provider';
export type { BillingCustomers, BillingService } from './service';

export interface BillingModuleDeps {
  /** preHandler admitting only authenticated callers (from the auth module). */
  requireUser: preHandlerAsyncHookHandler;
  customers: BillingCustomers;
}

export interface BillingModuleOptions {
  /** Replaces the configured provider (tests). */
  provider?: BillingProvider;
  /** The `fetch` the Zoho provider calls (tests point it at a fake). */
  fetch?: typeof fetch;
}

/** The subscriptions module, plus its service for modules that need the status (entitlement). */
export interface BillingModule extends AppModule {
  readonly service: BillingService;
  readonly provider: BillingProvider;
}

const isSandbox = (provider: BillingProvider): provider is SandboxProvider =>
  provider.name === 'sandbox' && 'deliveryFor' in provider;

function createProvider(resources: Resources, options: BillingModuleOptions): BillingProvider {
  if (options.provider) return options.provider;
  const { billing } = resources.config;
  if (billing.provider === 'zoho' && billing.zoho && billing.publicUrl) {
    return createZohoProvider({
      settings: billing.zoho,
      publicUrl: billing.publicUrl,
      clock: resources.clock,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return createSandboxProvider(sandboxWebhookSecret(resources.masterKey));
}

export function createBillingModule(
  resources: Resources,
  deps: BillingModuleDeps,
  options: BillingModuleOptions = {},
): BillingModule {
  const { db, clock, logger, config } = resources;
  const store = createBillingStore(db);
  const provider = createProvider(resources, options);
  const webhooks = createBillingWebhooks({ store, provider, clock, logger });
  const service = createBillingService({ store, provider, webhooks, customers: deps.customers, clock });

  return {
    name: 'billing',
    service,
    provider,
    registerRoutes(app) {
      registerBillingRoutes(app, { billing: service, webhooks, requireUser: deps.requireUser });
      if (isSandbox(provider)) registerSandboxRoutes(app, { provider, store, webhooks, clock });
    },
    async start() {
      if (provider.name === 'sandbox' && config.isProduction) {
        logger.warn(
          'XT_BILLING_PROVIDER is sandbox in production: anyone can "pay" for a plan without paying',
        );
      }
    },
  };
}
