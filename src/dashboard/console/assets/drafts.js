// Changes typed into a form but not yet saved survive a session that ends under them: kept in the tab before the page
// reloads to sign in, and put back once the same person is signed in again (another person's sign-in clears the tab).
const DRAFTS = 'console.drafts';

/** Forms whose unsaved changes are kept: form -> { key, reopen, changed }. */
const tracked = new Map();

/**
 * Keeps `form`'s unsaved changes across a new sign-in. `key()` names what the form is editing now (the form's id by
 * default); `reopen(key)` brings it back to that (an offer opened for editing) and resolves false when it cannot be.
 */
export function trackDraft(form, { key = () => form.id, reopen = async () => true } = {}) {
  const entry = { key, reopen, changed: false };
  tracked.set(form, entry);
  const touched = () => (entry.changed = true);
  form.addEventListener('input', touched);
  form.addEventListener('change', touched);
}

/** The form was saved, or its changes dropped on purpose: nothing of it is kept any more. */
export function draftSaved(form) {
  const entry = tracked.get(form);
  if (entry) entry.changed = false;
}

/** Secrets are never written to storage, and files cannot be; a group of radios is kept by the one chosen. */
const kept = (el) => el.name && !['password', 'file', 'hidden', 'submit', 'button', 'reset', 'radio'].includes(el.type);

/** Writes every changed form's fields to the tab's storage: called just before the page reloads to sign in. */
export function keepDrafts() {
  const drafts = [];
  for (const [form, entry] of tracked) {
    if (!entry.changed || !form.isConnected) continue;
    const values = {};
    let secret = false;
    for (const el of form.elements) {
      if (el.type === 'password' && el.value) secret = true;
      if (el.type === 'radio' && el.checked) values[el.name] = el.value;
      if (!kept(el)) continue;
      values[el.name] = el.type === 'checkbox' ? el.checked : el.value;
    }
    drafts.push({ form: form.id, key: entry.key(), values, secret });
  }
  if (drafts.length) sessionStorage.setItem(DRAFTS, JSON.stringify(drafts));
}

/**
 * Puts kept changes back into their forms, once the sections have loaded, and returns the titles of the forms that
 * got them back and whether a secret typed in one must be typed again.
 */
export async function restoreDrafts() {
  let drafts = [];
  try {
    drafts = JSON.parse(sessionStorage.getItem(DRAFTS) ?? '[]');
  } catch {
    // Damaged: nothing to put back.
  }
  sessionStorage.removeItem(DRAFTS);
  const restored = [];
  let secret = false;
  for (const draft of Array.isArray(drafts) ? drafts : []) {
    const form = document.getElementById(draft?.form);
    const entry = form && tracked.get(form);
    if (!entry || !(await entry.reopen(draft.key))) continue;
    for (const [name, value] of Object.entries(draft.values ?? {})) {
      const found = form.elements.namedItem(name);
      // A group of radios: the one chosen.
      const el = found instanceof RadioNodeList ? [...found].find((r) => r.value === String(value)) : found;
      if (!el || (el.type !== 'radio' && !kept(el))) continue;
      if (el.type === 'checkbox' || el.type === 'radio') el.checked = el.type === 'radio' || value === true;
      else el.value = String(value);
      // What depends on a field (a hint, a limit) follows it, as when it was typed.
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
    entry.changed = true;
    secret ||= draft.secret === true;
    const title = document.getElementById(form.getAttribute('aria-labelledby') ?? '')?.textContent?.trim();
    restored.push(title || form.id);
  }
  return { restored, secret };
}

/** What the page says when changes came back. */
export function restoredWords({ restored, secret }) {
  if (restored.length === 0) return null;
  const again = secret ? ' A secret you had typed was not kept: type it again.' : '';
  return `Changes you had not saved were kept while you signed in again (${restored.join('; ')}): check them, then save.${again}`;
}
