// Geometry steps on small hand-made rings: rounding, duplicate vertices, winding, holes and the inside point.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import { processGeometry, signedArea2 } from '../../src/dataset/geometry.ts';
import { insidePoint } from '../../src/dataset/inside-point.ts';
import { Report } from '../../src/dataset/report.ts';

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('geometry processing', () => {
  it('rounds to microdegrees and drops the closing vertex and consecutive duplicates', () => {
    const report = new Report(true);
    const ring = [
      [77.1234564, 12.5],
      [77.2, 12.5],
      [77.2, 12.5],
      [77.2, 12.6],
      [77.1234564, 12.5],
    ];
    const outer = processGeometry({ type: 'Polygon', coordinates: [ring] }, 'f', report)[0]![0]!;
    expect([...outer]).toEqual([77123456, 12500000, 77200000, 12500000, 77200000, 12600000]);
    expect(report.toJSON().fixed).toEqual({ duplicate_vertices_removed: 1 });
  });

  it('turns outer rings counter-clockwise and holes clockwise, keeping each ring’s first vertex', () => {
    const report = new Report(true);
    const outer = square(77, 12, 1).reverse();
    const hole = square(77.25, 12.25, 0.5);
    const [o, h] = processGeometry({ type: 'Polygon', coordinates: [outer, hole] }, 'f', report)[0]!;
    expect(signedArea2(o!)).toBeGreaterThan(0);
    expect(signedArea2(h!)).toBeLessThan(0);
    expect([o![0], o![1], h![0], h![1]]).toEqual([77e6, 12e6, 77.25e6, 12.25e6]);
    expect(report.toJSON().fixed).toEqual({ holes_reversed_to_cw: 1, outer_rings_reversed_to_ccw: 1 });
  });

  it('skips a zero-area hole and reports where it was', () => {
    const report = new Report(true);
    const flat = [
      [77.2, 12.2],
      [77.3, 12.2],
      [77.4, 12.2],
      [77.2, 12.2],
    ];
    const parts = processGeometry(
      { type: 'MultiPolygon', coordinates: [[square(70, 10, 1)], [square(77, 12, 1), flat]] },
      'line 7',
      report,
    );
    expect(parts.map((p) => p.length)).toEqual([1, 1]);
    expect(report.toJSON().skipped).toEqual([
      { what: 'hole', where: 'line 7 part 2 hole 1', reason: 'degenerate ring with zero area' },
    ]);
  });

  it('finds a point inside a C-shaped polygon with a hole, where the centroid is outside', () => {
    const c = [
      [0, 0],
      [3, 0],
      [3, 1],
      [1, 1],
      [1, 2],
      [3, 2],
      [3, 3],
      [0, 3],
      [0, 0],
    ].map(([x, y]) => [77 + x! / 10, 12 + y! / 10]);
    const hole = [
      [0.2, 0.2],
      [0.2, 2.8],
      [0.4, 2.8],
      [0.4, 0.2],
      [0.2, 0.2],
    ].map(([x, y]) => [77 + x! / 10, 12 + y! / 10]);
    const geometry = { type: 'Polygon' as const, coordinates: [c, hole] };
    const point = insidePoint(processGeometry(geometry, 'c', new Report(true)));
    expect(booleanPointInPolygon(point, geometry, { ignoreBoundary: true })).toBe(true);
    expect(booleanPointInPolygon([77.15, 12.15], geometry)).toBe(false);
  });
});
