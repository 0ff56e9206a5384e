// Geocode answers and search candidates each keep one hidden class (V8 map), so the code reading them stays
// monomorphic. A spread's copy of an object whose map had changed got a new map each time (427 maps for 435
// answers): every field read of an answer in the route went megamorphic and thrashed V8's shared stub cache.
import { setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/geocoding/address-parser.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { PlaceSearch } from '../../src/geocoding/place-search.ts';
import { Regions } from '../../src/geocoding/regions.ts';
import { loadEvalSet } from '../fixtures/geocode-eval.ts';
import { datasetDir } from '../support/dataset.ts';

setFlagsFromString('--allow-natives-syntax');
// Natives syntax is read only by source compiled after the flag is set.
const sameMap = runInThisContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const service = LocationService.open(datasetDir);
const rows = loadEvalSet();

/** How many distinct maps `objects` have. */
function mapsOf(objects: object[]): number {
  const seen: object[] = [];
  for (const o of objects) if (!seen.some((s) => sameMap(s, o))) seen.push(o);
  return seen.length;
}

describe('geocode answers', () => {
  it('share one map over the evaluation set, whichever builder made them (office, locality, pincode, region)', () => {
    const inputs = [...rows, { address: '560038' }, { address: 'Plot 5, Qwxz Lane, Gujarat' }] as typeof rows;
    const answers = inputs.map((c) => service.geocode({ address: c.address, city: c.city, state: c.state }));
    const found = answers.filter((a) => a !== null);
    expect(new Set(found.map((a) => a.level))).toEqual(new Set(['office', 'locality', 'pincode', 'district', 'state']));
    expect(mapsOf(found)).toBe(1);
  });
});

describe('search candidates', () => {
  it('share one map, whichever way they were found (exact, prefix, typo, sound-alike, run together, variant)', () => {
    const search = new PlaceSearch(service.places);
    const regions = new Regions(service.places);
    // The evaluation set, and a name's start inside a city (no row of the set is one).
    const inputs = [...rows.map((c) => [c.address, c.city ?? null] as const), ['Janakpuri B1', 'Delhi'] as const];
    const found = inputs.flatMap(([address, city]) => {
      const work = { count: 0 };
      const region = city ? regions.city(city.toLowerCase().replace(/[^a-z]/g, ''), null, work) : null;
      return search.search(parseAddress(address).parts, region, work);
    });
    expect(new Set(found.map((c) => c.quality))).toEqual(
      new Set(['exact', 'alias', 'fuzzy', 'prefix', 'sound', 'variant']),
    );
    expect(mapsOf(found)).toBe(1);
  });
});
