// The city the address form fills from the directory (the town India Post names in brackets after the office), the
// city and state an address takes when the map gives it another pincode, and a pincode read from what was typed.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

interface Answer {
  state: string | null;
  district: string | null;
  city: string | null;
  offices: Array<{ name: string }>;
}
type Place = { city?: string | null; state?: string | null };

const { cityOfOffice, placeForPincode, typedPincode } = await loadAsset<{
  cityOfOffice: (name: string | null | undefined) => string;
  placeForPincode: (address: Place, before: Answer, after: Answer) => Place;
  typedPincode: (text: string) => { digits: string; letters: boolean };
}>('address-form.js');

describe('typedPincode', () => {
  it('reads O and o as 0, any Indian script as digits, and keeps six', () => {
    expect(typedPincode('11OO92')).toEqual({ digits: '110092', letters: false });
    expect(typedPincode('56oo38')).toEqual({ digits: '560038', letters: false });
    expect(typedPincode('५६००३८')).toEqual({ digits: '560038', letters: false });
    expect(typedPincode('560 038 1')).toEqual({ digits: '560038', letters: false });
  });

  it('says when other letters were left out', () => {
    expect(typedPincode('56003A4')).toEqual({ digits: '560034', letters: true });
    expect(typedPincode('IIOO92')).toEqual({ digits: '0092', letters: true });
    expect(typedPincode('')).toEqual({ digits: '', letters: false });
  });

  it('takes six digits standing together from a pasted line, and no o inside a word for a zero', () => {
    // "Pincode" and "Bangalore" gave their o as a 0: 011009 and 056003, pincodes India Post does not know.
    expect(typedPincode('Pincode: 110 092')).toEqual({ digits: '110092', letters: true });
    expect(typedPincode('Bangalore 560034')).toEqual({ digits: '560034', letters: true });
    expect(typedPincode('Flat 12, Koramangala 560034')).toEqual({ digits: '560034', letters: true });
    expect(typedPincode('PIN-110092')).toEqual({ digits: '110092', letters: true });
  });
});

describe('cityOfOffice', () => {
  it('takes the bracketed town, not the district', () => {
    expect(cityOfOffice('Indiranagar S.O (Bengaluru)')).toBe('Bengaluru');
    expect(cityOfOffice('Connaught Place S.O')).toBe('');
    expect(cityOfOffice(null)).toBe('');
  });
});

/** The directory's answers for 110017 (Saket, Delhi), 122002 (Gurgaon) and 560038 (an office naming its town). */
const SAKET: Answer = { state: 'Delhi', district: 'South', city: 'Delhi', offices: [{ name: 'MMTCSTC Colony SO' }] };
const GURGAON: Answer = { state: 'Haryana', district: 'Gurugram', city: 'Gurgaon', offices: [{ name: 'DLF QE SO' }] };
const INDIRANAGAR: Answer = {
  state: 'Karnataka',
  district: 'Bengaluru Urban',
  city: 'Bangalore',
  offices: [{ name: 'Indiranagar S.O (Bengaluru)' }],
};

describe('placeForPincode', () => {
  it("replaces a city and state the old pincode gave with the new pincode's", () => {
    expect(placeForPincode({ city: 'Delhi', state: 'Delhi' }, SAKET, GURGAON)).toEqual({
      city: 'Gurgaon',
      state: 'Haryana',
    });
  });

  it('takes the town an office names in brackets, as the form does', () => {
    expect(placeForPincode({ city: 'Gurgaon', state: 'Haryana' }, GURGAON, INDIRANAGAR)).toEqual({
      city: 'Bengaluru',
      state: 'Karnataka',
    });
  });

  it("takes a name typed like the old pincode's (in any case; its city or district) for one it gave", () => {
    expect(placeForPincode({ city: ' gurugram ', state: 'HARYANA' }, GURGAON, SAKET)).toEqual({
      city: 'Delhi',
      state: 'Delhi',
    });
    expect(placeForPincode({ city: 'bangalore', state: 'Karnataka' }, INDIRANAGAR, SAKET)).toMatchObject({
      city: 'Delhi',
    });
  });

  it("keeps a city the buyer typed that is not the old pincode's, and fills what is empty", () => {
    expect(placeForPincode({ city: 'New Delhi', state: 'Delhi' }, SAKET, GURGAON)).toEqual({ state: 'Haryana' });
    expect(placeForPincode({ city: null, state: '' }, SAKET, GURGAON)).toEqual({ city: 'Gurgaon', state: 'Haryana' });
  });

  it('changes nothing the new pincode already agrees with', () => {
    expect(placeForPincode({ city: 'Delhi', state: 'Delhi' }, SAKET, { ...SAKET, district: 'South East' })).toEqual({});
  });

  it("clears the old pincode's city when the directory has none for the new one", () => {
    expect(placeForPincode({ city: 'Gurgaon', state: 'Haryana' }, GURGAON, { ...SAKET, city: null })).toEqual({
      city: null,
      state: 'Delhi',
    });
  });
});
