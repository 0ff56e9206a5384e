// Email sign-in: the address form, then the 6-digit code with a resend button that counts down before it works again.
import { busy, field, focusField, h, keepDigits, messageLine } from './dom.js';

/** Seconds before "Resend code" works again. */
export const RESEND_AFTER_S = 30;

/** A time today as the buyer's clock shows it: "02:45 pm". */
const timeOfDay = (iso) => new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });

/** " (4 tries left)", " (1 try left)", or nothing when the server gave no count. */
const triesLeft = (n) => (n ? ` (${n} ${n === 1 ? 'try' : 'tries'} left)` : '');

/**
 * `onSent(email, answer)` follows a successful send; errors show under the field or beside the button. `notice` says
 * why the buyer signs in again.
 */
export function emailForm({ api, email: initial = '', notice = '', onSent }) {
  const email = field(
    'email',
    'Email',
    h('input', { type: 'email', autocomplete: 'email', required: true, maxlength: 254, value: initial }),
    "We'll email you a 6-digit code",
  );
  const message = messageLine();
  const form = h(
    'form',
    { class: 'gc-form', novalidate: true },
    email.wrap,
    message.el,
    h('div', { class: 'gc-actions' }, h('button', { type: 'submit', class: 'gc-primary' }, 'Email me a code')),
  );
  if (notice) message.say(notice);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = email.input.value.trim();
    email.set('');
    message.clear();
    if (!email.input.checkValidity() || !value)
      return (email.set('Enter an email address such as name@example.com'), focusField(email.input));
    // The browser takes "name@gmail"; mail to it never arrives, and the buyer would wait for the code.
    const domain = value.slice(value.lastIndexOf('@') + 1);
    if (!/\.[^.\s]{2,}$/.test(domain))
      return (email.set(`Add the ending of the address, e.g. ${value}.com`), focusField(email.input));
    message.say('Sending a code…');
    void busy(form, async () => {
      try {
        onSent(value, await api.otp({ action: 'send', email: value }));
      } catch (err) {
        message.clear();
        if (err.issues.length) email.set(err.issues[0].message);
        else message.say(err.message, 'error');
      }
    });
  });
  return { el: form, focus: () => email.input.focus(), stop() {} };
}

/**
 * The code form for `email`; `extras` go with verify (UTM, cart). `onVerified(session)` follows a good code; a wrong
 * one shows under the field with the tries left. "Resend code" says whether a new code was mailed (the old one then
 * no longer works) or the live one stands, and waits out a lockout. `stop()` ends the countdown.
 */
export function codeForm({ api, email, sent, extras, onVerified, onChangeEmail }) {
  const code = field(
    'code',
    'Code from the email',
    h('input', {
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      // No maxlength: six digits are kept as typed or pasted (keepDigits).
      required: true,
      class: 'gc-mono',
    }),
    sent.reused ? `A code sent earlier to ${email} is still valid` : `Sent to ${email}`,
  );
  const message = messageLine();
  code.input.addEventListener('input', () => keepDigits(code.input, 6));
  const resend = h('button', { type: 'button', class: 'gc-link' });
  // Why resend waits, when the countdown alone would mislead (a lockout).
  const why = h('p', { class: 'gc-hint', id: `${code.input.id}-resend-why` });
  resend.setAttribute('aria-describedby', why.id);
  const form = h(
    'form',
    { class: 'gc-form', novalidate: true },
    code.wrap,
    message.el,
    h(
      'div',
      { class: 'gc-actions' },
      h('button', { type: 'button', class: 'gc-secondary', onclick: onChangeEmail }, 'Change email'),
      h('button', { type: 'submit', class: 'gc-primary' }, 'Verify'),
    ),
    h('div', { class: 'gc-resend' }, resend, why),
  );
  let timer = null;
  let left = RESEND_AFTER_S;
  const tick = () => {
    resend.disabled = left > 0;
    resend.textContent = left > 0 ? `Resend code in ${left} s` : 'Resend code';
    if (left-- > 0) timer = setTimeout(tick, 1000);
  };
  tick();

  /** Codes are refused until `until` (too many wrong ones): a new code would not help before then, so resend waits. */
  function locked(until) {
    clearTimeout(timer);
    resend.disabled = true;
    resend.textContent = 'Resend code';
    why.textContent = `You can enter a code again at ${timeOfDay(until)}; a new code would not help before then.`;
    const unlock = () => ((why.textContent = ''), (left = 0), tick());
    timer = setTimeout(unlock, Math.max(0, Date.parse(until) - Date.now()));
  }

  let resending = false;
  resend.addEventListener('click', async () => {
    // Enabled while its request is on its way (disabling it would drop focus): a second press waits for the first.
    if (resending) return;
    resending = true;
    message.say('Sending a new code…');
    try {
      const again = await api.otp({ action: 'send', email });
      if (again.reused)
        message.say(`Your code is still valid until ${timeOfDay(again.expires_at)}; check spam if it has not arrived.`);
      else {
        // A new code replaced the one mailed before: a buyer who types the older one must not be surprised, and the
        // older one's digits and its "wrong" or "expired" are no longer about anything.
        code.input.value = '';
        code.set('');
        code.hint.textContent = `A new code was sent to ${email}`;
        message.say('A new code is on its way; the code sent before no longer works.');
      }
      left = RESEND_AFTER_S;
      tick();
      // The button is disabled for the countdown and drops focus: the buyer's next move is typing the new code.
      code.input.focus();
    } catch (err) {
      message.say(err.message, 'error');
    } finally {
      resending = false;
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    code.set('');
    message.clear();
    const value = code.input.value.trim();
    if (!/^[0-9]{6}$/.test(value)) return (code.set('Enter the 6 digits from the email'), focusField(code.input));
    message.say('Checking the code…');
    let lockedUntil = null;
    // A lockout is shown once busy has given the controls back: done before, busy would enable resend again.
    void busy(form, async () => {
      try {
        const session = await api.otp({ action: 'verify', email, code: value, ...extras });
        clearTimeout(timer);
        await onVerified(session);
      } catch (err) {
        message.clear();
        if (err.status === 401) code.set(`${err.message}${triesLeft(err.body?.attempts_remaining)}`);
        else message.say(err.message, 'error');
        if (err.code === 'otp_locked') lockedUntil = err.body.locked_until ?? null;
      }
    }).then(() => lockedUntil && locked(lockedUntil));
  });
  return { el: form, focus: () => code.input.focus(), stop: () => clearTimeout(timer) };
}
