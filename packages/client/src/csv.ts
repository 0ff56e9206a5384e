// A small RFC 4180 CSV reader for customer and address files, with the merchant dashboard's rules for names and cells.

/**
 * Rows of `text` as objects keyed by the header row: names trimmed and lower-cased, empty cells left out (the server
 * treats absent and empty alike). Quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF ends a row.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records = readRecords(text.replace(/^\uFEFF/, ''));
  const header = (records.shift() ?? []).map((name) => name.trim().toLowerCase());
  return records
    .filter((record) => !(record.length === 1 && record[0] === ''))
    .map((record) => {
      const row: Record<string, string> = {};
      header.forEach((name, i) => {
        const cell = record[i];
        if (name !== '' && cell !== undefined && cell !== '') row[name] = cell;
      });
      return row;
    });
}

function readRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
