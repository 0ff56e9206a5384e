// Streams the lines of a plain or gzipped text file (gunzip + readline, never the whole file in memory).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { DataError } from './feature.ts';

/** Yields [lineNumber (1-based), line] for every line of `path` (gunzipped when it ends in .gz). */
export async function* readLines(path: string): AsyncGenerator<[number, string]> {
  const file = createReadStream(path);
  const input = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  file.on('error', (err) => input.destroy(err));
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) yield [++n, line];
  } catch (err) {
    throw new DataError(`${path} after line ${n}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Parses one RFC 4180 CSV line (quoted fields, "" escapes); multi-line fields are rejected. */
export function parseCsvLine(line: string, where: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) throw new DataError(`${where}: unterminated quoted field`);
        field += line.slice(i, quote);
        i = quote + 1;
        if (line[i] !== '"') break;
        field += '"';
        i++;
      }
      if (i < line.length && line[i] !== ',') throw new DataError(`${where}: text after a closing quote`);
    } else {
      const comma = line.indexOf(',', i);
      field = line.slice(i, comma < 0 ? line.length : comma);
      i = comma < 0 ? line.length : comma;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i++;
  }
}

/** Yields each CSV record as a column -> value object; the header must contain `required`. */
export async function* readCsv(
  path: string,
  required: readonly string[],
): AsyncGenerator<{ line: number; row: Record<string, string> }> {
  let header: string[] | null = null;
  for await (const [line, text] of readLines(path)) {
    if (text.trim() === '') continue;
    const fields = parseCsvLine(text.replace(/^\uFEFF/, ''), `${path} line ${line}`);
    if (header === null) {
      header = fields.map((f) => f.trim().toLowerCase());
      const missing = required.filter((c) => !header!.includes(c));
      if (missing.length > 0) throw new DataError(`${path}: missing column(s) ${missing.join(', ')}`);
      continue;
    }
    if (fields.length !== header.length) {
      throw new DataError(`${path} line ${line}: ${fields.length} fields, header has ${header.length}`);
    }
    yield { line, row: Object.fromEntries(header.map((h, k) => [h, fields[k]!])) };
  }
}
