// Exact-name lookups the geocoder needs: places, districts and states by compact key, plus state-code aliases.
import type { AreaRow, Dataset } from './dataset.ts';
import { compactKey, foldText } from './normalise.ts';
import type { PlaceIndex } from './place-index.ts';

/** Postal and vehicle-registration state codes people write in the state field ("KA", "MH"). */
const STATE_CODES: Record<string, string> = {
  an: 'Andaman and Nicobar Islands', ap: 'Andhra Pradesh', ar: 'Arunachal Pradesh', as: 'Assam', br: 'Bihar',
  ch: 'Chandigarh', cg: 'Chhattisgarh', ct: 'Chhattisgarh', dl: 'Delhi', ga: 'Goa', gj: 'Gujarat', hr: 'Haryana',
  hp: 'Himachal Pradesh', jk: 'Jammu and Kashmir', jh: 'Jharkhand', ka: 'Karnataka', kl: 'Kerala', la: 'Ladakh',
  ld: 'Lakshadweep', mp: 'Madhya Pradesh', mh: 'Maharashtra', mn: 'Manipur', ml: 'Meghalaya', mz: 'Mizoram',
  nl: 'Nagaland', od: 'Odisha', or: 'Odisha', py: 'Puducherry', pb: 'Punjab', rj: 'Rajasthan', sk: 'Sikkim',
  tn: 'Tamil Nadu', ts: 'Telangana', tg: 'Telangana', tr: 'Tripura', up: 'Uttar Pradesh', uk: 'Uttarakhand',
  ut: 'Uttarakhand', wb: 'West Bengal', dn: 'The Dadra and Nagar Haveli and Daman and Diu',
  dd: 'The Dadra and Nagar Haveli and Daman and Diu',
};

/** District suffixes people leave out: "Bengaluru" means "Bengaluru Urban", "Hyderabad" is already bare. */
const DISTRICT_SUFFIXES = ['urban', 'city', 'district'];

export class Gazetteer {
  /** Compact name -> place entries (localities and offices). */
  readonly places = new Map<string, number[]>();
  /** Compact key -> district rows (a name can repeat across states). */
  readonly districts = new Map<string, AreaRow[]>();
  /** Compact key -> state row. */
  readonly states = new Map<string, AreaRow>();

  constructor(
    readonly data: Dataset,
    readonly index: PlaceIndex,
  ) {
    for (let id = 0; id < index.name.length; id++) {
      const kind = index.kind[id];
      if (kind !== 'office' && kind !== 'locality') continue;
      const key = index.compactName[id]!;
      const list = this.places.get(key);
      if (list) list.push(id);
      else this.places.set(key, [id]);
    }
    for (const s of data.states) this.states.set(compactKey(s.state), s);
    for (const d of data.districts) this.addDistrict(compactKey(d.district!), d);
    for (const d of data.districts) {
      const words = foldText(d.district!).split(' ');
      if (words.length > 1 && DISTRICT_SUFFIXES.includes(words[words.length - 1]!)) {
        const bare = compactKey(words.slice(0, -1).join(' '));
        if (!this.districts.has(bare)) this.addDistrict(bare, d);
      }
    }
  }

  /** The state a free-text field names: full name ("tamil nadu"), alias ("orissa") or code ("TN"). */
  stateByText(text: string | undefined): AreaRow | null {
    if (!text) return null;
    const key = compactKey(text);
    const byName = this.states.get(key);
    if (byName) return byName;
    const folded = foldText(text).replace(/ /g, '');
    const code = Object.hasOwn(STATE_CODES, folded) ? STATE_CODES[folded] : undefined;
    return code ? (this.states.get(compactKey(code)) ?? null) : null;
  }

  /** True when `key` names a district or a state, so matching it as a locality would be a coarser claim in disguise. */
  isAreaName(key: string): boolean {
    return this.districts.has(key) || this.states.has(key);
  }

  private addDistrict(key: string, row: AreaRow): void {
    const list = this.districts.get(key);
    if (list) list.push(row);
    else this.districts.set(key, [row]);
  }
}
