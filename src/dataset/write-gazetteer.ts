// Writes gazetteer.sqlite from scratch: fixed schema, deterministic insert order, one file (no WAL), vacuumed.
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { GazetteerRows } from './gazetteer-rows.ts';

const SCHEMA = `
CREATE TABLE boundaries (
  id INTEGER PRIMARY KEY, pincode TEXT NOT NULL, office_name TEXT, locality TEXT, division TEXT, region TEXT,
  circle TEXT, state TEXT, district TEXT, delivery INTEGER NOT NULL, inside_lat REAL NOT NULL,
  inside_lon REAL NOT NULL, min_lon REAL, min_lat REAL, max_lon REAL, max_lat REAL
);
CREATE TABLE offices (
  pincode TEXT NOT NULL, office_name TEXT, office_type TEXT, delivery INTEGER, division TEXT, region TEXT,
  circle TEXT, district TEXT, state TEXT, lat REAL NULL, lon REAL NULL
);
CREATE TABLE pincodes (
  pincode TEXT PRIMARY KEY, state TEXT, district TEXT, division TEXT, circle TEXT, delivery INTEGER,
  office_count INTEGER, has_boundary INTEGER, boundary_id INTEGER NULL, lat REAL, lon REAL
);
CREATE TABLE districts (state TEXT, district TEXT, lat REAL, lon REAL, pincode_count INTEGER);
CREATE TABLE states (state TEXT, lat REAL, lon REAL, pincode_count INTEGER);
`;

const INDEXES = `
CREATE UNIQUE INDEX boundaries_pincode ON boundaries (pincode);
CREATE INDEX offices_pincode ON offices (pincode);
CREATE INDEX districts_state ON districts (state, district);
CREATE UNIQUE INDEX states_state ON states (state);
`;

/** Creates `path` afresh and fills every table in the rows' order. */
export function writeGazetteer(path: string, rows: GazetteerRows): void {
  rmSync(path, { force: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = DELETE');
    db.exec(SCHEMA);
    db.transaction(() => {
      insertAll(db, 'boundaries', rows.boundaries);
      insertAll(
        db,
        'offices',
        rows.offices.map((o) => ({
          pincode: o.pincode,
          office_name: o.officeName,
          office_type: o.officeType,
          delivery: o.delivery,
          division: o.division,
          region: o.region,
          circle: o.circle,
          district: o.district,
          state: o.state,
          lat: o.lat,
          lon: o.lon,
        })),
      );
      insertAll(db, 'pincodes', rows.pincodes);
      insertAll(
        db,
        'districts',
        rows.districts.map((d) => ({ ...d, district: d.district ?? null })),
      );
      insertAll(db, 'states', rows.states);
    })();
    db.exec(INDEXES);
    db.exec('ANALYZE');
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

/** Inserts objects whose keys are the table's columns, through one prepared statement. */
function insertAll(db: Database.Database, table: string, rows: object[]): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const insert = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  for (const row of rows) insert.run(row);
}
