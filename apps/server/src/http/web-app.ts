import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@xtrader/core/api/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DOCS_PREFIX = '/docs';

const NOT_BUILT_MESSAGE =
  'X-Trader API is running, but the web app is not built. Run `npm run build` (or `npm start`) and reload.';

/** A browser navigation to a client-side route (not the API, not the docs) that the SPA should render. */
const isSpaNavigation = (request: FastifyRequest): boolean => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith(`${API_BASE}/`) || pathname === API_BASE || pathname.startsWith('/v1/'))
    return false;
  if (pathname === DOCS_PREFIX || pathname.startsWith(`${DOCS_PREFIX}/`)) return false;
  return pathname === '/' || (request.headers.accept ?? '').includes('text/html');
};

/** How much of an unknown path the 404 repeats: a refusal never echoes a long request back. */
const MAX_PATH_SHOWN = 200;

const shownPath = (url: string) => {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > MAX_PATH_SHOWN ? `${pathname.slice(0, MAX_PATH_SHOWN)}…` : pathname;
};

const sendRouteNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .code(404)
    .send({ success: false, message: `Route ${request.method} ${shownPath(request.url)} not found` });

/**
 * Serves the built web app from `webDist` (when it exists) and answers every unknown route: client routes
 * (/, /signup, /dashboard, /redirect/zerodha, ...) get index.html so the SPA can route them; anything else
 * is a JSON 404, never HTML.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!isSpaNavigation(request)) return sendRouteNotFound(request, reply);
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply.code(200).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
  });
}
