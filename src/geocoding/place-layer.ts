// The entry columns of places.bin, and their merge with the separate ODbL layer file into one id space at load time.
import type { PlaceFile } from './place-file.ts';

/** Every section that describes entries: columns, names, tokens, vocabulary, keys, sounds, per-pincode lists. */
export interface EntryColumns {
  kind: Uint8Array;
  officeType: Uint8Array;
  pin: Int32Array;
  area: Uint16Array;
  lat: Float64Array;
  lon: Float64Array;
  importance: Float32Array;
  prominence: Float32Array;
  nameTokens: Uint8Array;
  nameAt: Uint32Array;
  names: Buffer;
  tokAt: Uint32Array;
  toks: Uint32Array;
  vocab: string[];
  vocabAt: Uint32Array;
  postings: Uint32Array;
  keys: string[];
  keyAt: Uint32Array;
  keyEnt: Uint32Array;
  sounds: string[];
  soundAt: Uint32Array;
  soundEnt: Uint32Array;
  pinEntAt: Uint32Array;
  pinEnts: Uint32Array;
  areaTokAt: Uint32Array;
  areaToks: Uint32Array;
}

/** Views of one file's entry sections (no copies). */
export function readEntryColumns(file: PlaceFile): EntryColumns {
  return {
    kind: file.u8('ent.kind'),
    officeType: file.u8('ent.otype'),
    pin: file.i32('ent.pin'),
    area: file.u16('ent.area'),
    lat: file.f64('ent.lat'),
    lon: file.f64('ent.lon'),
    importance: file.f32('ent.imp'),
    prominence: file.f32('ent.prom'),
    nameTokens: file.u8('ent.ptn'),
    nameAt: file.u32('ent.nameAt'),
    names: file.raw('ent.names'),
    tokAt: file.u32('ent.tokAt'),
    toks: file.u32('ent.toks'),
    vocab: file.lines('vocab'),
    vocabAt: file.u32('vocab.at'),
    postings: file.u32('postings'),
    keys: file.lines('keys'),
    keyAt: file.u32('keys.at'),
    keyEnt: file.u32('keys.ent'),
    sounds: file.lines('sounds'),
    soundAt: file.u32('sounds.at'),
    soundEnt: file.u32('sounds.ent'),
    pinEntAt: file.u32('pin.entAt'),
    pinEnts: file.u32('pin.ents'),
    areaTokAt: file.u32('area.tokAt'),
    areaToks: file.u32('area.toks'),
  };
}

/**
 * One id space over `main` and `layer`: layer entry i becomes main.size + i, the vocabularies, keys and sounds are
 * merged (sorted, ids remapped) and every list stays ordered by importance, main first on ties, so caps keep the best.
 */
export function mergeEntryColumns(main: EntryColumns, layer: EntryColumns): EntryColumns {
  const n0 = main.kind.length;
  const importance = concat(Float32Array, main.importance, layer.importance);
  const byRank = (a: number, b: number) => importance[b]! - importance[a]! || a - b;
  const vocab = mergeSorted(main.vocab, layer.vocab);
  const keys = mergeSorted(main.keys, layer.keys);
  const sounds = mergeSorted(main.sounds, layer.sounds);
  const remap = (ids: Uint32Array, map: Uint32Array) => {
    const out = column(Uint32Array, ids.length);
    for (let i = 0; i < ids.length; i++) out[i] = map[ids[i]!]!;
    return out;
  };
  const names = concat(Uint8Array, main.names, layer.names);
  return {
    kind: concat(Uint8Array, main.kind, layer.kind),
    officeType: concat(Uint8Array, main.officeType, layer.officeType),
    pin: concat(Int32Array, main.pin, layer.pin),
    area: concat(Uint16Array, main.area, layer.area),
    lat: concat(Float64Array, main.lat, layer.lat),
    lon: concat(Float64Array, main.lon, layer.lon),
    importance,
    prominence: concat(Float32Array, main.prominence, layer.prominence),
    nameTokens: concat(Uint8Array, main.nameTokens, layer.nameTokens),
    nameAt: concat(Uint32Array, main.nameAt, layer.nameAt.subarray(1), main.names.length),
    names: Buffer.from(names.buffer, names.byteOffset, names.byteLength),
    tokAt: concat(Uint32Array, main.tokAt, layer.tokAt.subarray(1), main.toks.length),
    toks: concat(Uint32Array, remap(main.toks, vocab.fromA), remap(layer.toks, vocab.fromB)),
    vocab: vocab.items,
    ...csrMerge(
      'vocabAt',
      'postings',
      vocab,
      [main.vocabAt, main.postings],
      [layer.vocabAt, layer.postings],
      n0,
      byRank,
    ),
    keys: keys.items,
    ...csrMerge('keyAt', 'keyEnt', keys, [main.keyAt, main.keyEnt], [layer.keyAt, layer.keyEnt], n0, byRank),
    sounds: sounds.items,
    ...csrMerge(
      'soundAt',
      'soundEnt',
      sounds,
      [main.soundAt, main.soundEnt],
      [layer.soundAt, layer.soundEnt],
      n0,
      byRank,
    ),
    ...pinMerge(main, layer, n0, byRank),
    areaTokAt: main.areaTokAt,
    areaToks: remap(main.areaToks, vocab.fromA),
  };
}

type Ctor<T> = { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

type Settable = { length: number; set(a: ArrayLike<number>, o?: number): void; [i: number]: number };

/** A merged column, in shared memory: the process merges once and every HTTP thread reads it (shared-columns.ts). */
function column<T>(C: Ctor<T>, length: number): T {
  return new C(new SharedArrayBuffer(length * C.BYTES_PER_ELEMENT));
}

/** `a` then `b`, each value of `b` plus `shift`. */
function concat<T extends Settable>(C: Ctor<T>, a: ArrayLike<number>, b: ArrayLike<number>, shift = 0): T {
  const out = column(C, a.length + b.length);
  out.set(a, 0);
  if (shift === 0) out.set(b, a.length);
  else for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]! + shift;
  return out;
}

/** Sorted union of two sorted string lists, with each input index's position in the union. */
interface Union {
  items: string[];
  fromA: Uint32Array;
  fromB: Uint32Array;
  toA: Int32Array;
  toB: Int32Array;
}

function mergeSorted(a: string[], b: string[]): Union {
  const items: string[] = [];
  const fromA = new Uint32Array(a.length);
  const fromB = new Uint32Array(b.length);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeA = j >= b.length || (i < a.length && a[i]! <= b[j]!);
    const takeB = i >= a.length || (j < b.length && b[j]! <= a[i]!);
    if (takeA) fromA[i++] = items.length;
    if (takeB) fromB[j++] = items.length;
    items.push(takeA ? a[i - 1]! : b[j - 1]!);
  }
  const toA = new Int32Array(items.length).fill(-1);
  const toB = new Int32Array(items.length).fill(-1);
  fromA.forEach((u, k) => (toA[u] = k));
  fromB.forEach((u, k) => (toB[u] = k));
  return { items, fromA, fromB, toA, toB };
}

/** Merged CSR lists: for each union item, the main list and the shifted layer list merged by rank. */
function csrMerge<A extends string, E extends string>(
  atName: A,
  entName: E,
  u: Union,
  [aAt, aEnt]: [Uint32Array, Uint32Array],
  [bAt, bEnt]: [Uint32Array, Uint32Array],
  n0: number,
  byRank: Rank,
): Record<A | E, Uint32Array> {
  const at = column(Uint32Array, u.items.length + 1);
  const ent = column(Uint32Array, aEnt.length + bEnt.length);
  let w = 0;
  for (let k = 0; k < u.items.length; k++) {
    w = mergeLists(
      ent,
      w,
      u.toA[k]! < 0 ? null : aEnt.subarray(aAt[u.toA[k]!], aAt[u.toA[k]! + 1]),
      u.toB[k]! < 0 ? null : bEnt.subarray(bAt[u.toB[k]!], bAt[u.toB[k]! + 1]),
      n0,
      byRank,
    );
    at[k + 1] = w;
  }
  return { [atName]: at, [entName]: ent } as Record<A | E, Uint32Array>;
}

type Rank = (a: number, b: number) => number;

function pinMerge(
  main: EntryColumns,
  layer: EntryColumns,
  n0: number,
  byRank: Rank,
): Pick<EntryColumns, 'pinEntAt' | 'pinEnts'> {
  const pins = main.pinEntAt.length - 1;
  const at = column(Uint32Array, pins + 1);
  const ents = column(Uint32Array, main.pinEnts.length + layer.pinEnts.length);
  let w = 0;
  for (let p = 0; p < pins; p++) {
    const b = p + 1 < layer.pinEntAt.length ? layer.pinEnts.subarray(layer.pinEntAt[p], layer.pinEntAt[p + 1]) : null;
    w = mergeLists(ents, w, main.pinEnts.subarray(main.pinEntAt[p], main.pinEntAt[p + 1]), b, n0, byRank);
    at[p + 1] = w;
  }
  return { pinEntAt: at, pinEnts: ents };
}

/** Writes list a (main ids) and list b (layer ids, shifted by n0) into out from w, in rank order; returns the new end. */
function mergeLists(
  out: Uint32Array,
  w: number,
  a: Uint32Array | null,
  b: Uint32Array | null,
  n0: number,
  byRank: Rank,
): number {
  let i = 0;
  let j = 0;
  const na = a?.length ?? 0;
  const nb = b?.length ?? 0;
  while (i < na || j < nb) {
    if (j >= nb || (i < na && byRank(a![i]!, b![j]! + n0) <= 0)) out[w++] = a![i++]!;
    else out[w++] = b![j++]! + n0;
  }
  return w;
}
