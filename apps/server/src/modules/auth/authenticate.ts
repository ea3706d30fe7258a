import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain-error';
import { authenticationHook } from '../../http/authentication-first';
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

/**
 * The raw token of a request: `Authorization: <token>` or `Bearer <token>`. Never from the URL, which proxies
 * and browser history keep; only the WebSocket, which cannot set headers from a browser, takes `?token=`.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  return header ? header.replace(/^Bearer\s+/i, '').trim() || undefined : undefined;
}

/**
 * A hook that admits only a valid, unrevoked access token and sets `request.user`. Listed per route as
 * `{ preHandler: requireUser }`, it runs before the body is parsed (http/authentication-first.ts).
 */
export function createRequireUser(verify: (token: string) => Promise<AuthIdentity | null>) {
  return authenticationHook(async function requireUser(request: FastifyRequest): Promise<void> {
    const token = tokenOf(request);
    const identity = token ? await verify(token) : null;
    if (!identity) throw new DomainError('unauthorized', 'Unauthorized');
    request.user = { id: identity.userId, sessionId: identity.sessionId };
  });
}

/** The caller of a route behind `requireUser` (throws 401 if the hook did not run). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new DomainError('unauthorized', 'Unauthorized');
  return request.user;
}
