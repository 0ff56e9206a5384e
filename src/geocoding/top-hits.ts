// The best few hits of a ranking, kept in order while candidates stream past.
import type { Hit } from './autocomplete.ts';

/** A hit with its score and the name that breaks ties. */
export type ScoredHit = Hit & { score: number; name: string };

/** Keeps `top` sorted best-first and at most `keep` long; ties go to the shorter, then alphabetically first name. */
export function insertTop(top: ScoredHit[], hit: ScoredHit, keep: number): void {
  const better = (a: typeof hit, b: typeof hit) =>
    a.score !== b.score
      ? a.score > b.score
      : a.name.length !== b.name.length
        ? a.name.length < b.name.length
        : a.name < b.name;
  if (top.length === keep && !better(hit, top[keep - 1]!)) return;
  let at = top.length;
  while (at > 0 && better(hit, top[at - 1]!)) at--;
  top.splice(at, 0, hit);
  if (top.length > keep) top.pop();
}
