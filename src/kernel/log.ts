// The logging port: structured records (an object of fields, then a message); src/ops builds the real one, tests pass silentLog.

export interface Log {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  /** A logger that adds `bindings` to every record (the component, a request id). */
  child(bindings: Record<string, unknown>): Log;
}

const noop = () => undefined;

/** Writes nothing. */
export const silentLog: Log = { debug: noop, info: noop, warn: noop, error: noop, child: () => silentLog };
