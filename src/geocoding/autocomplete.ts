// Autocomplete over the place index: token-prefix match, a fuzzy fallback (edit distance), 50 km bias, and "near me".
import { haversineKm } from './geo-math.ts';
import { tokenize } from './normalise.ts';
import { holdsPrefix, prefixRange, spatialIndex, type PlaceIndex } from './place-index.ts';

/** Places within this distance of the caller's point rank above similar matches farther away. */
export const BIAS_RADIUS_KM = 50;

export interface AutocompleteQuery {
  q: string;
  limit: number;
  lat?: number;
  lon?: number;
}

/** Entry ids in rank order, with the distance to the caller's point when one was given. */
export interface Hit {
  id: number;
  distanceKm: number | null;
}

/** "near me", "nearby", "near by": the caller wants the closest places, not name matches. */
const NEAR_ME = /\b(?:near\s*me|near\s*by|nearby|around\s*me|closest|nearest)\b/i;
/** Words that describe what a post-office directory holds anyway; they never narrow a near-me search. */
const GENERIC = new Set(['post', 'office', 'offices', 'po', 'pincode', 'pin', 'code', 'area', 'place', 'places', 'locality', 'me']);

/** True when the query asks for places near the caller. */
export function isNearMeQuery(q: string): boolean {
  return NEAR_ME.test(q);
}

/** Cap on fuzzy alternatives per query word. */
const MAX_FUZZY = 40;

/** Query tokens; each token is a list of accepted token prefixes (itself, or fuzzy alternatives). */
type Alternatives = string[][];

export class Autocomplete {
  private stamp: Uint32Array;
  private spatial: ReturnType<typeof spatialIndex> | null = null;
  private generation = 0;

  constructor(private readonly index: PlaceIndex) {
    this.stamp = new Uint32Array(index.name.length);
  }

  /** Name search, ranked by match quality, kind and (when lat/lon are given) proximity. */
  search(query: AutocompleteQuery): Hit[] {
    const tokens = tokenize(query.q);
    if (tokens.length === 0) return [];
    let alternatives = tokens.map((t) => (this.known(t) ? [t] : this.fuzzy(t)));
    let fuzzy = tokens.some((t, i) => alternatives[i]![0] !== t);
    if (alternatives.some((a) => a.length === 0)) return [];
    const qCompact = tokens.join('');
    const hits = this.rank(this.candidates(alternatives, tokens.length > 1 ? qCompact : null), alternatives, qCompact, fuzzy, query);
    if (hits.length > 0 || fuzzy) return hits;
    // Every token matched somewhere but no entry holds them all: retry each token fuzzily once.
    alternatives = tokens.map((t) => [t, ...this.fuzzy(t)]);
    fuzzy = true;
    return this.rank(this.candidates(alternatives, null), alternatives, qCompact, fuzzy, query);
  }

  /** Closest localities and offices to (lat, lon); remaining words in `q` (minus "near me") filter by name. */
  nearest(query: AutocompleteQuery & { lat: number; lon: number }): Hit[] {
    const words = tokenize(query.q.replace(NEAR_ME, ' ')).filter((t) => !GENERIC.has(t)).map((w) => ` ${w}`);
    const idx = this.index;
    const spatial = (this.spatial ??= spatialIndex(idx));
    const filter = (k: number) => words.every((w) => holdsPrefix(idx, spatial.ids[k]!, w));
    // Planar neighbours in degrees, over-fetched, then re-ranked by great-circle distance and de-duplicated.
    const found = spatial.tree.neighbors(query.lon, query.lat, query.limit * 4, Infinity, filter);
    const hits = found.map((k) => {
      const id = spatial.ids[k]!;
      return { id, distanceKm: haversineKm(query.lat, query.lon, idx.lat[id]!, idx.lon[id]!) };
    });
    hits.sort((a, b) => a.distanceKm - b.distanceKm);
    return this.distinct(hits, query.limit);
  }

  /** True when some name token starts with `token`, or it is a district/state word (checked, never indexed). */
  private known(token: string): boolean {
    const [lo, hi] = prefixRange(this.index.tokens, token);
    return hi > lo || this.index.areaWords.has(token);
  }

  /**
   * Candidate ids: entries whose name holds any query token (or the whole query run together, for "indira nagar").
   * Only name tokens are indexed, so "pra" does not pull in every office of every "Pradesh".
   */
  private candidates(alternatives: Alternatives, compact: string | null): number[] {
    const prefixes = alternatives.flat();
    if (compact !== null) prefixes.push(compact);
    const gen = this.nextGeneration();
    const out: number[] = [];
    const { tokens, postingStart, postings } = this.index;
    for (const p of prefixes) {
      const [lo, hi] = prefixRange(tokens, p);
      for (let k = postingStart[lo]!; k < postingStart[hi]!; k++) {
        const id = postings[k]!;
        if (this.stamp[id] === gen) continue;
        this.stamp[id] = gen;
        out.push(id);
      }
    }
    return out;
  }

  private rank(ids: number[], alternatives: Alternatives, qCompact: string, fuzzy: boolean, query: AutocompleteQuery): Hit[] {
    const idx = this.index;
    const hasPoint = query.lat !== undefined && query.lon !== undefined;
    const top: Array<Hit & { score: number }> = [];
    const keep = query.limit * 3;
    const spaced = alternatives.map((alts) => alts.map((a) => ` ${a}`));
    for (const id of ids) {
      const compact = idx.compactName[id]!;
      const joined = compact.startsWith(qCompact);
      if (!joined && !spaced.every((alts) => alts.some((a) => holdsPrefix(idx, id, a)))) continue;
      let score = idx.prior[id]!;
      if (compact === qCompact) score += 4;
      else if (joined) score += 3;
      else if (spaced[0]!.some((a) => idx.nameText[id]!.startsWith(a))) score += 1.5;
      if (fuzzy) score -= 1;
      let distanceKm: number | null = null;
      if (hasPoint) {
        distanceKm = haversineKm(query.lat!, query.lon!, idx.lat[id]!, idx.lon[id]!);
        if (distanceKm <= BIAS_RADIUS_KM) score += 3 + 0.5 * (1 - distanceKm / BIAS_RADIUS_KM);
      }
      insertTop(top, { id, distanceKm, score }, keep, idx.name);
    }
    return this.distinct(top, query.limit);
  }

  /** Drops repeats of the same name in the same pincode (an office and its locality, duplicated directory rows). */
  private distinct(hits: Hit[], limit: number): Hit[] {
    const seen = new Set<string>();
    const out: Hit[] = [];
    for (const h of hits) {
      const key = `${this.index.kind[h.id] === 'state' ? 's' : ''}${this.index.compactName[h.id]}|${this.index.pincode[h.id] ?? this.index.district[h.id] ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ id: h.id, distanceKm: h.distanceKm });
      if (out.length === limit) break;
    }
    return out;
  }

  /**
   * Vocabulary tokens within edit distance 1 (2 for 8+ letters) of `token` or of its typed-so-far prefix.
   * Scans only tokens starting with the query's first two letters (or those two swapped), a few hundred
   * comparisons; a token with more than MAX_FUZZY alternatives is too vague to help and yields none.
   */
  private fuzzy(token: string): string[] {
    if (token.length < 4) return [];
    const maxDist = token.length >= 8 ? 2 : 1;
    const out: string[] = [];
    for (const head of new Set([token.slice(0, 2), token[1]! + token[0]!])) {
      const [lo, hi] = prefixRange(this.index.tokens, head);
      let previousHead = '';
      let previousOk = false;
      for (let t = lo; t < hi; t++) {
        const candidate = this.index.tokens[t]!;
        if (candidate.length < token.length - maxDist) continue;
        const start = candidate.slice(0, token.length + maxDist);
        if (start !== previousHead) {
          previousHead = start;
          previousOk = prefixDistance(token, start, maxDist) <= maxDist;
        }
        if (previousOk) out.push(candidate);
      }
    }
    return out.length > MAX_FUZZY ? [] : out;
  }

  private nextGeneration(): number {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}

/** Keeps `top` sorted best-first and at most `keep` long; ties go to the shorter, then alphabetically first name. */
function insertTop(top: Array<Hit & { score: number }>, hit: Hit & { score: number }, keep: number, names: string[]): void {
  const better = (a: Hit & { score: number }, b: Hit & { score: number }) =>
    a.score !== b.score ? a.score > b.score : names[a.id]!.length !== names[b.id]!.length ? names[a.id]!.length < names[b.id]!.length : names[a.id]! < names[b.id]!;
  if (top.length === keep && !better(hit, top[keep - 1]!)) return;
  let at = top.length;
  while (at > 0 && better(hit, top[at - 1]!)) at--;
  top.splice(at, 0, hit);
  if (top.length > keep) top.pop();
}

const ROWS = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Smallest optimal-string-alignment distance between `query` and any prefix of `text` (the user may still be typing). */
export function prefixDistance(query: string, text: string, maxDist: number): number {
  const n = query.length;
  const m = Math.min(text.length, 62);
  // Three reused rows (i-2, i-1, i): the fallback scans thousands of tokens, so no allocation per comparison.
  let [prev2, prev, cur] = ROWS as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const qc = query.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const tc = text.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (qc === tc ? 0 : 1));
      if (i > 1 && j > 1 && qc === text.charCodeAt(j - 2) && query.charCodeAt(i - 2) === tc) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > maxDist) return rowMin;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  let best = prev[0]!;
  for (let j = 1; j <= m; j++) if (prev[j]! < best) best = prev[j]!;
  return best;
}
