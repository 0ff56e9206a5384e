// A small map of an order's pin, drawn here (no map tiles from another site): the pin, its pincode's centre, a scale.
import { h } from '/console/console.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 320;
const H = 220;
const KM_PER_DEG_LAT = 111.32;

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Distance in km between two points (equirectangular: exact enough within a pincode). */
export function distanceKm(a, b) {
  const x = (b.longitude - a.longitude) * Math.cos(((a.latitude + b.latitude) / 2) * (Math.PI / 180));
  const y = b.latitude - a.latitude;
  return Math.hypot(x, y) * KM_PER_DEG_LAT;
}

/** A round scale-bar length (km) about a quarter of the map wide. */
function scaleKm(kmAcross) {
  const target = kmAcross / 4;
  const steps = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50];
  return steps.find((k) => k >= target) ?? 50;
}

/** [west, south, east, north] of the pin, the pincode's point and its outline. */
function boxOf(pin, centre, outline) {
  const box = [pin.longitude, pin.latitude, pin.longitude, pin.latitude];
  const add = (lon, lat) => {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  };
  if (centre) add(centre.longitude, centre.latitude);
  for (const part of outline ?? []) for (const ring of part) for (const [lon, lat] of ring) add(lon, lat);
  return box;
}

/** An SVG path of MultiPolygon rings (holes cut out by the even-odd rule). */
function ringsPath(outline, at) {
  return outline
    .flatMap((part) =>
      part.map(
        (ring) =>
          ring
            .map(([lon, lat], i) => `${i === 0 ? 'M' : 'L'}${at({ latitude: lat, longitude: lon }).join(',')}`)
            .join('') + 'Z',
      ),
    )
    .join('');
}

/**
 * The map of `address` (latitude, longitude, geopin, pincode, pincode_point, pincode_outline), with a text
 * alternative: the pincode's boundary, its point and the pin, so one sees at a glance whether the pin is inside.
 */
export function orderMap(address) {
  const pin = { latitude: address.latitude, longitude: address.longitude };
  const centre = address.pincode_point;
  const outline = address.pincode_outline ?? null;
  const cos = Math.cos(pin.latitude * (Math.PI / 180));
  const [west, south, east, north] = boxOf(pin, centre, outline);
  // Degrees of latitude the map spans: everything with room around it, at least about a kilometre.
  const spanLat = Math.max(0.01, (north - south) * 1.3, ((east - west) * cos * 1.3 * H) / W);
  const mid = { latitude: (north + south) / 2, longitude: (east + west) / 2 };
  const pxPerDeg = H / spanLat;
  const at = (p) => [
    W / 2 + (p.longitude - mid.longitude) * cos * pxPerDeg,
    H / 2 - (p.latitude - mid.latitude) * pxPerDeg,
  ];
  const kmAcross = (W / pxPerDeg) * KM_PER_DEG_LAT;
  const bar = scaleKm(kmAcross);
  const barPx = (bar / kmAcross) * W;
  const away = centre ? distanceKm(pin, centre) : null;
  const label =
    `Map: the pin ${address.geopin ?? ''} at ${pin.latitude.toFixed(5)}, ${pin.longitude.toFixed(5)}` +
    (away === null ? '' : `, ${away.toFixed(1)} km from the centre of pincode ${address.pincode}`) +
    (!outline ? '' : address.pin_pincode === address.pincode ? ', inside its boundary' : ', outside its boundary');
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'order-map', role: 'img', 'aria-label': label });
  svg.append(s('title', {}, label), s('rect', { x: 0, y: 0, width: W, height: H, class: 'map-bg' }));
  for (let i = 1; i < 6; i++) {
    svg.append(s('line', { x1: (W / 6) * i, y1: 0, x2: (W / 6) * i, y2: H, class: 'map-grid' }));
    svg.append(s('line', { x1: 0, y1: (H / 6) * i, x2: W, y2: (H / 6) * i, class: 'map-grid' }));
  }
  if (outline) svg.append(s('path', { d: ringsPath(outline, at), class: 'map-area', 'fill-rule': 'evenodd' }));
  // A pin within 50 m of the pincode's centre is drawn alone: the two marks would sit on each other.
  if (centre && distanceKm(pin, centre) >= 0.05) {
    const [cx, cy] = at(centre);
    svg.append(
      s('line', { x1: cx, y1: cy, x2: at(pin)[0], y2: at(pin)[1], class: 'map-link' }),
      s('circle', { cx, cy, r: 6, class: 'map-centre' }),
      s('text', { x: cx + 9, y: cy + 4, class: 'map-label' }, `${address.pincode} centre`),
    );
  }
  const [px, py] = at(pin);
  svg.append(
    s('path', { d: `M${px},${py} l-7,-16 a8,8 0 1,1 14,0 z`, class: 'map-pin' }),
    s('text', { x: px + 10, y: py - 10, class: 'map-label strong' }, address.geopin ?? 'pin'),
    s('line', { x1: 12, y1: H - 14, x2: 12 + barPx, y2: H - 14, class: 'map-scale' }),
    s('text', { x: 12, y: H - 20, class: 'map-label' }, bar < 1 ? `${bar * 1000} m` : `${bar} km`),
    s('text', { x: W - 14, y: 20, class: 'map-label strong', 'text-anchor': 'middle' }, 'N ↑'),
  );
  const osm = `https://www.openstreetmap.org/?mlat=${pin.latitude}&mlon=${pin.longitude}#map=17/${pin.latitude}/${pin.longitude}`;
  return h(
    'figure',
    { class: 'map-figure' },
    svg,
    h(
      'figcaption',
      {},
      away === null
        ? ''
        : away < 0.05
          ? `At the centre of ${address.pincode}. `
          : `${away.toFixed(2)} km from the centre of ${address.pincode}. `,
      h('a', { href: osm, rel: 'noopener noreferrer', target: '_blank' }, 'Open in OpenStreetMap'),
    ),
  );
}
