// Reads a CSV file a page saved (RFC 4180: quoted cells, doubled quotes, CRLF), independently of the page's own code.

/** Rows of cells; the trailing line break ends the last row. The pages' files open with a byte-order mark (for Excel). */
export function readCsv(file: string): string[][] {
  if (!file.startsWith('\uFEFF')) throw new Error('the CSV file does not open with a byte-order mark');
  const text = file.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
