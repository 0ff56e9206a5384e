import { describe, expect, it } from 'vitest';
import { landmarkEntries, pointName } from '../../src/dataset/landmark-entries.ts';
import type { Entry } from '../../src/dataset/place-entries.ts';
import type { GazetteerPoint } from '../../src/dataset/read-landmarks.ts';
import { KIND, OFFICE_TYPE } from '../../src/geocoding/place-index.ts';
import { placeEntry } from './support.ts';

/** A post office entry (pincode index `pin`) at a point. */
const office = (name: string, pin: number, lat: number, lon: number): Entry =>
  placeEntry(name, { kind: KIND.office, officeType: OFFICE_TYPE.PO, pin, lat, lon, importance: 0.5 });
const point = (name: string, lat: number, lon: number): GazetteerPoint => ({
  category: 'tourist',
  name,
  lat,
  lon,
  notable: true,
});
// Every point lies in pincode 7 by its polygon.
const placeOf = () => ({ pin: 7, area: 1 });

describe('landmarkEntries', () => {
  it('stands a landmark at its own post office, spelt alike within 3 km (the pincode written for it)', () => {
    const existing = [office('Rashtrapati Bhawan', 3, 28.621, 77.196)];
    const [e] = landmarkEntries([point('Rashtrapati Bhavan', 28.614, 77.199)], existing, placeOf);
    expect(e).toMatchObject({ name: 'Rashtrapati Bhavan', kind: KIND.landmark, pin: 3, lat: 28.621, lon: 77.196 });
  });

  it('stands a ward at an office spelt like it within 3 km ("Jangpura" ward, Jungpura SO in another pincode)', () => {
    const ward = (name: string, lat: number, lon: number): GazetteerPoint => ({
      ...point(name, lat, lon),
      category: 'ward',
    });
    const existing = [office('Jungpura', 3, 28.582, 77.244)];
    const [near, far] = landmarkEntries(
      [ward('Jangpura', 28.576, 77.246), ward('Jangpura', 28.5, 77.1)],
      existing,
      placeOf,
    );
    expect(near).toMatchObject({ name: 'Jangpura', kind: KIND.locality, pin: 3, lat: 28.582 });
    // One farther than 3 km keeps its own point and pincode.
    expect(far).toMatchObject({ pin: 7, lat: 28.5 });
  });

  it('stands a landmark named "<name> <town>" at its office named as the name alone ("IIT Kanpur", "Iit SO")', () => {
    const district: Entry = { ...office('Kanpur Nagar', 3, 26.45, 80.33), kind: KIND.district };
    const existing = [district, office('Iit', 4, 26.512, 80.232)];
    const [e] = landmarkEntries([point('IIT Kanpur', 26.51, 80.24)], existing, () => ({ pin: 7, area: 1 }));
    expect(e).toMatchObject({ name: 'IIT Kanpur', pin: 4, lat: 26.512 });
    // Another town's word at the end says nothing of the office.
    const [other] = landmarkEntries([point('IIT Delhi', 26.51, 80.24)], existing, () => ({ pin: 7, area: 1 }));
    expect(other).toMatchObject({ pin: 7 });
  });

  it('keeps its own point beside an office of another name, or one spelt alike farther away', () => {
    const existing = [office('Raj Bhawan', 3, 28.7, 77.196), office('Parliament Street', 4, 28.615, 77.199)];
    const entries = landmarkEntries(
      [point('Raj Bhavan', 28.614, 77.199), point('Parliament House', 28.617, 77.208)],
      existing,
      placeOf,
    );
    expect(entries.map((e) => [e.name, e.pin, e.lat])).toEqual([
      ['Raj Bhavan', 7, 28.614],
      ['Parliament House', 7, 28.617],
    ]);
  });

  it('names a metro station also by the common name after its official one ("Kempegowda Station, Majestic")', () => {
    const metro = (name: string): GazetteerPoint => ({
      category: 'metro',
      name,
      lat: 12.976,
      lon: 77.573,
      notable: false,
    });
    const [official, plain] = landmarkEntries(
      [metro('Nadaprabhu Kempegowda Station, Majestic'), metro('Ameerpet (Red Line)')],
      [],
      placeOf,
    );
    expect(official!.aliasKeys).toEqual(expect.arrayContaining(['majestic', 'majesticmetro', 'majesticmetrostation']));
    expect(plain!.aliasKeys).toEqual(['ameerpetmetrostation', 'ameerpetmetro']);
  });

  it('adds no ward whose name starts a postal name within 5 km ("Chakeri" beside "Chakeri Aerodrum")', () => {
    const ward = (name: string, lat: number): GazetteerPoint => ({
      category: 'ward',
      name,
      lat,
      lon: 80.44,
      notable: false,
    });
    const existing = [office('Chakeri Aerodrum', 3, 26.406, 80.416)];
    const entries = landmarkEntries(
      [ward('Chakeri', 26.387), ward('Jajmau', 26.4), ward('Chakeri', 26.6)],
      existing,
      placeOf,
    );
    // Jajmau names no office; the second Chakeri is 21 km away.
    expect(entries.map((e) => [e.name, e.lat])).toEqual([
      ['Jajmau', 26.4],
      ['Chakeri', 26.6],
    ]);
  });

  it('keeps a ward whose name starts several postal names near it, the parts of the place it names whole', () => {
    const ward: GazetteerPoint = { category: 'ward', name: 'R K Puram', lat: 28.565, lon: 77.18, notable: false };
    const existing = [office('R K Puram Sect1', 3, 28.561, 77.179), office('R K Puram West', 4, 28.565, 77.18)];
    expect(landmarkEntries([ward], existing, placeOf).map((e) => e.name)).toEqual(['R K Puram']);
  });

  it('adds nothing for a point whose exact name an entry carries within 5 km', () => {
    expect(
      landmarkEntries([point('Raj Bhawan', 28.71, 77.196)], [office('Raj Bhawan', 3, 28.7, 77.196)], placeOf),
    ).toEqual([]);
  });
});

describe('pointName of a police station', () => {
  const police = (name: string) => pointName({ category: 'police', name, lat: 12.9, lon: 77.6, notable: false });

  it('keeps the number of a numbered part: sector, phase, stage, block', () => {
    expect(
      [
        'Jayanagar 4th Block Police Station',
        'Sector 18 Police Station',
        'Police Station, DLF Phase 2',
        'BSK 3rd stage Police Station',
        'Police Station phase 8',
      ].map(police),
    ).toEqual(['Jayanagar 4th Block', 'Sector 18', 'DLF Phase 2', 'BSK 3rd stage', 'phase 8']);
  });

  it('joins a numbered part alone to the locality before it ("RK Puram, Sector-4")', () => {
    expect(police('Traffic Police Station, RK Puram, Sector-4')).toBe('RK Puram Sector 4');
  });

  it("drops the station's code and other numbers, leaving the locality's name", () => {
    expect(
      [
        'Nungambakkam F3 police station',
        'S-8 Adambakkam Police Station',
        'Ammapet B 6  Police Station',
        'W.2. Oomangalam Police Station',
        'Rathinapuri B-15 Police Station',
        'Madanapalli 2 Town Police Station',
      ].map(police),
    ).toEqual(['Nungambakkam', 'Adambakkam', 'Ammapet', 'Oomangalam', 'Rathinapuri', 'Madanapalli']);
  });

  it('names nothing for a code, a bare part word or a battalion', () => {
    expect(
      ['E1 Police Station', 'Unit 6 Police Station', 'DYSP office, ward 4', '5th Assam Police Battalion'].map(police),
    ).toEqual([null, null, null, null]);
  });
});

describe('pointName of a place named by its kind alone', () => {
  const named = (name: string) => pointName({ category: 'tourist', name, lat: 11.98, lon: 92.99, notable: false });

  it('names nothing for a feature an address names with more words ("island" is no Havelock Island)', () => {
    expect(['island', 'Beach', 'LAKE', 'Falls', 'Hills', 'Temple', 'Airport'].map(named)).toEqual(Array(7).fill(null));
    expect(['Radhanagar Beach', 'Dal Lake', 'Ross Island'].map(named)).toEqual([
      'Radhanagar Beach',
      'Dal Lake',
      'Ross Island',
    ]);
  });
});
