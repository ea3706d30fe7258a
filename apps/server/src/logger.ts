import { createRequire } from 'node:module';
import { type Logger, pino } from 'pino';
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

/** The process logger: JSON lines, or pretty output in development when pino-pretty is installed. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  const pretty = config.nodeEnv === 'development' && isInstalled('pino-pretty');
  return pino({
    level: config.logLevel,
    // Never let credentials reach the log, whatever a handler logs by mistake.
    redact: {
      paths: ['req.headers.authorization', '*.passcode', '*.password', '*.otp', '*.OTP'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  });
}

/** A logger that discards everything (tests). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
