// Configuration from the environment, validated once at start-up.
import { z } from 'zod';
import { resourcePath, resourceRoot } from '../resources.ts';

const repoRoot = resourceRoot();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DB_PATH: z.string().default(resourcePath('data/app.sqlite')),
  DATA_OUT_DIR: z.string().default(resourcePath('data/build')),
  NODE_ENV: z.string().default('production'),
  // Reverse proxies in front of the server whose X-Forwarded-For is trusted for the buyer's IP (OTP per-IP limit).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Checkout: outgoing mail (unset SMTP_HOST: codes are logged in dev mode, send fails with 503 otherwise).
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('Checkout <no-reply@localhost>'),
  SMTP_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  // Checkout: 32-byte key (64 hex chars or base64) for secrets at rest; unset: a 0600 key file next to the database.
  CHECKOUT_ENCRYPTION_KEY: z.string().optional(),
  CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR: z.coerce.number().int().positive().default(5),
  CHECKOUT_OTP_SENDS_PER_IP_HOUR: z.coerce.number().int().positive().default(20),
  CHECKOUT_COURIER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
});

/** `env` is the raw map, for modules that parse their own variables (WEBHOOK_*, GATEWAY_*). */
export type Config = z.infer<typeof EnvSchema> & { devMode: boolean; repoRoot: string; env: Readonly<Record<string, string | undefined>> };

/** Reads config from `env` (process.env by default); tests pass overrides. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.parse(env);
  return { ...parsed, devMode: parsed.NODE_ENV === 'development' || parsed.NODE_ENV === 'test', repoRoot, env: { ...env } };
}
