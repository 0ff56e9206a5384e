// How well known a place is, from the data itself: pincodes around it (a city) and entries nearby sharing its name word.
import { KIND } from '../geocoding/place-index.ts';
import type { Entry } from './place-entries.ts';

/** Cell size in degrees (~5.5 km) of the neighbourhood in which namesakes count as one family. */
const CELL = 0.05;
/** At most this much is added for a name's family, and for the density of pincodes around (a head office is 0.7). */
const MAX_BONUS = 0.15;
const MAX_URBAN_BONUS = 0.35;
/** Words that start names everywhere and so say nothing about fame. */
const COMMON = new Set([
  'new',
  'old',
  'sri',
  'shri',
  'north',
  'south',
  'east',
  'west',
  'upper',
  'lower',
  'greater',
  'navi',
]);

/**
 * The prominence of places (autocomplete ranks by importance plus it) in dense postal areas (many pincodes around: a city) and of places whose name word
 * many entries share within a few km: "Koramangala" has offices
 * for several blocks, a ward and a police station; "Korampallam" has one office. `others` count as neighbours but
 * are not changed (the ODbL layer's entries, when the main file's are ranked, must not shape the main file).
 */
export function addProminence(
  entries: Entry[],
  others: Entry[],
  pincodePoints: Array<[lat: number, lon: number]>,
): void {
  const counts = new Map<string, number>();
  const pins = new Map<string, number>();
  const cellOf = (lat: number, lon: number, dr = 0, dc = 0) =>
    `${Math.floor(lat / CELL) + dr}|${Math.floor(lon / CELL) + dc}`;
  for (const [lat, lon] of pincodePoints) pins.set(cellOf(lat, lon), (pins.get(cellOf(lat, lon)) ?? 0) + 1);
  const keyOf = (e: Entry, dr = 0, dc = 0) => {
    const word = e.tokens.find((t) => t.length >= 4 && !COMMON.has(t) && !/^\d/.test(t));
    return word === undefined ? null : `${word}|${Math.floor(e.lat / CELL) + dr}|${Math.floor(e.lon / CELL) + dc}`;
  };
  for (const e of [...entries, ...others]) {
    if (e.kind < KIND.locality) continue;
    const k = keyOf(e);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  for (const e of entries) {
    // Districts too (at their seats): a district keeps its rank above a locality of its name.
    if (e.kind < KIND.district) continue;
    let family = 0;
    let density = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const k = keyOf(e, dr, dc);
        if (k !== null) family += counts.get(k) ?? 0;
        density += pins.get(cellOf(e.lat, e.lon, dr, dc)) ?? 0;
      }
    }
    // A neighbourhood of a city (many pincodes around) is sought more than a village of the same rank; a town's
    // population already says how big it is, and so does a district's (its seat town's, place-entries.ts).
    const sized = e.kind === KIND.town || e.kind === KIND.district;
    const urban = sized ? 0 : Math.min(MAX_URBAN_BONUS, 0.07 * Math.log2(Math.max(1, density)));
    const bonus = Math.min(MAX_BONUS, 0.05 * Math.log2(Math.max(1, family))) + urban;
    e.prominence = Math.round(bonus * 1000) / 1000;
  }
  keepDistrictsFirst(entries);
}

/**
 * A district stays above the places of its area named like it ("Gandhinagar" the district before the head office
 * "Gandhinagar Gujarat", which a dense city's bonus would lift past it): as well known as the best of them, and a bit.
 */
function keepDistrictsFirst(entries: Entry[]): void {
  const fame = (e: Entry) => e.importance + e.prominence;
  const best = new Map<string, number>();
  const keyOf = (e: Entry) => `${e.area}|${e.tokens[0]}`;
  for (const e of entries) {
    if (e.kind < KIND.locality || e.tokens.length === 0) continue;
    best.set(keyOf(e), Math.max(best.get(keyOf(e)) ?? 0, fame(e)));
  }
  for (const e of entries) {
    const rival = e.kind === KIND.district && e.tokens.length > 0 ? best.get(keyOf(e)) : undefined;
    if (rival !== undefined && rival >= fame(e)) e.prominence = Math.round((rival - e.importance + 0.01) * 1000) / 1000;
  }
}
