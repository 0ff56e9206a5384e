// The in-memory place directory for autocomplete: entries (states, districts, localities, offices) and a sorted token index.
import Flatbush from 'flatbush';
import type { Dataset } from './dataset.ts';
import { officeNameTokens, tokenize } from './normalise.ts';

export type PlaceKind = 'state' | 'district' | 'locality' | 'office';

/** Ranking prior per kind; offices by type (head > sub > branch), since bigger offices are likelier targets. */
export const KIND_PRIOR = { state: 0.6, district: 0.5, locality: 0.4, HO: 0.3, PO: 0.2, BO: 0.1 } as const;

/** Entries are column-wise; entry ids index every array. Built once per process (~170k entries on the full data). */
export interface PlaceIndex {
  /** Source name; for offices the directory's full name ("Indiranagar S.O (Bengaluru)"), shortened only for display. */
  name: string[];
  kind: PlaceKind[];
  /** Post-office type (HO/PO/BO) for offices, '' otherwise. */
  officeType: string[];
  pincode: (string | null)[];
  district: (string | null)[];
  state: (string | null)[];
  lat: Float64Array;
  lon: Float64Array;
  prior: Float64Array;
  /** " name tokens " (spaces around) for token-prefix checks with includes(' ' + token). */
  nameText: string[];
  /** Name tokens without spaces ("indira nagar" -> "indiranagar"). */
  compactName: string[];
  /** areaText[areaId[i]] is " district tokens state tokens " of entry i (shared: ~800 distinct areas). */
  areaId: Uint16Array;
  areaText: string[];
  /** Words of district and state names: valid query words although only names are indexed. */
  areaWords: Set<string>;
  /** Distinct name tokens, sorted, so every prefix is one contiguous range (area words are only checked, never indexed). */
  tokens: string[];
  /** postings[postingStart[t] .. postingStart[t+1]] are the entry ids holding token t (sorted order). */
  postingStart: Uint32Array;
  postings: Uint32Array;
}

/** Builds the index from the loaded dataset. Start-up cost matters (every test file starts a server): no per-entry objects. */
export function buildPlaceIndex(data: Dataset): PlaceIndex {
  const b = new Builder();
  for (const s of data.states) b.add(s.state, tokenize(s.state), 'state', '', null, null, s.state, s.lat, s.lon);
  for (const d of data.districts) b.add(d.district!, tokenize(d.district!), 'district', '', null, d.district, d.state, d.lat, d.lon);
  const bd = data.boundaries;
  const localityKeys = new Set<string>();
  for (let id = 0; id < bd.pincode.length; id++) {
    const name = bd.locality[id];
    if (!name) continue;
    const tokens = tokenize(name);
    localityKeys.add(`${bd.pincode[id]}|${tokens.join('')}`);
    b.add(name, tokens, 'locality', '', bd.pincode[id]!, bd.district[id]!, bd.state[id]!, bd.insideLat[id]!, bd.insideLon[id]!);
  }
  const o = data.offices;
  for (let i = 0; i < o.pincode.length; i++) {
    const tokens = officeNameTokens(o.name[i]!);
    // An office repeating its pincode's locality name adds nothing: the locality entry stands for it.
    if (localityKeys.has(`${o.pincode[i]}|${tokens.join('')}`)) continue;
    const pin = data.pincodes.get(o.pincode[i]!);
    // An unverified office point can be 20 km off; the pincode's representative point is the honest answer.
    const trusted = o.verified[i] === 1;
    const lat = trusted ? o.lat[i]! : (pin?.lat ?? NaN);
    const lon = trusted ? o.lon[i]! : (pin?.lon ?? NaN);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    b.add(o.name[i]!, tokens, 'office', o.type[i]!, o.pincode[i]!, o.district[i]!, o.state[i]!, lat, lon);
  }
  return b.finish();
}

class Builder {
  readonly name: string[] = [];
  readonly kind: PlaceKind[] = [];
  readonly officeType: string[] = [];
  readonly pincode: (string | null)[] = [];
  readonly district: (string | null)[] = [];
  readonly state: (string | null)[] = [];
  readonly lat: number[] = [];
  readonly lon: number[] = [];
  readonly nameText: string[] = [];
  readonly compactName: string[] = [];
  readonly areaIds: number[] = [];
  readonly areaText: string[] = [];
  readonly areaWords = new Set<string>();
  private readonly areaByKey = new Map<string, number>();
  /** Token string -> token id (first-seen order) and each entry's token ids, flattened. */
  private readonly tokenIds = new Map<string, number>();
  private tokenCount: number[] = [];
  private readonly entryTokens: number[] = [];
  private readonly entryTokenStart: number[] = [0];

  add(name: string, tokens: string[], kind: PlaceKind, type: string, pincode: string | null, district: string | null, state: string | null, lat: number, lon: number): void {
    this.name.push(name);
    this.kind.push(kind);
    this.officeType.push(type);
    this.pincode.push(pincode);
    this.district.push(kind === 'state' ? null : district);
    this.state.push(state);
    this.lat.push(lat);
    this.lon.push(lon);
    this.nameText.push(` ${tokens.join(' ')} `);
    this.compactName.push(tokens.join(''));
    this.areaIds.push(this.area(kind === 'state' ? null : district, state));
    for (const t of new Set(tokens)) {
      let id = this.tokenIds.get(t);
      if (id === undefined) {
        id = this.tokenCount.length;
        this.tokenIds.set(t, id);
        this.tokenCount.push(0);
      }
      this.tokenCount[id]! += 1;
      this.entryTokens.push(id);
    }
    this.entryTokenStart.push(this.entryTokens.length);
  }

  finish(): PlaceIndex {
    const n = this.name.length;
    const prior = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const kind = this.kind[i]!;
      prior[i] = kind === 'office' ? (KIND_PRIOR[this.officeType[i] as 'HO'] ?? 0.1) : KIND_PRIOR[kind];
    }
    return {
      name: this.name, kind: this.kind, officeType: this.officeType, pincode: this.pincode, district: this.district, state: this.state,
      lat: Float64Array.from(this.lat), lon: Float64Array.from(this.lon), prior, nameText: this.nameText, compactName: this.compactName,
      areaId: Uint16Array.from(this.areaIds), areaText: this.areaText, areaWords: this.areaWords, ...this.postings(),
    };
  }

  private area(district: string | null, state: string | null): number {
    const key = `${district ?? ''}|${state ?? ''}`;
    let id = this.areaByKey.get(key);
    if (id === undefined) {
      const words = [...tokenize(district ?? ''), ...tokenize(state ?? '')];
      for (const w of words) this.areaWords.add(w);
      id = this.areaText.length;
      this.areaText.push(` ${words.join(' ')} `);
      this.areaByKey.set(key, id);
    }
    return id;
  }

  /** Counting sort into one postings array laid out in sorted token order, so a prefix's postings are one slice. */
  private postings(): Pick<PlaceIndex, 'tokens' | 'postingStart' | 'postings'> {
    const tokens = [...this.tokenIds.keys()].sort();
    const rank = new Uint32Array(tokens.length);
    const postingStart = new Uint32Array(tokens.length + 1);
    tokens.forEach((t, sorted) => {
      const id = this.tokenIds.get(t)!;
      rank[id] = sorted;
      postingStart[sorted + 1] = postingStart[sorted]! + this.tokenCount[id]!;
    });
    const postings = new Uint32Array(postingStart[tokens.length]!);
    const cursor = postingStart.slice(0, tokens.length);
    for (let entry = 0; entry + 1 < this.entryTokenStart.length; entry++) {
      for (let k = this.entryTokenStart[entry]!; k < this.entryTokenStart[entry + 1]!; k++) {
        postings[cursor[rank[this.entryTokens[k]!]!]!++] = entry;
      }
    }
    return { tokens, postingStart, postings };
  }
}

/** Spatial index over localities and offices for nearest-place answers; built on the first "near me" query. */
export function spatialIndex(index: PlaceIndex): { tree: Flatbush; ids: Uint32Array } {
  const ids: number[] = [];
  index.kind.forEach((kind, i) => {
    if (kind === 'office' || kind === 'locality') ids.push(i);
  });
  const tree = new Flatbush(Math.max(1, ids.length));
  for (const i of ids) tree.add(index.lon[i]!, index.lat[i]!);
  if (ids.length === 0) tree.add(0, 0);
  tree.finish();
  return { tree, ids: Uint32Array.from(ids) };
}

/** True when entry `id` has a name or area word starting with `spacedPrefix` (" " + prefix). */
export function holdsPrefix(index: PlaceIndex, id: number, spacedPrefix: string): boolean {
  return index.nameText[id]!.includes(spacedPrefix) || index.areaText[index.areaId[id]!]!.includes(spacedPrefix);
}

/** [lo, hi) over the sorted tokens that start with `prefix`. */
export function prefixRange(tokens: string[], prefix: string): [number, number] {
  return [lowerBound(tokens, prefix), lowerBound(tokens, `${prefix}\uffff`)];
}

function lowerBound(tokens: string[], value: string): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
