// The pure-JS baseline and test oracle: flatbush over part bounding boxes + @turf/boolean-point-in-polygon.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { Polygon, Position } from 'geojson';
import type { BoundaryTables } from '../src/native/boundary-file.ts';

/** Point-in-polygon over the same tables the native index loads; ids are polygon positions. */
export class JsBoundaryIndex {
  private readonly tree: Flatbush;
  private readonly parts: Polygon[] = [];
  private readonly partPolygon: number[] = [];

  constructor(tables: BoundaryTables) {
    const { polygonParts, partRings, ringVertices, coordsE6 } = tables;
    for (let polygon = 0; polygon + 1 < polygonParts.length; polygon++) {
      for (let part = polygonParts[polygon]!; part < polygonParts[polygon + 1]!; part++) {
        const rings: Position[][] = [];
        for (let ring = partRings[part]!; ring < partRings[part + 1]!; ring++) {
          const positions: Position[] = [];
          for (let v = ringVertices[ring]!; v < ringVertices[ring + 1]!; v++) {
            positions.push([coordsE6[2 * v]! / 1e6, coordsE6[2 * v + 1]! / 1e6]);
          }
          positions.push(positions[0]!);
          rings.push(positions);
        }
        this.parts.push({ type: 'Polygon', coordinates: rings });
        this.partPolygon.push(polygon);
      }
    }
    this.tree = new Flatbush(this.parts.length);
    for (const part of this.parts) {
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const [x, y] of part.coordinates[0]!) {
        minX = Math.min(minX, x!);
        minY = Math.min(minY, y!);
        maxX = Math.max(maxX, x!);
        maxY = Math.max(maxY, y!);
      }
      this.tree.add(minX, minY, maxX, maxY);
    }
    this.tree.finish();
  }

  /** Every polygon id whose part contains the point (turf counts the boundary as inside), ascending. */
  lookupAll(lon: number, lat: number): number[] {
    const ids = new Set<number>();
    for (const part of this.tree.search(lon, lat, lon, lat)) {
      if (booleanPointInPolygon([lon, lat], this.parts[part]!)) ids.add(this.partPolygon[part]!);
    }
    return [...ids].sort((a, b) => a - b);
  }

  /** True when the point lies exactly on some part's boundary (turf's two boundary modes disagree). */
  onBoundary(lon: number, lat: number): boolean {
    return this.tree
      .search(lon, lat, lon, lat)
      .some(
        (part) =>
          booleanPointInPolygon([lon, lat], this.parts[part]!) !==
          booleanPointInPolygon([lon, lat], this.parts[part]!, { ignoreBoundary: true }),
      );
  }

  /** Lowest id containing the point, or -1: the same contract as the native lookup. */
  lookup(lon: number, lat: number): number {
    return this.lookupAll(lon, lat)[0] ?? -1;
  }
}
