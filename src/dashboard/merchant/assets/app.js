// Merchant dashboard start-up: sign in (or resume the session), then every section; #order/<id> opens one order's page.
import { claimTab, copyButton, currentUser, onSignedOut, say, wireTimeZone } from '/console/console.js';
import { switchedWords, takeSwitchedFrom, watchAccount } from '/console/account-watch.js';
import { restoreDrafts, restoredWords } from '/console/drafts.js';
import { redeemLinkIn, sessionEnded, showSignedIn, signIn, wireSignOut } from '/console/sign-in-form.js';
import { initAudit } from '/merchant/assets/audit.js';
import { initDeliveries } from '/merchant/assets/deliveries.js';
import { initFunnel } from '/merchant/assets/funnel.js';
import { initImports } from '/merchant/assets/imports.js';
import { initIntegration } from '/merchant/assets/integration.js';
import { initKeys } from '/merchant/assets/keys.js';
import { initOffers } from '/merchant/assets/offers.js';
import { settle, wireRoutes } from '/merchant/assets/page-route.js';
import { initSessions } from '/merchant/assets/sessions.js';
import { initSettings } from '/merchant/assets/settings.js';

const BASE = '/merchant/api';

async function start() {
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
  claimTab(`${me.merchant_id} ${me.email}`);
  showSignedIn(true);
  if (switchedFrom && switchedFrom !== me.email)
    say(document.getElementById('page-status'), switchedWords(switchedFrom, me.email));
  // From here on a 401 means the session ended elsewhere (signed out, expired): sign in again, told so.
  onSignedOut(() => sessionEnded(me.email));
  wireTimeZone(document.getElementById('time-zone'));
  document.getElementById('sections').hidden = false;
  document.getElementById('who').textContent = me.email;
  document.getElementById('merchant-name').textContent = `· ${me.merchant_name}`;
  document.getElementById('merchant-id').textContent = me.merchant_id;
  document.getElementById('merchant-id-copy').append(copyButton(me.merchant_id, 'Copy id'));
  wireRoutes();
  initImports();
  // Sections load side by side; one failing leaves the others working.
  const results = await Promise.allSettled([
    initFunnel(),
    initSessions(),
    initDeliveries(),
    initSettings(),
    initOffers(),
    initKeys(),
    initAudit(),
    initIntegration(),
  ]);
  settle();
  const failed = results.find((r) => r.status === 'rejected');
  const kept = restoredWords(await restoreDrafts());
  const status = document.getElementById('page-status');
  if (failed)
    say(status, [`Some sections did not load: ${failed.reason.message}`, kept].filter(Boolean).join(' '), 'error');
  else if (kept) say(status, kept);
}

start().catch((err) =>
  say(document.getElementById('page-status'), `Could not load the dashboard: ${err.message}`, 'error'),
);
