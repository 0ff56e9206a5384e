// Builds the place entries of places.bin (states, districts, localities, offices, GeoNames towns, curated aliases) with pincode and point agreeing.
import { PLACE_ALIASES } from '../geocoding/aliases.ts';
import { LOCALITY_ALIASES } from '../geocoding/locality-aliases.ts';
import { INSTITUTION_ALIASES } from '../geocoding/institution-aliases.ts';
import { LANDMARK_ALIASES } from '../geocoding/landmark-aliases.ts';
import { TOWN_LOCALITY_ALIASES } from '../geocoding/town-locality-aliases.ts';
import {
  compactKey,
  foldText,
  institutionWords,
  officeNameTokens,
  tokenize,
  withoutQualifier,
} from '../geocoding/normalise.ts';
import { KIND, OFFICE_TYPE } from '../geocoding/place-index.ts';
import { haversineKm } from '../geocoding/geo-math.ts';
import type { GazetteerRows } from './gazetteer-rows.ts';
import type { GeonamesPlace } from './read-geonames.ts';
import type { PostalName } from './read-geonames-postal.ts';

/** The hand-written names placed at a pincode's point: localities, institutions, landmarks. */
export const CURATED_ALIASES: ReadonlyArray<[name: string, pincode: string]> = [
  ...LOCALITY_ALIASES,
  ...TOWN_LOCALITY_ALIASES,
  ...INSTITUTION_ALIASES,
  ...LANDMARK_ALIASES,
];

/** One entry before serialisation. `pin` indexes the pincode table (-1: none). */
export interface Entry {
  name: string;
  tokens: string[];
  aliasKeys: string[];
  aliasTokens: string[];
  kind: number;
  officeType: number;
  pin: number;
  area: number;
  lat: number;
  lon: number;
  importance: number;
  /** Added to importance when autocomplete ranks (prominence.ts); the geocoder ranks by importance alone. */
  prominence: number;
}

/** Point -> polygon id (-1 outside), one native batch call per list. */
export type Locate = (lonLat: Float64Array) => Int32Array;

/** The tables entries refer to: pincode index by pincode, area index by "state|district", the pincode of polygon id. */
export interface EntryContext {
  rows: GazetteerRows;
  pinIndex: Map<string, number>;
  areaIndex: Map<string, number>;
  pinOfBoundary: Int32Array;
  locate: Locate;
}

/** Importance priors: administrative rank first (head > sub > branch office), population for towns. */
const IMPORTANCE = {
  state: 1,
  district: 0.9,
  locality: 0.6,
  alias: 0.62,
  HO: 0.7,
  PO: 0.5,
  postal: 0.4,
  BO: 0.25,
} as const;
/** A district whose seat is a small town (under ~30,000 people) still ranks as a town of that size. */
const MIN_DISTRICT_IMPORTANCE = 0.8;

/** Offices that only sort mail for an area (nodal and e-commerce delivery centres); people write the area's pincode. */
const DELIVERY_CENTRE = /\b(?:NDC|N\.D\.C|nodal|delivery cent(?:re|er)|ecom|e-com|hub|sorting)\b/i;

/** District suffixes people leave out: "Bengaluru" means "Bengaluru Urban". */
const DISTRICT_SUFFIXES = new Set(['urban', 'city', 'district']);

export function buildEntries(ctx: EntryContext, geonames: GeonamesPlace[], postal: PostalName[]): Entry[] {
  const { rows, pinIndex } = ctx;
  const qualifiers = qualifierKeys(rows);
  const isQualifier = (key: string) => qualifiers.has(key);
  const entries: Entry[] = [];
  const stateArea = (state: string | null) => ctx.areaIndex.get(`${state}|`) ?? 0xffff;
  const pinArea = (pin: number) => (pin < 0 ? 0xffff : areaOfPincode(ctx, pin));
  const towns = geonamesEntries(ctx, geonames, pinArea);
  const seen = new Set<string>();
  const localities: Entry[] = [];
  rows.boundaries.forEach((b) => {
    if (!b.locality) return;
    const pin = pinIndex.get(b.pincode)!;
    const tokens = withoutQualifier(tokenize(b.locality), isQualifier);
    seen.add(`${pin}|${tokens.join('')}`);
    // A locality named after a head office ("Pune H.O") is the town's main post office: rank it as one.
    const head = /\b(?:H\.?\s?O|G\.?\s?P\.?\s?O|H\.?\s?P\.?\s?O)\b\.?/i.test(b.office_name ?? '');
    const e = named(
      displayName(b.locality, tokens),
      tokens,
      'locality',
      pin,
      pinArea(pin),
      b.inside_lat,
      b.inside_lon,
      head ? IMPORTANCE.HO : IMPORTANCE.locality,
    );
    if (head) e.officeType = OFFICE_TYPE.HO;
    localities.push(e);
  });
  // An alternate name that is another town's or any district's or state's own name belongs to that place.
  const ownNames = new Set([
    ...towns.map((t) => t.entry.tokens.join('')),
    ...rows.districts.map((d) => compactKey(d.district!)),
    ...rows.states.map((x) => compactKey(x.state!)),
  ]);
  for (const t of towns) t.entry.aliasKeys = t.entry.aliasKeys.filter((k) => !ownNames.has(k));
  // Former names ("gurgaon") are rewritten at query time, but a misspelt one ("gurgoan") must find them by typo.
  const formerNames = new Map<string, string[]>();
  for (const [from, to] of Object.entries(PLACE_ALIASES)) formerNames.set(to, [...(formerNames.get(to) ?? []), from]);
  for (const t of towns) t.entry.aliasKeys.push(...(formerNames.get(t.entry.tokens.join('')) ?? []));
  const offices = officeEntries(ctx, isQualifier, seen, pinArea);
  snapTownsToHeadOffices(towns, [...localities, ...offices]);

  for (const s of rows.states) {
    if (s.lat === null || s.lon === null) continue;
    entries.push(entry(s.state!, 'state', -1, stateArea(s.state), s.lat, s.lon, IMPORTANCE.state));
  }
  const seats = districtSeats(towns);
  const heads = headOffices(localities);
  for (const d of rows.districts) {
    const area = ctx.areaIndex.get(`${d.state}|${d.district}`)!;
    const seat = seats.get(area);
    // "Ballia": GeoNames lacks the town, and its largest (Rasra) is no seat; the head office named so stands there.
    const head = seat?.key === compactKey(d.district!) ? undefined : heads.get(`${area}|${compactKey(d.district!)}`);
    const at = head ?? seat;
    const lat = at?.lat ?? d.lat;
    const lon = at?.lon ?? d.lon;
    if (lat === null || lon === null) continue;
    // As well known as its seat town (Koraput is no Thane); more pincodes keep it above that town and namesakes.
    // A seat of unknown population (GeoNames gives 0) keeps the district's own rank.
    const base = seat?.population ? Math.max(MIN_DISTRICT_IMPORTANCE, seat.importance) : IMPORTANCE.district;
    const importance = base + Math.round(Math.log10(Math.max(1, d.pincode_count)) * 10) / 1000;
    const e = entry(d.district!, 'district', at?.pin ?? pinAt(ctx, lat, lon), area, lat, lon, importance);
    const words = e.tokens;
    if (words.length > 1 && DISTRICT_SUFFIXES.has(words[words.length - 1]!))
      e.aliasKeys.push(words.slice(0, -1).join(''));
    entries.push(e);
  }
  for (const e of localities) entries.push(e);
  for (const e of offices) entries.push(e);
  for (const t of towns) entries.push(t.entry);
  for (const e of postalEntries(ctx, postal, isQualifier, seen, pinArea)) entries.push(e);
  for (const [name, pincode] of CURATED_ALIASES) {
    const pin = pinIndex.get(pincode);
    const p = pin === undefined ? undefined : rows.pincodes[pin];
    // A subset build (the sample) lacks most aliased pincodes; the full build has every one (tested).
    if (pin === undefined || !p || p.lat === null || p.lon === null || seen.has(`${pin}|${compactKey(name)}`)) continue;
    entries.push(entry(name, 'alias', pin, pinArea(pin), p.lat, p.lon, IMPORTANCE.alias));
  }
  fillDistricts(entries, ctx);
  return entries;
}

/** Places whose pincode has no district in the sources take the district whose seat is nearest (same state when known). */
function fillDistricts(entries: Entry[], ctx: EntryContext): void {
  const districtOf = new Map<number, string | null>();
  ctx.areaIndex.forEach((area, key) => districtOf.set(area, key.split('|')[1] || null));
  const stateOf = (area: number) => [...ctx.areaIndex].find(([, a]) => a === area)?.[0].split('|')[0] ?? null;
  const seats = entries.filter((e) => e.kind === KIND.district);
  if (seats.length === 0) return;
  for (const e of entries) {
    if (e.kind === KIND.state || (e.area !== 0xffff && districtOf.get(e.area) !== null)) continue;
    const state = e.area === 0xffff ? null : stateOf(e.area);
    const pool = seats.filter((s) => state === null || stateOf(s.area) === state);
    const nearest = (pool.length > 0 ? pool : seats).reduce((a, b) =>
      haversineKm(e.lat, e.lon, a.lat, a.lon) <= haversineKm(e.lat, e.lon, b.lat, b.lon) ? a : b,
    );
    e.area = nearest.area;
  }
}

function entry(
  name: string,
  kind: keyof typeof KIND | 'alias',
  pin: number,
  area: number,
  lat: number,
  lon: number,
  importance: number,
): Entry {
  return named(name, tokenize(name), kind, pin, area, lat, lon, importance);
}

function named(
  name: string,
  tokens: string[],
  kind: keyof typeof KIND | 'alias',
  pin: number,
  area: number,
  lat: number,
  lon: number,
  importance: number,
): Entry {
  return {
    name,
    tokens,
    aliasKeys: [],
    // "IIT Roorkee" is found while "Indian Institute of Tech…" is still being typed.
    aliasTokens: tokens.flatMap(institutionWords),
    kind: KIND[kind === 'alias' ? 'locality' : kind],
    officeType: 0,
    pin,
    area,
    lat,
    lon,
    importance,
    prominence: 0,
  };
}

/** Offices: verified points only (else the pincode's point), pincode = the polygon the point lies in. */
function officeEntries(
  ctx: EntryContext,
  isQualifier: (key: string) => boolean,
  seen: Set<string>,
  pinArea: (pin: number) => number,
): Entry[] {
  const { rows, pinIndex } = ctx;
  const lonLat = new Float64Array(rows.offices.length * 2);
  rows.offices.forEach((o, i) => {
    lonLat[2 * i] = o.lon ?? NaN;
    lonLat[2 * i + 1] = o.lat ?? NaN;
  });
  const ids = ctx.locate(lonLat);
  const out: Entry[] = [];
  rows.offices.forEach((o, i) => {
    const own = pinIndex.get(o.pincode)!;
    const p = rows.pincodes[own]!;
    const verified = p.boundary_id !== null && ids[i] === p.boundary_id;
    const lat = verified ? o.lat! : p.lat;
    const lon = verified ? o.lon! : p.lon;
    if (lat === null || lon === null || !o.officeName) return;
    // A pincode the boundary file lacks keeps its own office's pincode (what people write: 141002 Model Town
    // Ludhiana), unless the office is a delivery centre, whose area's pincode is the one written.
    const pin = p.boundary_id !== null || !DELIVERY_CENTRE.test(o.officeName) ? own : pinAt(ctx, lat, lon, own);
    const tokens = withoutQualifier(officeNameTokens(o.officeName), isQualifier);
    const key = `${pin}|${tokens.join('')}`;
    if (tokens.length === 0 || seen.has(key)) return;
    seen.add(key);
    const type = o.officeType === 'HO' || o.officeType === 'PO' ? o.officeType : 'BO';
    const e = named(
      displayName(o.officeName, tokens),
      tokens,
      'office',
      pin,
      pinArea(pin),
      lat,
      lon,
      IMPORTANCE[type] ?? IMPORTANCE.BO,
    );
    e.officeType = OFFICE_TYPE[type];
    out.push(e);
  });
  return out;
}

interface Town {
  entry: Entry;
  place: GeonamesPlace;
}

/**
 * GeoNames' postal names the directory lacks under the same pincode ("Kamla Nagar (North Delhi)" for 110007):
 * older or alternative office names. Their own points are coarse, so they take the pincode's point.
 */
function postalEntries(
  ctx: EntryContext,
  postal: PostalName[],
  isQualifier: (key: string) => boolean,
  seen: Set<string>,
  pinArea: (pin: number) => number,
): Entry[] {
  const out: Entry[] = [];
  for (const row of postal) {
    const pin = ctx.pinIndex.get(row.pincode);
    if (pin === undefined) continue;
    const p = ctx.rows.pincodes[pin]!;
    if (p.lat === null || p.lon === null || p.boundary_id === null) continue;
    const tokens = withoutQualifier(officeNameTokens(row.name), isQualifier);
    const key = `${pin}|${tokens.join('')}`;
    if (tokens.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(
      named(displayName(row.name, tokens), tokens, 'locality', pin, pinArea(pin), p.lat, p.lon, IMPORTANCE.postal),
    );
  }
  return out;
}

/** GeoNames towns inside a pincode polygon, with their Latin alternate names as alias keys. */
function geonamesEntries(ctx: EntryContext, geonames: GeonamesPlace[], pinArea: (pin: number) => number): Town[] {
  const lonLat = new Float64Array(geonames.length * 2);
  geonames.forEach((g, i) => {
    lonLat[2 * i] = g.lon;
    lonLat[2 * i + 1] = g.lat;
  });
  const ids = ctx.locate(lonLat);
  const towns: Town[] = [];
  geonames.forEach((g, i) => {
    if (ids[i]! < 0) return;
    const pin = ctx.pinOfBoundary[ids[i]!]!;
    const importance = 0.35 + 0.1 * Math.log10(Math.max(10, g.population)) + (g.featureCode === 'PPLX' ? -0.1 : 0);
    const e = entry(g.name, 'town', pin, pinArea(pin), g.lat, g.lon, Math.round(importance * 1000) / 1000);
    const primary = e.tokens.join('');
    const keys = new Set<string>();
    for (const alt of g.alternates) {
      const key = compactKey(alt);
      if (key.length >= 4 && key !== primary && /^[a-z]+$/.test(key)) keys.add(key);
    }
    e.aliasKeys = [...keys].sort();
    e.aliasTokens = [
      ...new Set(
        g.alternates.flatMap((a) => foldText(a).split(' ')).filter((t) => t.length >= 4 && /^[a-z]+$/.test(t)),
      ),
    ].sort();
    towns.push({ entry: e, place: g });
  });
  return towns;
}

/**
 * A town's point and pincode become those of its head (or sub) post office of the same name within 15 km: the
 * office stands in the town centre and its pincode is the one people write for the town ("Agra HO" 282001).
 */
function snapTownsToHeadOffices(towns: Town[], offices: Entry[]): void {
  const heads = new Map<string, Entry[]>();
  for (const o of offices) {
    if (o.officeType === OFFICE_TYPE.BO) continue;
    const key = o.tokens.join('');
    const list = heads.get(key);
    if (list) list.push(o);
    else heads.set(key, [o]);
  }
  for (const t of towns) {
    const near = (heads.get(t.entry.tokens.join('')) ?? [])
      .filter((o) => haversineKm(o.lat, o.lon, t.entry.lat, t.entry.lon) < 15)
      .sort(
        (a, b) =>
          (a.officeType || OFFICE_TYPE.PO) - (b.officeType || OFFICE_TYPE.PO) ||
          haversineKm(a.lat, a.lon, t.entry.lat, t.entry.lon) - haversineKm(b.lat, b.lon, t.entry.lat, t.entry.lon),
      );
    const o = near[0];
    if (!o) continue;
    Object.assign(t.entry, { lat: o.lat, lon: o.lon, pin: o.pin, area: o.area });
  }
}

/** A district's seat: where its entry stands, and how big the town is (its rank). */
interface Seat {
  /** The town's name run together. */
  key: string;
  lat: number;
  lon: number;
  pin: number;
  importance: number;
  population: number;
}

/** Each district's seat: its largest GeoNames town (state or district seats first), as the district's centre. */
function districtSeats(towns: Town[]): Map<number, Seat> {
  const best = new Map<number, Town>();
  const rank = (t: Town) => (/^PPL(A|A2|C)$/.test(t.place.featureCode) ? 1e9 : 0) + t.place.population;
  for (const t of towns) {
    const area = t.entry.area;
    if (area === 0xffff || t.place.featureCode === 'PPLX') continue;
    const current = best.get(area);
    if (!current || rank(t) > rank(current)) best.set(area, t);
  }
  const seats = new Map<number, Seat>();
  for (const [area, t] of best)
    seats.set(area, {
      key: t.entry.tokens.join(''),
      lat: t.entry.lat,
      lon: t.entry.lon,
      pin: t.entry.pin,
      importance: t.entry.importance,
      population: t.place.population,
    });
  return seats;
}

/** Localities named after a head office ("Ballia H.O"), by area and name run together. */
function headOffices(localities: Entry[]): Map<string, Entry> {
  const heads = new Map<string, Entry>();
  for (const e of localities) if (e.officeType === OFFICE_TYPE.HO) heads.set(`${e.area}|${e.tokens.join('')}`, e);
  return heads;
}

function areaOfPincode(ctx: EntryContext, pin: number): number {
  const p = ctx.rows.pincodes[pin]!;
  return ctx.areaIndex.get(`${p.state}|${p.district ?? ''}`) ?? ctx.areaIndex.get(`${p.state}|`) ?? 0xffff;
}

/** Pincode and area of the polygon holding a point, for entries made outside this module (gazetteer points). */
export function placeLocator(ctx: EntryContext): (lat: number, lon: number) => { pin: number; area: number } | null {
  return (lat, lon) => {
    const pin = pinAt(ctx, lat, lon);
    return pin < 0 ? null : { pin, area: areaOfPincode(ctx, pin) };
  };
}

/** Pincode index of the polygon containing the point, or `fallback`. */
function pinAt(ctx: EntryContext, lat: number, lon: number, fallback = -1): number {
  const id = ctx.locate(Float64Array.of(lon, lat))[0]!;
  return id >= 0 ? ctx.pinOfBoundary[id]! : fallback;
}

/** The source name cut to the words its kept tokens came from: "Lajpat Nagar South Delhi SO" -> "Lajpat Nagar". */
function displayName(name: string, kept: string[]): string {
  const words = name
    .replace(/\(.*?\)/g, ' ')
    .trim()
    .split(/\s+/);
  while (words.length > 1 && tokenize(words.join(' ')).length > kept.length) words.pop();
  return words.join(' ').replace(/[\s,-]+$/, '') || name;
}

/** Compact keys of area qualifiers postal names carry: district and state names, and "South Delhi"-style forms. */
function qualifierKeys(rows: GazetteerRows): Set<string> {
  const keys = new Set<string>();
  // Delhi's districts are called "East", "North West"...: as bare words they are part of names ("Anna Nagar East").
  const directions = /^(?:north|south|east|west|central)+$/;
  for (const d of rows.districts) {
    if (!directions.test(compactKey(d.district!))) keys.add(compactKey(d.district!));
    if (d.state === 'Delhi') keys.add(compactKey(`${d.district} Delhi`));
  }
  for (const s of rows.states) keys.add(compactKey(s.state!));
  return keys;
}
