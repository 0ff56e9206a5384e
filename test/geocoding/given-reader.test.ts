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

describe('a state or metro named alone', () => {
  const states = [...new Set(service.places.areas.map((a) => a.state))];

  it("answers every state's name alone with the state, or a state that is one city with that city", () => {
    // Gujarat answered the office Gujrat of Hooghly, Haryana one of Moradabad, Karnataka Karna Lake (Karnal), all at
    // 0.54-0.77; Maharashtra, Sikkim and Uttarakhand nothing: a lone part was never read as a state.
    expect(states.length).toBeGreaterThanOrEqual(35);
    for (const state of states) {
      const a = answer(state);
      expect(a, state).toMatchObject({ state });
      // Those are one city (Goa one metro); the last ends in its town Diu, which it is read as.
      const city = ['Delhi', 'Chandigarh', 'Puducherry', 'Goa', 'The Dadra and Nagar Haveli and Daman and Diu'];
      if (!city.includes(state)) expect(a, state).toMatchObject({ level: 'state' });
    }
    expect(answer('Gujarat, India')).toMatchObject({ level: 'state', state: 'Gujarat' });
  });

  it('leaves a state code alone unread, and a place named like a state inside an address a place', () => {
    expect(answer('UP')).toBeNull();
    expect(answer('Kerala, Alappuzha')).toMatchObject({ pincode: '688011' });
  });

  it("answers a metro or state no place is named after with its centre ('Goa', 'House 12, Goa', 'Lakshadweep')", () => {
    // Both were 404s: the search found no place called Goa, and the lone part was not read as the city.
    expect(answer('Goa')).toMatchObject({ state: 'Goa', pincode: '403001' });
    expect(answer('House 12, Goa')).toMatchObject({ state: 'Goa', pincode: '403001' });
    expect(answer('Plot 5, Lakshadweep')).toMatchObject({ level: 'state', state: 'Lakshadweep' });
    // A name many cities' localities share stays unanswered rather than become Gujarat's capital.
    expect(answer('Gandhi Nagar')).toBeNull();
  });
});
