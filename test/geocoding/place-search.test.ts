// PlaceSearch on the full dataset: what its candidates say about the parts they came from.
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/geocoding/address-parser.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { PlaceSearch } from '../../src/geocoding/place-search.ts';
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
