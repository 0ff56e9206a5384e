// The location step: a MapLibre map with a pin the buyer drags, taps or moves with the arrow keys, a geopin field that
// moves it when a code is typed or pasted, and a line saying which pincode the pin is in against the one typed; a pin
// outside that pincode is confirmed only after a question.
import { busy, field, h, messageLine } from './dom.js';
import { pincodeLabels } from './map-labels.js';
import { foldAttribution, loadMapLibre, recentreControl, watchTiles } from './map-setup.js';
import { addOutlineLayers, containsPoint, extend, OUTLINES, plainStyle } from './map-style.js';
import { pinQuestion } from './pin-question.js';

/** One arrow-key press moves the pin about 11 m; with Shift, about 110 m. */
const STEP_DEGREES = 0.0001;
const GRID = ['FC98', 'J327', 'K456', 'LMPT'];
/**
 * Room the first view leaves inside the map's edges: the pin stands 44 px tall and 44 wide over its point, the zoom
 * buttons and the attribution sit in the right-hand corners, "Re-centre on the pin" bottom left.
 */
const FIT_PADDING = { top: 52, right: 76, bottom: 64, left: 24 };
/** MapLibre's note when one finger tries to move the map on a touch screen. */
const TWO_FINGERS = 'Use two fingers to move the map';

/** India Post's DIGIPIN of a point (shown live while the pin moves; the server's answer is the one stored). */
export function encodeGeopin(lat, lon) {
  let [minLat, maxLat, minLon, maxLon] = [2.5, 38.5, 63.5, 99.5];
  let code = '';
  for (let level = 1; level <= 10; level++) {
    const latStep = (maxLat - minLat) / 4;
    const lonStep = (maxLon - minLon) / 4;
    const row = Math.min(3, Math.max(0, 3 - Math.floor((lat - minLat) / latStep)));
    const col = Math.min(3, Math.max(0, Math.floor((lon - minLon) / lonStep)));
    code += GRID[row][col] + (level === 3 || level === 6 ? '-' : '');
    maxLat = minLat + latStep * (4 - row);
    minLat = minLat + latStep * (3 - row);
    minLon = minLon + lonStep * col;
    maxLon = minLon + lonStep;
  }
  return code;
}

const round6 = (v) => Math.round(v * 1e6) / 1e6;

/**
 * `onConfirm({latitude, longitude})` stores the pin; errors it throws are shown beside the button. `notice` is shown
 * above the map (why the pin is not where the buyer left it). With
 * `onUsePincode(pincode)`, a pin in another pincode than the typed one offers to make that the address's pincode.
 * Confirm with the pin outside the typed pincode first asks whether to deliver there anyway.
 */
export function pinMap({ api, assetBase, shadow, styleUrl, pincode, start, notice, onConfirm, onBack, onUsePincode }) {
  let pin = { latitude: round6(start.latitude), longitude: round6(start.longitude) };
  const features = new Map();
  let map = null;
  let marker = null;
  let ml = null;
  let labels = null;
  // On a touch screen one finger scrolls the page and two move the map: a map as tall as the screen (a phone on its
  // side) would otherwise take every swipe and hold the buyer there.
  const touch = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  // Said inside the map box while MapLibre and the pin load, so a blank box is never taken for the map.
  const loading = h('p', { class: 'gc-map-loading', role: 'status' });
  const mapEl = h('div', { class: 'gc-map' }, loading);
  const geopin = field(
    'geopin',
    'Geopin',
    h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: 40, class: 'gc-mono' }),
    'Type or paste a geopin (e.g. 4P3-JK8-52C9) to move the pin there',
  );
  const where = h('p', { class: 'gc-pin-status', role: 'status', 'aria-live': 'polite' });
  const usePincode = h('button', { type: 'button', class: 'gc-secondary gc-use-pincode', hidden: true });
  const coordinates = h('p', { class: 'gc-hint gc-mono gc-coordinates' });
  const message = messageLine();
  // Unavailable until the map shows the pin (aria-disabled: it keeps focus and is announced as dimmed).
  const confirm = h(
    'button',
    { type: 'submit', class: 'gc-primary', 'aria-disabled': 'true' },
    'Confirm this location',
  );
  const actions = h(
    'div',
    { class: 'gc-actions' },
    h('button', { type: 'button', class: 'gc-secondary', onclick: onBack }, 'Back'),
    confirm,
  );
  /** The pin the buyer chose to deliver to outside the typed pincode: confirming it again asks no more. */
  let accepted = null;
  const question = pinQuestion({
    // Back, Confirm and "Use pincode" give way to the question's own choices.
    onToggle(open) {
      actions.hidden = open;
      usePincode.hidden = open || !usePincode.dataset.pincode;
    },
    onAnyway() {
      accepted = `${pin.latitude},${pin.longitude}`;
      confirm.focus();
      void confirmPin();
    },
    async onUse(next) {
      if (!(await useTheirPincode(next))) return;
      question.close();
      confirm.focus();
      void confirmPin();
    },
    // Where the buyer moves it from: the pin, or the geopin field when no map could be shown.
    onMove: () => (marker?.getElement() ?? geopin.input).focus(),
  });
  const form = h(
    'form',
    { class: 'gc-form' },
    h(
      'p',
      { class: 'gc-hint' },
      touch
        ? 'Drag the pin to your door or tap the map; two fingers move the map.'
        : 'Drag the pin to your door, tap the map, or focus the pin and use the arrow keys.',
    ),
    notice ? h('p', { class: 'gc-place-note' }, notice) : null,
    mapEl,
    where,
    usePincode,
    coordinates,
    geopin.wrap,
    message.el,
    question.el,
    actions,
  );

  function collection() {
    return { type: 'FeatureCollection', features: [...features.values()] };
  }

  /** Adds outlines (by pincode or at a point); the typed pincode's are the highlighted ones. */
  async function loadOutlines(query) {
    const data = await api.geo(`/v1/location/boundaries?${query}`);
    for (const f of data.features) {
      f.properties.selected = f.properties.pincode === pincode;
      features.set(f.id, f);
    }
    map?.getSource(OUTLINES)?.setData(collection());
    labels?.draw([...features.values()]);
    return data;
  }

  /** The loaded outline holding the pin, if any. */
  function pinArea() {
    const point = [pin.longitude, pin.latitude];
    return [...features.values()].find((f) => containsPoint(f.geometry, point)) ?? null;
  }

  /** The outline holding the pin, fetched when none loaded holds it; null outside every pincode. */
  async function fetchPinArea() {
    if (pinArea()) return pinArea();
    try {
      await loadOutlines(`latitude=${pin.latitude}&longitude=${pin.longitude}&neighbours=false`);
    } catch (err) {
      if (err.code !== 'boundary_not_found') throw err;
    }
    return pinArea();
  }

  /** Labels of the typed pincode, then of the pin's, are the last to give way to another. */
  const rank = (f) => (f.properties.selected ? 0 : f === pinArea() ? 1 : 2);

  /** Says which pincode the pin is in, fetching the outline there when none loaded holds it. */
  async function describe(fetchIfUnknown = true) {
    const p = (fetchIfUnknown ? await fetchPinArea() : pinArea())?.properties;
    where.className = `gc-pin-status ${p?.pincode === pincode ? 'ok' : 'warn'}`;
    where.textContent = !p
      ? 'The pin is outside every pincode area. Move it onto the delivery address.'
      : p.pincode === pincode
        ? `The pin is in pincode ${pincode}${p.locality ? ` (${p.locality})` : ''}.`
        : `The pin is in pincode ${p.pincode}${p.locality ? ` (${p.locality})` : ''}, not ${pincode} as typed. ` +
          (onUsePincode ? 'Move the pin, or use that pincode.' : 'Move the pin, or go back and correct the pincode.');
    const other = p && p.pincode !== pincode && onUsePincode ? p.pincode : null;
    usePincode.hidden = other === null || question.open;
    usePincode.dataset.pincode = other ?? '';
    usePincode.textContent = other ? `Use pincode ${other}` : '';
  }

  /** The typed pincode becomes the pin's, `next`: outlines, labels, the view and the verdict follow. */
  function useTheirPincode(next) {
    return busy(form, async () => {
      message.say(`Changing the address's pincode to ${next}…`);
      try {
        await onUsePincode(next);
        pincode = next;
        for (const f of features.values()) f.properties.selected = f.properties.pincode === pincode;
        map?.getSource(OUTLINES)?.setData(collection());
        labels?.draw([...features.values()]);
        const first = view();
        if (first.bounds) map?.fitBounds(first.bounds, { ...first.fitBoundsOptions, animate: false });
        await describe(false);
        message.clear();
        return true;
      } catch (err) {
        message.say(err.message, 'error');
        return false;
      }
    });
  }

  usePincode.addEventListener('click', async () => {
    // The button is gone: keyboard users go on to the next thing to do.
    if (await useTheirPincode(usePincode.dataset.pincode)) confirm.focus();
  });

  let describing = null;
  /** Puts the pin at a point; `typed` when the geopin field put it there (the field then keeps what was typed). */
  function moved(latitude, longitude, { fly = false, typed = false } = {}) {
    pin = { latitude: round6(latitude), longitude: round6(longitude) };
    // The question was about where the pin was.
    question.close();
    marker?.setLngLat([pin.longitude, pin.latitude]);
    if (fly) map?.easeTo({ center: [pin.longitude, pin.latitude] });
    coordinates.textContent = `${pin.latitude.toFixed(6)}, ${pin.longitude.toFixed(6)}`;
    const code = encodeGeopin(pin.latitude, pin.longitude);
    if (!typed) {
      geopin.input.value = code;
      geopin.set('');
    }
    const pinButton = marker?.getElement();
    pinButton?.setAttribute('aria-label', `Delivery pin at geopin ${code}. Arrow keys move it.`);
    describing = describe().catch((err) => message.say(err.message, 'error'));
  }

  /** Moves the pin to the geopin typed; `done` when the buyer said so (Enter): a short one is then an error too. */
  async function goToGeopin(done) {
    const code = typedGeopin();
    geopin.set('');
    if (code === pinGeopin() || (code.length < 10 && !done)) return;
    if (!/^[2-9CFJKLMPT]{10}$/.test(code)) {
      geopin.set('A geopin has 10 characters: the digits 2 to 9 and the letters C, F, J, K, L, M, P, T');
      return;
    }
    try {
      const point = await api.geo(`/v1/geopin/decode?geopin=${code}`);
      moved(Number(point.latitude), Number(point.longitude), { fly: true, typed: true });
    } catch (err) {
      geopin.set(err.message);
    }
  }

  /** The geopin in the field, as 10 characters when one is there: pasted with words around it ("Geopin: 4P3-…") too. */
  function typedGeopin() {
    const text = geopin.input.value.toUpperCase();
    const found = /[2-9CFJKLMPT]{3}[\s-]?[2-9CFJKLMPT]{3}[\s-]?[2-9CFJKLMPT]{4}/.exec(text);
    return (found ? found[0] : text).replace(/[\s-]/g, '');
  }

  /** True when the field holds something other than the pin's geopin: cut short, mistyped, or still being looked up. */
  const typedElsewhere = () => {
    const code = typedGeopin();
    return code !== '' && code !== pinGeopin();
  };
  /** The pin's geopin as typedGeopin writes one: its 10 characters. */
  function pinGeopin() {
    return encodeGeopin(pin.latitude, pin.longitude).replace(/-/g, '');
  }

  geopin.input.addEventListener('input', () => void goToGeopin(false));
  // Enter in the field moves the pin and stays: confirming is the buyer's own step, once they have seen where it went.
  geopin.input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void goToGeopin(true);
  });

  function onKey(event) {
    const step = STEP_DEGREES * (event.shiftKey ? 10 : 1);
    const delta = { ArrowUp: [step, 0], ArrowDown: [-step, 0], ArrowLeft: [0, -step], ArrowRight: [0, step] }[
      event.key
    ];
    if (!delta) return;
    event.preventDefault();
    event.stopPropagation();
    moved(pin.latitude + delta[0], pin.longitude + delta[1], { fly: true });
  }

  /**
   * The first view: the pin, the typed pincode's outline and, when the pin is in another, that one's too, all clear of
   * the map's edges and buttons; or the pin close up when no outline is known.
   */
  function view() {
    const box = [pin.longitude, pin.latitude, pin.longitude, pin.latitude];
    const here = pinArea();
    for (const f of features.values()) if (f.properties.selected || f === here) extend(box, f.geometry);
    if (box[0] === box[2]) return { center: [pin.longitude, pin.latitude], zoom: 15 };
    return { bounds: box, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: 16 } };
  }

  async function openMap() {
    try {
      ml = await loadMapLibre(assetBase, shadow);
      map = new ml.Map({
        container: mapEl,
        style: styleUrl ?? plainStyle(),
        ...view(),
        attributionControl: { compact: true },
        cooperativeGestures: touch,
        locale: { 'CooperativeGesturesHandler.MobileHelpText': TWO_FINGERS },
      });
    } catch {
      mapEl.replaceChildren(h('p', { class: 'gc-hint' }, 'The map could not be shown here; type a geopin instead.'));
      mapEl.classList.add('gc-map-off');
      return;
    }
    map.addControl(new ml.NavigationControl({ showCompass: false }));
    map.addControl(
      recentreControl(() => map.easeTo({ center: [pin.longitude, pin.latitude] })),
      'bottom-left',
    );
    const pinButton = h('button', { type: 'button', class: 'gc-pin', onkeydown: onKey });
    marker = new ml.Marker({ element: pinButton, draggable: true, anchor: 'bottom' })
      .setLngLat([pin.longitude, pin.latitude])
      .addTo(map);
    marker.on('dragend', () => {
      const at = marker.getLngLat();
      moved(at.lat, at.lng);
    });
    map.on('click', (event) => moved(event.lngLat.lat, event.lngLat.lng));
    map.on('load', () => addOutlineLayers(map, collection()));
    foldAttribution(map);
    if (styleUrl) watchTiles(map, fallBack);
    labels = pincodeLabels(ml, map, rank);
    labels.draw([...features.values()]);
    moved(pin.latitude, pin.longitude);
    map.once('load', shown);
  }

  /** The map shows the pin (or gave way to the geopin field): the buyer can confirm what they see. */
  function shown() {
    loading.remove();
    confirm.removeAttribute('aria-disabled');
  }

  /** The tile style failed: the outlines on a plain background instead. */
  function fallBack() {
    map.setStyle(plainStyle(), { diff: false });
    map.once('style.load', () => (addOutlineLayers(map, collection()), shown()));
    message.say('Map tiles are unavailable; showing pincode outlines.');
  }

  /** Stores the pin; one outside the typed pincode (and not accepted there yet) is asked about instead. */
  async function confirmPin() {
    // A geopin typed that is not where the pin is: the buyer sees the pin go there, or why it cannot, before any save.
    if (typedElsewhere()) {
      await goToGeopin(true);
      return geopin.input.focus();
    }
    message.say('Saving the location…');
    const outside = await busy(form, async () => {
      try {
        await describing;
        const area = await fetchPinArea();
        if (area?.properties.pincode !== pincode && accepted !== `${pin.latitude},${pin.longitude}`) {
          message.clear();
          return { area: area?.properties ?? null };
        }
        await onConfirm({ ...pin });
      } catch (err) {
        message.say(err.message, 'error');
      }
      return null;
    });
    // After busy: it gives focus back where it was, and the question takes it.
    if (outside) question.ask(outside.area, pincode, Boolean(onUsePincode));
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (confirm.getAttribute('aria-disabled') === 'true')
      return message.say('The map is still loading; confirm once it shows the pin.');
    void confirmPin();
  });

  return {
    el: form,
    /** Called once the form is in the page (MapLibre measures its container). */
    async start() {
      // Set once in the page, so the live region reads it.
      loading.textContent = 'Loading the map…';
      coordinates.textContent = `${pin.latitude.toFixed(6)}, ${pin.longitude.toFixed(6)}`;
      geopin.input.value = encodeGeopin(pin.latitude, pin.longitude);
      await loadOutlines(`pincode=${pincode}`).catch(() => null);
      // The pin's own pincode, when another than the typed one, belongs in the first view too.
      await fetchPinArea().catch(() => null);
      await openMap();
      if (!map) (moved(pin.latitude, pin.longitude), shown());
    },
    get pin() {
      return { ...pin };
    },
    destroy() {
      map?.remove();
    },
  };
}
