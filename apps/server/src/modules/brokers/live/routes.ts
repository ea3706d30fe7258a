import type { BrokerStatus } from '@xtrader/core/api/brokers';
import {
  addZerodhaAccountRequestSchema,
  BROKER_MESSAGES,
  brokerCallbackResponseSchema,
  brokerCallbackSchemas,
  brokerLoginResponseSchema,
  brokerStatusSchema,
} from '@xtrader/core/api/brokers';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../../http/types';
import { currentUser } from '../../auth/authenticate';
import type { IiflService } from '../iifl/service';
import type { CredentialVault } from '../vault';
import type { ZerodhaService } from '../zerodha/service';
import { type StoredOnlyBroker, storeCallbackGrant } from './callbacks';

export interface LiveBrokerRouteDeps {
  zerodha: ZerodhaService;
  iifl: IiflService;
  vault: CredentialVault;
  requireUser: preHandlerAsyncHookHandler;
  status(userId: string): Promise<BrokerStatus>;
  /** Where users reach the app (XT_PUBLIC_URL); else the address the request came to. */
  publicUrl: string | undefined;
}

const tags = ['brokers'];
const security = [{ accessToken: [] }];
const emptyResponse = { 200: envelopeSchema(z.object({})) };
const loginResponse = { 200: envelopeSchema(brokerLoginResponseSchema) };
const callbackResponse = { 200: envelopeSchema(brokerCallbackResponseSchema) };

/** The callback path of each broker that only stores its grant. */
const STORED_ONLY_PATHS: Record<StoredOnlyBroker, string> = {
  vortex: '/broker/auth-token/vortex',
  upstox: '/broker/code/upstox',
  fyers: '/broker/auth_code/fyers',
  flattrade: '/broker/code/flattrade',
  dhan: '/broker/token/dhan',
  aliceblue: '/broker/auth-code/aliceblue',
  angelone: '/broker/auth/angelone',
};

const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;

/** Broker login, callbacks, status and the Kite postback. */
export function registerLiveBrokerRoutes(app: ApiApp, deps: LiveBrokerRouteDeps): void {
  registerZerodhaRoutes(app, deps);
  registerIiflRoutes(app, deps);
  for (const [broker, path] of Object.entries(STORED_ONLY_PATHS) as [StoredOnlyBroker, string][]) {
    app.post(
      path,
      {
        preHandler: deps.requireUser,
        schema: { tags, security, body: brokerCallbackSchemas[broker], response: callbackResponse },
      },
      async (request) => {
        const body = request.body as Record<string, string>;
        const { response, message } = await storeCallbackGrant(
          deps.vault,
          currentUser(request).id,
          broker,
          body,
        );
        return ok(response, message);
      },
    );
  }
  app.get(
    '/broker/status',
    {
      preHandler: deps.requireUser,
      schema: { tags, security, response: { 200: envelopeSchema(brokerStatusSchema) } },
    },
    async (request) => ok(await deps.status(currentUser(request).id)),
  );
}

function registerZerodhaRoutes(app: ApiApp, { zerodha, requireUser }: LiveBrokerRouteDeps): void {
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
    '/broker/request-token/zerodha',
    {
      preHandler: requireUser,
      schema: { tags, security, body: brokerCallbackSchemas.zerodha, response: callbackResponse },
    },
    async (request) => {
      const { clientId } = await zerodha.completeLogin(currentUser(request).id, request.body.requestToken);
      return ok(
        { broker: 'ZERODHA', clientId, tradingAvailable: true },
        BROKER_MESSAGES.brokerConnected('Zerodha'),
      );
    },
  );
  // Kite calls this itself (no user token): the checksum, made with the account's API secret, authenticates it.
  app.post('/broker/postback/zerodha', { schema: { tags, response: emptyResponse } }, async (request) => {
    await zerodha.acceptPostback(request.body);
    return ok({}, 'Postback received');
  });
}

function registerIiflRoutes(app: ApiApp, { iifl, requireUser, publicUrl }: LiveBrokerRouteDeps): void {
  app.get(
    '/broker/login/iifl',
    { preHandler: requireUser, schema: { tags, security, response: loginResponse } },
    async (request) => ok({ url: iifl.loginUrl(`${originOf(request, publicUrl)}/redirect/iifl`) }),
  );
  app.post(
    '/broker/save/iifl',
    {
      preHandler: requireUser,
      schema: { tags, security, body: brokerCallbackSchemas.iifl, response: callbackResponse },
    },
    async (request) => {
      const { clientId, authcode } = request.body;
      await iifl.completeLogin(currentUser(request).id, clientId, authcode);
      return ok(
        { broker: 'IIFL', clientId, tradingAvailable: true },
        BROKER_MESSAGES.brokerConnected('IIFL'),
      );
    },
  );
}
