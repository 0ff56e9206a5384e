import { describe, expect, it } from 'vitest';
import { CAPPED_POPULATION, withPlausiblePopulations } from '../../src/dataset/implausible-populations.ts';
import type { GeonamesPlace } from '../../src/dataset/read-geonames.ts';

const town = (id: number, population: number, lat: number, lon: number): GeonamesPlace => ({
  id,
  name: `Town ${id}`,
  alternates: [],
  lat,
  lon,
  featureCode: 'PPL',
  population,
});
// A city's 30 pincodes around (26.75, 83.37), and one pincode beside a village at (29.45, 75.67).
const pincodes: Array<[number, number]> = [
  ...Array.from({ length: 30 }, (_, i): [number, number] => [26.7 + (i % 6) * 0.02, 83.3 + Math.floor(i / 6) * 0.03]),
  [29.46, 75.68],
];

describe('withPlausiblePopulations', () => {
  it('caps a million claimed where fewer than four pincodes lie within 10 km, and lists it', () => {
    const { towns, capped } = withPlausiblePopulations([town(1, 1_324_570, 29.45, 75.67)], pincodes);
    expect(towns[0]!.population).toBe(CAPPED_POPULATION);
    expect(capped).toEqual(['Town 1 (1): 1324570 -> 100000, 1 pincodes within 10 km']);
  });

  it("keeps a real city's million, and any smaller claim wherever it lies", () => {
    const input = [town(2, 674_246, 29.45, 75.67), town(3, 1_500_000, 26.76, 83.37), town(4, 900, 10, 70)];
    const { towns, capped } = withPlausiblePopulations(input, pincodes);
    expect(towns.map((t) => t.population)).toEqual([674_246, 1_500_000, 900]);
    expect(capped).toEqual([]);
  });
});
