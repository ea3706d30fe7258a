import { API_BASE } from '@xtrader/core/api/envelope';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createModules } from '../modules/index';
import type { AppModule } from '../modules/module';
import type { Resources } from '../resources';
import { authenticateBeforeBody } from './authentication-first';
import { answerClientError } from './client-errors';
import { installErrorHandler, installJsonParser, sendError } from './error-handler';
import { registerHealthRoute } from './health';
import { registerOpenApi } from './openapi';
import { enforceBodyDeadline } from './request-deadline';
import { registerSecurityHeaders } from './security-headers';
import type { ApiApp } from './types';
import { registerWebApp } from './web-app';

/**
 * The whole HTTP application as one plugin graph: `main.ts` only listens on it, tests call `app.inject`.
 * `modules` defaults to every module built from `resources`.
 */
export async function buildApp(resources: Resources, modules?: AppModule[]): Promise<ApiApp> {
  const appModules = modules ?? createModules(resources);
  const app = Fastify({
    loggerInstance: resources.logger as FastifyBaseLogger,
    // Behind a load balancer the client address comes from X-Forwarded-For (rate limits use it).
    trustProxy: resources.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Headers must arrive within the request timeout (Node checks); the body, within it again (the deadline hook).
    requestTimeout: resources.config.httpRequestTimeoutMs,
    http: {
      headersTimeout: resources.config.httpRequestTimeoutMs,
      requestTimeout: resources.config.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, resources.config.httpRequestTimeoutMs / 4),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installJsonParser(app);
  installErrorHandler(app);
  authenticateBeforeBody(app);
  enforceBodyDeadline(app, resources.config.httpRequestTimeoutMs);
  await registerSecurityHeaders(app, resources.config.webDist);
  await registerOpenApi(app);

  await app.register(async (api) => registerHealthRoute(api, resources), { prefix: API_BASE });
  for (const module of appModules) {
    if (module.registerRoutes) {
      const register = module.registerRoutes.bind(module);
      await app.register(async (api) => register(api), { prefix: API_BASE });
    }
  }
  await registerWebApp(app, resources.config.webDist);

  app.addHook('onReady', async () => {
    for (const module of appModules) await module.start?.();
  });
  app.addHook('onClose', async () => {
    for (const module of [...appModules].reverse()) {
      await module
        .close?.()
        .catch((error: unknown) => app.log.error({ err: error, module: module.name }, 'close failed'));
    }
  });
  return app;
}
