// Tabs of one browser share one session cookie: a sign-in as someone else in another tab ends this tab's person. This
// tab notices (the other tab's note, its own return into view, a refused CSRF token) and reloads as that person.
import { api, onCsrfRefused, setCsrfToken } from '/console/console.js';
import { sessionEnded } from '/console/sign-in-form.js';

const ACCOUNT = 'console.account';
const SWITCHED = 'console.switched';

/**
 * Who this tab showed before it reloaded as someone else, once (null otherwise). Read it before `claimTab`, which
 * clears what a previous person left in the tab.
 */
export function takeSwitchedFrom() {
  const was = sessionStorage.getItem(SWITCHED);
  sessionStorage.removeItem(SWITCHED);
  return was;
}

/** What the page says after such a reload. */
export const switchedWords = (was, now) =>
  `You signed in as ${now} in another tab, so this tab, which showed ${was}, now shows ${now}.`;

/** Tells the other tabs who signed in here, and follows a sign-in as someone else in any of them. */
export function watchAccount(base, email) {
  const key = `${ACCOUNT}:${base}`;
  localStorage.setItem(key, email);
  let checking = null;
  /** 'same' (the same person signed in again: the new session's CSRF token is taken), 'switched' or 'ended'. */
  const check = () => {
    checking ??= api('GET', `${base}/session`)
      .then((session) => {
        if (!session.signed_in) {
          sessionEnded(email);
          return 'ended';
        }
        if (session.user.email === email) {
          setCsrfToken(session.csrf_token);
          return 'same';
        }
        sessionStorage.setItem(SWITCHED, email);
        location.reload();
        return 'switched';
      })
      .catch(() => 'ended')
      .finally(() => (checking = null));
    return checking;
  };
  window.addEventListener('storage', (event) => {
    if (event.key === key && event.newValue !== email) void check();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  onCsrfRefused(check);
}
