// Configuration from the environment, validated once at start-up.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DB_PATH: z.string().default(`${repoRoot}data/app.sqlite`),
  DATA_OUT_DIR: z.string().default(`${repoRoot}data/build`),
  NODE_ENV: z.string().default('production'),
});

export type Config = z.infer<typeof EnvSchema> & { devMode: boolean; repoRoot: string };

/** Reads config from `env` (process.env by default); tests pass overrides. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.parse(env);
  return { ...parsed, devMode: parsed.NODE_ENV === 'development' || parsed.NODE_ENV === 'test', repoRoot };
}
