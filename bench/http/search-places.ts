// The place names our geocoder searches, exported as plain JSON rows for the MiniSearch comparison server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlaceFile } from '../../src/geocoding/place-file.ts';
import { NO_AREA, PlaceIndex } from '../../src/geocoding/place-index.ts';

/** Writes every entry of `dataDir`'s places (the ODbL layer included) to `out` as [{id, name, district, state, …}]. */
export function exportPlaces(dataDir: string, out: string): number {
  const idx = new PlaceIndex(PlaceFile.open(join(dataDir, 'places.bin')));
  const rows = [];
  for (let id = 0; id < idx.size; id++) {
    const area = idx.area[id] === NO_AREA ? null : idx.areas[idx.area[id]!]!;
    const pin = idx.pin[id]!;
    rows.push({
      id,
      name: idx.name(id),
      district: area?.district ?? '',
      state: area?.state ?? '',
      pincode: pin >= 0 ? idx.pinCode[pin]! : null,
      lat: idx.lat[id]!,
      lon: idx.lon[id]!,
    });
  }
  writeFileSync(out, JSON.stringify(rows));
  return rows.length;
}
