// Gateway settings from the environment; in development an in-process emulator stands in for the real gateway.
import { z } from 'zod';

const EnvSchema = z.object({
  /** Base URL of the Razorpay-style orders API. Unset in development: the local emulator on GATEWAY_EMULATOR_PORT. */
  GATEWAY_BASE_URL: z.string().url().optional(),
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  GATEWAY_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  NODE_ENV: z.string().default('production'),
});

/** Resolved gateway location and timeout. */
export interface GatewaySettings {
  baseUrl: string;
  timeoutMs: number;
  /** Port to start the emulator on, or null to use the real gateway at baseUrl. */
  emulatorPort: number | null;
}

/** Production talks to api.razorpay.com unless GATEWAY_BASE_URL says otherwise; development starts the emulator. */
export function loadGatewaySettings(env: Record<string, string | undefined> = process.env): GatewaySettings {
  const e = EnvSchema.parse(env);
  if (e.GATEWAY_BASE_URL) return { baseUrl: e.GATEWAY_BASE_URL, timeoutMs: e.GATEWAY_TIMEOUT_MS, emulatorPort: null };
  if (e.NODE_ENV === 'development') {
    return { baseUrl: `http://127.0.0.1:${e.GATEWAY_EMULATOR_PORT}`, timeoutMs: e.GATEWAY_TIMEOUT_MS, emulatorPort: e.GATEWAY_EMULATOR_PORT };
  }
  return { baseUrl: 'https://api.razorpay.com', timeoutMs: e.GATEWAY_TIMEOUT_MS, emulatorPort: null };
}
