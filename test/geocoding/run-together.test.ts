// Parts the directory runs into one name (src/geocoding/run-together.ts), through the geocoder on the real data.
import { describe, expect, it } from 'vitest';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';
import { expectPincodes as expectRows } from '../support/geocode-rows.ts';

const service = LocationService.open(datasetDir);
const answer = (address: string) => service.geocode({ address })!;
const expectPincodes = (rows: Array<[address: string, pincode: string]>) => expectRows(service, rows);

describe('a part run together with the city', () => {
  it('finds a locality the directory files under its town\'s name first ("Hirapur, Dhanbad": "Dhanbad Hirapur SO")', () => {
    // Each answered another pincode: the village Hirapur 40 km out at 0.37, the city's centre at 0.53, Vidyanagar's
    // other office; "Nai, Delhi" run together names the city and an office of it, never kept; "City:" is a label.
    expectPincodes([
      ['Hirapur, Dhanbad', '826001'],
      ['Nanakheda, Ujjain', '456010'],
      ['Chopasni Road, Jodhpur', '342003'],
      ['Vidyanagar, Hubballi', '580021'],
    ]);
    expect(answer('Vasant Kunj, Nai Dilli')).toMatchObject({ pincode: '110070' });
    expect(answer('City: Pune, Area: Baner')?.pincode).not.toBe('411002');
  });

  it('reads an address word alone before its town as the town\'s quarter ("Chowk, Lucknow": "Lucknow Chowk HO")', () => {
    // Each answered the city's centre at 0.53: a part of address words only was never run together.
    expectPincodes([
      ['Chowk, Lucknow', '226003'],
      ['Cantt, Kanpur', '208004'],
      ['Cantonment, Jalandhar', '144005'],
    ]);
  });

  it('reads a lettered sector the directory does not name as its sector ("Sector 15A, Faridabad")', () => {
    // Each answered Faridabad's centre (121002) at 0.53; Chandigarh and Faridabad's lettered offices stay their own.
    expectPincodes([
      ['House 221, Sector 15A, Faridabad', '121007'],
      ['Sector 7C, Faridabad', '121006'],
      ['H No 45, Sector 21D, Faridabad', '121012'],
      ['Sector 22C, Chandigarh', '160022'],
    ]);
  });
});
