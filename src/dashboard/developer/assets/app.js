// Developer dashboard start-up: sign in (or resume the session), then keys, usage and examples.
import { currentUser, fill, formatNumber, h, onSignedOut, say, wireTimeZone } from '/console/console.js';
import { switchedWords, takeSwitchedFrom, watchAccount } from '/console/account-watch.js';
import { redeemLinkIn, sessionEnded, showSignedIn, signIn, wireSignOut } from '/console/sign-in-form.js';
import { renderExamples } from '/dashboard/assets/examples.js';
import { initKeys } from '/dashboard/assets/keys.js';
import { initRequests } from '/dashboard/assets/requests.js';
import { initUsage } from '/dashboard/assets/usage.js';

const BASE = '/dashboard/api';

async function start() {
  const status = document.getElementById('page-status');
  wireSignOut(BASE);
  await redeemLinkIn(BASE);
  let me = await currentUser(BASE);
  if (!me) {
    showSignedIn(false);
    await signIn(BASE);
    me = await currentUser(BASE);
  }
  const switchedFrom = takeSwitchedFrom();
  watchAccount(BASE, me.email);
  showSignedIn(true);
  // From here on a 401 means the session ended elsewhere (signed out, expired): sign in again, told so.
  onSignedOut(() => sessionEnded(me.email));
  document.getElementById('who').textContent = me.email;
  // A new zone redraws the keys, and with them Usage and the requests: the key chosen and the table opened stay.
  let keys = null;
  wireTimeZone(document.getElementById('time-zone'), () =>
    keys?.refresh().catch((err) => say(status, err.message, 'error')),
  );
  showPlans(me);
  const usage = initUsage();
  const requests = initRequests();
  renderExamples(null);
  keys = await initKeys({
    onKeys: async (list) => {
      await usage.setKeys(list);
      await requests.setKeys(list);
    },
    onCreated: (created) => renderExamples(created),
  });
  // Refresh re-reads the key list (this month's counts) and with it the chart of the chosen key.
  document
    .getElementById('usage-refresh')
    .addEventListener('click', () => keys.refresh().catch((err) => say(status, err.message, 'error')));
  say(status, switchedFrom && switchedFrom !== me.email ? switchedWords(switchedFrom, me.email) : '');
}

const title = (name) => `${name[0].toUpperCase()}${name.slice(1)}`;

/** The plans side by side, the account's own marked; new keys get that plan. */
function showPlans(me) {
  document.getElementById('plan-text').textContent = `You are on the ${title(me.plan)} plan; new keys get it.`;
  fill(
    document.getElementById('plan-cards'),
    me.plans.map((p) =>
      h(
        'article',
        { class: `plan${p.name === me.plan ? ' current' : ''}`, 'aria-current': p.name === me.plan ? 'true' : null },
        h('h3', {}, title(p.name), p.name === me.plan ? ' · your plan' : ''),
        h(
          'p',
          { class: 'price' },
          p.price_inr_per_month === null
            ? 'Priced by agreement'
            : p.price_inr_per_month === 0
              ? 'Free'
              : `From ₹${formatNumber(p.price_inr_per_month)} a month`,
        ),
        h(
          'p',
          {},
          p.monthly_requests === null
            ? 'Unlimited requests'
            : `${formatNumber(p.monthly_requests)} requests a month per key`,
        ),
      ),
    ),
  );
}

start().catch((err) =>
  say(document.getElementById('page-status'), `Could not load the dashboard: ${err.message}`, 'error'),
);
