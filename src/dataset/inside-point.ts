// A point strictly inside a polygon (not a centroid): the middle of the widest even-odd interval on a few scanlines.
import type { PartE6 } from './geometry.ts';
import { signedArea2 } from './geometry.ts';

const SCANLINES = 9;

/** Returns [lon, lat] in degrees strictly inside the polygon (even-odd over all its rings). */
export function insidePoint(parts: PartE6[]): [number, number] {
  const largest = largestPart(parts);
  const [minY, maxY] = latRange(largest[0]!);
  let best = { width: -1, x: 0, y: 0 };
  for (let i = 1; i <= SCANLINES; i++) {
    // Vertices sit on whole microdegrees, so a half-microdegree line never passes through one.
    const y = Math.floor(minY + ((maxY - minY) * i) / (SCANLINES + 1)) + 0.5;
    if (y <= minY || y >= maxY) continue;
    const xs = crossings(parts, y);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const width = xs[k + 1]! - xs[k]!;
      if (width > best.width) best = { width, x: (xs[k]! + xs[k + 1]!) / 2, y };
    }
  }
  if (best.width <= 0) throw new Error('no inside interval found; the polygon has no area');
  return [best.x / 1e6, best.y / 1e6];
}

function largestPart(parts: PartE6[]): PartE6 {
  let best = parts[0]!;
  let bestArea = -1;
  for (const part of parts) {
    const area = Math.abs(signedArea2(part[0]!));
    if (area > bestArea) [best, bestArea] = [part, area];
  }
  return best;
}

function latRange(ring: Int32Array): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 1; i < ring.length; i += 2) {
    min = Math.min(min, ring[i]!);
    max = Math.max(max, ring[i]!);
  }
  return [min, max];
}

/** Sorted x of every edge crossing the horizontal line y (in microdegrees). */
function crossings(parts: PartE6[], y: number): number[] {
  const xs: number[] = [];
  for (const part of parts) {
    for (const ring of part) {
      const n = ring.length / 2;
      let ax = ring[2 * n - 2]!;
      let ay = ring[2 * n - 1]!;
      for (let i = 0; i < n; i++) {
        const bx = ring[2 * i]!;
        const by = ring[2 * i + 1]!;
        if (ay > y !== by > y) xs.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
        ax = bx;
        ay = by;
      }
    }
  }
  return xs.sort((a, b) => a - b);
}
