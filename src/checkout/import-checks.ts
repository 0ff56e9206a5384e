// An imported row's pincode against the India Post directory: unknown is an error, an address pointing elsewhere a warning.
import type { ImportRow } from './import-schema.ts';
import type { PostalDirectory } from './ports.ts';

export interface RowIssue {
  code: string;
  message: string;
}

/** What the directory says of one row: an error that stops it, or warnings it is imported with. */
export interface DirectoryVerdict {
  error: RowIssue | null;
  warnings: RowIssue[];
}

const FINE: DirectoryVerdict = { error: null, warnings: [] };

/** Checks rows of one import; pincodes are looked up once per import. */
export class DirectoryCheck {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly location: Pick<PostalDirectory, 'pincodeFacts' | 'geocode'>) {}

  check(row: ImportRow): DirectoryVerdict {
    const pincode = row.pincode;
    if (!pincode) return FINE;
    let known = this.known.get(pincode);
    if (known === undefined) {
      known = this.location.pincodeFacts(pincode) !== null;
      this.known.set(pincode, known);
    }
    if (!known)
      return {
        error: { code: 'unknown_pincode', message: `pincode ${pincode} is not in the India Post directory` },
        warnings: [],
      };
    return { error: null, warnings: this.mismatches(row, pincode) };
  }

  /** The geocoder's view of the rest of the address: a locality of another pincode, another city or state. */
  private mismatches(row: ImportRow, pincode: string): RowIssue[] {
    const street = [row.flat_number, row.building_name, row.street_name, row.locality, row.landmark]
      .filter(Boolean)
      .join(', ');
    if (!row.locality && !row.street_name) return [];
    const hit = this.location.geocode({
      address: street,
      city: row.city ?? row.district ?? undefined,
      state: row.state ?? undefined,
      pincode,
    });
    if (!hit?.warnings?.length) return [];
    const said = row.locality ?? row.street_name;
    const elsewhere = hit.suggestions ?? {};
    return hit.warnings.map((code) => {
      if (code === 'pincode_mismatch')
        return {
          code,
          message:
            `pincode ${pincode} does not match "${said}"` +
            (elsewhere.pincode ? `, which is in ${elsewhere.pincode}` : ''),
        };
      if (code === 'city_mismatch')
        return {
          code,
          message:
            `city "${row.city ?? row.district}" does not match "${said}"` +
            (elsewhere.city ? `, which is in ${elsewhere.city}` : ''),
        };
      if (code === 'state_mismatch')
        return {
          code,
          message:
            `state "${row.state}" does not match "${said}"` +
            (elsewhere.state ? `, which is in ${elsewhere.state}` : ''),
        };
      return { code, message: `the address does not match pincode ${pincode} (${code})` };
    });
  }
}
