// The access log: one info record per answered request (all of them, a sample, or none) with its id, status and latency.
import type { Log } from '../kernel/log.ts';
import type { RequestHead } from '../http/request.ts';

/** ACCESS_LOG: every request, a random share of them (server errors always), or none. */
export type AccessLogMode = 'off' | 'sampled' | 'all';

export interface AccessLogSettings {
  mode: AccessLogMode;
  /** The share of requests a sampled log keeps, 0..1. */
  sampleRate: number;
}

/** What the transport calls once per answered request (its Observer's arguments). */
export type AccessRecorder = (
  route: string,
  method: string,
  status: number,
  seconds: number,
  head: RequestHead | null,
) => void;

/**
 * The recorder for `settings`, or null when the log is off (then the transport pays nothing). Records carry the path
 * without its query string: queries hold what people searched for (emails, pincodes), which a log must not collect.
 */
export function createAccessLog(settings: AccessLogSettings, log: Log): AccessRecorder | null {
  if (settings.mode === 'off') return null;
  const access = log.child({ component: 'access' });
  const all = settings.mode === 'all';
  const rate = settings.sampleRate;
  return (route, method, status, seconds, head) => {
    if (!all && status < 500 && Math.random() >= rate) return;
    access.info(
      {
        req: head?.id ?? null,
        method: method.toUpperCase(),
        path: head?.path ?? null,
        route,
        status,
        ms: Math.round(seconds * 100_000) / 100,
      },
      'request',
    );
  };
}
