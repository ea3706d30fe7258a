import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@xtrader/core/api/envelope';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SERVER_VERSION } from './version';
import { DOCS_PREFIX } from './web-app';

/** The OpenAPI document generated from the routes' zod schemas; must be registered before the routes. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'X-Trader API',
        version: SERVER_VERSION,
        description: 'REST API of the X-Trader terminal.',
      },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
