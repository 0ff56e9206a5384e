// Pincodes whose post offices lie in two states or more: the state of the office the pincode is named for.
import type { Relocation } from './misplaced-pincodes.ts';
import { mostFrequent, type OfficeRow, type PlaceOfPincode } from './read-directory.ts';

/** Head and sub offices: each delivers its pincode; branch offices hang off one of them. */
const HEAD_TYPES = new Set(['HO', 'PO']);

/**
 * For a pincode the directory files under two states or more, the state and district its head or sub offices give,
 * where the pincode's place says otherwise. Counting every office let branch offices outvote the town the pincode
 * serves: Basistha, Guwahati (its sub office in Assam, one branch in Meghalaya) was Meghalaya; Yanam was Andhra Pradesh.
 * Pincodes whose offices agree on one state keep their place (a lone misfiled branch cannot move a pincode).
 */
export function headOfficePlaces(
  places: ReadonlyMap<string, PlaceOfPincode>,
  officesByPincode: ReadonlyMap<string, readonly OfficeRow[]>,
): Relocation[] {
  const out: Relocation[] = [];
  for (const [pincode, offices] of [...officesByPincode].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const from = places.get(pincode);
    if (!from || new Set(offices.map((o) => o.state).filter((s) => s !== null)).size < 2) continue;
    const heads = offices.filter((o) => HEAD_TYPES.has(o.officeType ?? ''));
    const state = mostFrequent(heads.map((o) => o.state));
    if (state === null || state === from.state) continue;
    const district = mostFrequent(heads.filter((o) => o.state === state).map((o) => o.district));
    out.push({ pincode, from, to: { state, district } });
  }
  return out;
}
