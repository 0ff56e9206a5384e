// MapLibre around the pin map: the library and its stylesheet loaded into the shadow root, the "Re-centre on the pin"
// control, the compact attribution kept folded, and a tile style watched for failure.
import { h } from './dom.js';
import { OUTLINES } from './map-style.js';

/** A tile server that has not drawn the map by then is treated as unreachable. */
const STYLE_TIMEOUT_MS = 8000;

/**
 * MapLibre's module, once its stylesheet is in the shadow root too: a map made unstyled starts with its two-finger
 * note shown, which then fades out over the new map.
 */
export async function loadMapLibre(assetBase, shadow) {
  let styled = Promise.resolve();
  if (!shadow.querySelector('link[data-maplibre]')) {
    const link = h('link', { rel: 'stylesheet', href: `${assetBase}/maplibre-gl.css`, 'data-maplibre': true });
    styled = new Promise((resolve) => {
      link.addEventListener('load', resolve);
      link.addEventListener('error', resolve);
    });
    shadow.prepend(link);
  }
  const [ml] = await Promise.all([import(`${assetBase}/maplibre-gl.mjs`), styled]);
  return ml;
}

/** "Re-centre on the pin": dragging the map (two fingers on a phone) can take the pin out of sight. */
export function recentreControl(recentre) {
  const button = h('button', { type: 'button', class: 'gc-recentre', onclick: recentre }, 'Re-centre on the pin');
  const el = h('div', { class: 'maplibregl-ctrl maplibregl-ctrl-group' }, button);
  return { onAdd: () => el, onRemove: () => el.remove() };
}

/**
 * Compact attribution opens by itself once its text arrives (after MapLibre's own data listener, which runs first)
 * and would cover a phone's map; folded once here, its (i) button still opens it.
 */
export function foldAttribution(map) {
  const events = ['styledata', 'sourcedata', 'idle'];
  const fold = () => {
    const open = map.getContainer().querySelector('.maplibregl-ctrl-attrib.maplibregl-compact-show');
    if (!open) return;
    open.classList.remove('maplibregl-compact-show');
    open.removeAttribute('open');
    for (const name of events) map.off(name, fold);
  };
  for (const name of events) map.on(name, fold);
}

/** Calls `fallBack()` once when the tile style errors (the outlines' own source aside) or has not loaded in time. */
export function watchTiles(map, fallBack) {
  let fallen = false;
  const once = () => {
    if (fallen) return;
    fallen = true;
    fallBack();
  };
  map.on('error', (event) => {
    if (event.sourceId !== OUTLINES) once();
  });
  setTimeout(() => {
    if (!map.loaded()) once();
  }, STYLE_TIMEOUT_MS);
}
