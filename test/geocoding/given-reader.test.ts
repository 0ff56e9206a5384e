// The city, district and state an address states besides its place names (src/geocoding/given-reader.ts).
import { describe, expect, it } from 'vitest';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);
const answer = (address: string) => service.geocode({ address });

describe('a marked name written without commas before its district', () => {
  it('splits the district off a village, post office or tehsil named after its marker', () => {
    // Each answered the district's head office or a namesake of the two words at 0.23-0.69 ("Gohana Sonipat" was
    // searched as one village's name); without the marker the same words were already read this way.
    expect(answer('vill gohana sonipat')).toMatchObject({ pincode: '131301', district: 'Sonipat' });
    expect(answer('po nilokheri karnal')).toMatchObject({ pincode: '132117' });
    expect(answer('teh gohana sonipat')).toMatchObject({ pincode: '131301' });
    expect(answer('tal indapur pune')).toMatchObject({ pincode: '413106' });
    expect(answer('mandal kodad suryapet')).toMatchObject({ pincode: '508206' });
  });

  it('keeps the split with a state after the district and a name and phone number before the marker', () => {
    expect(answer('vpo meham rohtak haryana')).toMatchObject({ pincode: '124112' });
    expect(answer('Ramesh Kumar 9812345678 Vill Kharkhoda Sonipat')).toMatchObject({ pincode: '131402' });
  });

  it('leaves a marked name alone when no district or city ends it', () => {
    expect(answer('vill kaithal')).toMatchObject({ pincode: '136027' });
    expect(answer('VILL & PO KHARKHODA DIST SONIPAT HARYANA')).toMatchObject({ pincode: '131402' });
  });
});

describe('a district part that names no district', () => {
  it('splits off the place written before the district without a comma ("Tanuku West Godavari Dist")', () => {
    // The three words were searched as one district's name: no answer at all.
    expect(answer('Tanuku West Godavari Dist')).toMatchObject({ pincode: '534211', district: 'West Godavari' });
    expect(answer('Bhimavaram West Godavari District')).toMatchObject({ pincode: '534201' });
  });
});
