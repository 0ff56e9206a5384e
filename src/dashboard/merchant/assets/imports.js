// The import section: a CSV read in the browser, sent 5,000 rows a request with a progress bar, each batch's status shown.
import { api, fill, formatNumber, h, say } from '/console/console.js';
import { chunks, csvRecords } from '/console/csv.js';

/** The import's per-request maximum (import_customers). */
const ROWS_PER_BATCH = 5000;
const COLUMNS = [
  'legacy_customer_id',
  'legacy_address_id',
  'email',
  'phone_e164',
  'name',
  'flat_number',
  'building_name',
  'street_name',
  'locality',
  'landmark',
  'city',
  'district',
  'state',
  'pincode',
  'label',
  'is_default',
];

export function initImports() {
  const form = document.getElementById('import-form');
  const status = document.getElementById('import-status');
  const box = document.getElementById('import-progress-box');
  const bar = document.getElementById('import-progress');
  const barLabel = document.getElementById('import-progress-label');
  const body = document.getElementById('import-body');
  document.getElementById('import-columns').textContent = COLUMNS.join(', ');
  const batches = [];
  fill(body, h('tr', {}, h('td', { colspan: 6 }, 'No batches sent from this page yet.')));

  const progress = (done, total) => {
    bar.max = total;
    bar.value = done;
    barLabel.textContent = `${formatNumber(done)} of ${formatNumber(total)} rows sent`;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = form.elements.file.files[0];
    if (!file) return;
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const { columns, records } = csvRecords(await file.text());
      if (records.length === 0) throw new Error('The file has no rows under its header');
      const unknown = columns.filter((c) => c && !COLUMNS.includes(c));
      const parts = chunks(records, ROWS_PER_BATCH);
      const label = form.elements.label.value.trim() || file.name;
      box.hidden = false;
      progress(0, records.length);
      say(
        status,
        `Importing ${formatNumber(records.length)} rows in ${parts.length} batch${parts.length > 1 ? 'es' : ''}…`,
      );
      let sent = 0;
      for (const [i, rows] of parts.entries()) {
        const batchLabel = parts.length > 1 ? `${label} (${i + 1}/${parts.length})` : label;
        const result = await api('POST', '/checkout-admin?action=import_customers', {
          batch_label: batchLabel.slice(0, 200),
          rows,
        });
        sent += rows.length;
        progress(sent, records.length);
        batches.unshift(result.batch_id);
        await showBatches();
      }
      say(
        status,
        `Done: ${formatNumber(records.length)} rows sent${unknown.length ? `; ignored columns: ${unknown.join(', ')}` : ''}`,
        'ok',
      );
      form.reset();
    } catch (err) {
      say(status, `Import stopped: ${err.message}`, 'error');
    } finally {
      button.disabled = false;
    }
  });

  /** Each batch as import_status reports it now. */
  async function showBatches() {
    const statuses = await Promise.all(
      batches.map((id) => api('GET', `/checkout-admin?action=import_status&batch_id=${id}`)),
    );
    fill(
      body,
      statuses.map(({ batch, errors, errors_truncated }) => {
        const tone =
          batch.status === 'completed'
            ? batch.error_count
              ? 'warn'
              : 'ok'
            : batch.status === 'failed'
              ? 'bad'
              : 'muted';
        const firstErrors =
          errors
            .slice(0, 3)
            .map((e) => `row ${e.row_index}: ${e.error_message}`)
            .join('; ') + (errors_truncated || errors.length > 3 ? ' …' : '');
        return h(
          'tr',
          { 'data-batch-id': batch.id },
          h('td', {}, batch.label ?? batch.id.slice(0, 8)),
          h('td', {}, h('span', { class: `pill ${tone}` }, batch.status)),
          h('td', { class: 'num' }, formatNumber(batch.total_rows)),
          h('td', { class: 'num' }, formatNumber(batch.imported_count)),
          h('td', { class: 'num' }, formatNumber(batch.error_count)),
          h('td', {}, firstErrors || '—'),
        );
      }),
    );
  }
}
