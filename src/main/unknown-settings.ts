// Environment variables that look like this server's settings but are none of them (DATABASE_ULR, METRIC_PORT): each
// is ignored, so a typo would quietly run a node on the wrong store or port; the start says so instead.
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
  let bestDistance = name.length >= 10 ? 3 : 2;
  for (const known of KNOWN) {
    const d = editDistance(name, known, bestDistance);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best;
}

/** Optimal string alignment distance (a swap of neighbours counts one), or `cap` once it cannot be below it. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    if (Math.min(...row) >= cap) return cap;
    [before, previous] = [previous, row];
  }
  return Math.min(previous[b.length]!, cap);
}
