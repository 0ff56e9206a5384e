// Pincode outlines as GeoJSON from the native index: the pincode asked for (or the one at a point) and its neighbours,
// so a map without any tile server can still show which pincode a pin is in.
import { insidePoint } from '../dataset/inside-point.ts';
import type { PolygonOutline } from '../../crates/geo-node/index.d.ts';
import { round6 } from './geo-math.ts';
import { boxOf, multiPolygonOf, partsOf, type Box } from './outline-rings.ts';
import type { LocationService } from './location-service.ts';

/** Neighbours returned at most (nearest first): enough to see across every edge, bounded for large rural pincodes. */
const MAX_NEIGHBOURS = 24;
/** Vertices closer than this share of the view's span to the last kept one are dropped (about 1 px at 2000 px wide). */
const SIMPLIFY_SHARE = 1 / 2000;

export interface BoundaryFeature {
  type: 'Feature';
  id: number;
  properties: {
    pincode: string;
    locality: string | null;
    district: string | null;
    state: string | null;
    delivery: boolean;
    /** True for the pincode asked for (or at the point); false for its neighbours. */
    selected: boolean;
    /** A point inside the outline, [longitude, latitude], where a label goes. */
    label: [number, number];
  };
  geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

export interface BoundaryCollection {
  type: 'FeatureCollection';
  /** The selected outline's box, [west, south, east, north]. */
  bbox: [number, number, number, number];
  pincode: string;
  features: BoundaryFeature[];
}

/** Outlines around polygon `id` (the selected pincode's); null for an unknown id. */
export function boundariesAround(service: LocationService, id: number, neighbours: boolean): BoundaryCollection | null {
  const index = service.boundaryIndex;
  const outline = index.outline(id);
  if (!outline) return null;
  const box = boxOf(outline);
  const tolerance = Math.max(box[2] - box[0], box[3] - box[1]) * SIMPLIFY_SHARE;
  const features = [feature(service, id, outline, true, tolerance)];
  if (neighbours) {
    const pad = Math.max(0.002, (box[2] - box[0]) * 0.05, (box[3] - box[1]) * 0.05);
    const centre = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
    const near = [...index.polygonsInBox(box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)]
      .filter((other) => other !== id)
      .map((other) => ({ other, outline: index.outline(other)! }))
      .map((n) => ({ ...n, distance: distanceToBox(centre, boxOf(n.outline)) }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, MAX_NEIGHBOURS);
    for (const n of near) features.push(feature(service, n.other, n.outline, false, tolerance));
  }
  return { type: 'FeatureCollection', bbox: box, pincode: features[0]!.properties.pincode, features };
}

function feature(
  service: LocationService,
  id: number,
  outline: PolygonOutline,
  selected: boolean,
  tolerance: number,
): BoundaryFeature {
  const info = service.locationOf(id);
  const parts = partsOf(outline);
  return {
    type: 'Feature',
    id,
    properties: {
      pincode: info.pincode,
      locality: info.locality,
      district: info.district,
      state: info.state,
      delivery: info.delivery,
      selected,
      label: insidePoint(parts).map(round6) as [number, number],
    },
    geometry: { type: 'MultiPolygon', coordinates: multiPolygonOf(parts, tolerance) },
  };
}

function distanceToBox([x, y]: number[], b: Box): number {
  const dx = Math.max(b[0] - x!, 0, x! - b[2]);
  const dy = Math.max(b[1] - y!, 0, y! - b[3]);
  return Math.hypot(dx, dy);
}
