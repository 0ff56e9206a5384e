// Seeded PRNG (mulberry32) and India-bbox point generators, so every bench run sees the same inputs.

/** A deterministic uniform [0, 1) generator. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** India's bounding box (the boundary data's extent). */
export const INDIA_BBOX = { minLon: 68.18, minLat: 6.71, maxLon: 97.41, maxLat: 37.09 } as const;

/** `count` points as interleaved pairs in the requested axis order. */
export function randomPoints(count: number, seed: number, order: 'latLon' | 'lonLat'): Float64Array {
  const next = mulberry32(seed);
  const out = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    const lat = INDIA_BBOX.minLat + next() * (INDIA_BBOX.maxLat - INDIA_BBOX.minLat);
    const lon = INDIA_BBOX.minLon + next() * (INDIA_BBOX.maxLon - INDIA_BBOX.minLon);
    out[2 * i] = order === 'latLon' ? lat : lon;
    out[2 * i + 1] = order === 'latLon' ? lon : lat;
  }
  return out;
}
