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
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

/** Objects named by the (trimmed, lower-cased) header row; empty cells are left out, as the import treats them as absent. */
export function csvRecords(text) {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { columns: [], records: [] };
  const columns = header.map((name) => name.trim().toLowerCase());
  const records = rows.map((cells) => {
    const record = {};
    columns.forEach((name, i) => {
      const value = (cells[i] ?? '').trim();
      if (name && value !== '') record[name] = value;
    });
    return record;
  });
  return { columns, records };
}

/** `items` in slices of at most `size`. */
export function chunks(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * CSV text of `rows` (arrays of cells) with a header: quoted where needed, CRLF line ends, and a cell that a spreadsheet
 * would run as a formula (=, +, -, @ first) prefixed with an apostrophe.
 */
export function toCsv(header, rows) {
  const cell = (value) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
