import type { FastifyInstance, RouteOptions } from 'fastify';

// Routes declare their authentication as `preHandler: requireUser`, which Fastify runs after parsing and
// validating the body. An anonymous caller would then learn the route's schema from its 400s (and make the server
// parse what it sends) before being told it is not signed in. Hooks marked here move to `onRequest` instead:
// authentication runs before the body is read, so an anonymous request gets its 401 whatever it carries.

const AUTHENTICATION = Symbol('authentication hook');

type Hook = (...args: never[]) => unknown;

/** Marks a hook as authentication, to run before the body is parsed wherever a route lists it. */
export function authenticationHook<T extends Hook>(hook: T): T {
  return Object.assign(hook, { [AUTHENTICATION]: true });
}

const isAuthentication = (hook: unknown): boolean =>
  typeof hook === 'function' && (hook as { [AUTHENTICATION]?: boolean })[AUTHENTICATION] === true;

const asList = (hooks: unknown): unknown[] => (hooks === undefined ? [] : [hooks].flat());

/** Moves marked authentication hooks of every route registered from now on from `preHandler` to `onRequest`. */
export function authenticateBeforeBody(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = asList(route.preHandler);
    const authentication = preHandlers.filter(isAuthentication);
    if (authentication.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !isAuthentication(hook)) as RouteOptions['preHandler'];
    route.onRequest = [...asList(route.onRequest), ...authentication] as RouteOptions['onRequest'];
  });
}
