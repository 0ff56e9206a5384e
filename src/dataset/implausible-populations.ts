// GeoNames gives a few villages their district's population (Hisar's Gorakhpur: 1,324,570): such claims are capped.
import { haversineKm } from '../geocoding/geo-math.ts';
import type { GeonamesPlace } from './read-geonames.ts';

/** A claimed population this large needs a city's many pincodes around it. */
const LARGE_CITY = 1_000_000;
/** Pincode points within this distance of a real city of a million outnumber FEWEST_PINCODES many times over. */
const NEAR_KM = 10;
const FEWEST_PINCODES = 4;
/** What a capped town is taken for: a sizeable town, smaller than any real city of a million. */
export const CAPPED_POPULATION = 100_000;

/**
 * The towns with every population of a million or more that has fewer than four pincode points within 10 km capped at
 * 100,000 (a real city of a million has dozens; the four GeoNames rows this catches are villages or small towns
 * carrying their district's count, and would outrank the city of their name), and the list of those capped.
 */
export function withPlausiblePopulations(
  towns: GeonamesPlace[],
  pincodePoints: ReadonlyArray<readonly [lat: number, lon: number]>,
): { towns: GeonamesPlace[]; capped: string[] } {
  const capped: string[] = [];
  const checked = towns.map((t) => {
    if (t.population < LARGE_CITY) return t;
    let near = 0;
    for (const [lat, lon] of pincodePoints)
      if (haversineKm(t.lat, t.lon, lat, lon) < NEAR_KM && ++near >= FEWEST_PINCODES) break;
    if (near >= FEWEST_PINCODES) return t;
    capped.push(`${t.name} (${t.id}): ${t.population} -> ${CAPPED_POPULATION}, ${near} pincodes within ${NEAR_KM} km`);
    return { ...t, population: CAPPED_POPULATION };
  });
  return { towns: checked, capped };
}
