// PlaceSearch on the full dataset: what its candidates say about the parts they came from.
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/geocoding/address-parser.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { PlaceSearch } from '../../src/geocoding/place-search.ts';
import { Regions } from '../../src/geocoding/regions.ts';
import { datasetDir } from '../support/dataset.ts';

const places = LocationService.open(datasetDir).places;
const search = new PlaceSearch(places);

describe('PlaceSearch.search', () => {
  it("gives each candidate's part as its index among all the parts, unsearched ones (house, city) included", () => {
    for (const address of ['Flat 12, Kankarbagh, Patna', 'Kankarbagh, Patna', 'H No 5, Boring Road, Patna']) {
      const { parts } = parseAddress(address);
      const found = search.search(parts, null, { count: 0 });
      expect(found.length, address).toBeGreaterThan(0);
      for (const c of found) {
        // The part a candidate names is one that was searched, and its text is in the candidate's name.
        expect(['place', 'street', 'landmark'], address).toContain(parts[c.part]!.role);
        expect(places.compact(c.id), address).toContain(parts[c.part]!.tokens.join('').slice(0, 5));
      }
    }
  });
});

describe('PlaceSearch candidates', () => {
  it('all have the same fields in the same order, whichever way they were found (one shape, cheap to read)', () => {
    const regions = new Regions(places);
    const fields = 'id,score,quality,role,districts,agreed,part,whole,namesakes,prefix';
    const ways = new Set<string>();
    // Exact, prefix, typo, sound-alike, run together, a landmark without its noun, a directory spelling.
    const addresses: Array<[string, string]> = [
      ['Kankarbagh', 'patna'],
      ['Janakpuri B1', 'delhi'],
      ['Koramangla', 'bengaluru'],
      ['Mira Road', 'mumbai'],
      ['Sector 7, Rohini', 'delhi'],
      ['near Salar Jung', 'hyderabad'],
      ['Jaipoor', 'jaipur'],
    ];
    for (const [address, city] of addresses) {
      const work = { count: 0 };
      const region = regions.city(city, null, work);
      const found = search.search(parseAddress(address).parts, region, work);
      expect(found.length, address).toBeGreaterThan(0);
      for (const c of found) {
        expect(Object.keys(c).join(), address).toBe(fields);
        ways.add(c.quality);
      }
    }
    expect([...ways].sort()).toEqual(['exact', 'fuzzy', 'prefix', 'sound', 'variant']);
  });
});
