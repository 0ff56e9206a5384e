// places.bin: the geocoder's and autocomplete's prebuilt index, as named typed-array and text sections behind a versioned header.
import { closeSync, existsSync, openSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mapFile } from '../native/mapped-file.ts';

/** "GEOPLACE" */
export const PLACE_MAGIC = 'GEOPLACE';
/** Bumped whenever a section's meaning or layout changes; the loader rejects any other version. */
export const PLACE_FORMAT_VERSION = 2;
/** The ODbL layer beside places.bin: the same format, entry sections only, read and merged when present. */
export const ODBL_LAYER = 'places-odbl.bin';

const HEADER_BYTES = 16;
const ENTRY_BYTES = 28;
const NAME_BYTES = 16;

/** Element types a section can hold; text is UTF-8, json is one UTF-8 JSON document. */
const TYPES = ['u8', 'u16', 'u32', 'i32', 'f32', 'f64', 'text', 'json'] as const;
type SectionType = (typeof TYPES)[number];

/** A typed array, text (a string), or any other JSON-able object (a json section). */
export type SectionValue =
  Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array | string | object;

/** One section to write: typed arrays keep their type, strings are text, anything else is JSON. */
function typeOf(value: SectionValue): SectionType {
  if (value instanceof Uint8Array) return 'u8';
  if (value instanceof Uint16Array) return 'u16';
  if (value instanceof Uint32Array) return 'u32';
  if (value instanceof Int32Array) return 'i32';
  if (value instanceof Float32Array) return 'f32';
  if (value instanceof Float64Array) return 'f64';
  return typeof value === 'string' ? 'text' : 'json';
}

function bytesOf(value: SectionValue, type: SectionType): Buffer {
  if (type === 'text') return Buffer.from(value as string, 'utf8');
  if (type === 'json') return Buffer.from(JSON.stringify(value), 'utf8');
  const view = value as Uint8Array;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Layout: magic (8) | version u32 | section count u32 | per section: name (16, NUL-padded ASCII), type u32,
 * offset u32, byte length u32 | section bodies, each 8-byte aligned so typed arrays view them in place.
 * Integers little-endian. Deterministic: same sections in, same bytes out.
 */
export function writePlaceFile(path: string, sections: Record<string, SectionValue>): void {
  const bodies = Object.entries(sections).map(([name, value]) => {
    const type = typeOf(value);
    return { name, type, bytes: bytesOf(value, type) };
  });
  let offset = align8(HEADER_BYTES + bodies.length * ENTRY_BYTES);
  const header = Buffer.alloc(offset);
  header.write(PLACE_MAGIC, 0, 'ascii');
  header.writeUInt32LE(PLACE_FORMAT_VERSION, 8);
  header.writeUInt32LE(bodies.length, 12);
  const chunks: Buffer[] = [header];
  bodies.forEach((b, i) => {
    if (b.name.length > NAME_BYTES) throw new Error(`section name ${b.name} is longer than ${NAME_BYTES}`);
    const at = HEADER_BYTES + i * ENTRY_BYTES;
    header.write(b.name, at, 'ascii');
    header.writeUInt32LE(TYPES.indexOf(b.type), at + 16);
    header.writeUInt32LE(offset, at + 20);
    header.writeUInt32LE(b.bytes.length, at + 24);
    const padded = align8(b.bytes.length);
    chunks.push(b.bytes, Buffer.alloc(padded - b.bytes.length));
    offset += padded;
  });
  writeFileSync(path, Buffer.concat(chunks));
}

/** The format version in a places.bin header (12 bytes read), or -1 when the file is not a places.bin. */
export function readPlaceFileVersion(path: string): number {
  const head = Buffer.alloc(12);
  const fd = openSync(path, 'r');
  try {
    if (readSync(fd, head, 0, 12, 0) < 12 || head.toString('ascii', 0, 8) !== PLACE_MAGIC) return -1;
  } finally {
    closeSync(fd);
  }
  return head.readUInt32LE(8);
}

/**
 * Read access to a places.bin image; typed arrays are views into the one file buffer (no copies). The buffer is the
 * file mapped (page cache, loaded as sections are touched), so each worker thread that opens it adds no private copy.
 */
export class PlaceFile {
  private readonly sections = new Map<string, { type: SectionType; offset: number; length: number }>();

  private constructor(
    private readonly bytes: Buffer,
    readonly path: string,
  ) {
    const count = bytes.readUInt32LE(12);
    for (let i = 0; i < count; i++) {
      const at = HEADER_BYTES + i * ENTRY_BYTES;
      const name = bytes.toString('ascii', at, at + NAME_BYTES).replace(/\0+$/, '');
      const type = TYPES[bytes.readUInt32LE(at + 16)];
      const offset = bytes.readUInt32LE(at + 20);
      const length = bytes.readUInt32LE(at + 24);
      if (!type || offset + length > bytes.length) throw new Error(`places.bin: section ${name} is malformed`);
      this.sections.set(name, { type, offset, length });
    }
  }

  /** Maps the file and checks magic and version ("Got vN, expected vM"). */
  static open(path: string): PlaceFile {
    // A mapping starts on a page boundary, as the typed-array views of 8-byte aligned sections need.
    const bytes = mapFile(path);
    if (bytes.length < HEADER_BYTES || bytes.toString('ascii', 0, 8) !== PLACE_MAGIC)
      throw new Error(`${path} is not a places.bin file`);
    const version = bytes.readUInt32LE(8);
    if (version !== PLACE_FORMAT_VERSION)
      throw new Error(`${path}: unsupported places.bin version. Got v${version}, expected v${PLACE_FORMAT_VERSION}`);
    return new PlaceFile(bytes, path);
  }

  /** Another place file in the same directory (the ODbL layer), or null when there is none. */
  sibling(name: string): PlaceFile | null {
    const other = join(dirname(this.path), name);
    return existsSync(other) ? PlaceFile.open(other) : null;
  }

  /** File size in bytes. */
  get byteLength(): number {
    return this.bytes.length;
  }

  u8(name: string): Uint8Array {
    return this.view(name, 'u8', Uint8Array);
  }
  u16(name: string): Uint16Array {
    return this.view(name, 'u16', Uint16Array);
  }
  u32(name: string): Uint32Array {
    return this.view(name, 'u32', Uint32Array);
  }
  i32(name: string): Int32Array {
    return this.view(name, 'i32', Int32Array);
  }
  f32(name: string): Float32Array {
    return this.view(name, 'f32', Float32Array);
  }
  f64(name: string): Float64Array {
    return this.view(name, 'f64', Float64Array);
  }

  /** A text section split on "\n" (the writer joins string lists that way). */
  lines(name: string): string[] {
    const text = this.text(name);
    return text === '' ? [] : text.split('\n');
  }

  /** A text section as one string. */
  text(name: string): string {
    const s = this.section(name, 'text');
    return this.bytes.toString('utf8', s.offset, s.offset + s.length);
  }

  /** Raw UTF-8 bytes of a text section (for lazily decoded string pools). */
  raw(name: string): Buffer {
    const s = this.section(name, 'text');
    return this.bytes.subarray(s.offset, s.offset + s.length);
  }

  json<T>(name: string): T {
    const s = this.section(name, 'json');
    return JSON.parse(this.bytes.toString('utf8', s.offset, s.offset + s.length)) as T;
  }

  private view<T>(
    name: string,
    type: SectionType,
    Ctor: { new (b: ArrayBuffer, o: number, n: number): T; BYTES_PER_ELEMENT: number },
  ): T {
    const s = this.section(name, type);
    return new Ctor(
      this.bytes.buffer as ArrayBuffer,
      this.bytes.byteOffset + s.offset,
      s.length / Ctor.BYTES_PER_ELEMENT,
    );
  }

  private section(name: string, type: SectionType) {
    const s = this.sections.get(name);
    if (!s) throw new Error(`places.bin has no section ${name}`);
    if (s.type !== type) throw new Error(`places.bin section ${name} is ${s.type}, expected ${type}`);
    return s;
  }
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
