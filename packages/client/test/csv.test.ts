// parseCsv: RFC 4180 quoting and the merchant dashboard's rules for header names and empty cells.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../src/index.ts';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks, lower-cases names and leaves empty cells out', () => {
    const text = '\uFEFFEmail , Name,City\r\na@example.com,"Rao, Asha",\r\n\r\nb@example.com,"say ""hi""\nagain",Pune';
    expect(parseCsv(text)).toEqual([
      { email: 'a@example.com', name: 'Rao, Asha' },
      { email: 'b@example.com', name: 'say "hi"\nagain', city: 'Pune' },
    ]);
  });

  it('ignores cells beyond the header and answers no rows for a header alone', () => {
    expect(parseCsv('a,b\n1,2,3\n')).toEqual([{ a: '1', b: '2' }]);
    expect(parseCsv('a,b\n')).toEqual([]);
    expect(parseCsv('')).toEqual([]);
  });
});
