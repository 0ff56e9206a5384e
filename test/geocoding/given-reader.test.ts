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

describe("a state's other name as people write it in full", () => {
  it('is the state at the end of an address, never a place whose name starts with it', () => {
    // Each answered a landmark or office starting with the state's name at 0.78: the High Court, Bengal Immunity
    // (in 24 Parganas North, not Howrah), Bengal Chemical, the Arunachal Pradesh Secretariat.
    const pairs = [
      ['Ahmedabad, Gujrat', 'Ahmedabad, Gujarat'],
      ['Howrah, Bengal', 'Howrah, West Bengal'],
      ['Kolkata, Bengal', 'Kolkata, West Bengal'],
      ['Kolkata Bengal', 'Kolkata, West Bengal'],
      ['Itanagar, Arunachal', 'Itanagar, Arunachal Pradesh'],
      ['Shimla, Himachal', 'Shimla, Himachal Pradesh'],
      ['Howrah, Paschim Bengal', 'Howrah, West Bengal'],
      // Was a village Kashmir of Hamirpur, Himachal Pradesh, at 0.2.
      ['Srinagar, Kashmir', 'Srinagar, Jammu and Kashmir'],
      ['Srinagar Kashmir', 'Srinagar, Jammu and Kashmir'],
    ];
    for (const [written, spelt] of pairs) {
      const a = answer(written!);
      expect(a, written).toMatchObject({ pincode: answer(spelt!)!.pincode, state: answer(spelt!)!.state });
      expect(a!.level, written).not.toBe('landmark');
    }
    // A place that starts with such a name is still that place, and a state's full name ending in one is the state.
    expect(answer('Bengal Chemical, Kolkata')).toMatchObject({ pincode: '700054' });
    expect(answer('Srinagar, Jammu and Kashmir')).toMatchObject({ pincode: '190001' });
    expect(answer('Paschim Vihar Delhi')).toMatchObject({ pincode: '110063' });
  });

  it('is the state alone, unless a pincode is typed with it: then the place of that name in the pincode', () => {
    const names = [
      ['Gujrat', 'Gujarat'],
      ['Bengal', 'West Bengal'],
      ['Panjab', 'Punjab'],
      ['Himachal', 'Himachal Pradesh'],
      ['Andhra', 'Andhra Pradesh'],
      ['Kashmir', 'Jammu and Kashmir'],
      // Romanised with the schwa deleted: "gujrat".
      ['गुजरात', 'Gujarat'],
    ];
    for (const [written, state] of names) {
      expect(answer(written!), written).toMatchObject({ level: 'state', state });
    }
    // Andhra of Madhubani, Bihar: a state's reading would be a state_mismatch with the buyer's own pincode.
    expect(answer('Andhra 847401')).toMatchObject({ pincode: '847401', district: 'Madhubani', warnings: [] });
    expect(answer('Gujrat 712617')).toMatchObject({ pincode: '712617', district: 'Hooghly' });
  });
});

describe('a state or territory written without its "and", or by a former territory\'s name', () => {
  it('is that state or territory at the end of an address', () => {
    // Were Jammu (180001) at 0.53; a village Dadra of Valsad, Gujarat, with city_mismatch; Diu, not Nani Daman;
    // the right pincode with a city_mismatch that the buyer's own address did not have.
    expect(answer('Srinagar, Jammu Kashmir')).toMatchObject({ pincode: '190001', warnings: [] });
    expect(answer('Baramulla Jammu Kashmir')).toMatchObject({ pincode: '193101', warnings: [] });
    expect(answer('Lal Chowk, Srinagar, Jammu Kashmir 190001')).toMatchObject({ pincode: '190001', warnings: [] });
    expect(answer('Silvassa, Dadra Nagar Haveli')).toMatchObject({ pincode: '396230', warnings: [] });
    expect(answer('Nani Daman, Daman Diu')).toMatchObject({ pincode: '396210', warnings: [] });
    expect(answer('Moti Daman, Daman and Diu 396220')).toMatchObject({ pincode: '396220', warnings: [] });
    expect(answer('Port Blair, Andaman Nicobar')).toMatchObject({ pincode: '744101', match_level: 'town' });
  });

  it('is the state alone', () => {
    expect(answer('Jammu Kashmir')).toMatchObject({ level: 'state', state: 'Jammu and Kashmir' });
    expect(answer('Daman Diu')).toMatchObject({
      level: 'state',
      state: 'The Dadra and Nagar Haveli and Daman and Diu',
    });
  });

  it("reads a district's whole name of four words as the city ('Silvassa, Dadra and Nagar Haveli')", () => {
    // Only names of up to three words were tried as a city: Silvassa was the city and "Dadra and Nagar Haveli" a
    // locality of that name (396240).
    expect(answer('Silvassa, Dadra and Nagar Haveli')).toMatchObject({ pincode: '396230', warnings: [] });
  });
});

describe("a far city's name that a locality of the typed pincode also has", () => {
  it('is that locality, not a city the pincode contradicts', () => {
    // Each answered the far district or town (Bihar's Vaishali, UP's Kaushambi, Gujarat's Dwarka) at 0.25-0.3 with
    // pincode_mismatch and that place's pincode suggested: a buyer in Ghaziabad or Delhi asked to change a right one.
    for (const [address, district] of [
      ['Vaishali 201010', 'Ghaziabad'],
      ['Sector 4 Vaishali 201010', 'Ghaziabad'],
      ['Kaushambi 201010', 'Ghaziabad'],
      ['Dwarka 110075', 'South West'],
    ] as const) {
      const m = answer(address)!;
      expect([m.pincode, m.district, m.warnings], address).toEqual([address.slice(-6), district, []]);
    }
  });

  it('still flags a city far from a pincode where no locality has its name', () => {
    expect(answer('Surat 380001')).toMatchObject({ district: 'Surat', warnings: ['pincode_mismatch'] });
    expect(answer('Boring Road, Patna 400001')).toMatchObject({ district: 'Patna', warnings: ['pincode_mismatch'] });
  });
});

describe('a name beside a numbered sector', () => {
  it('is the township whose places are named with sectors, not a namesake town without them', () => {
    // Each answered Dwarka in Gujarat (Devbhumi Dwarka's town) at 0.53: Delhi's Dwarka names its places by sector.
    expect(answer('Sector 10, Dwarka')).toMatchObject({ pincode: '110075', district: 'South West' });
    expect(answer('Sector 8 Dwarka')).toMatchObject({ pincode: '110077', district: 'South West' });
    // A sector the data does not name is still in Delhi's Dwarka.
    expect(answer('Sector 22 Dwarka')).toMatchObject({ state: 'Delhi', district: 'South West' });
    // The name first, in one part, as many write it; other numbered places are left to the towns that have them.
    expect(answer('Dwarka Sector 22')).toMatchObject({ state: 'Delhi', district: 'South West' });
    expect(answer('dwarka sec 23 new delhi')).toMatchObject({ state: 'Delhi', district: 'South West' });
    expect(answer('Dwarka Sector 10')).toMatchObject({ pincode: '110075' });
    expect(answer('Noida Sector 62')).toMatchObject({ pincode: '201309' });
    // Without a sector, or with the state, Dwarka is still Gujarat's town.
    expect(answer('Dwarka, Gujarat')).toMatchObject({ pincode: '361335' });
  });
});

describe('a town named alone with a pincode of its own district', () => {
  it('is checked against the pincode as a locality is, not taken for a city that holds it', () => {
    // "Powai 400050" and "Andheri 400076" were answered as the typed pincode at 0.8 with no warning: the town was
    // read as the city, which holds every pincode of its district and so checked nothing.
    for (const [address, own] of [
      ['Powai 400050', '400076'],
      ['Andheri 400076', '400053'],
      ['Rishikesh 248001', '249201'],
    ] as const)
      expect(answer(address), address).toMatchObject({ warnings: ['pincode_mismatch'], suggestions: { pincode: own } });
    // With its own pincode, the town is answered, and surely.
    expect(answer('Powai 400076')).toMatchObject({ pincode: '400076', warnings: [], confidence: 0.92 });
    expect(answer('Kharar 140301')).toMatchObject({ pincode: '140301', warnings: [] });
  });
});
