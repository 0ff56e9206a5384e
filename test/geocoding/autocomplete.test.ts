// GET /v1/geopin/autocomplete over HTTP, and the index itself on the full directory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Autocomplete } from '../../src/geocoding/autocomplete.ts';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';
import { dataOf, startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

const suggest = async (query: string) => dataOf(await api.get(`/v1/geopin/autocomplete?${query}`));

describe('GET /v1/geopin/autocomplete', () => {
  it('suggests places by name prefix, five by default', async () => {
    const data = await suggest('q=gandhinag');
    expect(data.results).toHaveLength(5);
    expect(data.results[0]).toMatchObject({ name: 'Gandhinagar', type: 'district', state: 'Gujarat' });
    for (const r of data.results) expect(r.name.toLowerCase().replace(/ /g, '')).toContain('gandhinag');
    const one = await suggest('q=koramangala&limit=1');
    expect(one.results).toEqual([
      expect.objectContaining({ name: 'Koramangala', pincode: '560034', state: 'Karnataka' }),
    ]);
  });

  it('shows directory names as people write them ("Vasant Vihar 1", not "Vasant Vihar1" or capitals)', async () => {
    const names = (await suggest('q=vasant%20vihar&limit=10')).results.map((r: { name: string }) => r.name);
    expect(names).toContain('Vasant Vihar 1');
    const capitals = (await suggest('q=vasanthnagar&limit=10')).results.map((r: { name: string }) => r.name);
    expect(capitals).toContain('Vasanthnagar');
    for (const name of [...names, ...capitals]) expect(name, name).not.toMatch(/[a-z]\d|^[A-Z]{4,}/);
  });

  it('finds multi-word and run-together spellings, and matches district words ("indiranagar bangalore")', async () => {
    const joined = await suggest('q=indira%20nagar&limit=10');
    expect(joined.results.map((r: { name: string }) => r.name)).toContain('Indiranagar');
    const narrowed = await suggest('q=indiranagar%20bangalore');
    expect(narrowed.results[0]).toMatchObject({ name: 'Indiranagar', pincode: '560038' });
  });

  it('shows a name once per pincode, even when two entries spell it differently inside', async () => {
    for (const query of [
      'q=indira&limit=3&lat=12.97&lng=77.64',
      'q=indiranagar&limit=10',
      'q=koramangala&limit=10&lat=12.93&lng=77.62',
    ]) {
      const shown = (await suggest(query)).results.map(
        (r: { name: string; pincode: string | null }) => `${r.name.toLowerCase()}|${r.pincode}`,
      );
      expect(new Set(shown).size, query).toBe(shown.length);
    }
  });

  it('tolerates a typo', async () => {
    const data = await suggest('q=koramangla');
    expect(data.results[0].name).toBe('Koramangala');
  });

  it('ranks places within about 50 km of lat/lng first', async () => {
    const lucknow = await suggest('q=indiranagar&lat=26.85&lng=80.95&limit=3');
    for (const r of lucknow.results) {
      expect(r.district).toBe('Lucknow');
      expect(r.distance_km).toBeLessThan(50);
    }
    const bengaluru = await suggest('q=indiranagar&lat=12.97&lng=77.6&limit=1');
    expect(bengaluru.results[0]).toMatchObject({ pincode: '560038' });
  });

  it('answers "near me" with the nearest places, sorted by distance', async () => {
    const data = await suggest('q=post%20office%20near%20me&lat=28.6315&lng=77.2167&limit=10');
    expect(data.near_me).toBe(true);
    expect(data.results).toHaveLength(10);
    const distances = data.results.map((r: { distance_km: number }) => r.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[9]).toBeLessThan(3);
    expect(data.results[0].pincode).toMatch(/^110/);
  });

  it('rejects "nearby" without lat/lng, q of 2 characters, limit 11 and half a point with 400', async () => {
    for (const query of [
      'q=nearby',
      'q=ab',
      'q=koramangala&limit=11',
      'q=koramangala&limit=0',
      'q=koramangala&lat=12.9',
      'q=koramangala&lat=abc&lng=77',
    ]) {
      const res = await api.get(`/v1/geopin/autocomplete?${query}`);
      expect(res.status, query).toBe(400);
    }
    const nearby = await api.get('/v1/geopin/autocomplete?q=nearby');
    expect(nearby.body.code).toBe('location_required');
    // The other routes' names for a point were dropped unread: the results came unbiased, and nothing said why.
    const named = await api.get('/v1/geopin/autocomplete?q=kora&latitude=12.93&longitude=77.62');
    expect([named.status, named.body.issues]).toEqual([
      400,
      [{ path: 'latitude', message: 'use lat and lng here, not latitude/longitude' }],
    ]);
  });

  it('takes q only with 3 characters other than spaces, as documented and as the widget asks', async () => {
    // Characters are code points, as the OpenAPI document's pattern counts them: an emoji is one, not two.
    for (const q of ['a%20b', 'a%09%09b', '%20ab%20', 'a%0A%20%0Ab', '%20%20%20', '%F0%9F%98%80%20a']) {
      const res = await api.get(`/v1/geopin/autocomplete?q=${q}`);
      expect([res.status, res.body.issues], q).toEqual([
        400,
        [{ path: 'q', message: 'must have at least 3 characters other than spaces' }],
      ]);
    }
    for (const q of ['abc', 'a%20b%20c', 'T%20Nag', 'Viman%20'])
      expect((await api.get(`/v1/geopin/autocomplete?q=${q}`)).status, q).toBe(200);
  });

  it('completes misspelt and former names ("bangalor", "Bombay")', async () => {
    expect((await suggest('q=bangalor')).results[0]).toMatchObject({ name: 'Bengaluru', state: 'Karnataka' });
    expect((await suggest('q=bombay')).results[0]).toMatchObject({ state: 'Maharashtra' });
  });

  it('decays the location bias smoothly: 48 km and 52 km away rank the same', async () => {
    const rank = async (lng: number) =>
      (await suggest(`q=karol&lat=28.651&lng=${lng}&limit=5`)).results.map((r: { name: string }) => r.name);
    expect(await rank(77.19 + 0.49)).toEqual(await rank(77.19 + 0.533));
    expect((await rank(77.19 + 0.533))[0]).toBe('Karol Bagh');
  });

  it('gives every suggestion below state level a district and a state', async () => {
    for (const q of ['ram', 'nagar', 'sector', 'pur', 'kota']) {
      for (const r of (await suggest(`q=${q}&limit=10`)).results) {
        expect(r.state, `${q}: ${r.name}`).toEqual(expect.any(String));
        if (r.type !== 'state') expect(r.district, `${q}: ${r.name}`).toEqual(expect.any(String));
      }
    }
  });

  it('bounds the work of a hostile query (repeated words, long junk)', () => {
    // The search component itself, which counts the entries and keys each call examined.
    const completer = new Autocomplete(LocationService.open(datasetDir).places);
    for (const q of [
      'k '.repeat(50),
      'ram '.repeat(25),
      'a'.repeat(100),
      'nagar colony road street sector block phase main cross lane',
    ]) {
      completer.search({ q, limit: 10 });
      expect(completer.lastWork, q.slice(0, 12)).toBeLessThanOrEqual(12_000);
    }
  });

  it('reads a typed number every way names write it, and never offers a place numbered otherwise', async () => {
    const first = async (q: string, near = 'lat=12.93&lng=77.62') =>
      (await suggest(`q=${encodeURIComponent(q)}&${near}`)).results.map((r: { name: string; pincode: string }) => [
        r.name,
        r.pincode,
      ])[0];
    for (const q of ['koramangla 1st blk', 'koramangala 1st block', 'Koramangala I Block', 'koramangala block 1'])
      expect(await first(q), q).toEqual(['Koramangala I Block', '560034']);
    expect(await first('koramangala 6th block')).toEqual(['Koramangala VI Bk', '560095']);
    // A place whose number differs is another place: the locality the words before the number name instead.
    const vashi = await suggest(`q=${encodeURIComponent('vashi sec 17')}&lat=19.07&lng=73.0`);
    expect(vashi.results[0]).toMatchObject({ name: 'Vashi', pincode: '400703' });
    expect(vashi.results.map((r: { name: string }) => r.name)).not.toContain('Vashi Sec 26');
    const dlf = await suggest(`q=${encodeURIComponent('dlf phase 5')}&lat=28.49&lng=77.09`);
    for (const r of dlf.results) expect(r.name, r.name).not.toMatch(/Phase|Ph\s?I/);
    // A number still being typed may be the start of the name's, and a word being typed is no roman numeral.
    expect(await first('vashi sector 2', 'lat=19.07&lng=73.0')).toEqual(['Vashi Sec 26', '400703']);
    expect((await suggest('q=Mayur%20Vi&lat=28.6&lng=77.3')).results[0].name).toMatch(/^Mayur Vihar/);
  });

  it('returns an empty list when nothing matches', async () => {
    expect((await suggest('q=xqzxqzxqz')).results).toEqual([]);
  });

  it('ranks the well-known place a prefix starts above a small one it spells out', async () => {
    expect((await suggest('q=Koram&limit=1')).results[0]).toMatchObject({
      name: 'Koramangala',
      district: 'Bengaluru Urban',
    });
    expect((await suggest('q=Powa&limit=1')).results[0]).toMatchObject({
      name: expect.stringMatching(/^Powai/),
      district: 'Mumbai Suburban',
    });
    expect((await suggest('q=gandhinag&limit=1')).results[0]).toMatchObject({ name: 'Gandhinagar', type: 'district' });
  });

  it('suggests a name that starts with an initial ("T Nag" is T Nagar, "JP Nag" J P Nagar)', async () => {
    // "t" starts every name with a t-word and "nag" every Nagar: the capped candidates never reached T Nagar.
    expect((await suggest('q=T%20Nag&limit=1')).results[0]).toMatchObject({ name: 'T Nagar', district: 'Chennai' });
    expect((await suggest('q=T%20Nagar&limit=1')).results[0]).toMatchObject({ name: 'T Nagar', district: 'Chennai' });
    expect((await suggest('q=JP%20Nag&limit=1')).results[0]).toMatchObject({ district: 'Bengaluru Urban' });
  });

  it('suggests the place a side is typed after, its named side first ("Thane W", "Kalyan E")', async () => {
    const names = async (q: string) =>
      ((await suggest(`q=${encodeURIComponent(q)}`)).results as Array<{ name: string; district: string }>).map(
        (p) => `${p.name}, ${p.district}`,
      );
    // "W" and "West" read as West Bengal (Kalyani, Nadia) or as other Thane places named "... West" (Dombivli West).
    for (const q of ['Thane W', 'Thane West', 'Thane (W)'])
      expect((await suggest(`q=${encodeURIComponent(q)}&limit=1`)).results[0], q).toMatchObject({
        name: 'Thane',
        district: 'Thane',
      });
    for (const q of ['Kalyan W', 'Kalyan West'])
      expect((await suggest(`q=${encodeURIComponent(q)}&limit=1`)).results[0], q).toMatchObject({
        name: 'Kalyan',
        district: 'Thane',
      });
    expect((await names('Kalyan E')).slice(0, 2)).toEqual(['Kalyan East, Thane', 'Kalyan, Thane']);
    expect((await names('Dombivli W'))[0]).toBe('Dombivli West, Thane');
    expect((await names('Andheri W'))[0]).toBe('Andheri, Mumbai Suburban');
  });

  it('keeps a whole name word as typed when a later word finds nothing with it ("Thane W" is Thane)', async () => {
    // The data has no "Thane West": the typo pass read "thane" as Thanjavur's start and suggested Thanjavur West.
    expect((await suggest('q=Thane%20W&limit=1')).results[0]).toMatchObject({ district: 'Thane' });
    // A misspelt word is still read as its near spelling ("Chandni Chok").
    expect((await suggest('q=Chandni%20Chok&limit=1')).results[0]).toMatchObject({ name: 'Chandni Chowk' });
  });

  it('suggests a two-word name typed as one word ("Vasantku" is Vasant Kunj, "Lowerpar" Lower Parel)', async () => {
    // "vasantku" starts only Vasantpur's word; no word at all starts with "lowerpar": nothing, or villages.
    expect((await suggest('q=Vasantku&limit=1')).results[0]).toMatchObject({ name: 'Vasant Kunj' });
    expect((await suggest('q=Lowerpar&limit=1')).results[0]).toMatchObject({
      name: expect.stringMatching(/^Lower Parel/),
    });
    expect((await suggest('q=qwertyuiop')).results).toEqual([]);
  });

  it('reads a word followed by a space as finished: a name holding it beats one it only starts', async () => {
    // Vimanapura (Bengaluru) is better known than Viman Nagar (Pune), and ranks first while the word is being typed.
    expect((await suggest('q=Viman&limit=1')).results[0]).toMatchObject({ name: 'Vimanapura' });
    expect((await suggest('q=Viman%20&limit=1')).results[0]).toMatchObject({ name: 'Viman nagar', district: 'Pune' });
    // The word joined to an address word is the same name: "Indira " still suggests Indiranagar first.
    expect((await suggest('q=Indira%20&limit=1')).results[0]).toMatchObject({
      name: 'Indiranagar',
      district: 'Bengaluru Urban',
    });
  });

  it('takes क्ष written "ksh" or "x" for the same letters ("Lakshmi Nagar" is also Laxmi Nagar)', async () => {
    const shown = async (q: string) =>
      (await suggest(`q=${encodeURIComponent(q)}&limit=5`)).results.map((r: { name: string }) => r.name);
    expect(await shown('Lakshmi Nagar')).toContain('Laxmi Nagar');
    expect(await shown('Laxmi Nagar')).toContain('Laxmi Nagar Extension');
    expect((await suggest('q=Lakshmi%20Nagar%20Delhi&limit=1')).results[0]).toMatchObject({
      name: 'Laxmi Nagar',
      pincode: '110092',
    });
    // Being typed: "Axar" is Akshardham's start.
    expect(await shown('Axar')).toContain('Akshardham');
  });

  it('reads Indic scripts as the Latin spelling names are indexed in ("करोल बाग" is Karol Bagh)', async () => {
    const first = async (q: string) => (await suggest(`q=${encodeURIComponent(q)}&limit=1`)).results[0];
    expect(await first('करोल बाग')).toMatchObject({ name: 'Karol Bagh', pincode: '110005' });
    // A name being typed: its first letters.
    expect(await first('कोरम')).toMatchObject({ name: 'Koramangala', district: 'Bengaluru Urban' });
    expect(await first('ಕೋರಮಂಗಲ')).toMatchObject({ name: 'Koramangala', district: 'Bengaluru Urban' });
    expect(await first('அண்ணா நகர்')).toMatchObject({ name: 'Anna Nagar', district: 'Chennai' });
    // நகர் being typed, one letter short: நகர reads "nagara", which starts no Anna Nagar.
    expect(await first('அண்ணா நகர')).toMatchObject({ name: 'Anna Nagar', district: 'Chennai' });
    expect(await first('ಜಯನಗರ')).toMatchObject({ name: 'Jayanagar', district: 'Bengaluru Urban' });
    expect(await first('బంజారా హిల్స్')).toMatchObject({ name: 'Banjara Hills', district: 'Hyderabad' });
    expect(await first('નવરંગપુરા')).toMatchObject({ name: 'Navrangpura', pincode: '380009' });
    // Near me, the remaining words filter by name as in Latin letters.
    const near = await suggest(`q=${encodeURIComponent('करोल near me')}&lat=28.65&lng=77.19&limit=1`);
    expect(near.results[0]).toMatchObject({ name: 'Karol Bagh' });
  });

  it('ranks a district as well known as its seat town: a small seat below a city locality, a big one above', async () => {
    // Bandipora's seat is a town of ~30,000; Bandra a Mumbai neighbourhood.
    expect((await suggest('q=Band&limit=1')).results[0]).toMatchObject({
      name: expect.stringMatching(/^Bandra/),
      district: 'Mumbai Suburban',
    });
    // Thane's seat is a city of 1.8 million, Thanjavur's of 220,000: the district's size, not the density around it.
    expect((await suggest('q=Than&limit=1')).results[0]).toMatchObject({ name: 'Thane', type: 'district' });
    const places = LocationService.open(datasetDir).places;
    const district = (name: string) => {
      for (let id = 0; id < places.size; id++) if (places.kind[id] === 1 && places.name(id) === name) return id;
      throw new Error(`no district ${name}`);
    };
    const importance = (name: string) => places.importance[district(name)]!;
    expect(importance('Thane')).toBeGreaterThan(importance('Koraput') + 0.1);
    // A seat GeoNames gives no population for keeps the district's own rank (Guntur is a city of 650,000).
    expect(importance('Guntur')).toBeGreaterThanOrEqual(0.9);
  });

  it('suggests institutions the directory names by acronym while their full name is typed', async () => {
    const names = async (q: string) =>
      (await suggest(`q=${encodeURIComponent(q)}&limit=10`)).results.map((r: { name: string }) => r.name);
    const iits = await names('Indian Institute of Tech');
    expect(iits).toEqual(expect.arrayContaining(['IIT Kanpur', 'IIT Kharagpur']));
    for (const name of iits) expect(name).toMatch(/\bIIT\b|Indian Institute Of Technology/i);
    expect((await names('Jawaharlal Nehru Univ'))[0]).toBe('JNU');
  });

  it('tolerates a typo in any word of a multi-word query', async () => {
    expect((await suggest('q=Chandni%20Chok&limit=1')).results[0]).toMatchObject({
      name: 'Chandni Chowk',
      pincode: '110006',
    });
    expect((await suggest('q=jubile%20hils&limit=1')).results[0]).toMatchObject({
      name: 'Jubilee Hills',
      district: 'Hyderabad',
    });
  });

  it('keeps suggestions in the city typed after the place, or suggests none ("Sector 22 Gurgaon")', async () => {
    type Suggested = Array<{ name: string; district: string }>;
    const names = async (q: string) =>
      ((await suggest(`q=${encodeURIComponent(q)}`)).results as Suggested).map((p) => `${p.name}, ${p.district}`);
    // Each answered Delhi's namesake first, the city typed dropped.
    expect((await names('Malviya Nagar Jaipur'))[0]).toBe('Malviya Nagar, Jaipur');
    expect((await names('Vaishali Nagar Jaipur'))[0]).toBe('Vaishali Nagar, Jaipur');
    expect((await names('Malviya Nagar Delhi'))[0]).toBe('Malviya Nagar, South');
    // Gurugram has no Sector 22 in the data: Chandigarh's, Faridabad's and Gandhinagar's were offered.
    expect(await names('Sector 22 Gurgaon')).toEqual([]);
    expect(await names('Phase 2 Mohali')).toEqual([]);
    // A block the data lacks is dropped within the city, as without one; a side is no city (Delhi's "West").
    expect((await names('Koramangala 5th Block Bangalore'))[0]).toBe('Koramangala, Bengaluru Urban');
    expect((await names('Thane W'))[0]).toMatch(/, Thane$/);
  });

  it('suggests the place while the buyer types words the data lacks after it ("Koramangala 5th")', async () => {
    expect((await suggest('q=Koramangala%205th&limit=1')).results[0]).toMatchObject({
      name: 'Koramangala',
      pincode: '560034',
    });
    expect((await suggest('q=Banjara%20Hills%20Ro&limit=1')).results[0]).toMatchObject({
      name: 'Banjara Hills',
      district: 'Hyderabad',
    });
    // Leading words that name nothing are not dropped to find the rest.
    expect((await suggest('q=xqzq%20koramangala')).results).toEqual([]);
    // A word of two letters being typed does not make the name before it a typo of an address word ("area").
    const arera = (await suggest('q=Arera%20Co')).results as Array<{ name: string; district: string }>;
    expect(arera[0]).toMatchObject({ name: 'Arera Colony', district: 'Bhopal' });
    for (const place of arera) expect(place.name.toLowerCase()).toContain('arera');
  });

  it('answers "pharmacy near me" with the nearest addresses, and a word that names nothing with none', async () => {
    const pharmacy = await suggest('q=pharmacy%20near%20me&lat=12.97&lng=77.59');
    expect(pharmacy.results.length).toBeGreaterThan(0);
    for (const r of pharmacy.results) expect(r.type).not.toBe('landmark');
    expect((await suggest('q=xq%20near%20me&lat=12.97&lng=77.59')).results).toEqual([]);
    // Police stations are held only as their localities' names: their "station" asks for no railway station.
    for (const q of ['police%20station%20near%20me', 'bus%20stop%20near%20me']) {
      const found = (await suggest(`q=${q}&lat=28.633&lng=77.219`)).results as Array<{ name: string; type: string }>;
      expect(found.length, q).toBeGreaterThan(0);
      for (const r of found) expect([r.name, r.type]).not.toEqual([expect.stringMatching(/Station/), 'landmark']);
    }
    const temple = await suggest('q=temple%20near%20me&lat=12.97&lng=77.59');
    for (const r of temple.results) expect(r.name.toLowerCase()).toContain('temple');
  });

  it('answers "metro station near me" with the nearest metro stations, whose names hold neither word', async () => {
    // At Connaught Place: it answered nothing, and "metro near me" places named Metro 7-16 km away.
    for (const q of ['metro%20station%20near%20me', 'metro%20near%20me']) {
      const found = (await suggest(`q=${q}&lat=28.633&lng=77.219`)).results as Array<{ name: string }>;
      expect(found[0]).toMatchObject({ name: 'Rajiv Chowk' });
    }
  });
});
