// CSV as spreadsheets export it (RFC 4180: quotes, doubled quotes, CRLF or LF, a BOM), into objects keyed by the header row.

/** Rows of cells; quoted cells may hold commas, quotes ("") and line breaks. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const blank = (cells) => cells.every((value) => value.trim() === '');

/**
 * Objects named by the (trimmed, lower-cased) header row; empty cells are left out, as the import treats them as absent.
 * Blank rows are skipped, and `sheetRows` gives each record's spreadsheet row (the header is row 1), blank ones counted.
 */
export function csvRecords(text) {
  const rows = parseCsv(text);
  const headerAt = rows.findIndex((cells) => !blank(cells));
  if (headerAt < 0) return { columns: [], records: [], sheetRows: [] };
  const columns = rows[headerAt].map((name) => name.trim().toLowerCase());
  const records = [];
  const sheetRows = [];
  rows.slice(headerAt + 1).forEach((cells, i) => {
    if (blank(cells)) return;
    const record = {};
    columns.forEach((name, j) => {
      const value = (cells[j] ?? '').trim();
      if (name && value !== '') record[name] = value;
    });
    records.push(record);
    sheetRows.push(headerAt + i + 2);
  });
  return { columns, records, sheetRows };
}

/**
 * `records` in parts of at most `size`, each of consecutive spreadsheet rows (a blank row starts a new part), with the
 * row of its first record: the import numbers a part's rows from it.
 */
export function rowRuns(records, sheetRows, size) {
  const parts = [];
  records.forEach((record, i) => {
    const part = parts[parts.length - 1];
    if (part && part.rows.length < size && sheetRows[i] === part.firstRow + part.rows.length) part.rows.push(record);
    else parts.push({ firstRow: sheetRows[i], rows: [record] });
  });
  return parts;
}

/**
 * CSV text of `rows` (arrays of cells) with a header: quoted where needed, CRLF line ends, and a cell that a spreadsheet
 * would run as a formula (=, +, -, @ first) prefixed with an apostrophe.
 */
export function toCsv(header, rows) {
  return csvLines([header, ...rows]);
}

/** CSV lines of `rows` without a header, each ending in CRLF: a part of a file written a page at a time. */
export function csvLines(rows) {
  const cell = (value) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((r) => r.map(cell).join(',') + '\r\n').join('');
}
