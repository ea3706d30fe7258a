import {
  BILLING_MESSAGES,
  createSubscriptionResponseSchema,
  hostedPageResponseSchema,
  planRequestSchema,
  subscriptionStatusResponseSchema,
} from '@xtrader/core/api/billing';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { DomainError, isDomainError } from '../../domain-error';
import type { ApiApp } from '../../http/types';
import { currentUser } from '../auth/authenticate';
import type { BillingService } from './service';
import type { BillingWebhooks } from './webhooks';

export interface BillingRouteDeps {
  billing: BillingService;
  webhooks: BillingWebhooks;
  requireUser: preHandlerAsyncHookHandler;
}

const tags = ['subscriptions'];

/** The subscription calls answer a missing or bad token with 'Invalid authentication'. */
function withBillingAuthMessage(requireUser: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  return async function requireBillingUser(request, reply) {
    try {
      await requireUser.call(this, request, reply);
    } catch (error) {
      if (isDomainError(error) && error.code === 'unauthorized')
        throw new DomainError('unauthorized', BILLING_MESSAGES.invalidAuthentication);
      throw error;
    }
  };
}
const security = [{ accessToken: [] }];

/** The browser's way back into the app after a checkout(/thank-you?expiry&plan). */
export const thankYouPath = (expirationDate: string, planCode: string) =>
  `/thank-you?${new URLSearchParams({ expiry: expirationDate, plan: planCode })}`;

const stringQuery = (query: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );

/** Webhooks are verified over the exact bytes received, so this scope keeps JSON bodies as raw text. */
function registerWebhookRoute(app: ApiApp, webhooks: BillingWebhooks): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/zohoSubscriptions/webhook',
      { schema: { tags, hide: true, response: { 200: envelopeSchema(z.object({ outcome: z.string() })) } } },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const outcome = await webhooks.receive({
          headers: request.headers,
          rawBody,
          query: stringQuery(request.query),
        });
        return ok({ outcome }, 'received');
      },
    );
  });
}

/** The provider's hosted page sends the buyer here (no access token): confirm, then the thank-you page. */
function registerReturnRoute(app: ApiApp, billing: BillingService): void {
  app.get(
    '/zohoSubscriptions/return',
    { schema: { tags, hide: true, querystring: z.object({ ref: z.string().trim().min(1).max(64) }) } },
    async (request, reply) => {
      const { planCode, expirationDate } = await billing.confirmCheckout(request.query.ref);
      return reply.redirect(thankYouPath(expirationDate, planCode), 303);
    },
  );
}

/** `/zohoSubscriptions/...`, the provider's webhook, and the return from its hosted page. */
export function registerBillingRoutes(app: ApiApp, deps: BillingRouteDeps): void {
  const { billing, webhooks } = deps;
  const requireUser = withBillingAuthMessage(deps.requireUser);
  app.get(
    '/zohoSubscriptions/getSubscriptionStatus',
    {
      preHandler: requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(subscriptionStatusResponseSchema) } },
    },
    async (request) => ok(await billing.getStatus(currentUser(request).id)),
  );

  app.post(
    '/zohoSubscriptions/createZohoSubscription',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        body: planRequestSchema,
        response: { 200: envelopeSchema(createSubscriptionResponseSchema) },
      },
    },
    async (request) =>
      ok(await billing.startFreeTrial(currentUser(request).id, request.body.planCode), 'Free trial started'),
  );

  app.post(
    '/zohoSubscriptions/getHostedPage',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        body: planRequestSchema,
        response: { 200: envelopeSchema(hostedPageResponseSchema) },
      },
    },
    async (request) => ok(await billing.openCheckout(currentUser(request).id, request.body.planCode)),
  );

  registerReturnRoute(app, billing);
  registerWebhookRoute(app, webhooks);
}
