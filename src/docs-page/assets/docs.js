// Starts Swagger UI on /openapi.json (no validator badge, no external request) and the search box above it.
/* global SwaggerUIBundle */

/** Lower-cased text an operation is found by: method, path, summary, description, parameter and action names. */
function searchText(method, path, op) {
  const params = (op.parameters ?? []).map(
    (p) => `${p.name} ${p.description ?? ''} ${(p.schema?.enum ?? []).join(' ')}`,
  );
  const bodies = Object.keys(op.requestBody?.content?.['application/json']?.examples ?? {});
  return [method, path, op.summary, op.description, op.operationId, ...(op.tags ?? []), ...params, ...bodies]
    .join(' ')
    .toLowerCase();
}

/** Shows only operations whose text holds every word typed; tags with none left are hidden too. */
function startSearch(doc) {
  const input = document.getElementById('docs-search');
  const count = document.getElementById('docs-search-count');
  const byId = new Map();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) byId.set(op.operationId, searchText(method, path, op));
  const apply = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const block of document.querySelectorAll('.swagger-ui .opblock')) {
      const id = [...byId.keys()].find((key) => block.id.endsWith(`-${key}`));
      const hit = words.length === 0 || (id !== undefined && words.every((w) => byId.get(id).includes(w)));
      block.classList.toggle('docs-hidden', !hit);
      if (hit) shown++;
    }
    for (const section of document.querySelectorAll('.swagger-ui .opblock-tag-section')) {
      const any = section.querySelector('.opblock:not(.docs-hidden)');
      section.classList.toggle('docs-hidden', words.length > 0 && !any);
    }
    count.textContent = words.length === 0 ? '' : `${shown} of ${byId.size} operations`;
  };
  input.addEventListener('input', apply);
  // Swagger UI re-renders sections as they open and close: the filter is applied to what it renders.
  new MutationObserver(() => input.value && apply()).observe(document.getElementById('swagger-ui'), {
    childList: true,
    subtree: true,
  });
  const initial = new URLSearchParams(location.search).get('q');
  if (initial) {
    input.value = initial;
    apply();
  }
}

/** Swagger UI's example lists have no label: each is named by the text beside it ("Examples"), and its operation. */
function labelExampleLists(root) {
  for (const select of root.querySelectorAll('select.examples-select-element:not([aria-label])')) {
    const op = select.closest('.opblock')?.querySelector('.opblock-summary-path')?.dataset.path ?? '';
    const where = select.closest('.responses-wrapper') ? 'answer' : 'request body';
    select.setAttribute('aria-label', `Example ${where} of ${op}`);
  }
}

window.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('swagger-ui');
  new MutationObserver(() => labelExampleLists(root)).observe(root, { childList: true, subtree: true });
  SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: () => {
      fetch('/openapi.json')
        .then((res) => res.json())
        .then(startSearch)
        .catch(() => undefined);
    },
  });
});
