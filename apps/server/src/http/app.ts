import { API_BASE } from '@xtrader/core/api/envelope';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createForwarding } from '../cluster/forwarding';
import { createModules } from '../modules/index';
import type { AppModule } from '../modules/module';
import type { Resources } from '../resources';
import { authenticateBeforeBody } from './authentication-first';
import { answerClientError } from './client-errors';
import { installErrorHandler, installJsonParser, sendError } from './error-handler';
import { registerHealthRoute } from './health';
import { registerOpenApi } from './openapi';
import { Readiness, registerReadyRoute } from './readiness';
import { enforceBodyDeadline } from './request-deadline';
import { registerSecurityHeaders } from './security-headers';
import type { ApiApp } from './types';
import { registerWebApp } from './web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starting, ready or draining: what `GET /ready` answers. */
    readiness: Readiness;
    /** Shutdown's first step: `/ready` turns 503, each module drains (leases released, sockets told to reconnect). */
    drain(): Promise<void>;
  }
}

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

  const readiness = new Readiness();
  await app.register(
    async (api) => {
      registerHealthRoute(api, resources);
      registerReadyRoute(api, resources, readiness);
    },
    { prefix: API_BASE },
  );
  // In a cluster, a request acting on a user's engine is answered by the instance that owns the user.
  const { ownership } = resources;
  const forwarding = ownership.clustered
    ? createForwarding({
        ownership,
        bus: resources.bus,
        logger: resources.logger,
        timeoutMs: resources.config.forwardTimeoutMs,
      })
    : undefined;
  for (const module of appModules) {
    if (module.registerRoutes) {
      const register = module.registerRoutes.bind(module);
      const forward = module.userEngine ? forwarding : undefined;
      await app.register(
        async (api) => {
          if (forward) {
            api.addHook('preHandler', forward.hook);
            api.addHook('onResponse', forward.done);
          }
          await register(api);
        },
        { prefix: API_BASE },
      );
    }
  }
  await registerWebApp(app, resources.config.webDist);

  app.addHook('onReady', async () => {
    for (const module of appModules) await module.start?.();
    // Engines are up: answer forwarded requests, then take (and sweep for) users.
    await forwarding?.serve(app);
    await ownership.start();
    readiness.markReady();
  });
  let draining: Promise<void> | undefined;
  app.decorate('readiness', readiness);
  app.decorate('drain', () => {
    readiness.beginDrain();
    draining ??= (async () => {
      // Users' engines stop here and their leases go at once: other instances take them without waiting.
      await ownership
        .releaseAll()
        .catch((error: unknown) => app.log.error({ err: error }, 'releasing leases failed'));
      // In module order: the market hands its price leadership over before the gateway sends clients elsewhere.
      for (const module of appModules) {
        await module
          .drain?.()
          .catch((error: unknown) => app.log.error({ err: error, module: module.name }, 'drain failed'));
      }
    })();
    return draining;
  });
  app.addHook('onClose', async () => {
    // Users' engines stop here and their leases go at once, so other instances take them without waiting.
    await ownership
      .releaseAll()
      .catch((error: unknown) => app.log.error({ err: error }, 'releasing leases failed'));
    forwarding?.close();
    for (const module of [...appModules].reverse()) {
      await module
        .close?.()
        .catch((error: unknown) => app.log.error({ err: error, module: module.name }, 'close failed'));
    }
  });
  return app;
}
