// The import section: a CSV read in the browser, sent 5,000 rows a request with progress; every batch listed with its
// problems by spreadsheet row, and each batch's errors and warnings downloadable as a CSV file.
import { api, downloadFile, fill, formatNumber, formatTime, h, plural, say } from '/console/console.js';
import { csvRecords, rowRuns, toCsv } from '/console/csv.js';
import { COLUMNS, importRow, readColumns } from '/merchant/assets/import-columns.js';

/** The import's per-request maximum (import_customers). */
const ROWS_PER_BATCH = 5000;
/** Columns that place an address: a file with none of them, and columns not read, is not one to import blindly. */
const ADDRESS_COLUMNS = ['flat_number', 'building_name', 'street_name', 'locality', 'pincode'];

/** "read Zip as pincode, Phone as phone_e164": the headers read under another name. */
function renamed(columns) {
  const pairs = [...columns].filter(([header, column]) => header !== column);
  return pairs.length ? `; read ${pairs.map(([header, column]) => `${header} as ${column}`).join(', ')}` : '';
}

export function initImports() {
  const form = document.getElementById('import-form');
  const status = document.getElementById('import-status');
  const box = document.getElementById('import-progress-box');
  const bar = document.getElementById('import-progress');
  const barLabel = document.getElementById('import-progress-label');
  document.getElementById('import-columns').textContent = COLUMNS.join(', ');

  const progress = (done, total) => {
    bar.max = total;
    bar.value = done;
    barLabel.textContent = `${formatNumber(done)} of ${plural(total, 'row')} sent`;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = form.elements.file.files[0];
    const button = form.querySelector('button');
    if (!file || button.getAttribute('aria-disabled') === 'true') return;
    // Not `disabled`: a disabled button drops keyboard focus to the page top for as long as the rows are sent.
    button.setAttribute('aria-disabled', 'true');
    try {
      const { columns: headers, records, sheetRows } = csvRecords(await file.text());
      if (records.length === 0) throw new Error('The file has no rows under its header');
      const read = readColumns(headers);
      const placed = [...read.columns.values()].some((c) => ADDRESS_COLUMNS.includes(c));
      if (!placed && read.ignored.length > 0)
        throw new Error(
          `no column of the file is an address, and these were not understood: ${read.ignored.join(', ')}. ` +
            'Name the columns as listed above; nothing was imported',
        );
      const parts = rowRuns(
        records.map((r) => importRow(r, read)),
        sheetRows,
        ROWS_PER_BATCH,
      );
      const label = form.elements.label.value.trim() || file.name;
      box.hidden = false;
      progress(0, records.length);
      say(status, `Importing ${plural(records.length, 'row')} in ${plural(parts.length, 'batch', 'batches')}…`);
      let sent = 0;
      for (const [i, { firstRow, rows }] of parts.entries()) {
        const batchLabel = parts.length > 1 ? `${label} (${i + 1}/${parts.length})` : label;
        // Each part's rows are numbered from its first spreadsheet row, blank rows before it counted.
        await api('POST', '/checkout-admin?action=import_customers', {
          batch_label: batchLabel.slice(0, 200),
          first_row: firstRow,
          rows,
        });
        sent += rows.length;
        progress(sent, records.length);
        await showBatches();
      }
      const ignored = read.ignored.length ? `; ignored columns: ${read.ignored.join(', ')}` : '';
      say(status, `Done: ${plural(records.length, 'row')} sent${renamed(read.columns)}${ignored}`, 'ok');
      form.reset();
    } catch (err) {
      say(status, `Import stopped: ${err.message}`, 'error');
    } finally {
      button.removeAttribute('aria-disabled');
    }
  });
  showBatches().catch((err) => say(status, err.message, 'error'));
}

/** A row as its problems name it: the spreadsheet's row number when the batch knows it, else the index. */
const rowName = (e) => (e.sheet_row === null ? `row index ${e.row_index}` : `row ${formatNumber(e.sheet_row)}`);

/** The latest batches with their first problems. */
async function showBatches() {
  const body = document.getElementById('import-body');
  const { batches } = await api('GET', '/checkout-admin?action=import_batches&limit=20');
  const statuses = await Promise.all(
    batches.map((b) => api('GET', `/checkout-admin?action=import_status&batch_id=${b.id}`)),
  );
  fill(
    body,
    statuses.length === 0
      ? h('tr', {}, h('td', { colspan: 9 }, 'No imports yet.'))
      : statuses.map(({ batch, stopped, errors, errors_truncated, warnings }) => {
          const tone =
            batch.status === 'failed'
              ? 'bad'
              : batch.status !== 'completed'
                ? 'muted'
                : batch.error_count
                  ? 'warn'
                  : 'ok';
          const problems = [...errors, ...warnings].sort((a, b) => a.row_index - b.row_index);
          const first =
            (stopped ? `${stopped}. ` : '') +
            problems
              .slice(0, 3)
              .map((e) => `${rowName(e)}: ${e.kind === 'warning' ? '(warning) ' : ''}${e.error_message}`)
              .join('; ') +
            (errors_truncated || problems.length > 3 ? ' …' : '');
          const download =
            problems.length === 0
              ? '—'
              : h(
                  'button',
                  {
                    type: 'button',
                    class: 'secondary small',
                    'aria-label': `Download CSV of the errors of ${batch.label ?? batch.id}`,
                    onclick: () => errorFile(batch),
                  },
                  'Download CSV',
                );
          return h(
            'tr',
            { 'data-batch-id': batch.id },
            h('td', { class: 'user-text', 'data-label': 'Batch' }, batch.label ?? batch.id.slice(0, 8)),
            h('td', { 'data-label': 'Sent' }, formatTime(batch.created_at)),
            h('td', { 'data-label': 'Status' }, h('span', { class: `pill ${tone}` }, batch.status)),
            h('td', { class: 'num', 'data-label': 'Rows' }, formatNumber(batch.total_rows)),
            h('td', { class: 'num', 'data-label': 'Imported' }, formatNumber(batch.imported_count)),
            h('td', { class: 'num', 'data-label': 'Errors' }, formatNumber(batch.error_count)),
            h('td', { class: 'num', 'data-label': 'Warnings' }, formatNumber(batch.warning_count)),
            h('td', { class: 'user-text', 'data-label': 'First problems' }, first || '—'),
            h('td', { 'data-label': 'Error file' }, download),
          );
        }),
  );
}

/** Every error and warning of a batch, a page at a time, saved as one CSV with the spreadsheet's row numbers. */
async function errorFile(batch) {
  const rows = [];
  for (let offset = 0; ; offset += 200) {
    const page = await api(
      'GET',
      `/checkout-admin?action=import_errors&batch_id=${batch.id}&limit=200&offset=${offset}`,
    );
    for (const e of page.issues)
      rows.push([e.sheet_row ?? '', e.row_index, e.kind, e.legacy_external_id, e.error_code, e.error_message]);
    if (offset + page.issues.length >= page.total || page.issues.length === 0) break;
  }
  const header = ['sheet_row', 'row_index', 'kind', 'legacy_id', 'code', 'message'];
  const name = (batch.label ?? batch.id).replace(/[^\w.-]+/g, '-').slice(0, 80);
  downloadFile(`import-errors-${name}.csv`, toCsv(header, rows));
}
