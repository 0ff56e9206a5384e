// Resolves a city, district or state named in an address to a region (districts + centre) that narrows the place search.
import { CITY_SHORT, STATE_CODES, STATE_NAMES } from './address-words.ts';
import { CITY_REGIONS, type CityRegion } from './aliases.ts';
import { editDistance, fuzzyFind, maxEdits, type Work } from './fuzzy.ts';
import { withinKm } from './geo-math.ts';
import { compactKey, foldText } from './normalise.ts';
import { KIND, NO_AREA, OFFICE_TYPE, type PlaceIndex } from './place-index.ts';
import { directorySpelling } from './place-grams.ts';
import { lowerBound, SortedStrings } from './sorted-strings.ts';

/** A constraint: candidates must lie in one of `areas` (district area ids), or in `state` when areas is null. */
export interface Region {
  label: string;
  /** The label as a compact key ("navimumbai"): a gram equal to it names the region itself. */
  key: string;
  level: 'city' | 'district' | 'state';
  state: string;
  /** Read-only: a metro's set is shared by every region made for it. */
  areas: ReadonlySet<number> | null;
  /** Where a fallback answer goes: the city's seat, the district's seat, the state's centre. */
  lat: number;
  lon: number;
  /** Pincode index of the polygon holding the centre (-1: none). */
  pin: number;
  /** True when the name matched only with a typo. */
  fuzzy: boolean;
  /**
   * A town's reach: only this near its centre do its district's places count as its own (Rishikesh's district is
   * Dehradun's, 40 km away). Null for a district, a metro, a state, or a town named as its district is.
   */
  spanKm: number | null;
}

/** Smallest town (GeoNames population) or office rank accepted as a city; smaller names are localities. */
const MIN_TOWN_IMPORTANCE = 0.6;

/** Entries of one key read for a region (a key's entries sort most important first). */
const ENTRIES_READ = 64;

type Kind = 'district' | 'town' | 'state';
/** Whether a misspelt name is searched for: always, never, or when the test says so (asked after the exact lookup). */
type Typos = boolean | (() => boolean);
const ALL_KINDS: readonly Kind[] = ['district', 'town', 'state'];

/** What a metro of CITY_REGIONS covers in the data: its districts' areas and the entry it is answered as. */
interface MetroPlace {
  areas: ReadonlySet<number>;
  seat: number;
}

export class Regions {
  private readonly areaByName = new Map<string, number>();
  private readonly stateArea = new Map<string, number>();
  /** Each area's district name as a key ("" for a state's own area). */
  private readonly districtKeys: string[];
  /** The keys some region answers to, and each one's index among the index's keys. */
  private readonly regionKeys: { list: SortedStrings; keyOf: Int32Array };
  /** Each metro's districts and seat, worked out when first named (the data does not change while it is open). */
  private readonly metroPlaces = new Map<string, MetroPlace | null>();
  /** Keys of the data's own names (a region's label), tokenized once: as many as the data has names. */
  private readonly labelKeys = new Map<string, string>();

  constructor(private readonly idx: PlaceIndex) {
    idx.areas.forEach((a, i) => {
      if (a.district === null) this.stateArea.set(a.state, i);
      else this.areaByName.set(`${a.state}|${a.district}`, i);
    });
    this.districtKeys = idx.areas.map((a) => compactKey(a.district ?? ''));
    this.regionKeys = this.regionKeyList();
  }

  /**
   * The keys some district, state or town answers to (about 1 in 22 of the index's): a typo of a region's name is
   * searched among them only, not among every locality's.
   */
  private regionKeyList(): { list: SortedStrings; keyOf: Int32Array } {
    const idx = this.idx;
    const of: number[] = [];
    for (let k = 0; k < idx.keys.length; k++) {
      const end = Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + ENTRIES_READ);
      for (let j = idx.keyAt[k]!; j < end; j++) {
        if (this.kindOf(idx.keyEnt[j]!, ALL_KINDS)) {
          of.push(k);
          break;
        }
      }
    }
    return { list: new SortedStrings(of.map((k) => idx.keys[k]!)), keyOf: Int32Array.from(of) };
  }

  /** The state a text names: its name ("tamil nadu"), another ("orissa") or a code ("TN"); misspelt only with `typos`. */
  state(text: string, work: Work, typos = true): Region | null {
    const code = foldText(text).replace(/ /g, '');
    const state = STATE_CODES.get(code) ?? STATE_NAMES.get(code);
    if (state !== undefined) return this.stateRegion(state, false);
    return this.resolve(compactKey(text), null, work, ['state'], typos);
  }

  /**
   * A city or district name, within `state` when one is known; null when nothing of that name is a city.
   * `districtFirst` for a part marked as a district ("Zila Gorakhpur"): a district of that name beats a town;
   * `typos: false` when only the name spelt exactly will do, or a test asked only once no exact name is found.
   */
  city(
    written: string,
    state: Region | null,
    work: Work,
    { districtFirst = false, typos = true }: { districtFirst?: boolean; typos?: Typos } = {},
  ): Region | null {
    // "Lko", "Chn", "B'lore": short forms count only here, where a city is expected.
    const key = CITY_SHORT.get(written) ?? written;
    const metro = this.metro(key, state, false) ?? this.metroDistrict(key, state);
    if (metro) return metro;
    const region =
      (districtFirst ? this.resolve(key, state, work, ['district'], typos) : null) ??
      this.resolve(key, state, work, ALL_KINDS, typos);
    // A typo or another spelling of a metro ("Dilhi", "Nai Dilli") still means the whole metro.
    return (region && this.metro(this.labelKey(region.label), state, region.fuzzy)) ?? region;
  }

  private metro(key: string, state: Region | null, fuzzy: boolean): Region | null {
    const metro = CITY_REGIONS.get(key) ?? null;
    if (!metro || (state && state.state !== metro.state)) return null;
    const place = this.placeOf(key, metro);
    if (place === null) return null;
    return this.fromEntry(place.seat, 'city', place.areas, fuzzy, this.idx.name(place.seat), key);
  }

  /**
   * "East Delhi", "Delhi East", "North West Delhi": a metro named with the name of one of its districts (Delhi's
   * "East"), as buyers write them. The whole metro is searched, since the districts' borders are not the ones buyers
   * know ("East Delhi" takes in Shahdara's localities); the district's seat is where a fallback answer goes.
   */
  private metroDistrict(key: string, state: Region | null): Region | null {
    for (const [metroKey, metro] of CITY_REGIONS) {
      const rest = key.startsWith(metroKey)
        ? key.slice(metroKey.length)
        : key.endsWith(metroKey)
          ? key.slice(0, key.length - metroKey.length)
          : '';
      if (rest === '' || (state && state.state !== metro.state)) continue;
      const place = this.placeOf(metroKey, metro);
      for (const area of place?.areas ?? []) {
        const seat = this.districtKeys[area] === rest ? this.districtEntry(area) : null;
        if (seat !== null) return this.fromEntry(seat, 'district', place!.areas, false, this.idx.name(seat), key);
      }
    }
    return null;
  }

  /** A metro's districts and seat, worked out once. */
  private placeOf(key: string, metro: CityRegion): MetroPlace | null {
    let place = this.metroPlaces.get(key);
    if (place === undefined) {
      place = this.metroPlace(key, metro);
      this.metroPlaces.set(key, place);
    }
    return place;
  }

  /** compactKey of a name from the data (never of a buyer's text, which would grow the map without bound). */
  private labelKey(label: string): string {
    let key = this.labelKeys.get(label);
    if (key === undefined) {
      key = compactKey(label);
      this.labelKeys.set(label, key);
    }
    return key;
  }

  /** A metro's districts and the entry standing for it, or null when the data has neither. */
  private metroPlace(key: string, metro: CityRegion): MetroPlace | null {
    const areas = new Set(
      metro.districts
        .map((d) => this.areaByName.get(`${metro.state}|${d}`))
        .filter((a): a is number => a !== undefined),
    );
    const centre = this.areaByName.get(`${metro.state}|${metro.centre}`);
    // The centre is the town of that name where there is one (Noida, not its district's seat Greater Noida).
    const seat = this.townIn(key, areas) ?? (centre === undefined ? null : this.districtEntry(centre));
    return areas.size === 0 || seat === null ? null : { areas, seat };
  }

  private townIn(key: string, areas: ReadonlySet<number>): number | null {
    const k = this.idx.keyIndex(key);
    if (k < 0) return null;
    for (let j = this.idx.keyAt[k]!; j < Math.min(this.idx.keyAt[k + 1]!, this.idx.keyAt[k]! + 16); j++) {
      const id = this.idx.keyEnt[j]!;
      if (this.idx.kind[id] === KIND.town && areas.has(this.idx.area[id]!)) return id;
    }
    return null;
  }

  /** True when `key` is a metro of CITY_REGIONS or a district's name. */
  isCityName(key: string): boolean {
    if (CITY_REGIONS.has(key)) return true;
    const k = this.idx.keyIndex(key);
    if (k < 0) return false;
    for (let j = this.idx.keyAt[k]!; j < Math.min(this.idx.keyAt[k + 1]!, this.idx.keyAt[k]! + 8); j++) {
      if (this.idx.kind[this.idx.keyEnt[j]!] === KIND.district) return true;
    }
    return false;
  }

  /** True when `key` names a district or a state ("Pune H.O" named by the city "Pune" is no finer match). */
  isAreaName(key: string): boolean {
    const k = this.idx.keyIndex(key);
    if (k < 0) return false;
    for (let j = this.idx.keyAt[k]!; j < Math.min(this.idx.keyAt[k + 1]!, this.idx.keyAt[k]! + 8); j++) {
      if (this.idx.kind[this.idx.keyEnt[j]!]! <= KIND.district) return true;
    }
    return false;
  }

  /** The district pincode index `pin` lies in, centred on the pincode; null when the data places it in none. */
  pinDistrict(pin: number): Region | null {
    const idx = this.idx;
    const area = idx.pinArea[pin]!;
    if (area === NO_AREA) return null;
    const { district, state } = idx.areas[area]!;
    return this.aroundPincode(district ?? state, state, new Set([area]), pin, false);
  }

  /**
   * The districts whose pincodes start with `prefix` (three digits: a sorting district, one to a few districts of one
   * state), as one region centred on its first pincode; null when no pincode starts so or they span states.
   */
  prefixRegion(prefix: string): Region | null {
    const idx = this.idx;
    const first = lowerBound(idx.pinCode, prefix, 0, idx.pinCode.length);
    const areas = new Set<number>();
    let end = first;
    for (; end < idx.pinCode.length && idx.pinCode[end]!.startsWith(prefix); end++)
      if (idx.pinArea[end] !== NO_AREA) areas.add(idx.pinArea[end]!);
    const states = new Set([...areas].map((a) => idx.areas[a]!.state));
    if (areas.size === 0 || states.size !== 1) return null;
    const region = this.aroundPincode(`${prefix}…`, [...states][0]!, areas, first, true);
    return Number.isFinite(region.lat) && Number.isFinite(region.lon) ? region : null;
  }

  /** Districts `areas` as one region centred on pincode index `pin`. */
  private aroundPincode(label: string, state: string, areas: Set<number>, pin: number, fuzzy: boolean): Region {
    const [lat, lon] = this.idx.pinPoint(pin);
    return { label, key: '', level: 'district', state, areas, lat, lon, pin, fuzzy, spanKm: null };
  }

  /** Region of one state by its gazetteer name. */
  stateRegion(state: string, fuzzy: boolean): Region | null {
    const area = this.stateArea.get(state);
    if (area === undefined) return null;
    const a = this.idx.areas[area]!;
    if (a.lat === null || a.lon === null) return null;
    return {
      label: state,
      key: this.labelKey(state),
      level: 'state',
      state,
      areas: null,
      lat: a.lat,
      lon: a.lon,
      pin: -1,
      fuzzy,
      spanKm: null,
    };
  }

  /** Exact key first, then one typo-tolerant pass; the most important matching entry of the allowed kinds wins. */
  private resolve(
    key: string,
    within: Region | null,
    work: Work,
    kinds: readonly Kind[],
    typos: Typos = true,
  ): Region | null {
    if (key.length < 3) return null;
    // A district of that name beats a town of it elsewhere ("Gorakhpur" is the district, not a Haryana village).
    const k = this.idx.keyIndex(key);
    const district = kinds.includes('district') ? this.bestEntry(k, within, ['district'], work) : null;
    // ...and inside that district the town of the name is the finer reading (Mysore is the town, in Mysuru district).
    const town =
      district !== null && kinds.includes('town') ? this.townIn(key, new Set([this.idx.area[district]!])) : null;
    // "Nilgiris": a district whose name starts with an article, written without it ("The Nilgiris").
    const article =
      district === null && kinds.includes('district')
        ? this.bestEntry(this.idx.keyIndex(`the${key}`), within, ['district'], work)
        : null;
    const exact = town ?? district ?? article ?? this.bestEntry(k, within, kinds, work);
    // Named as its district is, the town stands for the whole district (Krishnagiri's seat is Hosur).
    if (exact !== null) return this.regionOf(exact, false, district === null);
    // "Nagpoor", "Jaipoor", "Mirzapore": English's spelling of the directory's name, not a typo of it.
    const spelling = directorySpelling([key]);
    if (spelling !== key) {
      const spelt = this.resolve(spelling, within, work, kinds, false);
      if (spelt !== null) return spelt;
    }
    if (typos === false || (typos !== true && !typos())) return null;
    const spelt = kinds.includes('district') ? this.districtHoldingName(k, key, within, work) : null;
    // Spelt as its seat is, the district is named, not misspelt.
    if (spelt !== null) return this.regionOf(spelt, false, true);
    for (const hit of fuzzyFind(this.regionKeys.list, key, maxEdits(key.length), false, work)) {
      const id = this.bestEntry(this.regionKeys.keyOf[hit.item]!, within, kinds, work);
      if (id !== null) return this.regionOf(id, true, true);
    }
    return null;
  }

  private bestEntry(keyIndex: number, within: Region | null, kinds: readonly Kind[], work: Work): number | null {
    if (keyIndex < 0) return null;
    const idx = this.idx;
    const end = Math.min(idx.keyAt[keyIndex + 1]!, idx.keyAt[keyIndex]! + ENTRIES_READ);
    for (let k = idx.keyAt[keyIndex]!; k < end; k++) {
      work.count++;
      const id = idx.keyEnt[k]!;
      if (!this.kindOf(id, kinds)) continue;
      const area = idx.area[id]!;
      if (within && (area === NO_AREA || idx.areas[area]!.state !== within.state)) continue;
      return id;
    }
    return null;
  }

  /** True when entry `id` is a region of one of `kinds`: a district, a state, a town or a town's head post office. */
  private kindOf(id: number, kinds: readonly Kind[]): boolean {
    const idx = this.idx;
    const kind = idx.kind[id]!;
    return (
      (kind === KIND.district && kinds.includes('district')) ||
      (kind === KIND.state && kinds.includes('state')) ||
      (kinds.includes('town') &&
        idx.importance[id]! >= MIN_TOWN_IMPORTANCE &&
        (kind === KIND.town || (kind === KIND.office && idx.officeType[id] !== OFFICE_TYPE.BO)))
    );
  }

  /** The region of entry `id`; `reach`: a town not named as its district is reaches only TOWN_SPAN_KM. */
  private regionOf(id: number, fuzzy: boolean, reach: boolean): Region | null {
    const idx = this.idx;
    const area = idx.area[id]!;
    if (area === NO_AREA) return null;
    const kind = idx.kind[id]!;
    if (kind === KIND.state) return this.stateRegion(idx.areas[area]!.state, fuzzy);
    const level = kind === KIND.district ? 'district' : 'city';
    const region = this.fromEntry(id, level, new Set([area]), fuzzy, idx.name(id));
    if (level === 'city' && reach) region.spanKm = TOWN_SPAN_KM;
    return region;
  }

  private fromEntry(
    id: number,
    level: 'city' | 'district',
    areas: ReadonlySet<number>,
    fuzzy: boolean,
    label: string,
    key = this.labelKey(label),
  ): Region {
    const idx = this.idx;
    const state = idx.areas[idx.area[id]!]!.state;
    const [lat, lon] = [idx.lat[id]!, idx.lon[id]!];
    return { label, key, level, state, areas, lat, lon, pin: idx.pin[id]!, fuzzy, spanKm: null };
  }

  /**
   * "Dist Jajpur": the district (Jajapur) holding a place named exactly as written, whose own name is a typo's reach
   * away: a district spelt as its seat town is, not the nearest spelling elsewhere (Jaipur). Null when none is.
   */
  private districtHoldingName(k: number, key: string, within: Region | null, work: Work): number | null {
    if (k < 0) return null;
    const idx = this.idx;
    const max = maxEdits(key.length);
    const end = Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + ENTRIES_READ);
    for (let j = idx.keyAt[k]!; j < end; j++) {
      work.count++;
      const area = idx.area[idx.keyEnt[j]!]!;
      const district = area === NO_AREA ? '' : this.districtKeys[area]!;
      if (Math.abs(district.length - key.length) > max || district === '') continue;
      if ((within && idx.areas[area]!.state !== within.state) || editDistance(district, key, max) > max) continue;
      const entry = this.districtEntry(area);
      if (entry !== null) return entry;
    }
    return null;
  }

  /** The district entry of area `area` (its seat point). */
  private districtEntry(area: number): number | null {
    const a = this.idx.areas[area]!;
    const k = this.idx.keyIndex(compactKey(a.district ?? ''));
    if (k < 0) return null;
    for (let j = this.idx.keyAt[k]!; j < this.idx.keyAt[k + 1]!; j++) {
      const id = this.idx.keyEnt[j]!;
      if (this.idx.kind[id] === KIND.district && this.idx.area[id] === area) return id;
    }
    return null;
  }
}

/** How far a town not named as its district is reaches (see Region.spanKm). */
const TOWN_SPAN_KM = 20;

/** Within this distance of a city's or district's centre a place counts as inside it whatever district the data gives. */
const NEAR_KM = { city: 15, district: 30, state: 0 } as const;

/**
 * 1 when entry `id` lies in the region's districts (or state), within a town's reach; 0.5 when it lies only near a
 * city's or district's centre (the directory files some offices under a neighbouring district) or in a town's district
 * beyond its reach; 0 outside. Always 1 without a region.
 */
export function inRegion(idx: PlaceIndex, id: number, region: Region | null): number {
  if (!region) return 1;
  const area = idx.area[id]!;
  if (area !== NO_AREA && (region.areas ? region.areas.has(area) : idx.areas[area]!.state === region.state))
    return region.spanKm === null ? 1 : inReach(idx, id, region, region.spanKm);
  const near = NEAR_KM[region.level];
  return near > 0 && withinKm(region.lat, region.lon, idx.lat[id]!, idx.lon[id]!, near) ? 0.5 : 0;
}

/** 1 within a town's reach, else 0.5 (its district's place, but maybe another town's). */
function inReach(idx: PlaceIndex, id: number, town: Region, spanKm: number): number {
  return withinKm(town.lat, town.lon, idx.lat[id]!, idx.lon[id]!, spanKm) ? 1 : 0.5;
}
