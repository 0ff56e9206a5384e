// The place index read from places.bin: pincodes, boundaries, areas and place entries as typed-array columns, plus token and key lookups.
import { ODBL_LAYER, type PlaceFile } from './place-file.ts';
import { readEntryColumns } from './place-layer.ts';
import { mergedColumns } from './shared-columns.ts';
import { lowerBound, SortedStrings } from './sorted-strings.ts';

/** Entry kinds as stored; "town" is a GeoNames populated place, "landmark" a monument, place of worship or station. */
export const KIND = { state: 0, district: 1, locality: 2, office: 3, town: 4, landmark: 5 } as const;
/** Office types; POINT marks a locality named by a gazetteer point (ward, police station), not by the postal data. */
export const OFFICE_TYPE = { HO: 1, PO: 2, BO: 3, POINT: 4 } as const;
export type PlaceKind = 'state' | 'district' | 'locality' | 'office' | 'landmark';
const KIND_NAMES: PlaceKind[] = ['state', 'district', 'locality', 'office', 'locality', 'landmark'];
const OFFICE_NAMES = ['', 'HO', 'PO', 'BO', ''];

/** A district (district set) or a state (district null); its point is the seat town where known, else the median pincode point. */
export interface AreaRow {
  state: string;
  district: string | null;
  lat: number | null;
  lon: number | null;
  pincodes: number;
}

export const NO_AREA = 0xffff;

/** Columns of places.bin; ids index entries, `pin` values index the pincode columns, `area` values index `areas`. */
export class PlaceIndex {
  readonly pinCode: string[];
  readonly pinArea: Uint16Array;
  readonly pinBoundary: Int32Array;
  readonly pinFlags: Uint8Array;
  readonly pinOffices: Uint32Array;
  readonly pinLat: Float64Array;
  readonly pinLon: Float64Array;
  readonly pinDivision: string[];
  /** Localities, offices and towns of pincode p: pinEnts[pinEntAt[p] .. pinEntAt[p+1]], most important first. */
  readonly pinEntAt: Uint32Array;
  readonly pinEnts: Uint32Array;
  readonly bndPin: Uint32Array;
  readonly bndLocality: string[];
  readonly bndLat: Float64Array;
  readonly bndLon: Float64Array;
  readonly areas: AreaRow[];
  readonly areaTokAt: Uint32Array;
  readonly areaToks: Uint32Array;
  readonly kind: Uint8Array;
  readonly officeType: Uint8Array;
  readonly pin: Int32Array;
  readonly area: Uint16Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly importance: Float32Array;
  /** Fame beyond the rank: pincodes around (a city), namesakes nearby (prominence.ts); autocomplete adds it. */
  readonly prominence: Float32Array;
  /** Number of leading tokens of an entry's token list that spell its own name (the rest are alias tokens). */
  readonly nameTokens: Uint8Array;
  readonly tokAt: Uint32Array;
  readonly toks: Uint32Array;
  /** Sorted vocabulary; postings of token t are postings[vocabAt[t] .. vocabAt[t+1]], most important entries first. */
  readonly vocab: string[];
  readonly vocabAt: Uint32Array;
  readonly postings: Uint32Array;
  /** Sorted compact keys (names run together, aliases included); entries of key k are keyEnt[keyAt[k] .. keyAt[k+1]]. */
  readonly keys: string[];
  readonly keyAt: Uint32Array;
  readonly keyEnt: Uint32Array;
  /** Sorted sound-alike skeletons of the keys (normalise.ts phoneticKey), entries like `keyEnt`. */
  readonly sounds: string[];
  readonly soundAt: Uint32Array;
  readonly soundEnt: Uint32Array;
  readonly size: number;
  readonly fileBytes: number;
  /** Entries that came from the ODbL layer file (0 without one); they are the last ids. */
  readonly layerEntries: number;
  private readonly nameAt: Uint32Array;
  private readonly names: Buffer;
  /** `vocab` and `keys` searchable (fuzzy.ts scans them). */
  readonly vocabList: SortedStrings;
  readonly keyList: SortedStrings;
  private readonly soundList: SortedStrings;

  constructor(file: PlaceFile) {
    this.pinCode = file.lines('pin.code');
    this.pinArea = file.u16('pin.area');
    this.pinBoundary = file.i32('pin.bnd');
    this.pinFlags = file.u8('pin.flags');
    this.pinOffices = file.u32('pin.offices');
    this.pinLat = file.f64('pin.lat');
    this.pinLon = file.f64('pin.lon');
    this.pinDivision = file.lines('pin.division');
    this.bndPin = file.u32('bnd.pin');
    this.bndLocality = file.lines('bnd.locality');
    this.bndLat = file.f64('bnd.lat');
    this.bndLon = file.f64('bnd.lon');
    this.areas = file.json<AreaRow[]>('areas');
    // The ODbL layer beside places.bin (its own licence, its own file) joins the same id space when present.
    const layer = file.sibling(ODBL_LAYER);
    const c = layer ? mergedColumns(file, layer) : readEntryColumns(file);
    this.layerEntries = layer ? layer.u8('ent.kind').length : 0;
    ({
      kind: this.kind,
      officeType: this.officeType,
      pin: this.pin,
      area: this.area,
      lat: this.lat,
      lon: this.lon,
      importance: this.importance,
      prominence: this.prominence,
      nameTokens: this.nameTokens,
      nameAt: this.nameAt,
      names: this.names,
      tokAt: this.tokAt,
      toks: this.toks,
      vocab: this.vocab,
      vocabAt: this.vocabAt,
      postings: this.postings,
      keys: this.keys,
      keyAt: this.keyAt,
      keyEnt: this.keyEnt,
      sounds: this.sounds,
      soundAt: this.soundAt,
      soundEnt: this.soundEnt,
      pinEntAt: this.pinEntAt,
      pinEnts: this.pinEnts,
      areaTokAt: this.areaTokAt,
      areaToks: this.areaToks,
    } = c);
    this.size = this.kind.length;
    this.vocabList = new SortedStrings(this.vocab);
    this.keyList = new SortedStrings(this.keys);
    this.soundList = new SortedStrings(this.sounds);
    this.fileBytes = file.byteLength + (layer?.byteLength ?? 0);
  }

  /** The source name of entry `id` (for offices the directory's full name, "Indiranagar S.O (Bengaluru)"). */
  name(id: number): string {
    return this.names.toString('utf8', this.nameAt[id], this.nameAt[id + 1]);
  }

  /** The entry's own name tokens, as words. */
  nameWords(id: number): string[] {
    const start = this.tokAt[id]!;
    const words: string[] = [];
    for (let k = start; k < start + this.nameTokens[id]!; k++) words.push(this.vocab[this.toks[k]!]!);
    return words;
  }

  /** The entry's own name tokens run together ("indiranagar"). */
  compact(id: number): string {
    let out = '';
    const start = this.tokAt[id]!;
    for (let k = start; k < start + this.nameTokens[id]!; k++) out += this.vocab[this.toks[k]!]!;
    return out;
  }

  /** True when the entry's own name tokens run together are `key`: `compact(id) === key` without building the text. */
  namedExactly(id: number, key: string): boolean {
    let at = 0;
    const start = this.tokAt[id]!;
    for (let k = start; k < start + this.nameTokens[id]!; k++) {
      const token = this.vocab[this.toks[k]!]!;
      if (!key.startsWith(token, at)) return false;
      at += token.length;
    }
    return at === key.length;
  }

  kindName(id: number): PlaceKind {
    return KIND_NAMES[this.kind[id]!]!;
  }

  officeTypeName(id: number): string {
    return OFFICE_NAMES[this.officeType[id]!]!;
  }

  /**
   * Pincode `pin`'s point: its foremost post office inside its polygon (dataset/gazetteer-rows.ts), else the polygon's
   * inside point, else its offices' median; NaN when it has none.
   */
  pinPoint(pin: number): [lat: number, lon: number] {
    const bnd = this.pinBoundary[pin]!;
    if (Number.isFinite(this.pinLat[pin]!) || bnd < 0) return [this.pinLat[pin]!, this.pinLon[pin]!];
    return [this.bndLat[bnd]!, this.bndLon[bnd]!];
  }

  /** Pincode index of a 6-digit pincode, or -1 (binary search over the sorted column). */
  pinOf(pincode: string): number {
    const i = lowerBound(this.pinCode, pincode, 0, this.pinCode.length);
    return i < this.pinCode.length && this.pinCode[i] === pincode ? i : -1;
  }

  /** Index of the vocabulary token spelt exactly `token`, or -1. */
  tokenIndex(token: string): number {
    return this.vocabList.indexOf(token);
  }

  /** [lo, hi) of the vocabulary tokens starting with `prefix`. */
  tokenRange(prefix: string): [number, number] {
    return this.vocabList.range(prefix);
  }

  /** [lo, hi) of the compact keys starting with `prefix`. */
  keyRange(prefix: string): [number, number] {
    return this.keyList.range(prefix);
  }

  /** [lo, hi) of the sound skeletons starting with `prefix`. */
  soundRange(prefix: string): [number, number] {
    return this.soundList.range(prefix);
  }

  /** Index of an exact compact key, or -1. */
  keyIndex(key: string): number {
    return this.keyList.indexOf(key);
  }

  /** True when entry `id` (or its district/state) has a token in [lo, hi). */
  holdsToken(id: number, lo: number, hi: number, withArea: boolean): boolean {
    for (let k = this.tokAt[id]!; k < this.tokAt[id + 1]!; k++) {
      const t = this.toks[k]!;
      if (t >= lo && t < hi) return true;
    }
    if (!withArea) return false;
    const area = this.area[id]!;
    if (area === NO_AREA) return false;
    for (let k = this.areaTokAt[area]!; k < this.areaTokAt[area + 1]!; k++) {
      const t = this.areaToks[k]!;
      if (t >= lo && t < hi) return true;
    }
    return false;
  }
}
