import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../http/errors';
import type { AuthIdentity } from './sessions';

/** The caller of an authenticated request. Every query a handler makes is scoped to `id`. */
export interface AuthUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` hook; absent on public routes. */
    user?: AuthUser;
  }
}

/** The raw token of a request: `Authorization: <token>` or `Bearer <token>`, or `?token=` (WebSocket). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  // Read the raw URL: a route's querystring schema may have stripped `token` from request.query.
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return new URLSearchParams(search).get('token')?.trim() || undefined;
}

/**
 * A preHandler hook that admits only a valid, unrevoked access token and sets `request.user`. Register it
 * on a module's routes: `app.addHook('preHandler', requireUser)` or per route `{ preHandler: requireUser }`.
 */
export function createRequireUser(verify: (token: string) => Promise<AuthIdentity | null>) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const token = tokenOf(request);
    const identity = token ? await verify(token) : null;
    if (!identity) throw new UnauthorizedError();
    request.user = { id: identity.userId, sessionId: identity.sessionId };
  };
}

/** The caller of a route behind `requireUser` (throws 401 if the hook did not run). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
