import { createRequire } from 'node:module';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config';

export type { Logger } from 'pino';

const isInstalled = (name: string): boolean => {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
};

/** The URL with the value of its `token` query parameter (the WebSocket's access token) replaced. */
export const redactUrlToken = (url: string): string => url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** What a request log line says of the request: Fastify's fields, with the URL's token redacted. */
const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrlToken(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * The process logger: JSON lines, or pretty output in development when pino-pretty is installed. `destination`
 * replaces stdout (tests read what was logged).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Logger {
  const pretty = !destination && config.nodeEnv === 'development' && isInstalled('pino-pretty');
  const options = {
    level: config.logLevel,
    // Never let credentials reach the log, whatever a handler logs by mistake.
    redact: {
      paths: ['req.headers.authorization', '*.passcode', '*.password', '*.otp', '*.OTP'],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that discards everything (tests). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
