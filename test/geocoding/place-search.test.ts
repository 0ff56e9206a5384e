// PlaceSearch on the full dataset: what its candidates say about the parts they came from.
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/geocoding/address-parser.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { PlaceSearch } from '../../src/geocoding/place-search.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);
const places = service.places;
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

  it('takes names found exactly only when asked to, and the same exact candidates either way', () => {
    for (const [address, misspelt] of [
      ['Koramangla', true],
      ['Banjra Hills', true],
      ['Kankarbagh', false],
      ['Flat 12, Rohini Sector 7', false],
    ] as const) {
      const { parts } = parseAddress(address);
      const all = search.search(parts, null, { count: 0 });
      const exact = search.search(parts, null, { count: 0 }, true);
      expect(
        exact.every((c) => c.quality === 'exact' || c.quality === 'alias'),
        address,
      ).toBe(true);
      // A typo's spelling is found by the full search only; a name spelt right by both, as the same place.
      expect(all.length, address).toBeGreaterThan(0);
      if (misspelt) expect(exact, address).toEqual([]);
      else
        expect(
          exact.map((c) => c.id),
          address,
        ).toEqual(all.map((c) => c.id));
    }
  });
});

describe('filler a buyer or a form writes where no address is', () => {
  const answer = (address: string) => service.geocode({ address });

  it('names nothing alone ("Home", "Same as above", "Nil", "N/A", "Address line 1")', () => {
    // Home was a landmark of West Godavari at 0.77, "Same as above" the office Same of Rajouri at 0.69, Nil and None
    // villages of Bihar and Manipur at 0.77, Other the village Othera of Kerala at 0.54.
    for (const filler of ['Home', 'HOME', 'Other', 'Same as above', 'same as billing address', 'Nil', 'None', 'N/A'])
      expect(answer(filler), filler).toBeNull();
    expect(answer('Address line 1')).toBeNull();
  });

  it('never outweighs the rest of the address', () => {
    // "None" was answered as the village None of Manipur at 0.65; Gurgaon's sectors are not in the data.
    expect(answer('Plot 7, None, Sector 21, Gurgaon')).toMatchObject({ state: 'Haryana', district: 'Gurugram' });
    expect(answer('Home, Kankarbagh, Patna')).toMatchObject({ pincode: '800020' });
  });

  it('still names a village of that name inside the district written with it', () => {
    expect(answer('Nil, Madhubani, Bihar')).toMatchObject({ pincode: '847226' });
    expect(answer('Same, Rajouri')).toMatchObject({ pincode: '185212' });
  });
});

describe('a side written before the name', () => {
  it('finds the place the directory names with its side last ("East Tambaram" is Tambaram East)', () => {
    // "East Tambaram, Chennai" was the town Tambaram (600045), not its east side (600059).
    const answer = (address: string) => service.geocode({ address })!;
    expect(answer('East Tambaram, Chennai')).toMatchObject({ pincode: '600059' });
    expect(answer('East Malad, Mumbai')).toMatchObject({ pincode: '400097' });
    // Names that begin with their side are found as written.
    expect(answer('West Mambalam, Chennai')).toMatchObject({ pincode: '600033' });
    expect(answer('East of Kailash, Delhi')).toMatchObject({ pincode: '110065' });
  });
});
