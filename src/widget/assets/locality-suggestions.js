// Suggestions under the "Area, locality" field from the location API's autocomplete, ranked near the pincode typed,
// as an ARIA combobox (arrow keys, Enter, Escape, a tap; closed when focus leaves the field). Only a help: a failed call
// shows nothing and blocks nothing.
import { h } from './dom.js';
import { folded, withTypedWords } from './typed-words.js';

/** Wait after the last keystroke before asking: one call per pause, not one per letter. */
const PAUSE_MS = 300;
const SHOWN = 5;
/** Kinds of place a locality field takes (states, districts and monuments have fields or no place here). */
const KINDS = new Set(['locality', 'office']);
/**
 * A place of another pincode this far from the typed pincode's point may still lie in it: 99.93% of localities and
 * offices lie within 50 km of their own pincode's point, and 99.85% of pincodes have all theirs within it
 * (bench/pincode-spread.ts). A place farther off contradicts the pincode.
 */
const REACH_KM = 50;

/** True when the place may lie in `pincode`: it has that pincode, or lies within a pincode's reach of its point. */
const fitsPincode = (place, pincode) =>
  pincode === null || place.pincode === pincode || (place.distance_km ?? Infinity) <= REACH_KM;

/**
 * The autocomplete's results a locality field shows: localities and offices, each name and pincode once, with
 * `pincode` (the one the form checked, or null) only those that may lie in it. When the buyer already typed the first
 * of them whole, none (nothing is left to suggest; "Kora" is a village, and still a start), unless no pincode is typed
 * and places of that name lie in several pincodes ("Shahabad"): then those first.
 */
export function localityChoices(results, typed, pincode = null) {
  const seen = new Set();
  const out = [];
  for (const r of results) {
    const key = `${folded(r.name)}|${r.pincode}`;
    if (!KINDS.has(r.type) || r.pincode === null || seen.has(key) || !fitsPincode(r, pincode)) continue;
    seen.add(key);
    out.push(r);
  }
  const namesakes = out.filter((r) => folded(r.name) === folded(typed));
  if (namesakes.length === 0 || namesakes[0] !== out[0]) return out.slice(0, SHOWN);
  // A name several pincodes share, typed without a pincode, still asks which one: a tap fills its pincode.
  if (pincode !== null || new Set(namesakes.map((r) => r.pincode)).size < 2) return [];
  return [...namesakes, ...out.filter((r) => !namesakes.includes(r))].slice(0, SHOWN);
}

/**
 * Wires suggestions to `input` (inside a `.gc-field`). `near()` is the pincode the form checked, `{ pincode, point }`
 * (point null when the directory has none), or null; `chosen(place)` runs after the buyer picks one, the field already
 * holding its name and the typed words it does not account for (withTypedWords).
 */
export function localitySuggestions({ api, input, near, chosen }) {
  const list = h('ul', { class: 'gc-suggestions', role: 'listbox', id: `${input.id}-list`, hidden: true });
  list.setAttribute('aria-label', 'Suggested localities');
  // Said by screen readers when the list opens, which a combobox's expanded state alone may not be.
  const status = h('span', { class: 'gc-sr', role: 'status' });
  input.after(list, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');
  let places = [];
  let active = -1;
  let timer = 0;
  let asked = 0;

  function close() {
    places = [];
    active = -1;
    list.hidden = true;
    list.replaceChildren();
    status.textContent = '';
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }

  function highlight(i) {
    active = i;
    [...list.children].forEach((li, k) => li.setAttribute('aria-selected', String(k === i)));
    if (i >= 0) input.setAttribute('aria-activedescendant', list.children[i].id);
    else input.removeAttribute('aria-activedescendant');
  }

  function choose(i) {
    const place = places[i];
    if (!place) return;
    // What the buyer typed after the place ("Sector 17 Vashi", a block, a road) stays: the name replaces only itself.
    input.value = withTypedWords(place.name, input.value);
    close();
    chosen(place);
  }

  function show(found) {
    close();
    if (found.length === 0) return;
    places = found;
    list.append(
      ...found.map((p, i) =>
        h(
          'li',
          { id: `${list.id}-${i}`, role: 'option', 'aria-selected': 'false' },
          h('span', { class: 'gc-suggestion-name' }, p.name),
          h('span', { class: 'gc-suggestion-place' }, [p.pincode, p.district].filter(Boolean).join(' · ')),
        ),
      ),
    );
    // In the form's flow, under the input: laid over the fields that follow, it took the tap meant for the next one.
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    status.textContent = `${found.length} ${found.length === 1 ? 'locality' : 'localities'} suggested; arrow keys to choose`;
    // On a phone the field is often at the screen's foot: the list must not open out of sight.
    list.scrollIntoView({ block: 'nearest' });
  }

  async function ask() {
    const typed = input.value.trim().slice(0, 100);
    const turn = ++asked;
    if (typed.replace(/\s/g, '').length < 3) return close();
    const params = new URLSearchParams({ q: typed, limit: '10' });
    const checked = near();
    const point = checked?.point;
    if (point) {
      params.set('lat', String(point.latitude));
      params.set('lng', String(point.longitude));
    }
    let results = [];
    try {
      results = (await api.geo(`/v1/geopin/autocomplete?${params}`)).results;
    } catch {
      results = [];
    }
    // A later keystroke asked again, or the buyer left the field: this answer is stale.
    if (turn !== asked || input.getRootNode().activeElement !== input) return;
    show(localityChoices(results, input.value.trim(), checked?.pincode ?? null));
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(), PAUSE_MS);
  });
  // Focus leaving the field (a tap on the next field or outside, Tab) closes the list and keeps what was typed.
  input.addEventListener('blur', () => {
    asked++;
    clearTimeout(timer);
    close();
  });
  input.addEventListener('keydown', (event) => {
    if (list.hidden) return;
    const n = places.length;
    if (event.key === 'ArrowDown') highlight((active + 1) % n);
    else if (event.key === 'ArrowUp') highlight((active - 1 + n) % n);
    else if (event.key === 'Enter' && active >= 0) choose(active);
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
  });
  // Pressed, the input keeps its focus (no blur closes the list first); the choice is taken on release.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const li = event.target.closest('li[role="option"]');
    if (li) choose([...list.children].indexOf(li));
  });
}
