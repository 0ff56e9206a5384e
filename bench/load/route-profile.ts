// Where one route's server CPU went, from its --cpu-prof profile: top functions by self time, and by the src/ function
// that spent it (SQLite's native time lands on the repository method, not on the driver), in µs per request.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { topSelfTime, type CpuProfile } from '../http/profile-summary.ts';

export interface ProfileRow {
  name: string;
  where: string;
  /** Share of the profile's busy time over the measured run. */
  percent: number;
  /** Self time per 2xx answer (the profiler's own overhead included). */
  usPerRequest: number;
}

export interface RouteProfile {
  /** By the function V8 sampled (native work booked on the JavaScript function that called it). */
  self: ProfileRow[];
  /** By the innermost function of src/ outside src/db/ on the stack: which repository or service call spent it. */
  bySource: ProfileRow[];
}

/** Our code that owns a sample: shipped source, but not the store adapters every statement passes through. */
const OWNER = (where: string) => where.startsWith('src/') && !where.startsWith('src/db/');

/** The profile in `dir` between `fromMs` and `toMs` after spawn (it starts a little after spawn), over `requests`. */
export function routeProfile(dir: string, fromMs: number, toMs: number, requests: number): RouteProfile {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length !== 1) throw new Error(`${dir}: expected one profile, found ${files.length}`);
  const profile = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as CpuProfile;
  const rows = (chargeTo?: (where: string) => boolean) =>
    topSelfTime(profile, 12, fromMs, toMs, chargeTo).rows.map((r) => ({
      name: r.name,
      where: r.where,
      percent: r.percent,
      usPerRequest: requests > 0 ? (r.selfMs * 1000) / requests : NaN,
    }));
  return { self: rows(), bySource: rows(OWNER) };
}

/** Both views side by side, the top `limit` rows of each. */
export function formatProfile(title: string, p: RouteProfile, limit = 10): string {
  const cell = (r: ProfileRow | undefined) =>
    r
      ? `${r.usPerRequest.toFixed(0).padStart(5)} µs ${r.percent.toFixed(0).padStart(3)}%  ${`${r.name} ${r.where}`}`
      : '';
  const lines = [title, `  ${'self time'.padEnd(70)} | charged to src/ (outside src/db/)`];
  for (let i = 0; i < limit; i++) {
    const left = cell(p.self[i]);
    lines.push(`  ${left.length > 70 ? `${left.slice(0, 69)}…` : left.padEnd(70)} | ${cell(p.bySource[i])}`);
  }
  return lines.join('\n');
}
