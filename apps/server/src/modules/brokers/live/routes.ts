import type { BrokerStatus } from '@xtrader/core/api/brokers';
import {
  addZerodhaAccountRequestSchema,
  BROKER_CALLBACK_PATHS,
  BROKER_MESSAGES,
  brokerCallbackResponseSchema,
  brokerCallbackSchemas,
  brokerLoginResponseSchema,
  brokerRedirectPath,
  brokerStatusSchema,
} from '@xtrader/core/api/brokers';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { IIFL_BROKER_ID, ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../../http/types';
import { currentUser } from '../../auth/authenticate';
import type { IiflService } from '../iifl/service';
import type { CredentialVault } from '../vault';
import type { ZerodhaService } from '../zerodha/service';
import type { LiveBrokerPlugin } from './plugin';

export interface LiveBrokerRouteDeps {
  zerodha: ZerodhaService;
  iifl: IiflService;
  /** The brokers trading through the plugin seam (plugins.ts). */
  plugins: readonly LiveBrokerPlugin[];
  vault: CredentialVault;
  requireUser: preHandlerAsyncHookHandler;
  status(userId: string): Promise<BrokerStatus>;
  /**
   * A login completed. The new session starts from the broker's book as it is now, so whatever changed while the
   * user's session was gone (a fill while the token was expired) must be reconciled by the order manager.
   */
  loggedIn(userId: string): void;
  /** Where users reach the app (XT_PUBLIC_URL); else the address the request came to. */
  publicUrl: string | undefined;
}

const tags = ['brokers'];
const security = [{ accessToken: [] }];
const emptyResponse = { 200: envelopeSchema(z.object({})) };
const loginResponse = { 200: envelopeSchema(brokerLoginResponseSchema) };
const callbackResponse = { 200: envelopeSchema(brokerCallbackResponseSchema) };

const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;

/** Broker login, callbacks, status and the Kite postback. */
export function registerLiveBrokerRoutes(app: ApiApp, deps: LiveBrokerRouteDeps): void {
  registerZerodhaRoutes(app, deps);
  registerIiflRoutes(app, deps);
  for (const plugin of deps.plugins) registerPluginRoutes(app, plugin, deps);
  app.get(
    '/broker/status',
    {
      preHandler: deps.requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(brokerStatusSchema) } },
    },
    async (request) => ok(await deps.status(currentUser(request).id)),
  );
}

function registerZerodhaRoutes(app: ApiApp, { zerodha, requireUser, loggedIn }: LiveBrokerRouteDeps): void {
  app.post(
    '/broker/add/zerodha',
    {
      preHandler: requireUser,
      schema: { tags, security, body: addZerodhaAccountRequestSchema, response: emptyResponse },
    },
    async (request) => {
      await zerodha.saveCredentials(currentUser(request).id, request.body.apiKey, request.body.apiSecret);
      return ok({}, BROKER_MESSAGES.zerodhaAccountAdded);
    },
  );
  app.get(
    '/broker/login/zerodha',
    { preHandler: requireUser, schema: { tags, security, response: loginResponse } },
    async (request) => ok({ url: await zerodha.loginUrl(currentUser(request).id) }),
  );
  app.post(
    BROKER_CALLBACK_PATHS.zerodha,
    {
      preHandler: requireUser,
      schema: { tags, security, body: brokerCallbackSchemas.zerodha, response: callbackResponse },
    },
    async (request) => {
      const { clientId } = await zerodha.completeLogin(currentUser(request).id, request.body.requestToken);
      loggedIn(currentUser(request).id);
      return ok(
        { broker: ZERODHA_BROKER_ID, clientId, tradingAvailable: true },
        BROKER_MESSAGES.brokerConnected('Zerodha'),
      );
    },
  );
  // Kite calls this itself (no user token): the checksum, made with the account's API secret, authenticates it.
  // In a cluster the instance running the user's engine applies it (their session and order manager are there):
  // one that does not forwards the postback to it.
  app.post(
    '/broker/postback/zerodha',
    { schema: { tags, response: emptyResponse } },
    async (request, reply) => {
      const { userId, order } = await zerodha.readPostback(request.body);
      if (await request.routeToOwner?.(userId)) return reply;
      zerodha.deliverPostback(userId, order);
      return ok({}, 'Postback received');
    },
  );
}

function registerIiflRoutes(
  app: ApiApp,
  { iifl, requireUser, publicUrl, loggedIn }: LiveBrokerRouteDeps,
): void {
  app.get(
    '/broker/login/iifl',
    { preHandler: requireUser, schema: { tags, security, response: loginResponse } },
    async (request) =>
      ok({ url: iifl.loginUrl(`${originOf(request, publicUrl)}${brokerRedirectPath('iifl')}`) }),
  );
  app.post(
    BROKER_CALLBACK_PATHS.iifl,
    {
      preHandler: requireUser,
      schema: { tags, security, body: brokerCallbackSchemas.iifl, response: callbackResponse },
    },
    async (request) => {
      const { clientId, authcode } = request.body;
      await iifl.completeLogin(currentUser(request).id, clientId, authcode);
      loggedIn(currentUser(request).id);
      return ok(
        { broker: IIFL_BROKER_ID, clientId, tradingAvailable: true },
        BROKER_MESSAGES.brokerConnected('IIFL'),
      );
    },
  );
}

/** Login and callback of a plugged broker, and the routes the broker itself calls. */
function registerPluginRoutes(
  app: ApiApp,
  plugin: LiveBrokerPlugin,
  { requireUser, publicUrl, loggedIn }: LiveBrokerRouteDeps,
): void {
  const redirectUrl = (request: FastifyRequest) =>
    `${originOf(request, publicUrl)}${brokerRedirectPath(plugin.key)}`;
  app.get(
    `/broker/login/${plugin.key}`,
    { preHandler: requireUser, schema: { tags, security, response: loginResponse } },
    async (request) => ok({ url: await plugin.loginUrl(currentUser(request).id, redirectUrl(request)) }),
  );
  app.post(
    BROKER_CALLBACK_PATHS[plugin.key],
    {
      preHandler: requireUser,
      schema: { tags, security, body: brokerCallbackSchemas[plugin.key], response: callbackResponse },
    },
    async (request) => {
      const body = request.body as Record<string, string>;
      const { clientId } = await plugin.completeLogin(currentUser(request).id, body, redirectUrl(request));
      loggedIn(currentUser(request).id);
      return ok(
        { broker: plugin.brokerId, clientId, tradingAvailable: true },
        BROKER_MESSAGES.brokerConnected(plugin.name),
      );
    },
  );
  plugin.registerRoutes?.(app);
}
