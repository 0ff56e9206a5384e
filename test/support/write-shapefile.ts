// Writes a real ESRI polygon shapefile (.shp, .shx, .dbf) from GeoJSON polygons, per the ESRI whitepaper and dBASE III.
import { writeFileSync } from 'node:fs';
import type { MultiPolygon, Polygon, Position } from 'geojson';

/** One record: character attributes and a Polygon/MultiPolygon in lon/lat. */
export interface ShapefileRecord {
  properties: Record<string, string | null>;
  geometry: Polygon | MultiPolygon;
}

/** A dBASE character field; names longer than 10 characters fill all 11 name bytes without a NUL. */
export interface DbfField {
  name: string;
  length: number;
}

const SHAPE_POLYGON = 5;
const FILE_CODE = 9994;
const VERSION = 1000;

/** Writes `<base>.shp`, `<base>.shx` and `<base>.dbf`. */
export function writeShapefile(base: string, records: ShapefileRecord[], fields: DbfField[]): void {
  const contents = records.map((r) => polygonContent(esriRings(r.geometry)));
  const bbox = contents.reduce(
    (box, c) => [
      Math.min(box[0]!, c.bbox[0]!),
      Math.min(box[1]!, c.bbox[1]!),
      Math.max(box[2]!, c.bbox[2]!),
      Math.max(box[3]!, c.bbox[3]!),
    ],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  const shpLength = 100 + contents.reduce((n, c) => n + 8 + c.bytes.length, 0);
  const shp = Buffer.alloc(shpLength);
  const shx = Buffer.alloc(100 + 8 * records.length);
  writeHeader(shp, shpLength, bbox);
  writeHeader(shx, shx.length, bbox);
  let offset = 100;
  contents.forEach((c, i) => {
    shx.writeInt32BE(offset / 2, 100 + 8 * i);
    shx.writeInt32BE(c.bytes.length / 2, 104 + 8 * i);
    shp.writeInt32BE(i + 1, offset);
    shp.writeInt32BE(c.bytes.length / 2, offset + 4);
    c.bytes.copy(shp, offset + 8);
    offset += 8 + c.bytes.length;
  });
  writeFileSync(`${base}.shp`, shp);
  writeFileSync(`${base}.shx`, shx);
  writeFileSync(`${base}.dbf`, dbf(records, fields));
}

/** 100-byte main file header: big-endian code and length (16-bit words), little-endian version, type, bbox. */
function writeHeader(buf: Buffer, byteLength: number, bbox: number[]): void {
  buf.writeInt32BE(FILE_CODE, 0);
  buf.writeInt32BE(byteLength / 2, 24);
  buf.writeInt32LE(VERSION, 28);
  buf.writeInt32LE(SHAPE_POLYGON, 32);
  bbox.forEach((v, k) => buf.writeDoubleLE(v, 36 + 8 * k));
}

/** ESRI ring order: every part's outer ring clockwise, then its holes counter-clockwise; rings closed. */
function esriRings(geometry: Polygon | MultiPolygon): Position[][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.flatMap((rings) =>
    rings.map((ring, k) => {
      const closed = samePosition(ring[0]!, ring[ring.length - 1]!) ? ring : [...ring, ring[0]!];
      const clockwise = signedArea(closed) < 0;
      return clockwise === (k === 0) ? closed : reverseKeepingFirst(closed);
    }),
  );
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum / 2;
}

/** Reverses a closed ring, keeping its first (and closing) vertex. */
function reverseKeepingFirst(ring: Position[]): Position[] {
  return [ring[0]!, ...ring.slice(1, -1).reverse(), ring[0]!];
}

/** Record content: type, bbox, part count, point count, part starts, points (all little-endian). */
function polygonContent(rings: Position[][]): { bytes: Buffer; bbox: number[] } {
  const points = rings.flat();
  const xs = points.map((p) => p[0]!);
  const ys = points.map((p) => p[1]!);
  const bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const bytes = Buffer.alloc(44 + 4 * rings.length + 16 * points.length);
  bytes.writeInt32LE(SHAPE_POLYGON, 0);
  bbox.forEach((v, k) => bytes.writeDoubleLE(v, 4 + 8 * k));
  bytes.writeInt32LE(rings.length, 36);
  bytes.writeInt32LE(points.length, 40);
  let start = 0;
  rings.forEach((ring, k) => {
    bytes.writeInt32LE(start, 44 + 4 * k);
    start += ring.length;
  });
  const at = 44 + 4 * rings.length;
  points.forEach((p, k) => {
    bytes.writeDoubleLE(p[0]!, at + 16 * k);
    bytes.writeDoubleLE(p[1]!, at + 16 * k + 8);
  });
  return { bytes, bbox };
}

/** dBASE III table: 32-byte header, 32-byte field descriptors, 0x0D, space-padded records, 0x1A. */
function dbf(records: ShapefileRecord[], fields: DbfField[]): Buffer {
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((n, f) => n + f.length, 0);
  const buf = Buffer.alloc(headerLength + recordLength * records.length + 1, 0);
  buf.writeUInt8(0x03, 0);
  // A fixed "last update" date (2025-05-01) keeps the file reproducible.
  buf.writeUInt8(125, 1);
  buf.writeUInt8(5, 2);
  buf.writeUInt8(1, 3);
  buf.writeUInt32LE(records.length, 4);
  buf.writeUInt16LE(headerLength, 8);
  buf.writeUInt16LE(recordLength, 10);
  fields.forEach((f, k) => {
    const at = 32 + 32 * k;
    buf.write(f.name.slice(0, 11), at, 'latin1');
    buf.write('C', at + 11, 'latin1');
    buf.writeUInt8(f.length, at + 16);
  });
  buf.writeUInt8(0x0d, headerLength - 1);
  records.forEach((r, i) => {
    let at = headerLength + recordLength * i;
    buf.write(' ', at++, 'latin1');
    for (const f of fields) {
      const value = (r.properties[f.name] ?? '').slice(0, f.length).padEnd(f.length, ' ');
      buf.write(value, at, 'latin1');
      at += f.length;
    }
  });
  buf.writeUInt8(0x1a, buf.length - 1);
  return buf;
}
