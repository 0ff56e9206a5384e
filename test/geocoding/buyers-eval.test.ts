// The buyers' evaluation set stays honest: every expected pincode is a directory pincode, and the split is the fixed one.
import { describe, expect, it } from 'vitest';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { datasetDir } from '../support/dataset.ts';
import { loadBuyerSet, splitHalves } from '../fixtures/buyers-eval.ts';

const service = LocationService.open(datasetDir);
const rows = loadBuyerSet();

describe('the buyers evaluation set', () => {
  it('has at least 700 rows in categories of equal size', () => {
    expect(rows.length).toBeGreaterThanOrEqual(700);
    const sizes = new Map<string, number>();
    for (const r of rows) sizes.set(r.category, (sizes.get(r.category) ?? 0) + 1);
    expect(new Set(sizes.values()).size).toBe(1);
  });

  it('expects only pincodes of the post office directory', () => {
    const missing = rows.flatMap((r) =>
      r.pincodes
        .filter((p) => (service.data.pincodes.get(p)?.officeCount ?? 0) === 0)
        .map((p) => `${p} (${r.address})`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the halves the fixed seed made', () => {
    expect(rows.map((r) => r.half)).toEqual(splitHalves(rows.map((r) => r.category)));
    expect(rows.filter((r) => r.half === 'tune').length).toBe(rows.length / 2);
  });

  it('gives every mistyped row the warning it must carry, and no other row one', () => {
    for (const r of rows) expect(r.category === 'mistyped', r.address).toBe(r.warning !== null);
  });
});
