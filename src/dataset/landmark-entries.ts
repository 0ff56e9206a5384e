// Gazetteer points as place entries: landmarks keep their names, police stations and wards give locality names.
import { compactKey, phoneticKey, tokenize } from '../geocoding/normalise.ts';
import { KIND, OFFICE_TYPE } from '../geocoding/place-index.ts';
import { haversineKm } from '../geocoding/geo-math.ts';
import type { Entry } from './place-entries.ts';
import type { GazetteerPoint, PointCategory } from './read-landmarks.ts';

/**
 * Below every postal name of the same spelling (a ward's inside point may lie in the next pincode; the post office
 * names the one people write), above branch offices; well-known monuments (with a Wikipedia page) higher.
 */
const IMPORTANCE: Record<PointCategory, number> = {
  ward: 0.3,
  police: 0.28,
  metro: 0.32,
  city: 0.3,
  railway: 0.3,
  tourist: 0.45,
  worship: 0.34,
  institution: 0.4,
  locality: 0.3,
};
const NOTABLE_BONUS = 0.2;
/** Categories indexed as landmarks; the others name localities. */
const LANDMARKS = new Set<PointCategory>(['railway', 'tourist', 'worship', 'institution']);
/** A point whose name an existing entry already carries within this distance adds nothing. */
const SAME_PLACE_KM = 5;
/** A post office spelt like a landmark this near it is the landmark's own: its pincode is the one written. */
const OWN_OFFICE_KM = 3;

/** Words of a police station's name that are not its locality ("Kankarbagh Police Station" -> Kankarbagh). */
const POLICE_WORDS = new RegExp(
  '\\b(?:' +
    'police|station|stn|thana|thane|chowki|chouki|outpost|out post|booth|aid post|ps|traffic|women|mahila|cyber|' +
    'control room|headquarters|hq|deputy|superintendent|inspector|circle|office|of|the|all|sub|division|range|' +
    'check ?post|chek ?post|post|commissionerate|commissioner|ajk|rural|town|city|beat|chowkie' +
    ')\\b',
  'gi',
);
/** "Sector 18", "Phase-2", "Sec 8", "4th Block", "3rd stage": a numbered part of a locality, kept with its number. */
const NUMBERED_PART =
  String.raw`(?:sector|sec|phase|ph|block|stage|pocket)\s*[-.]?\s*(?:\d+|[ivx]+)\b` +
  String.raw`|\d+(?:st|nd|rd|th)?\s+(?:block|stage|phase|sector)\b`;
/**
 * In a police station's name, a numbered part (captured) or what else holds a digit: its code ("F3", "S-8", "B 6",
 * "W.2.", "B/67"), its battalion or town number ("9th", "1 Town").
 */
const POLICE_NUMBERS = new RegExp(String.raw`\b(${NUMBERED_PART})|\b[a-z]{1,2}\s*[-./]?\s*\d+\b\.?|\S*\d\S*`, 'gi');
const ONLY_NUMBERED_PART = new RegExp(String.raw`^(?:${NUMBERED_PART})$`, 'i');
const BATTALION = /battalion|betallion|\bbn\b|apbn|armed police/i;
/** Names that remain after cleaning but name nothing in particular. */
const GENERIC = new Set([
  'temple',
  'mandir',
  'church',
  'mosque',
  'masjid',
  'gurudwara',
  'statue',
  'park',
  'garden',
  'museum',
  'lake',
  'fort',
  'view point',
  'viewpoint',
  'market',
  'airport',
  // Nature's nouns: an unnamed island, beach or lake point is not the one an address names ("Havelock Island").
  'island',
  'beach',
  'river',
  'dam',
  'waterfall',
  'falls',
  'hill',
  'hills',
  'pond',
  'tank',
  'cave',
  'caves',
  'bridge',
  'sector',
  'phase',
  'block',
  'ward',
  'unit',
]);

/** The name a point gives, or null when it names nothing an address would use. */
export function pointName(p: GazetteerPoint): string | null {
  let name = p.name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (p.category === 'police') {
    // A battalion's barracks name no locality ("5th Assam Police Battalion", "IRB 6th BN").
    if (BATTALION.test(name)) return null;
    const parts = name
      .split(',')
      .map((s) =>
        s
          .replace(POLICE_WORDS, ' ')
          .replace(POLICE_NUMBERS, (_, numbered?: string) => (numbered ? ` ${numbered.replace(/[-.]/g, ' ')} ` : ' '))
          .replace(/[^A-Za-z0-9 ]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((s) => s.length > 0);
    name = parts.pop() ?? '';
    // "RK Puram, Sector-4": a numbered part alone is a part of the locality before it.
    if (ONLY_NUMBERED_PART.test(name) && parts.length > 0) name = `${parts.pop()} ${name}`;
  } else if (p.category === 'metro') {
    name = name
      .replace(/\bmetro( station)?\b|\bstation\b|\bu\/c\b/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  } else if (p.category === 'railway') {
    name = name.replace(/\s+(?:halt|h|jn\.?|junction|rs|railway station|station)$/i, '').trim();
  }
  if (name === name.toUpperCase()) name = name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const letters = name.replace(/[^A-Za-z]/g, '');
  if (letters.length < 4 || GENERIC.has(name.toLowerCase())) return null;
  return name;
}

/** Where an entry lies: pincode and area of the polygon holding the point (null outside every polygon). */
export type Place = (lat: number, lon: number) => { pin: number; area: number } | null;

/** Entries for `points` that the existing entries do not already name nearby. */
export function landmarkEntries(points: GazetteerPoint[], existing: Entry[], placeOf: Place): Entry[] {
  const near = new Map<string, Array<[number, number]>>();
  const remember = (key: string, lat: number, lon: number) => {
    const list = near.get(key);
    if (list) list.push([lat, lon]);
    else near.set(key, [[lat, lon]]);
  };
  for (const e of existing) if (e.kind >= KIND.locality) remember(e.tokens.join(''), e.lat, e.lon);
  // "Chakeri" ward beside the office "Chakeri Aerodrum": the one postal name that starts with a ward's name names it.
  // Several ("R K Puram Sect1", "R K Puram West"...) are parts of the place the ward alone names whole.
  const startsNear = new Map<string, Array<{ lat: number; lon: number; key: string }>>();
  for (const e of existing) {
    if (e.kind !== KIND.locality && e.kind !== KIND.office) continue;
    for (let n = 1; n < e.tokens.length; n++) {
      const start = e.tokens.slice(0, n).join('');
      const list = startsNear.get(start) ?? [];
      list.push({ lat: e.lat, lon: e.lon, key: e.tokens.join('') });
      startsNear.set(start, list);
    }
  }
  const oneNameStarting = (key: string, lat: number, lon: number) => {
    const names = new Set<string>();
    for (const s of startsNear.get(key) ?? [])
      if (haversineKm(s.lat, s.lon, lat, lon) < SAME_PLACE_KM) names.add(s.key);
    return names.size === 1;
  };
  const ownOffice = officesBySound(existing);
  const districtWords = new Map<number, string[]>();
  for (const e of existing) if (e.kind === KIND.district) districtWords.set(e.area, e.tokens);
  // "IIT Kanpur" and its office "Iit SO" (208016): the name without the town it ends in, spelt as the office is.
  const ownOfficeInTown = (tokens: string[], area: number, lat: number, lon: number) => {
    const town = districtWords.get(area)?.[0];
    if (tokens.length < 2 || town === undefined || tokens[tokens.length - 1] !== town) return undefined;
    const key = tokens.slice(0, -1).join('');
    const office = ownOffice(key, lat, lon);
    return office?.tokens.join('') === key ? office : undefined;
  };
  const out: Entry[] = [];
  for (const p of points) {
    const base = pointName(p);
    if (base === null) continue;
    // A station's bare name is its town or suburb, which the postal data names better: it is indexed as a station.
    const name = p.category === 'railway' ? `${base} Railway Station` : base;
    const tokens = tokenize(name);
    const key = tokens.join('');
    const isNear = ([lat, lon]: [number, number]) => haversineKm(lat, lon, p.lat, p.lon) < SAME_PLACE_KM;
    if ((near.get(key) ?? []).some(isNear)) continue;
    if (p.category === 'ward' && oneNameStarting(key, p.lat, p.lon)) continue;
    const where = placeOf(p.lat, p.lon);
    if (!where) continue;
    remember(key, p.lat, p.lon);
    const landmark = LANDMARKS.has(p.category);
    const importance = IMPORTANCE[p.category] + (p.notable ? NOTABLE_BONUS : 0);
    const e: Entry = {
      name,
      tokens,
      aliasKeys: [],
      aliasTokens: [],
      kind: landmark ? KIND.landmark : KIND.locality,
      officeType: landmark ? 0 : OFFICE_TYPE.POINT,
      pin: where.pin,
      area: where.area,
      lat: p.lat,
      lon: p.lon,
      importance: Math.round(importance * 1000) / 1000,
      prominence: 0,
    };
    // "Patna Junction", "Andheri station": a station is written with or without its word.
    if (p.category === 'railway') e.aliasKeys.push(compactKey(`${base} station`), compactKey(`${base} junction`));
    if (p.category === 'metro') {
      e.aliasKeys.push(compactKey(`${base} metro station`), compactKey(`${base} metro`));
      // "metro station near me" filters by these words: the name ("Rajiv Chowk") holds neither.
      e.aliasTokens.push('metro', 'station');
      // "Nadaprabhu Kempegowda Station, Majestic": an official name, then the one people use.
      const common = base.includes(',') ? base.slice(base.lastIndexOf(',') + 1).trim() : '';
      if (common.replace(/[^A-Za-z]/g, '').length >= 4)
        e.aliasKeys.push(compactKey(common), compactKey(`${common} metro station`), compactKey(`${common} metro`));
    }
    for (const alias of p.aliases ?? []) {
      const aliasKey = compactKey(alias);
      if (aliasKey !== key && !e.aliasKeys.includes(aliasKey)) e.aliasKeys.push(aliasKey);
    }
    // "Rashtrapati Bhavan" and its office "Rashtrapati Bhawan SO" (110004): the landmark stands at its office; so does
    // a ward spelt like an office near it ("Jangpura" ward's inside point lies in 110024, Jungpura SO in 110014).
    const office = landmark
      ? (ownOffice(key, p.lat, p.lon) ?? ownOfficeInTown(tokens, where.area, p.lat, p.lon))
      : ownOffice(key, p.lat, p.lon);
    if (office) Object.assign(e, { lat: office.lat, lon: office.lon, pin: office.pin, area: office.area });
    out.push(e);
  }
  return out;
}

/** Postal names (offices, and localities the directory and polygons give) by sound: the nearest spelt alike. */
function officesBySound(existing: Entry[]): (key: string, lat: number, lon: number) => Entry | undefined {
  const bySound = new Map<string, Entry[]>();
  for (const e of existing) {
    if ((e.kind !== KIND.office && e.kind !== KIND.locality) || e.officeType === OFFICE_TYPE.POINT) continue;
    const sound = phoneticKey(e.tokens.join(''));
    const list = bySound.get(sound);
    if (list) list.push(e);
    else bySound.set(sound, [e]);
  }
  return (key, lat, lon) => {
    let best: Entry | undefined;
    let bestKm = OWN_OFFICE_KM;
    for (const o of bySound.get(phoneticKey(key)) ?? []) {
      const km = haversineKm(lat, lon, o.lat, o.lon);
      if (km < bestKm) [best, bestKm] = [o, km];
    }
    return best;
  };
}
