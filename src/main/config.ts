// Configuration from the environment, validated once at start-up into typed sections, one per part of the app.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_OTP_POLICY, type OtpPolicy } from '../checkout/otp-policy.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import type { AccessLogSettings } from '../ops/access-log.ts';
import type { DispatcherOptions } from '../webhooks/dispatcher.ts';
import { resourcePath } from '../resources.ts';
import { DEFAULT_RETRY_POLICY } from '../webhooks/retry-schedule.ts';

/** An IP address with an optional port (1-65535), as node:dns takes it; a name would need a resolver to find it. */
function isDnsServer(entry: string): boolean {
  const port = /^(?:\[([^\]]+)\]|(\d+\.\d+\.\d+\.\d+)):(\d+)$/.exec(entry);
  if (port) return isIP(port[1] ?? port[2]!) !== 0 && Number(port[3]) >= 1 && Number(port[3]) <= 65_535;
  return isIP(entry) !== 0;
}

/** An integer setting; its refusal says what is accepted (the variable's name and value are added by loadConfig). */
const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, `an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `an integer from ${min} to ${max}`).max(max, `an integer from ${min} to ${max}`));
const oneOf = <T extends string>(...values: [T, ...T[]]) => z.enum(values, { error: `one of ${values.join(', ')}` });
const port = () => z.union([z.literal('off'), int(0, 65535)], { error: '"off" or an integer from 0 to 65535' });

export const EnvSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.string().default('production'),
  /** How long SIGTERM keeps serving with /readyz at 503 before closing the port (load balancers stop sending meanwhile). */
  SHUTDOWN_DRAIN_MS: int(0, 600_000).optional(),
  /** After the drain: how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(10_000),
  /** The embedded store (one machine); ignored when DATABASE_URL is set. */
  DB_PATH: z.string().default(resourcePath('data/app.sqlite')),
  /** postgres://… : the shared store for many nodes. */
  DATABASE_URL: z
    .string()
    .refine(
      postgresUrl,
      'a postgres:// URL, e.g. postgres://user:password@host:5432/db (special characters percent-encoded)',
    )
    .optional(),
  DATA_OUT_DIR: z.string().default(resourcePath('data/build')),
  TRUST_PROXY_HOPS: int(0, 10).default(0),
  /** Request body bytes buffered across all requests at once. */
  BODY_BUDGET_BYTES: int(1 << 20, 2 ** 31).default(64 << 20),
  /** HTTP threads: 1 = the main thread alone; auto = one per core (the extra ones answer point lookups themselves). */
  WORKERS: z.union([z.literal('auto'), int(1, 64)], { error: '"auto" or an integer from 1 to 64' }).default('auto'),
  NODE_HEARTBEAT_MS: int(50, 60_000).default(5000),
  LOG_LEVEL: oneOf('debug', 'info', 'warn', 'error', 'silent').default('info'),
  /** One record per request: every one, a sample (server errors always), or none; unset: all at LOG_LEVEL=debug. */
  ACCESS_LOG: oneOf('off', 'sampled', 'all').optional(),
  /** The share of requests a sampled access log keeps. */
  ACCESS_LOG_SAMPLE_RATE: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'a number from 0 to 1')
    .transform(Number)
    .default(0.01),
  /** When set, GET /metrics on the API port answers with Authorization: Bearer <token>. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** A listener of its own for GET /metrics (no token), on METRICS_HOST; "off" for none. */
  METRICS_PORT: port().optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** PostgreSQL connections per HTTP thread. */
  DATABASE_POOL_SIZE: int(1, 100).default(5),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: int(1, 65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('Checkout <no-reply@localhost>'),
  SMTP_SECURE: oneOf('true', 'false')
    .default('false')
    .transform((v) => v === 'true'),
  CHECKOUT_ENCRYPTION_KEY: z.string().optional(),
  CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR: int(1, 1_000_000).default(DEFAULT_OTP_POLICY.sendsPerEmailHour),
  CHECKOUT_OTP_SENDS_PER_IP_HOUR: int(1, 1_000_000).default(DEFAULT_OTP_POLICY.sendsPerIpHour),
  CHECKOUT_COURIER_TIMEOUT_MS: int(1, 60_000).default(3000),
  GATEWAY_BASE_URL: z.url({ message: 'an absolute URL, e.g. https://api.razorpay.com' }).optional(),
  GATEWAY_TIMEOUT_MS: int(1, 120_000).default(10_000),
  // Not 0: the server must know where the emulator listens to call it and to point the widget at it.
  GATEWAY_EMULATOR_PORT: int(1, 65535).default(4010),
  GATEWAY_CHECK_AFTER_MS: int(1, 86_400_000).default(300_000),
  GATEWAY_CHECK_POLL_MS: int(1, 3_600_000).default(30_000),
  /** Comma-separated ports https webhook and courier URLs may use. */
  EGRESS_ALLOWED_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'comma-separated port numbers')
    .default('443'),
  /** Comma-separated DNS servers (ip or ip:port) resolving webhook and courier hosts; unset: the system resolver. */
  EGRESS_DNS_SERVERS: z
    .string()
    .refine(
      (v) => v.split(',').every(isDnsServer),
      'comma-separated IP addresses of DNS servers, each with an optional port (1.1.1.1,[2606:4700::1]:53)',
    )
    .optional(),
  WEBHOOK_DISPATCHER: oneOf('on', 'off').default('on'),
  WEBHOOK_TIMEOUT_MS: int(1, 120_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: int(1, 86_400_000).default(DEFAULT_RETRY_POLICY.baseDelayMs),
  WEBHOOK_RETRY_FACTOR: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'a number from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'a number from 1 to 100').max(100, 'a number from 1 to 100'))
    .default(DEFAULT_RETRY_POLICY.factor),
  WEBHOOK_MAX_ATTEMPTS: int(1, 100).default(DEFAULT_RETRY_POLICY.maxAttempts),
  WEBHOOK_POLL_MS: int(1, 600_000).default(1000),
  WEBHOOK_LEASE_MS: int(1, 3_600_000).optional(),
  WEBHOOK_CONCURRENCY: int(1, 1000).default(8),
  /** Days a delivered or failed delivery stays in the log after its last attempt; 0 keeps it for ever. */
  WEBHOOK_LOG_RETENTION_DAYS: int(0, 36_500).default(30),
  /** Comma-separated emails that get a developer dashboard account on their first sign-in (besides `dashboard:allow`). */
  DASHBOARD_ALLOWED_EMAILS: z.string().default(''),
  /** How long a dashboard sign-in lasts. */
  DASHBOARD_SESSION_HOURS: int(1, 720).default(12),
  /** The checkout widget's map: a MapLibre style URL (OSM-compatible raster or vector tiles); unset: outlines only. */
  MAP_STYLE_URL: z.url({ message: 'an absolute URL of a MapLibre style' }).optional(),
  /** The plan of the location keys made for merchants' checkout widgets. */
  WIDGET_KEY_PLAN: oneOf('free', 'paid', 'enterprise').default('enterprise'),
});

export interface Config {
  /** Development or test: http callbacks to localhost, codes logged without SMTP, the gateway emulator, the dev page. */
  devMode: boolean;
  /** `access`: the access log (one info record per request), off unless asked for or at debug level. */
  log: { level: 'debug' | 'info' | 'warn' | 'error' | 'silent'; access: AccessLogSettings };
  /**
   * `workers`: HTTP threads (WORKERS), the main thread included. `drainMs`: what SIGTERM waits with /readyz at 503 before
   * closing the port; `shutdownTimeoutMs`: how long requests in flight may then take.
   */
  server: {
    host: string;
    port: number;
    trustProxyHops: number;
    bodyBudgetBytes: number;
    workers: number;
    drainMs: number;
    shutdownTimeoutMs: number;
  };
  /** /metrics on the API port with the token (null: not there in production), and its own listener (null: none). */
  metrics: { token: string | null; listener: { host: string; port: number } | null };
  store: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string; poolSize: number };
  dataDir: string;
  nodeHeartbeatMs: number;
  mail: { host: string | null; port: number; user: string | null; pass: string | null; from: string; secure: boolean };
  /** 32 bytes as hex or base64; unset with SQLite: a 0600 key file next to the database. */
  encryptionKey: string | null;
  checkout: { otp: OtpPolicy; courierTimeoutMs: number };
  /**
   * emulatorPort: start the local gateway emulator there (development without GATEWAY_BASE_URL). checkAfterMs: an order
   * nobody verified is first asked of the gateway that long after it was made; pollMs: how often due orders are sought.
   */
  gateway: { baseUrl: string; timeoutMs: number; emulatorPort: number | null; checkAfterMs: number; pollMs: number };
  /** null: this node queues events but does not deliver them. */
  webhooks: DispatcherOptions | null;
  /** Days a finished delivery stays in the webhook log after its last attempt; 0: for ever. */
  webhookLogRetentionDays: number;
  /** What merchant-supplied URLs may reach (webhooks, courier coverage): checked on save and at every call. */
  egress: EgressPolicy;
  /** The developer and merchant dashboards: Secure `__Host-` cookies outside dev mode (which serves plain http). */
  dashboard: { allowedEmails: string[]; sessionTtlMs: number; secureCookies: boolean };
  /** The checkout widget: its map style (null: the server's own outlines) and the plan of merchants' widget keys. */
  widget: { mapStyleUrl: string | null; keyPlan: 'free' | 'paid' | 'enterprise' };
}

/** Whether the PostgreSQL client can read `url`: it parses the first of its hosts with WHATWG URL, then decodes. */
function postgresUrl(url: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(url)) return false;
  try {
    const authority = url.slice(url.indexOf('://') + 3).split(/[?/]/)[0]!;
    const hosts = decodeURIComponent(authority.slice(authority.indexOf('@') + 1));
    const parsed = new URL(url.replace(hosts, hosts.split(',')[0]!));
    decodeURIComponent(parsed.username + parsed.password);
    return true;
  } catch {
    return false;
  }
}

/** Variables whose values are secrets: a refusal names them, never shows them. */
const SECRET_VARIABLES = new Set(['METRICS_TOKEN', 'SMTP_PASS', 'CHECKOUT_ENCRYPTION_KEY']);

/** A refused value as the error shows it: quoted, a secret hidden, a URL's password masked (logs keep errors). */
function shown(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `(hidden, ${value.length} characters)`;
  // Up to the last '@': a refused URL's password may itself hold '@' or '/'.
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:).*@/i, '$1***@'));
}

/** Reads the environment (process.env by default); throws a readable error naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `${name}=${shown(name, env[name] ?? '')} is not accepted: expected ${i.message}`;
    });
    throw new Error(`invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const devMode = e.NODE_ENV === 'development' || e.NODE_ENV === 'test';
  if (e.DATABASE_URL && !e.CHECKOUT_ENCRYPTION_KEY)
    throw new Error(
      'invalid configuration: CHECKOUT_ENCRYPTION_KEY is required with DATABASE_URL (every node needs the same key)',
    );
  return {
    devMode,
    log: {
      level: e.LOG_LEVEL,
      access: {
        mode: e.ACCESS_LOG ?? (e.LOG_LEVEL === 'debug' ? 'all' : 'off'),
        sampleRate: e.ACCESS_LOG_SAMPLE_RATE,
      },
    },
    server: {
      host: e.HOST,
      port: e.PORT,
      trustProxyHops: e.TRUST_PROXY_HOPS,
      bodyBudgetBytes: e.BODY_BUDGET_BYTES,
      workers: e.WORKERS === 'auto' ? availableParallelism() : e.WORKERS,
      // Development and tests stop at once unless asked; production gives balancers 5 s to notice /readyz.
      drainMs: e.SHUTDOWN_DRAIN_MS ?? (devMode ? 0 : 5000),
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    metrics: metricsSection(e, devMode),
    store: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', path: e.DB_PATH },
    dataDir: e.DATA_OUT_DIR,
    nodeHeartbeatMs: e.NODE_HEARTBEAT_MS,
    mail: {
      host: e.SMTP_HOST ?? null,
      port: e.SMTP_PORT,
      user: e.SMTP_USER ?? null,
      pass: e.SMTP_PASS ?? null,
      from: e.SMTP_FROM,
      secure: e.SMTP_SECURE,
    },
    encryptionKey: e.CHECKOUT_ENCRYPTION_KEY ?? null,
    checkout: {
      otp: {
        ...DEFAULT_OTP_POLICY,
        sendsPerEmailHour: e.CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR,
        sendsPerIpHour: e.CHECKOUT_OTP_SENDS_PER_IP_HOUR,
      },
      courierTimeoutMs: e.CHECKOUT_COURIER_TIMEOUT_MS,
    },
    gateway: gatewaySection(e),
    egress: egressSection(e, devMode),
    webhooks:
      e.WEBHOOK_DISPATCHER === 'off'
        ? null
        : {
            egress: egressSection(e, devMode),
            retry: {
              baseDelayMs: e.WEBHOOK_RETRY_BASE_MS,
              factor: e.WEBHOOK_RETRY_FACTOR,
              maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
              jitter: DEFAULT_RETRY_POLICY.jitter,
            },
            timeoutMs: e.WEBHOOK_TIMEOUT_MS,
            // A row held by a crashed node is retried about 30 s after its attempt would have timed out.
            leaseMs: e.WEBHOOK_LEASE_MS ?? e.WEBHOOK_TIMEOUT_MS + 30_000,
            pollMs: e.WEBHOOK_POLL_MS,
            concurrency: e.WEBHOOK_CONCURRENCY,
          },
    webhookLogRetentionDays: e.WEBHOOK_LOG_RETENTION_DAYS,
    dashboard: {
      allowedEmails: allowList(e.DASHBOARD_ALLOWED_EMAILS),
      sessionTtlMs: e.DASHBOARD_SESSION_HOURS * 3_600_000,
      secureCookies: !devMode,
    },
    widget: { mapStyleUrl: e.MAP_STYLE_URL ?? null, keyPlan: e.WIDGET_KEY_PLAN },
  };
}

/**
 * Production keeps /metrics off the open API port: there it needs METRICS_TOKEN, and a listener of its own serves it on
 * loopback (METRICS_PORT, default 9464). Development has no such listener unless asked for.
 */
function metricsSection(e: z.infer<typeof EnvSchema>, devMode: boolean): Config['metrics'] {
  const port = e.METRICS_PORT ?? (devMode ? 'off' : 9464);
  return { token: e.METRICS_TOKEN ?? null, listener: port === 'off' ? null : { host: e.METRICS_HOST, port } };
}

/** "A@x.com, b@y.in" -> ['a@x.com', 'b@y.in']; throws for an entry that is not an email. */
function allowList(text: string): string[] {
  const emails = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = emails.find((email) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email));
  if (bad) throw new Error(`invalid configuration: DASHBOARD_ALLOWED_EMAILS: not an email: ${bad}`);
  return emails;
}

function egressSection(e: z.infer<typeof EnvSchema>, devMode: boolean): EgressPolicy {
  const dnsServers = e.EGRESS_DNS_SERVERS?.split(',');
  return {
    devMode,
    allowedPorts: e.EGRESS_ALLOWED_PORTS.split(',').map(Number),
    ...(dnsServers ? { dnsServers } : {}),
  };
}

/** Production talks to api.razorpay.com unless GATEWAY_BASE_URL says otherwise; development starts the emulator. */
function gatewaySection(e: z.infer<typeof EnvSchema>): Config['gateway'] {
  const common = {
    timeoutMs: e.GATEWAY_TIMEOUT_MS,
    checkAfterMs: e.GATEWAY_CHECK_AFTER_MS,
    pollMs: e.GATEWAY_CHECK_POLL_MS,
  };
  if (e.GATEWAY_BASE_URL) return { ...common, baseUrl: e.GATEWAY_BASE_URL, emulatorPort: null };
  if (e.NODE_ENV === 'development') {
    return { ...common, baseUrl: `http://127.0.0.1:${e.GATEWAY_EMULATOR_PORT}`, emulatorPort: e.GATEWAY_EMULATOR_PORT };
  }
  return { ...common, baseUrl: 'https://api.razorpay.com', emulatorPort: null };
}
