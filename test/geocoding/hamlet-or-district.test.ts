// A lone old name of a district that one unknown hamlet spells exactly (src/geocoding/hamlet-or-district.ts).
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
