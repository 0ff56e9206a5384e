// A district named alone or with its state, which an unknown place also spells (src/geocoding/hamlet-or-district.ts).
import { describe, expect, it } from 'vitest';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);
const answer = (address: string) => service.geocode({ address });

describe('a lone old spelling of a district', () => {
  it('is the district, not the one branch office of that exact spelling', () => {
    // Both answered a branch office elsewhere at 0.77: Navsari's Mirzapore (1,100 km from Mirzapur), Seoni's Neewari.
    expect(answer('Mirzapore')).toMatchObject({ pincode: '231001', district: 'Mirzapur', state: 'Uttar Pradesh' });
    expect(answer('Neewari')).toMatchObject({ district: 'Niwari', state: 'Madhya Pradesh' });
  });

  it('leaves a known town of the old spelling, and anything written beside the name, as they were', () => {
    expect(answer('Serampore')).toMatchObject({ pincode: '712201' });
    expect(answer('Jeypore')).toMatchObject({ state: 'Odisha' });
    expect(answer('Mirzapore, Navsari')).toMatchObject({ pincode: '396436' });
  });
});

describe("a district's name written alone or with its state", () => {
  it('is the district, not a map point or office of that name elsewhere', () => {
    // Each answered a point of that name in another district at 0.77-0.79: Imphal West in Kakching (795132), North
    // Goa in South Goa (403107), West Godavari in Eluru (534449); "Roopnagar Punjab" an office of Fazilka (152128).
    expect(answer('Imphal West')).toMatchObject({ level: 'district', district: 'Imphal West', pincode: '795001' });
    expect(answer('North Goa')).toMatchObject({ level: 'district', district: 'North Goa' });
    expect(answer('West Godavari, Andhra Pradesh')).toMatchObject({ level: 'district', district: 'West Godavari' });
    expect(answer('East Khasi Hills, Meghalaya')).toMatchObject({ level: 'district', pincode: '793001' });
    expect(answer('Roopnagar Punjab')).toMatchObject({ level: 'district', pincode: '140001' });
  });

  it('is the district when nothing else has the name, or only a place spelt like it', () => {
    // "Raigad, Maharashtra" answered the state's centre (no place is named Raigad there); "Raigad" Gujarat's Raigadh.
    for (const address of ['Raigad, Maharashtra', 'Raigad'])
      expect(answer(address), address).toMatchObject({ level: 'district', district: 'Raigad', state: 'Maharashtra' });
  });

  it('leaves a known place of the name, and a place written beside the district, as they were', () => {
    expect(answer('Patna, Bihar')).toMatchObject({ match_level: 'town', pincode: '800001' });
    expect(answer('Singjamei, Imphal West, Manipur')).toMatchObject({ pincode: '795008' });
  });
});
