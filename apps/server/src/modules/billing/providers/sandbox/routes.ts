import { PLANS } from '@xtrader/core/api/billing';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../../../clock';
import type { ApiApp } from '../../../../http/types';
import { expirationDateOf } from '../../periods';
import { thankYouPath } from '../../routes';
import type { BillingStore, SubscriptionRow } from '../../store';
import type { BillingWebhooks } from '../../webhooks';
import { renderCheckoutPage, renderMessagePage } from './checkout-page';
import { SANDBOX_CHECKOUT_PATH, type SandboxProvider } from './index';

export interface SandboxRouteDeps {
  provider: SandboxProvider;
  store: BillingStore;
  webhooks: BillingWebhooks;
  clock: Clock;
}

const params = z.object({ ref: z.string().regex(/^[0-9a-f]{32}$/, 'Unknown checkout') });
const BACK_TO_PRICING = { href: '/subscribe', label: 'Back to pricing' };
const isOpen = (record: SubscriptionRow) => record.status === 'pending' || record.status === 'failed';

/**
 * The sandbox's hosted checkout, served by this server: a page, and the Pay / Fail buttons. Both buttons
 * send the provider's signed webhook through the same verification and handling as a real one.
 */
export function registerSandboxRoutes(
  app: ApiApp,
  { provider, store, webhooks, clock }: SandboxRouteDeps,
): void {
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The page's forms post without fields; accept that form encoding here only.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const prefix = SANDBOX_CHECKOUT_PATH.replace(/^\/v1\/options-x/, '');

    const closedPage = (record: SubscriptionRow | undefined) =>
      record?.status === 'active' && record.periodEnd !== null
        ? renderMessagePage('Already paid', 'This checkout is complete.', {
            href: thankYouPath(expirationDateOf(record.periodEnd), record.planCode),
            label: 'Continue',
          })
        : renderMessagePage('Checkout closed', 'This checkout is no longer open.', BACK_TO_PRICING);

    scope.get(`${prefix}/:ref`, { schema: { hide: true, params } }, async (request, reply) => {
      const record = await store.findByCheckoutRef(request.params.ref);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!record || !isOpen(record)) return reply.code(record ? 409 : 404).send(closedPage(record));
      const actionBase = `${SANDBOX_CHECKOUT_PATH}/${request.params.ref}`;
      return reply.send(renderCheckoutPage(PLANS[record.planCode], actionBase, record.status === 'failed'));
    });

    for (const outcome of ['paid', 'declined'] as const) {
      const action = outcome === 'paid' ? 'pay' : 'fail';
      scope.post(`${prefix}/:ref/${action}`, { schema: { hide: true, params } }, async (request, reply) => {
        const record = await store.findByCheckoutRef(request.params.ref);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!record || !isOpen(record)) return reply.code(record ? 409 : 404).send(closedPage(record));
        await webhooks.receive(provider.deliveryFor(outcome, record, clock.now()));
        const after = await store.findById(record.id);
        if (outcome === 'paid' && after?.status === 'active' && after.periodEnd !== null) {
          return reply.redirect(thankYouPath(expirationDateOf(after.periodEnd), after.planCode), 303);
        }
        const retry = { href: `${SANDBOX_CHECKOUT_PATH}/${request.params.ref}`, label: 'Try again' };
        return reply.send(renderMessagePage('Payment failed', 'Your payment was declined.', retry));
      });
    }
  });
}
