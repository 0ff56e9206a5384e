// The address form: pincode checked against the postal directory as it is typed (state and city filled from it, the
// district only shown), localities suggested near it, delivery checked with the merchant, and every error shown under
// the field it is about.
import { asciiDigits, busy, field, h, messageLine } from './dom.js';
import { localitySuggestions } from './locality-suggestions.js';
import { phoneProblem } from './phone-check.js';
import { placeQuestion } from './place-question.js';

/** One of these says where in the pincode to deliver (the server's rule). */
const LINE_FIELDS = ['flat_number', 'building_name', 'street_name', 'locality'];
const TEXT_FIELDS = ['name', 'phone', 'pincode', ...LINE_FIELDS, 'landmark', 'city', 'state'];
/** A pincode as the directory writes it: six digits. */
const PINCODE = /^[0-9]{6}$/;

/** Under the pincode when letters were typed into it and left out. */
const LETTERS_LEFT_OUT = 'A pincode has only digits: the letters typed were left out';

/**
 * A pincode as typed or pasted, in any Indian script: six digits standing together ("Bangalore 560034", "PIN: 110 092"),
 * else the first six digits; an O or o beside a digit is a 0 ("11OO92" is 110092: the letter sits by the digit on a
 * phone's keyboard and looks like it), not one inside a word ("Pincode"). `letters` when others were left out.
 */
export function typedPincode(text) {
  const read = asciiDigits(text).replace(/[oO]+/g, (run, at, all) =>
    /\d/.test(all[at - 1] ?? '') || /\d/.test(all[at + run.length] ?? '') ? '0'.repeat(run.length) : run,
  );
  const six = /(?<!\d)(\d{3}) ?(\d{3})(?!\d)/.exec(read);
  return { digits: six ? six[1] + six[2] : read.replace(/\D/g, '').slice(0, 6), letters: /\p{L}/u.test(read) };
}

/** The town India Post writes in brackets after an office name ("Indiranagar S.O (Bengaluru)"), if any. */
export function cityOfOffice(name) {
  return /\(([^)]+)\)\s*$/.exec(name ?? '')?.[1]?.trim() ?? '';
}

/** The city the form fills from a directory answer: the town an office names in brackets, else the answer's city. */
export function directoryCity(info) {
  return cityOfOffice(info?.offices?.[0]?.name) || (info?.city ?? '');
}

const sameName = (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The city and state an address takes with a new pincode, from the directory's answers for its old pincode (`before`)
 * and the new one (`after`): a value that is empty or names the old pincode's place (filled from it, or typed the same)
 * becomes the new one's; one the buyer typed otherwise is kept. Only the fields that change are returned.
 */
export function placeForPincode(address, before, after) {
  const old = {
    city: [directoryCity(before), before?.city, before?.district],
    state: [before?.state],
  };
  const next = { city: directoryCity(after), state: after?.state ?? '' };
  const patch = {};
  for (const key of ['city', 'state']) {
    const value = address[key] ?? '';
    const fromOld = !value.trim() || old[key].some((name) => name && sameName(name, value));
    // A name left from the old pincode is wrong under the new one even when the directory has none to give instead.
    if (fromOld && !sameName(next[key], value)) patch[key] = next[key] || null;
  }
  return patch;
}

/**
 * `save(address, isDefault, stored)` stores the address (a new one, or `stored` updated) and resolves with the server's
 * `{address, warnings, suggestions}`; server errors land on their fields. A city or state the pincode contradicts is
 * asked about once under its field; then, or without one, calls `onSaved(address, pincodeInfo)` and stays busy until
 * what it returns settles.
 * `offerDefault` shows "Make this my default address" (not for a first address, which is the default anyway, nor for
 * the default itself).
 */
export function addressForm({ api, initial = null, offerDefault = true, save, onSaved, onCancel }) {
  const input = (name, attrs) => h('input', { type: 'text', name, value: initial?.[name] ?? '', ...attrs });
  const f = {
    name: field('name', 'Full name', input('name', { autocomplete: 'name', required: true, maxlength: 200 })),
    phone: field(
      'phone',
      'Mobile number',
      input('phone', { type: 'tel', inputmode: 'tel', autocomplete: 'tel', required: true, maxlength: 24 }),
      '10 digits; 0 or +91 before them is fine',
    ),
    pincode: field(
      'pincode',
      'Pincode',
      // No maxlength: six digits are kept as typed (typedPincode).
      input('pincode', { inputmode: 'numeric', autocomplete: 'postal-code', required: true }),
      '',
      { checkedAsTyped: true },
    ),
    flat_number: field('flat_number', 'Flat, house no.', input('flat_number', { maxlength: 100 })),
    building_name: field('building_name', 'Building, apartment', input('building_name', { maxlength: 200 })),
    street_name: field(
      'street_name',
      'Street, road',
      input('street_name', { autocomplete: 'address-line1', maxlength: 300 }),
    ),
    locality: field('locality', 'Area, locality', input('locality', { autocomplete: 'address-line2', maxlength: 200 })),
    landmark: field('landmark', 'Landmark (optional)', input('landmark', { maxlength: 200 })),
    city: field('city', 'City, town', input('city', { autocomplete: 'address-level2', maxlength: 100 })),
    state: field('state', 'State', input('state', { autocomplete: 'address-level1', maxlength: 100 })),
  };
  const makeDefault = h('input', { type: 'checkbox', name: 'is_default', checked: initial?.is_default ?? false });
  const places = placeQuestion({ city: f.city, state: f.state });
  /** The address as last saved: the one edited, or the new one once a first submit saved it and asked about it. */
  let stored = initial;
  const message = messageLine();
  const auto = { city: '', state: '' };
  /** An edited address's pincode as saved: a new one brings its own city and state over the saved ones. */
  const savedPincode = initial?.pincode ?? '';
  let pincodeInfo = null;
  /** The last directory check: `{ pincode, result }`, reused until the pincode changes. */
  let checking = null;

  /** Directory answer and delivery verdict for the pincode typed; fills state and city unless the buyer typed them. */
  async function checkPincode() {
    const pincode = f.pincode.input.value.trim();
    f.pincode.hint.textContent = '';
    f.pincode.set('');
    pincodeInfo = null;
    if (!PINCODE.test(pincode)) return null;
    const info = await api.geo(`/v1/pincode/validate/${pincode}`);
    if (pincode !== f.pincode.input.value.trim()) return null;
    if (!info.exists) {
      f.pincode.set(`${pincode} is not a pincode India Post knows; check the number`);
      return null;
    }
    const moved = savedPincode !== '' && pincode !== savedPincode;
    for (const [key, value] of [
      ['state', info.state ?? ''],
      // The town an office names in brackets, else the city the service reads from the pincode's place.
      ['city', directoryCity(info)],
    ]) {
      const el = f[key].input;
      const stale = moved && el.value === (initial?.[key] ?? '');
      if (value && (!el.value || el.value === auto[key] || stale)) el.value = auto[key] = value;
    }
    const place = [info.offices[0]?.name, info.district && `${info.district} district`, info.state];
    f.pincode.hint.textContent = place.filter(Boolean).join(', ');
    const delivery = await api.book({ action: 'serviceability_check', pincode });
    if (delivery.block_checkout) {
      f.pincode.set(delivery.message || `This shop does not deliver to ${pincode}`);
      return null;
    }
    if (delivery.checked && delivery.message) f.pincode.hint.textContent += `. ${delivery.message}`;
    pincodeInfo = info;
    return info;
  }

  /** One check per pincode typed: submitting reuses it, so its verdict stays under the field meanwhile. */
  function checkOnce() {
    const pincode = f.pincode.input.value.trim();
    if (checking?.pincode === pincode) return checking.result;
    const current = { pincode, result: null };
    current.result = checkPincode().catch((err) => {
      f.pincode.set(err.message);
      // A request that failed is asked again on submit.
      if (checking === current) checking = null;
      return null;
    });
    checking = current;
    return current.result;
  }

  // A paste longer than a field holds is cut by the browser without a word: say so under the field.
  for (const { input: el, set } of Object.values(f)) {
    if (el.maxLength <= 0) continue;
    el.addEventListener('paste', (event) => {
      const pasted = event.clipboardData?.getData('text') ?? '';
      const room = el.maxLength - el.value.length + (el.selectionEnd - el.selectionStart);
      if (pasted.length <= room) return;
      const say = () => set(`Only ${el.maxLength} characters fit here: the end of what you pasted was left out`);
      // Said again after the paste's own input event, which clears the field's error; gone by the next keystroke.
      say();
      el.addEventListener('input', say, { once: true });
      setTimeout(() => el.removeEventListener('input', say));
    });
  }

  // The "one of these" error sits under the flat number but is about all four line fields: any of them answers it.
  let lineMissing = false;
  for (const name of LINE_FIELDS)
    f[name].input.addEventListener('input', () => lineMissing && ((lineMissing = false), f.flat_number.set('')));

  f.phone.input.addEventListener('input', () => {
    const typed = f.phone.input.value;
    const ascii = asciiDigits(typed);
    if (ascii !== typed) f.phone.input.value = ascii;
  });

  f.pincode.input.addEventListener('input', () => {
    const pin = f.pincode.input;
    const { digits, letters } = typedPincode(pin.value);
    if (digits !== pin.value) pin.value = digits;
    void checkOnce();
    if (!letters) return;
    // Said once the check has started (which clears the field's error); the next keystroke checks again and clears it.
    f.pincode.set(LETTERS_LEFT_OUT);
    checking = null;
  });

  /** Server errors on their fields: issues name "address.phone"; codes name the rule that failed. */
  function showServerError(err) {
    let placed = false;
    for (const issue of err.issues) {
      const name = String(issue.path).replace(/^address\./, '');
      if (f[name]) {
        f[name].set(issue.message);
        placed = true;
      }
    }
    if (err.code === 'invalid_pincode') (f.pincode.set(err.message), (placed = true));
    if (err.code === 'incomplete_address') (f.flat_number.set(err.message), (placed = lineMissing = true));
    if (!placed) message.say(err.message, 'error');
  }

  function validate(address) {
    const problems = [];
    if (!address.name) problems.push(['name', 'Enter the name of the person receiving the order']);
    if (!address.phone) problems.push(['phone', 'Enter a mobile number']);
    else if (phoneProblem(address.phone)) problems.push(['phone', phoneProblem(address.phone)]);
    if (!PINCODE.test(address.pincode ?? '')) problems.push(['pincode', 'Enter the 6-digit pincode']);
    lineMissing = !LINE_FIELDS.some((k) => address[k]);
    if (lineMissing) problems.push(['flat_number', 'Enter a flat or house number, building, street or area']);
    for (const [name, text] of problems) f[name].set(text);
    return problems.length === 0;
  }

  const form = h(
    'form',
    { class: 'gc-form', novalidate: true },
    f.name.wrap,
    f.phone.wrap,
    f.pincode.wrap,
    h('div', { class: 'gc-row' }, f.flat_number.wrap, f.building_name.wrap),
    f.street_name.wrap,
    f.locality.wrap,
    f.landmark.wrap,
    h('div', { class: 'gc-row' }, f.city.wrap, f.state.wrap),
    offerDefault ? h('label', { class: 'gc-check' }, makeDefault, 'Make this my default address') : null,
    message.el,
    h(
      'div',
      { class: 'gc-actions' },
      onCancel ? h('button', { type: 'button', class: 'gc-secondary', onclick: onCancel }, 'Cancel') : null,
      h('button', { type: 'submit', class: 'gc-primary' }, 'Continue to map'),
    ),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    message.clear();
    places.clear();
    const address = {};
    for (const name of TEXT_FIELDS) {
      // The pincode's error belongs to its directory check, which the buyer's next keystroke reruns.
      if (name !== 'pincode') f[name].set('');
      const value = f[name].input.value.trim();
      if (value) address[name] = value;
      // Emptied while editing: the saved value goes (an update leaves out what it is not sent).
      else if (stored?.[name]) address[name] = null;
    }
    const valid = validate(address);
    void busy(form, async () => {
      try {
        // The check started as the pincode was typed; on a slow network it may still be on its way.
        if (PINCODE.test(address.pincode ?? '')) message.say('Checking the pincode…');
        const info = PINCODE.test(address.pincode ?? '') ? await checkOnce() : null;
        if (!valid || !info) return message.clear();
        message.say('Saving the address…');
        const saved = await save(address, makeDefault.checked, stored);
        stored = saved.address;
        const asked = places.ask(saved, address, directoryCity(info));
        if (asked) {
          message.say('Saved as typed. Check the city and state above: use the suggestion, or continue to keep them.');
          return f[asked].input.focus();
        }
        // Busy until the map step is shown: a second tap meanwhile would save the address twice.
        await onSaved(stored, info);
      } catch (err) {
        message.clear();
        showServerError(err);
      }
    });
  });

  // A locality picked from the suggestions gives its pincode to a form that has none yet (never replaces one typed).
  localitySuggestions({
    api,
    input: f.locality.input,
    near: () => pincodeInfo && { pincode: pincodeInfo.pincode, point: pincodeInfo.coordinates ?? null },
    chosen(place) {
      const pin = f.pincode.input;
      if (PINCODE.test(pin.value.trim())) return;
      pin.value = place.pincode;
      pin.dispatchEvent(new Event('input'));
    },
  });

  if (initial?.pincode) void checkOnce();
  return { el: form, focus: () => f.name.input.focus() };
}
