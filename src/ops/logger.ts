// JSON logs (pino) to stdout, one line per record, with credentials and secrets redacted wherever they appear.
import pino from 'pino';
import type { Log } from '../kernel/log.ts';

/**
 * Paths pino censors: request headers that carry credentials, fields that hold secrets, and a request's sign-in code
 * or link token (in a body or query, as logged alone or under a request). `code` itself stays: errors carry theirs.
 */
const REDACT = [
  'headers["x-api-key"]',
  'headers["x-session-token"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  '*.password',
  '*.secret',
  '*.webhook_secret',
  '*.gateway_secret_key',
  'body.code',
  '*.body.code',
  'query.code',
  '*.query.code',
  'query.token',
  '*.query.token',
  '*.session_token',
  '*.api_key',
  '*.key',
];

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Logs to stdout, or to `destination` (tests read records back from it). */
export function createLogger(level: LogLevel, destination?: { write(line: string): void }): Log {
  const options = {
    level,
    base: { service: 'geopin' },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
