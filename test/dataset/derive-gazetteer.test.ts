import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveWards, fromWebMercator } from '../../src/dataset/derive-gazetteer.ts';
import { repoRoot } from '../support/paths.ts';

const gazetteer = join(repoRoot, '../shared/data/gazetteer/datameet-municipal-spatial-data');

describe('deriveWards', () => {
  it("reads Kanpur's wards, given in Web Mercator metres, as points in Kanpur", () => {
    // In metres they were written as latitudes of 3,057,972 and dropped by the build: Kanpur had no ward.
    const kanpur = deriveWards(gazetteer).open.filter((w) => w.city === 'Kanpur');
    expect(kanpur.length).toBeGreaterThan(50);
    for (const w of kanpur) {
      expect(w.lat).toBeGreaterThan(26.3);
      expect(w.lat).toBeLessThan(26.6);
      expect(w.lon).toBeGreaterThan(80.1);
      expect(w.lon).toBeLessThan(80.5);
    }
  });
});

describe("Bhopal's wards, named in Devanagari", () => {
  const bhopal = deriveWards(gazetteer).open.filter((w) => w.city === 'Bhopal');
  const names = bhopal.map((w) => w.name);

  it('are romanised as buyers write them, initials read back as letters', () => {
    // अरेरा कालोनी, जे.पी. नगर, बरखेडा बी.एच.ई.एल.: Bhopal had no ward, Arera Colony no entry.
    expect(names).toEqual(expect.arrayContaining(['Arera Colony', 'Jp Nagar', 'Barkheda Bhel', 'Shahpura']));
    for (const w of bhopal) expect([w.lat > 23.1 && w.lat < 23.4, w.lon > 77.2 && w.lon < 77.6]).toEqual([true, true]);
  });

  it('leave out wards named after a person', () => {
    expect(names.length).toBeGreaterThan(50);
    for (const person of ['Rani Avantibai', 'Mahatma Gandhi', 'Pandit Ravishankar Shukla', 'Lal Bahadur Shastri'])
      expect(names.some((n) => n.toLowerCase().includes(person.toLowerCase().split(' ')[1]!))).toBe(false);
  });
});

describe("Kochi's wards, one Feature a line", () => {
  it('are read as the FeatureCollections are', () => {
    const kochi = deriveWards(gazetteer).open.filter((w) => w.city === 'Kochi');
    expect(kochi.map((w) => w.name)).toEqual(expect.arrayContaining(['Kadavanthra', 'Panampally Nagar', 'Vyttila']));
    for (const w of kochi) expect([w.lat > 9.8 && w.lat < 10.1, w.lon > 76.2 && w.lon < 76.4]).toEqual([true, true]);
  });
});

describe('fromWebMercator', () => {
  it('turns EPSG:3857 metres into degrees', () => {
    expect(fromWebMercator([3057972.456191, 8940957.540156])).toEqual([26.474524, 80.317988]);
    expect(fromWebMercator([0, 0])).toEqual([0, 0]);
  });
});
