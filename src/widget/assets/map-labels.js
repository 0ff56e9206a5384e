// Pincode labels on the map: one per outline at its label point, as HTML markers (the plain style has no glyphs),
// thinned so that no two overlap; the labels that matter most (the typed pincode's, the pin's) are kept first.

/** Hides each label that would overlap one kept before it; `elements` come most important first. */
export function declutter(elements) {
  const kept = [];
  for (const el of elements) {
    const r = el.getBoundingClientRect();
    const clash = kept.some((k) => r.left < k.right && k.left < r.right && r.top < k.bottom && k.top < r.bottom);
    el.classList.toggle('gc-map-label-hidden', clash);
    if (!clash) kept.push(r);
  }
}

/**
 * Labels on `map` (a MapLibre map, `ml` its module); `rank(feature)` orders them, lowest kept first. Thinned again
 * each time the map stops moving.
 */
export function pincodeLabels(ml, map, rank) {
  let shown = [];
  const thin = () =>
    declutter([...shown].sort((a, b) => rank(a.feature) - rank(b.feature)).map((l) => l.marker.getElement()));
  map.on('moveend', thin);
  return {
    /** Draws one label per feature in place of those drawn before. */
    draw(features) {
      for (const l of shown) l.marker.remove();
      shown = features.map((feature) => {
        const el = document.createElement('span');
        el.className = `gc-map-label${feature.properties.selected ? ' selected' : ''}`;
        el.setAttribute('aria-hidden', 'true');
        el.textContent = feature.properties.pincode;
        return { feature, marker: new ml.Marker({ element: el }).setLngLat(feature.properties.label).addTo(map) };
      });
      thin();
    },
    thin,
  };
}
