// Environment variables that look like this server's settings but are none of them (DATABASE_ULR, METRIC_PORT): each
// is ignored, so a typo would quietly run a node on the wrong store or port; the start says so instead.
import { editDistance } from '../geocoding/fuzzy.ts';
import { EnvSchema } from './config.ts';

/** Settings read outside the configuration schema (the dataset's paths). */
const READ_ELSEWHERE = ['DATA_DIR', 'DATA_OUT_DIR'];
const KNOWN = new Set([...Object.keys(EnvSchema.shape), ...READ_ELSEWHERE]);
/** Prefixes only this server's settings use: any other name under them is a mistake. */
const OURS = /^(CHECKOUT|WEBHOOK|GATEWAY|SMTP|METRICS?|DATABASE|DB|OTP|SHUTDOWN)_/;

export interface UnknownSetting {
  name: string;
  /** The setting it is closest to, when one is a typo away. */
  nearest: string | null;
}

/** The variables of `env` that are not settings but look like one, each with the nearest setting's name. */
export function unknownSettings(env: Record<string, string | undefined>): UnknownSetting[] {
  const out: UnknownSetting[] = [];
  for (const name of Object.keys(env).sort()) {
    if (KNOWN.has(name) || !/^[A-Z][A-Z0-9_]{3,}$/.test(name)) continue;
    const nearest = closest(name);
    if (nearest || OURS.test(name)) out.push({ name, nearest });
  }
  return out;
}

/**
 * A known setting within an edit of `name` (a letter missed, doubled, swapped or wrong), two for a long name, or null:
 * short names of other programs (HOME, PWD) are that close to some setting without being a typo of it.
 */
function closest(name: string): string | null {
  let best: string | null = null;
  let most = name.length >= 10 ? 2 : 1;
  for (const known of KNOWN) {
    const d = editDistance(name, known, most);
    if (d > most) continue;
    best = known;
    // Only a nearer one may replace it: one edit away is as near as another name gets.
    if (d === 1) break;
    most = d - 1;
  }
  return best;
}
