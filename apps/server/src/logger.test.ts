import { afterEach, describe, expect, it } from 'vitest';
import { createTestResources, type TestResources } from '../test/helpers/test-app';
import { buildApp } from './http/app';
import { createLogger, redactUrlToken } from './logger';

describe('logger', () => {
  let resources: TestResources | undefined;
  afterEach(async () => {
    await resources?.close();
    resources = undefined;
  });

  it('replaces the token of a URL, wherever it is in the query', () => {
    expect(redactUrlToken('/v1/options-x/websocket?token=abc.def')).toBe(
      '/v1/options-x/websocket?token=[redacted]',
    );
    expect(redactUrlToken('/x?a=1&token=abc&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrlToken('/x?tokens=keep&refresh_token=keep')).toBe('/x?tokens=keep&refresh_token=keep');
  });

  it('never writes an access token passed in the URL to the request log', async () => {
    resources = await createTestResources();
    const lines: string[] = [];
    const logger = createLogger(
      { logLevel: 'info', nodeEnv: 'test' },
      { write: (line) => void lines.push(line) },
    );
    const app = await buildApp({ ...resources, logger }, []);
    await app.inject({ method: 'GET', url: '/v1/options-x/websocket?token=SECRET.TOKEN.VALUE' });
    await app.inject({ method: 'GET', url: '/v1/options-x/health?x=1&token=SECRET.TOKEN.VALUE' });
    await app.close();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('SECRET');
    expect(lines.join('\n')).toContain('token=[redacted]');
  });
});
