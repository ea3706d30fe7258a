import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The `sha256-...` source of each inline `<script>` of an HTML page (CSP hashes cover the exact text). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function webAppScriptHashes(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}

/**
 * Security headers on every answer: no MIME sniffing, never framed, no referrer, and a Content-Security-Policy
 * the built web app runs under. Its one inline script (the theme set before first paint) is allowed by hash,
 * read from the build at start, so no other inline script runs. Styles may be inline: the UI libraries set them.
 * `connect-src 'self'` covers the same-origin WebSocket. No upgrade-insecure-requests: a plain-HTTP install (a
 * LAN, the tests) would lose its ws:// socket.
 */
export async function registerSecurityHeaders(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...webAppScriptHashes(webDist)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
