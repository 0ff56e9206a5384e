// Lays the gazetteer and the place entries out as places.bin sections (and the ODbL layer's): pincodes, boundaries, areas, entries, keys.
import type { SectionValue } from '../geocoding/place-file.ts';
import { phoneticKey, tokenize } from '../geocoding/normalise.ts';
import type { GazetteerRows } from './gazetteer-rows.ts';
import { landmarkEntries } from './landmark-entries.ts';
import { addInitialismAliases } from './initialism-aliases.ts';
import { addOrdinalAliases } from './ordinal-aliases.ts';
import { addProminence } from './prominence.ts';
import { buildEntries, placeLocator, type Entry, type Locate } from './place-entries.ts';
import type { GazetteerPoint } from './read-landmarks.ts';
import type { GeonamesPlace } from './read-geonames.ts';
import type { PostalName } from './read-geonames-postal.ts';

/** Everything places.bin is built from. */
export interface PlaceSources {
  rows: GazetteerRows;
  geonames: GeonamesPlace[];
  postal: PostalName[];
  /** Gazetteer points: open-licence ones join places.bin, ODbL ones form their own layer file. */
  landmarks: { open: GazetteerPoint[]; odbl: GazetteerPoint[] };
  /** Every pincode's [lat, lon] that has one (the rows' points): how dense the postal area around a place is. */
  pincodePoints: Array<[lat: number, lon: number]>;
  locate: Locate;
}

/** places.bin's sections and, when there are ODbL points, the sections of its separate ODbL layer file. */
export interface PlaceSectionsResult {
  sections: Record<string, SectionValue>;
  entries: number;
  odbl: Record<string, SectionValue> | null;
  odblEntries: number;
}

/** The sections of places.bin (see src/geocoding/place-index.ts for how they are read). */
export function placeSections(sources: PlaceSources): PlaceSectionsResult {
  const { rows, geonames, postal, landmarks, pincodePoints, locate } = sources;
  const pinIndex = new Map(rows.pincodes.map((p, i) => [p.pincode, i]));
  const areas = [
    ...rows.districts.map((d) => ({
      state: d.state!,
      district: d.district ?? null,
      lat: d.lat,
      lon: d.lon,
      pincodes: d.pincode_count,
    })),
    ...rows.states.map((s) => ({ state: s.state!, district: null, lat: s.lat, lon: s.lon, pincodes: s.pincode_count })),
  ];
  const areaIndex = new Map(areas.map((a, i) => [`${a.state}|${a.district ?? ''}`, i]));
  const pinOfBoundary = Int32Array.from(rows.boundaries, (b) => pinIndex.get(b.pincode)!);
  const ctx = { rows, pinIndex, areaIndex, pinOfBoundary, locate };
  const postalEntries = buildEntries(ctx, geonames, postal);
  const placeOf = placeLocator(ctx);
  const entries = [...postalEntries, ...landmarkEntries(landmarks.open, postalEntries, placeOf)];
  const odblEntries = landmarkEntries(landmarks.odbl, entries, placeOf);
  addInitialismAliases(entries);
  addInitialismAliases(odblEntries);
  addOrdinalAliases(entries);
  addOrdinalAliases(odblEntries);
  addProminence(odblEntries, entries, pincodePoints);
  addProminence(entries, [], pincodePoints);

  const areaTokens = areas.map((a) => [...new Set([...tokenize(a.district ?? ''), ...tokenize(a.state)])]);
  const layer = entrySections(entries, rows.pincodes.length, areaTokens);
  const sections: Record<string, SectionValue> = {
    'pin.code': rows.pincodes.map((p) => p.pincode).join('\n'),
    'pin.area': Uint16Array.from(
      rows.pincodes,
      (p) => areaIndex.get(`${p.state}|${p.district ?? ''}`) ?? areaIndex.get(`${p.state}|`) ?? 0xffff,
    ),
    'pin.bnd': Int32Array.from(rows.pincodes, (p) => p.boundary_id ?? -1),
    'pin.flags': Uint8Array.from(rows.pincodes, (p) => (p.delivery === 1 ? 1 : 0)),
    'pin.offices': Uint32Array.from(rows.pincodes, (p) => p.office_count),
    'pin.lat': Float64Array.from(rows.pincodes, (p) => p.lat ?? NaN),
    'pin.lon': Float64Array.from(rows.pincodes, (p) => p.lon ?? NaN),
    'pin.division': rows.pincodes.map((p) => p.division ?? '').join('\n'),
    'bnd.pin': Uint32Array.from(pinOfBoundary),
    'bnd.locality': rows.boundaries.map((b) => b.locality ?? '').join('\n'),
    'bnd.lat': Float64Array.from(rows.boundaries, (b) => b.inside_lat),
    'bnd.lon': Float64Array.from(rows.boundaries, (b) => b.inside_lon),
    areas,
    ...layer.sections,
  };
  return {
    sections,
    entries: entries.length,
    odbl: odblEntries.length ? entrySections(odblEntries, rows.pincodes.length, []).sections : null,
    odblEntries: odblEntries.length,
  };
}

/**
 * The entry sections (columns, names, tokens, vocabulary with postings, keys, sound-alikes, entries per pincode):
 * all of an ODbL layer file, and with the pincode, boundary and area sections all of places.bin. `areaTokens` are
 * vocabulary ids of each area's district and state words (main file only).
 */
export function entrySections(
  entries: Entry[],
  pinCount: number,
  areaTokens: string[][],
): { sections: Record<string, SectionValue> } {
  const vocab = new Set<string>();
  const entryTokens = entries.map((e) => {
    const extra = [...e.aliasTokens, ...e.aliasKeys].filter((t) => !e.tokens.includes(t));
    return [...e.tokens, ...new Set(extra)];
  });
  for (const list of entryTokens) for (const t of list) vocab.add(t);
  for (const list of areaTokens) for (const t of list) vocab.add(t);
  const tokens = [...vocab].sort();
  const tokenId = new Map(tokens.map((t, i) => [t, i]));

  // Entries by importance (desc), so every posting and key list is already in rank order and capping keeps the best.
  const order = entries.map((_, i) => i).sort((a, b) => entries[b]!.importance - entries[a]!.importance || a - b);
  const postings = invert(tokens.length, order, (id) => entryTokens[id]!.map((t) => tokenId.get(t)!));
  const keyLists = new Map<string, number[]>();
  for (const id of order) {
    const e = entries[id]!;
    for (const key of new Set([e.tokens.join(''), ...e.aliasKeys])) {
      if (key === '') continue;
      const list = keyLists.get(key);
      if (list) list.push(id);
      else keyLists.set(key, [id]);
    }
  }
  const byPin: number[][] = Array.from({ length: pinCount }, () => []);
  for (const id of order) if (entries[id]!.pin >= 0 && entries[id]!.kind >= 2) byPin[entries[id]!.pin]!.push(id);
  const pinEntries = csr(byPin);
  const keys = [...keyLists.keys()].sort();
  const keyPostings = csr(keys.map((k) => keyLists.get(k)!));
  // Sound-alike skeletons of every key, entries in importance order like the key lists.
  const soundLists = new Map<string, number[]>();
  for (const id of order) {
    const e = entries[id]!;
    for (const sound of new Set([e.tokens.join(''), ...e.aliasKeys].filter((k) => k.length >= 4).map(phoneticKey))) {
      const list = soundLists.get(sound);
      if (list) list.push(id);
      else soundLists.set(sound, [id]);
    }
  }
  const sounds = [...soundLists.keys()].sort();
  const soundPostings = csr(sounds.map((k) => soundLists.get(k)!));
  const entryTok = csr(entryTokens.map((list) => list.map((t) => tokenId.get(t)!)));
  const areaTok = csr(areaTokens.map((list) => list.map((t) => tokenId.get(t)!)));
  const names = nameSection(entries.map((e) => e.name));
  return {
    sections: {
      'pin.entAt': pinEntries.start,
      'pin.ents': pinEntries.items,
      'area.tokAt': areaTok.start,
      'area.toks': areaTok.items,
      'ent.kind': Uint8Array.from(entries, (e) => e.kind),
      'ent.otype': Uint8Array.from(entries, (e) => e.officeType),
      'ent.pin': Int32Array.from(entries, (e) => e.pin),
      'ent.area': Uint16Array.from(entries, (e) => e.area),
      'ent.lat': Float64Array.from(entries, (e) => e.lat),
      'ent.lon': Float64Array.from(entries, (e) => e.lon),
      'ent.imp': Float32Array.from(entries, (e) => e.importance),
      'ent.prom': Float32Array.from(entries, (e) => e.prominence),
      'ent.ptn': Uint8Array.from(entries, (e) => Math.min(255, e.tokens.length)),
      'ent.nameAt': names.at,
      'ent.names': names.text,
      'ent.tokAt': entryTok.start,
      'ent.toks': entryTok.items,
      vocab: tokens.join('\n'),
      'vocab.at': postings.start,
      postings: postings.items,
      keys: keys.join('\n'),
      'keys.at': keyPostings.start,
      'keys.ent': keyPostings.items,
      sounds: sounds.join('\n'),
      'sounds.at': soundPostings.start,
      'sounds.ent': soundPostings.items,
    },
  };
}

/** Compressed rows: items of row i are items[start[i] .. start[i+1]]. */
function csr(lists: number[][]): { start: Uint32Array; items: Uint32Array } {
  const start = new Uint32Array(lists.length + 1);
  lists.forEach((l, i) => (start[i + 1] = start[i]! + l.length));
  const items = new Uint32Array(start[lists.length]!);
  lists.forEach((l, i) => items.set(l, start[i]));
  return { start, items };
}

/** Token -> entry ids, each list in the order `order` visits entries. */
function invert(
  tokenCount: number,
  order: number[],
  tokensOf: (id: number) => number[],
): { start: Uint32Array; items: Uint32Array } {
  const lists: number[][] = Array.from({ length: tokenCount }, () => []);
  for (const id of order) for (const t of new Set(tokensOf(id))) lists[t]!.push(id);
  return csr(lists);
}

/** Names as one UTF-8 text with byte offsets, decoded one at a time when a result is shown. */
function nameSection(names: string[]): { text: string; at: Uint32Array } {
  const at = new Uint32Array(names.length + 1);
  let bytes = 0;
  names.forEach((n, i) => {
    bytes += Buffer.byteLength(n, 'utf8');
    at[i + 1] = bytes;
  });
  return { text: names.join(''), at };
}
