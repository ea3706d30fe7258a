import type { ApiApp } from '../../../src/http/types';
import type { JsonSchema } from './schema-arbitraries';

/** One route of the app, with the schemas its OpenAPI entry publishes (none for hidden routes). */
export interface FuzzRoute {
  method: string;
  /** Fastify's path, `:name` for parameters. */
  url: string;
  body?: JsonSchema;
  query: Record<string, JsonSchema>;
  params: Record<string, JsonSchema>;
  headers: Record<string, JsonSchema>;
  /** Listed in the OpenAPI document with a security requirement. */
  secured: boolean;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  security?: unknown[];
}

/**
 * Every route Fastify knows, read from `printRoutes` (hidden routes are not in the OpenAPI document): each tree
 * line is one path segment under its parent, indented four characters per level.
 */
export function listRoutes(app: ApiApp): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    parents.length = depth;
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** The routes with their schemas from the OpenAPI document the app serves. */
export function fuzzRoutes(app: ApiApp, include: (url: string) => boolean): FuzzRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return listRoutes(app)
    .filter(({ url }) => include(url))
    .map(({ method, url }) => {
      const openApiPath = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[method.toLowerCase()];
      const byPlace = (place: string) =>
        Object.fromEntries(
          (operation?.parameters ?? [])
            .filter((parameter) => parameter.in === place)
            .map((parameter) => [parameter.name, parameter.schema ?? {}]),
        );
      const params = byPlace('path');
      for (const name of url.match(/:([A-Za-z0-9_]+)/g) ?? []) params[name.slice(1)] ??= { type: 'string' };
      return {
        method,
        url,
        body: operation?.requestBody?.content?.['application/json']?.schema,
        query: byPlace('query'),
        params,
        headers: byPlace('header'),
        secured: Boolean(operation?.security?.length),
      };
    });
}
