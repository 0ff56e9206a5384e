// mapFile: a file's bytes through one copy-on-write mapping per process, never written back to the file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapFile } from '../../src/native/mapped-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'mapped-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mapFile', () => {
  it('returns the file’s bytes, page-aligned for typed-array views', () => {
    const path = join(dir, 'a.bin');
    writeFileSync(path, Buffer.from('GEOPLACE and more'));
    const bytes = mapFile(path);
    expect(bytes.toString()).toBe('GEOPLACE and more');
    expect(bytes.byteOffset).toBe(0);
    expect(new Float64Array(bytes.buffer, 0, 2)).toHaveLength(2);
  });

  it('maps a file once per process: a second map sees the first one’s writes, and the file never does', () => {
    const path = join(dir, 'b.bin');
    writeFileSync(path, Buffer.from('places'));
    const first = mapFile(path);
    const second = mapFile(path);
    first[0] = 'P'.charCodeAt(0);
    expect(second.toString()).toBe('Places');
    expect(readFileSync(path, 'utf8')).toBe('places');
  });

  it('maps a replaced file anew', () => {
    const path = join(dir, 'c.bin');
    writeFileSync(path, Buffer.from('old'));
    const before = mapFile(path);
    rmSync(path);
    writeFileSync(path, Buffer.from('new!'));
    expect(mapFile(path).toString()).toBe('new!');
    expect(before.toString()).toBe('old');
  });

  it('fails with E_IO on a missing or empty file', () => {
    expect(() => mapFile(join(dir, 'missing.bin'))).toThrow(expect.objectContaining({ code: 'E_IO' }));
    writeFileSync(join(dir, 'empty.bin'), '');
    expect(() => mapFile(join(dir, 'empty.bin'))).toThrow(expect.objectContaining({ code: 'E_IO' }));
  });
});
