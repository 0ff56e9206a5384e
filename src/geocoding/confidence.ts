// Confidence of a geocode answer from how it matched; the bands are calibrated on test/fixtures (table in docs/geocoding.md).
import { OFFICE_TYPE } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import type { Region } from './regions.ts';

export const CONFIDENCE = {
  /** A place named in the address found among the given pincode's offices and localities. */
  pincodeNamed: 0.92,
  /** The given pincode alone: its point lies inside its polygon. */
  pincode: 0.8,
  /** The address gave its point (a DIGIPIN, coordinates): the point itself, in the pincode whose boundary holds it. */
  givenPoint: 0.95,
  /** Subtracted when the pincode lies outside the city/district/state the address names. */
  regionContradiction: 0.25,
  /** Only the region matched: its centre. */
  fallback: { city: 0.45, district: 0.4, state: 0.15 },
  fuzzyRegion: 0.05,
  /** Subtracted per warning (a typed pincode, city or state the answer contradicts), and the most such an answer gets. */
  mismatch: 0.15,
  mismatchCap: 0.7,
  /** The most a locality named only by a gazetteer point (ward, police station) gets. */
  pointNamedCap: 0.75,
} as const;

/**
 * Raw confidence -> the share of answers right at that value on the buyers' tuning half (never the held-out half):
 * answers below 0.8 were right more often than they said (0.64 -> 90%, 0.48 -> 60%). Identity from 0.8 up, and
 * nothing below 0.8 is raised to 0.8 or more, so "wrong at >= 0.8" stays what the rules decide.
 */
const CALIBRATION: Array<[raw: number, calibrated: number]> = [
  [0, 0],
  [0.15, 0.15],
  [0.35, 0.35],
  [0.48, 0.58],
  [0.64, 0.75],
  [0.75, 0.79],
  [0.8, 0.8],
  [1, 1],
];

/** The calibrated confidence of a raw one (piecewise linear between the CALIBRATION points), to two decimals. */
export function calibrate(raw: number): number {
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [x1, y1] = CALIBRATION[i]!;
    if (raw > x1) continue;
    const [x0, y0] = CALIBRATION[i - 1]!;
    return Math.round((y0 + ((raw - x0) * (y1 - y0)) / (x1 - x0)) * 100) / 100;
  }
  return Math.min(1, Math.round(raw * 100) / 100);
}

/**
 * A named place: highest for an exact name inside a named city or district, lower inside only a state, lower
 * again with no region at all (where a name shared by several districts is a guess), and for typos, street-named
 * offices, and addresses whose parts point to different places.
 */
export function placeConfidence(
  c: Candidate,
  region: Region | null,
  conflict: boolean,
  fromCentreKm: number,
  officeType: number,
): number {
  let value: number;
  if (region && region.level !== 'state') value = c.districts > 1 ? 0.8 : 0.88;
  else if (region) value = c.districts > 1 ? 0.5 : 0.75;
  else value = c.districts > 1 ? 0.35 : 0.7;
  if (c.quality === 'fuzzy') value -= 0.12;
  // A sound-alike without a city or district around it is a guess.
  else if (c.quality === 'sound') value -= region && region.level !== 'state' ? 0.15 : 0.35;
  else if (c.quality === 'variant' || c.quality === 'prefix') value -= 0.05;
  if (region?.fuzzy) value -= 0.05;
  if (c.role === 'street' || c.role === 'building') value -= 0.1;
  else if (c.role === 'landmark') value -= 0.2;
  // A run of some of the part's words ("Sabarmati" of "Sabarmati Ashram") may be another place than the one meant.
  if (!c.whole) value -= c.role === 'landmark' ? 0.2 : 0.12;
  if (c.namesakes) value -= 0.12;
  if (c.agreed) value += 0.05;
  if (conflict) value -= 0.15;
  // A metro spans a big district: a place far from the city centre that matched only loosely may be a namesake, and
  // so may a village named by some of the part's words ("Pimple" of "Pimple Nilakh, Pune", 30 km out).
  const loose = (c.quality !== 'exact' && c.quality !== 'alias') || (!c.whole && officeType === OFFICE_TYPE.BO);
  if (region?.level === 'city' && fromCentreKm > 20 && loose) value -= 0.25;
  // A town's district holds other towns: a place beyond the town's reach may be one of theirs, not the town's.
  else if (region && region.spanKm !== null && fromCentreKm > region.spanKm) value -= 0.25;
  // A locality named only by a ward or police station point: its pincode is that point's, maybe the neighbour's.
  if (officeType === OFFICE_TYPE.POINT) value = Math.min(value, CONFIDENCE.pointNamedCap);
  // Only a pincode given with the address earns 0.9 or more.
  return Math.round(Math.min(0.88, Math.max(0.1, value)) * 100) / 100;
}
