// Developer dashboard start-up: sign in (or resume the session), then keys, usage and examples.
import { currentUser, onSignedOut, say, showSignedIn, signIn, wireSignOut } from '/console/console.js';
import { renderExamples } from '/dashboard/assets/examples.js';
import { initKeys } from '/dashboard/assets/keys.js';
import { initUsage } from '/dashboard/assets/usage.js';

const BASE = '/dashboard/api';

async function start() {
  const status = document.getElementById('page-status');
  wireSignOut(BASE);
  let me = await currentUser(BASE);
  if (!me) {
    showSignedIn(false);
    await signIn(BASE);
    me = await currentUser(BASE);
  }
  showSignedIn(true);
  // From here on a 401 means the session ended elsewhere (signed out, expired): start over at the sign-in form.
  onSignedOut(() => location.reload());
  document.getElementById('who').textContent = me.email;
  const limit =
    me.monthly_limit === null
      ? 'no monthly limit'
      : `${new Intl.NumberFormat('en-IN').format(me.monthly_limit)} requests per key per month`;
  document.getElementById('plan-text').textContent =
    `${me.plan[0].toUpperCase()}${me.plan.slice(1)} plan: ${limit}. New keys get this plan.`;
  const usage = initUsage();
  renderExamples(null);
  const keys = await initKeys({
    onKeys: (list) => usage.setKeys(list),
    onCreated: (created) => renderExamples(created),
  });
  // Refresh re-reads the key list (this month's counts) and with it the chart of the chosen key.
  document
    .getElementById('usage-refresh')
    .addEventListener('click', () => keys.refresh().catch((err) => say(status, err.message, 'error')));
  say(status, '');
}

start().catch((err) =>
  say(document.getElementById('page-status'), `Could not load the dashboard: ${err.message}`, 'error'),
);
