// Developer dashboard start-up: sign in (or resume the session), then keys, usage and examples.
import { currentUser, onSignedOut, say, showSignedIn, signIn, wireSignOut } from '/console/console.js';
import { renderExamples } from '/dashboard/assets/examples.js';
import { initKeys } from '/dashboard/assets/keys.js';
import { initUsage } from '/dashboard/assets/usage.js';

const BASE = '/dashboard/api';

async function start() {
  const status = document.getElementById('page-status');
  onSignedOut(() => location.reload());
  wireSignOut(BASE);
  let me = await currentUser(BASE);
  if (!me) {
    showSignedIn(false);
    document.getElementById('sign-in-email-input').focus();
    await signIn(BASE);
    me = await currentUser(BASE);
  }
  showSignedIn(true);
  document.getElementById('who').textContent = me.email;
  const limit = me.monthly_limit === null ? 'no monthly limit' : `${new Intl.NumberFormat('en-IN').format(me.monthly_limit)} requests per key per month`;
  document.getElementById('plan-text').textContent = `${me.plan_description} (${limit}). New keys get this plan.`;
  const usage = initUsage();
  renderExamples(null);
  await initKeys({
    onKeys: (keys) => usage.setKeys(keys),
    onCreated: (created) => renderExamples(created),
  });
  say(status, '');
}

start().catch((err) => say(document.getElementById('page-status'), `Could not load the dashboard: ${err.message}`, 'error'));
