// Cities, districts and states named in an address (src/geocoding/regions.ts), through the geocoder on the real data.
import { describe, expect, it } from 'vitest';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);
const answer = (address: string) => service.geocode({ address });

describe('a district written as its seat town is spelt', () => {
  it('is the district holding the town, not the nearest spelling of another ("Dist Jajpur" is Jajapur, Odisha)', () => {
    // Both answered Jaipur, Rajasthan (1,300 km away): Jaipur and Jajapur are each one letter from "Jajpur".
    expect(answer('Dist Jajpur')).toMatchObject({ district: 'Jajapur', state: 'Odisha' });
    expect(answer('PO Vyasanagar, Dist Jajpur')).toMatchObject({ district: 'Jajapur', state: 'Odisha' });
  });

  it('still reads a misspelt district with no place of that spelling as the nearest spelling', () => {
    expect(answer('Dist Jaipru')).toMatchObject({ district: 'Jaipur', state: 'Rajasthan' });
  });
});

describe('a city written as English spells its sounds', () => {
  it('is the city the directory spells otherwise ("Nagpoor" is Nagpur), never another city\'s namesake', () => {
    // Each answered the locality's namesake in another city (Delhi's Civil Lines, Malviya Nagar) at 0.35, or the right
    // office with city_mismatch at 0.15: "Nagpoor" was read as a typo two letters from Nagpur.
    expect(answer('Civil Lines, Nagpoor')).toMatchObject({ pincode: '440001', warnings: [] });
    expect(answer('Malviya Nagar, Jaipoor')).toMatchObject({ pincode: '302017', warnings: [] });
    expect(answer('Swaroop Nagar, Kanpoor')).toMatchObject({ pincode: '208002', warnings: [] });
  });
});

describe('a metro named again', () => {
  it('answers as it did the first time, whatever was asked in between (its districts are worked out once)', () => {
    const addresses = [
      'Andheri West, Mumbai',
      'Vashi, Navi Mumbai',
      'Karol Bagh, Dilhi',
      'Indiranagar, Bengaluru',
      'Sector 18, Noida',
      'Kothrud, Pune, Maharashtra',
      'Kothrud, Pune, Kerala',
    ];
    const first = addresses.map(answer);
    const fresh = LocationService.open(datasetDir);
    const reversed = [...addresses].reverse().map((address) => fresh.geocode({ address }));
    expect(reversed.reverse()).toEqual(first);
    expect(addresses.map(answer)).toEqual(first);
    expect(first.map((a) => a?.pincode)).toEqual([
      '400053',
      '400703',
      '110005',
      '560038',
      '201301',
      '411038',
      '411038',
    ]);
    expect(first.at(-1)?.warnings).toEqual(['state_mismatch']);
  });
});

describe('a district whose name starts with an article, written without it', () => {
  it('is the district ("Nilgiris" for The Nilgiris), and the town before it is searched there', () => {
    // "Ooty, Nilgiris" and "Kotagiri, Nilgiris" answered the office Nilgiris (643237); "Coonoor, Nilgiris" was
    // flagged city_mismatch with "The Nilgiris" suggested, the district the buyer had written.
    for (const [address, pincode] of [
      ['Ooty, Nilgiris', '643001'],
      ['Kotagiri, Nilgiris', '643217'],
      ['Coonoor, Nilgiris', '643101'],
    ] as const)
      expect(answer(address), address).toMatchObject({ pincode, district: 'The Nilgiris', warnings: [] });
    // Alone, the name is still the office of that name.
    expect(answer('Nilgiris')).toMatchObject({ pincode: '643237' });
  });
});

describe('a metro written with one of its districts ("East Delhi", "Delhi East", "North West Delhi")', () => {
  it("is the metro: the locality before it is Delhi's, not a namesake district's elsewhere", () => {
    // Each answered the namesake: Krishnanagar (West Bengal), Chhatarpur (MP), Sultanpur (UP), Gandhinagar (Gujarat).
    for (const [address, pincode] of [
      ['Krishna Nagar, East Delhi', '110051'],
      ['Chhatarpur, South Delhi', '110074'],
      ['Sultanpuri, North West Delhi', '110086'],
      ['Gandhi Nagar, Delhi East', '110031'],
      ['Janakpuri, West Delhi', '110058'],
    ] as const)
      expect(answer(address), address).toMatchObject({ pincode, state: 'Delhi', warnings: [] });
  });

  it('checks a typed state and pincode against Delhi, not against the namesake', () => {
    // "Badarpur" with "South Delhi, Delhi" was Assam's Badarpur, with state_mismatch suggesting Assam.
    expect(service.geocode({ address: 'Badarpur', city: 'South Delhi', state: 'Delhi' })).toMatchObject({
      pincode: '110044',
      warnings: [],
    });
    expect(answer('Krishna Nagar, East Delhi 110015')).toMatchObject({
      pincode: '110051',
      warnings: ['pincode_mismatch'],
    });
  });
});
