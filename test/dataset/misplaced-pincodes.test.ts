import { describe, expect, it } from 'vitest';
import { misplacedPincodes } from '../../src/dataset/misplaced-pincodes.ts';
import type { PlaceOfPincode } from '../../src/dataset/read-directory.ts';

// Two states side by side: West (lon < 80) and East (lon >= 80); each prefix's pincodes are in one of them.
const locate = (lon: number) => (lon < 80 ? 'West' : 'East');

function world(extra: Array<[string, PlaceOfPincode, [number, number]]>) {
  const places = new Map<string, PlaceOfPincode>();
  const points = new Map<string, [number, number]>();
  const add = (pincode: string, place: PlaceOfPincode, point: [number, number]) => {
    places.set(pincode, place);
    points.set(pincode, point);
  };
  for (let i = 0; i < 20; i++) {
    add(`1000${String(i).padStart(2, '0')}`, { state: 'West', district: 'Alpha' }, [75 + i * 0.01, 20]);
    add(`1010${String(i).padStart(2, '0')}`, { state: 'West', district: 'Beta' }, [75, 26 + i * 0.01]);
    add(`2000${String(i).padStart(2, '0')}`, { state: 'East', district: 'Gamma' }, [88 + i * 0.01, 20]);
  }
  for (const [pincode, place, point] of extra) add(pincode, place, point);
  return misplacedPincodes(places, points, (lon) => locate(lon));
}

describe('misplacedPincodes', () => {
  it("gives a pincode filed in another state's district the district around its point, in its prefix's state", () => {
    // An East pincode (prefix 200) filed under West's Alpha, 1,400 km from Alpha's pincodes.
    expect(world([['200099', { state: 'West', district: 'Alpha' }, [88.5, 20]]])).toEqual([
      { pincode: '200099', from: { state: 'West', district: 'Alpha' }, to: { state: 'East', district: 'Gamma' } },
    ]);
  });

  it('gives a pincode filed in a far district of its own state the nearest district', () => {
    expect(world([['100099', { state: 'West', district: 'Alpha' }, [75, 26.1]]])).toEqual([
      { pincode: '100099', from: { state: 'West', district: 'Alpha' }, to: { state: 'West', district: 'Beta' } },
    ]);
  });

  it('moves nothing whose point is the wrong one, or that is near its district', () => {
    // A West pincode plotted in East: the point's state is neither its own nor its prefix's.
    expect(world([['100098', { state: 'West', district: 'Alpha' }, [88.5, 20]]])).toEqual([]);
    // 200 km from Alpha's pincodes: a big district, not a misfiled pincode.
    expect(world([['100097', { state: 'West', district: 'Alpha' }, [75, 21.8]]])).toEqual([]);
  });
});
