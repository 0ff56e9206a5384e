// The map's look: the merchant's tile style (MAP_STYLE_URL) or, without one or when it fails, a plain background; on
// either, the pincode outlines the server draws from its own boundaries, the typed pincode highlighted.

export const OUTLINES = 'gc-pincodes';
const ATTRIBUTION = 'Pincode boundaries © Department of Posts, GODL-India';

/** A style that needs no tile server: only a background, the outlines are added on top. */
export function plainStyle() {
  return {
    version: 8,
    sources: {},
    layers: [{ id: 'gc-background', type: 'background', paint: { 'background-color': '#f4f1ea' } }],
  };
}

/** Adds (or re-adds after a style change) the outline source and its layers, holding `data`. */
export function addOutlineLayers(map, data) {
  if (!map.getSource(OUTLINES)) map.addSource(OUTLINES, { type: 'geojson', data, attribution: ATTRIBUTION });
  if (map.getLayer('gc-pincode-fill')) return;
  const selected = ['==', ['get', 'selected'], true];
  map.addLayer({
    id: 'gc-pincode-fill',
    type: 'fill',
    source: OUTLINES,
    paint: {
      'fill-color': ['case', selected, '#1a56db', '#6b7280'],
      'fill-opacity': ['case', selected, 0.14, 0.05],
    },
  });
  map.addLayer({
    id: 'gc-pincode-line',
    type: 'line',
    source: OUTLINES,
    paint: {
      'line-color': ['case', selected, '#1e40af', '#4b5563'],
      'line-width': ['case', selected, 3, 1],
    },
  });
}

/** Is [lng, lat] inside the GeoJSON (Multi)Polygon? Even-odd over every ring, holes included. */
export function containsPoint(geometry, [x, y]) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let inside = false;
  for (const rings of polygons)
    for (const ring of rings)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
  return inside;
}

/** Grows `box` ([west, south, east, north]) to hold every vertex of the GeoJSON (Multi)Polygon. */
export function extend(box, geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const rings of polygons)
    for (const [x, y] of rings[0] ?? []) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  return box;
}
