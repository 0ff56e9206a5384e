// The map step's own geometry: which outline holds the pin (holes and multipolygons included), the first view's box.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

type Geometry = { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
const { containsPoint, extend } = await loadAsset<{
  containsPoint: (g: Geometry, p: [number, number]) => boolean;
  extend: (box: number[], g: Geometry) => number[];
}>('map-style.js');

const square = (x: number, y: number, s: number) => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];
const withHole: Geometry = { type: 'Polygon', coordinates: [square(0, 0, 10), square(4, 4, 2)] };
const two: Geometry = { type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(5, 5, 1)]] };

describe('containsPoint', () => {
  it('is true inside a polygon and false in its hole and outside', () => {
    expect(containsPoint(withHole, [1, 1])).toBe(true);
    expect(containsPoint(withHole, [5, 5])).toBe(false);
    expect(containsPoint(withHole, [11, 5])).toBe(false);
  });

  it('looks in every part of a multipolygon', () => {
    expect(containsPoint(two, [5.5, 5.5])).toBe(true);
    expect(containsPoint(two, [0.5, 0.5])).toBe(true);
    expect(containsPoint(two, [3, 3])).toBe(false);
  });
});

describe('extend', () => {
  it('grows a box around outer rings', () => {
    expect(extend([3, 3, 3, 3], two)).toEqual([0, 0, 6, 6]);
    expect(extend([20, -1, 20, -1], withHole)).toEqual([0, -1, 20, 10]);
  });
});
