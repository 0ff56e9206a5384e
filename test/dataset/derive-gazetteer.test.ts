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

describe('fromWebMercator', () => {
  it('turns EPSG:3857 metres into degrees', () => {
    expect(fromWebMercator([3057972.456191, 8940957.540156])).toEqual([26.474524, 80.317988]);
    expect(fromWebMercator([0, 0])).toEqual([0, 0]);
  });
});
