// A city or state that contradicts the pincode, asked about once under its field with the pincode's own a tap away;
// continuing again keeps what the buyer typed: it is their address, and nothing of it is changed without them.
import { h } from './dom.js';

/**
 * `fields` are the form's city and state fields. `ask(result, address, pincodeCity)` shows what the saved address's
 * warnings say of them and returns the first field it asked about (the form then stays), else null; a field's same
 * words are asked about once.
 */
export function placeQuestion(fields) {
  const notes = [];
  /** The words each field was asked about: the same words are the buyer's answer, kept. */
  const asked = { city: null, state: null };
  const clear = () => notes.splice(0).forEach((note) => note.remove());

  function note(key, typed, value, pincode) {
    const use = h('button', { type: 'button', class: 'gc-link' }, `Use ${value}`);
    const el = h(
      'p',
      { class: 'gc-place-note', role: 'status' },
      `Pincode ${pincode} is in ${value}, not ${typed}. `,
      use,
    );
    use.addEventListener('click', () => {
      fields[key].input.value = value;
      el.remove();
      fields[key].input.focus();
    });
    fields[key].wrap.append(el);
    notes.push(el);
  }

  return {
    ask(result, address, pincodeCity) {
      clear();
      // A pincode that is itself in doubt is asked about on the map (its pin and "Use pincode …"), which brings its
      // own city and state: the city and state are not to be changed towards it here.
      if (result.warnings.includes('pincode_mismatch')) return null;
      // The city the form fills from the pincode (the server's suggestion may be a district: Delhi's "East").
      const suggested = { city: pincodeCity || result.suggestions.city, state: result.suggestions.state };
      const wrong = ['city', 'state'].filter(
        (k) => result.warnings.includes(`${k}_mismatch`) && suggested[k] && asked[k] !== address[k],
      );
      for (const key of wrong) {
        asked[key] = address[key];
        note(key, address[key], suggested[key], address.pincode);
      }
      return wrong[0] ?? null;
    },
    clear,
  };
}
