// The dashboards' sign-in form: email, then the mailed code with a countdown to resend; what it says after Sign out,
// an ended session or a refused sign-in link; and the switch between it and the signed-in page.
import { api, forgetTab, h, plural, say, setCsrfToken } from '/console/console.js';
import { keepDrafts } from '/console/drafts.js';

/** The "send a new code" button: disabled with a countdown until the server would mail a new code. */
function resendButton(onClick) {
  const button = h('button', { type: 'button', class: 'secondary small', id: 'sign-in-resend', hidden: true });
  let timer = null;
  button.addEventListener('click', onClick);
  return {
    button,
    start(seconds) {
      clearInterval(timer);
      let left = seconds;
      button.hidden = false;
      const tick = () => {
        button.disabled = left > 0;
        button.textContent = left > 0 ? `Send a new code in ${left} s` : 'Send a new code';
        if (left-- <= 0) clearInterval(timer);
      };
      tick();
      timer = setInterval(tick, 1000);
    },
  };
}

const ENDED = 'console.ended';

/** Whether the server sent this page a refused sign-in link (?sign_in=link_refused); the address then drops it. */
function takeLinkRefusal() {
  const params = new URLSearchParams(location.search);
  if (!params.has('sign_in')) return false;
  const refused = params.get('sign_in') === 'link_refused';
  params.delete('sign_in');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return refused;
}
const LINK_FRAGMENT = '#sign-in-link=';

/**
 * A printed sign-in link followed in this browser: the server sent its token in the address's fragment, and it is
 * redeemed here, by script, so a chat app's link preview (which runs none) does not use it up. A refused one leaves
 * ?sign_in=link_refused for the sign-in form to explain.
 */
export async function redeemLinkIn(base) {
  if (!location.hash.startsWith(LINK_FRAGMENT)) return;
  const token = decodeURIComponent(location.hash.slice(LINK_FRAGMENT.length));
  // Out of the address (and so the history) before anything else happens.
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  try {
    const { csrf_token: csrf } = await api('POST', `${base}/sign-in/link`, { token });
    setCsrfToken(csrf);
  } catch {
    history.replaceState(null, '', `${location.pathname}?sign_in=link_refused`);
  }
}

/** Set by Sign out for the reload that follows: the sign-in form then says so and takes focus. */
const SIGNED_OUT = 'console.signedOut';

/** A call answered 401 while signed in as `email`: the sign-in form, after a reload, says why and has the email. */
export function sessionEnded(email) {
  keepDrafts();
  sessionStorage.setItem(ENDED, email);
  location.reload();
}

/**
 * The email-code sign-in of a dashboard: #sign-in-email form, then #sign-in-code form with a countdown to "send a new
 * code". Resolves once signed in with the CSRF token set.
 */
export function signIn(base) {
  const emailForm = document.getElementById('sign-in-email');
  const codeForm = document.getElementById('sign-in-code');
  const status = document.getElementById('sign-in-status');
  let email = '';
  const ended = sessionStorage.getItem(ENDED);
  sessionStorage.removeItem(ENDED);
  if (ended) {
    emailForm.elements.email.value = ended;
    say(status, 'Your session has ended (it expired, or was signed out elsewhere). Sign in again to carry on.');
    emailForm.querySelector('button[type="submit"]').focus();
  }
  if (takeLinkRefusal()) {
    say(status, 'This sign-in link was already used or has expired; sign in with your email.');
    emailForm.elements.email.focus();
  }
  if (sessionStorage.getItem(SIGNED_OUT)) {
    sessionStorage.removeItem(SIGNED_OUT);
    say(status, 'You are signed out.');
    emailForm.elements.email.focus();
  }
  const requestCode = async () => {
    say(status, 'Sending a code…');
    try {
      const { message, resend_after_seconds: wait } = await api('POST', `${base}/sign-in/code`, { email });
      say(status, `${message}. Enter the 6-digit code from the email.`, 'ok');
      codeForm.hidden = false;
      codeForm.elements.code.focus();
      resend.start(wait ?? 60);
    } catch (err) {
      say(status, err.message, 'error');
    }
  };
  const resend = resendButton(requestCode);
  codeForm.after(resend.button);
  return new Promise((resolve) => {
    emailForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      email = emailForm.elements.email.value.trim();
      await requestCode();
    });
    codeForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      say(status, 'Checking the code…');
      try {
        const { csrf_token } = await api('POST', `${base}/sign-in/verify`, {
          email,
          code: codeForm.elements.code.value.trim(),
        });
        setCsrfToken(csrf_token);
        say(status, '');
        codeForm.reset();
        resolve();
      } catch (err) {
        say(status, codeRefusal(err), 'error');
      }
    });
  });
}

/**
 * A refused code in words: the tries a wrong code leaves ("1 attempt left"); nothing about tries when the code expired
 * or was used, whose message already says to request a new one.
 */
function codeRefusal(err) {
  const left = err.body?.attempts_remaining;
  if (err.code !== 'invalid_code' || typeof left !== 'number') return err.message;
  if (left > 0) return `${err.message} (${plural(left, 'attempt')} left)`;
  return /request a new/.test(err.message) ? err.message : `${err.message}; request a new code`;
}

/** Wires the sign-out button: ends the session, forgets what the tab kept of it, reloads into the sign-in form. */
export function wireSignOut(base) {
  document.getElementById('sign-out').addEventListener('click', async () => {
    await api('POST', `${base}/sign-out`).catch(() => undefined);
    forgetTab();
    // The button is gone after the reload: focus goes to the sign-in form, not the top of the page.
    sessionStorage.setItem(SIGNED_OUT, '1');
    location.reload();
  });
}

/** Shows the app or the sign-in form. */
export function showSignedIn(signedIn) {
  // Signed in already (an older session): a refused link has nothing to say.
  if (signedIn) takeLinkRefusal();
  document.getElementById('sign-in').hidden = signedIn;
  document.getElementById('app').hidden = !signedIn;
  document.getElementById('account').hidden = !signedIn;
}
