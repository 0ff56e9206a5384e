// Pincode outlines from the native index as GeoJSON-ready rings: parts, simplification, bounding boxes.
import type { PolygonOutline } from '../../crates/geo-node/index.d.ts';

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

/** The outline as parts of rings of microdegree pairs. */
export function partsOf(o: PolygonOutline): Int32Array[][] {
  const parts: Int32Array[][] = [];
  let r = 0;
  let at = 0;
  for (const rings of o.ringCounts) {
    const part: Int32Array[] = [];
    for (let k = 0; k < rings; k++, r++) {
      const end = at + o.vertexCounts[r]! * 2;
      part.push(o.coordsE6.subarray(at, end));
      at = end;
    }
    parts.push(part);
  }
  return parts;
}

/** A closed GeoJSON ring in degrees, without vertices nearer than `tolerance` to the last kept one. */
export function ring(e6: Int32Array, tolerance: number): number[][] {
  const out: number[][] = [];
  const limit = tolerance * 1e6;
  let [lastX, lastY] = [Infinity, Infinity];
  for (let i = 0; i < e6.length; i += 2) {
    const x = e6[i]!;
    const y = e6[i + 1]!;
    if (Math.abs(x - lastX) < limit && Math.abs(y - lastY) < limit && e6.length > 8) continue;
    out.push([x / 1e6, y / 1e6]);
    [lastX, lastY] = [x, y];
  }
  if (out.length < 3) for (let i = out.length; i < 3; i++) out.push([e6[0]! / 1e6, e6[1]! / 1e6]);
  out.push(out[0]!);
  return out;
}

export function boxOf(o: PolygonOutline): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const c = o.coordsE6;
  for (let i = 0; i < c.length; i += 2) {
    box[0] = Math.min(box[0], c[i]!);
    box[1] = Math.min(box[1], c[i + 1]!);
    box[2] = Math.max(box[2], c[i]!);
    box[3] = Math.max(box[3], c[i + 1]!);
  }
  return box.map((v) => v / 1e6) as Box;
}

/** MultiPolygon coordinates of the parts, each ring simplified to `tolerance` degrees (see ring). */
export function multiPolygonOf(parts: Int32Array[][], tolerance: number): number[][][][] {
  return parts.map((part) => part.map((r) => ring(r, tolerance)));
}

/**
 * The outline as MultiPolygon coordinates simplified for a map about `pixels` across (vertices nearer than a pixel to
 * the last kept one dropped), or null without one.
 */
export function outlineForMap(outline: PolygonOutline | null, pixels: number): number[][][][] | null {
  if (!outline) return null;
  const box = boxOf(outline);
  const tolerance = Math.max(box[2] - box[0], box[3] - box[1]) / pixels;
  return multiPolygonOf(partsOf(outline), tolerance);
}
