// An imported row's address: a new one saved, or an existing one (by legacy id, else by lines) edited as a buyer would.
import { editAddress, LINE_FIELDS, pickFields, withPincodePlace } from './address-edit.ts';
import { ADDRESS_FIELDS, type AddressFields, type AddressRepository } from './address-repository.ts';
import type { RowIssue } from './import-checks.ts';
import { ADDRESS_COLUMNS, type ImportRow } from './import-schema.ts';
import type { PostalDirectory } from './ports.ts';

/** What a row did to the buyer's addresses: the one it saved, or why it saved none. */
export interface AddressOutcome {
  id: string | null;
  skipped?: RowIssue;
}

const NO_ADDRESS: RowIssue = {
  code: 'no_address',
  message: 'no address saved: the row has address fields but no pincode or address line',
};

const NO_FIELDS = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, null])) as AddressFields;

/**
 * Recognised by legacy_address_id, else by the same lines and pincode: then the row's fields go over the stored ones
 * (those it leaves out are kept, as for buyers), the pin stays unless a field placing the address changed, and an open
 * checkout that chose it confirms it again (as after a buyer's edit; a row for one being paid online fails with
 * `address_in_payment`). A new address needs a pincode or a line; incomplete is fine. District and state come from the
 * pincode when the row has none. `addresses` is bound to the row's transaction.
 */
export async function upsertAddress(
  addresses: AddressRepository,
  location: Pick<PostalDirectory, 'pincodeFacts'>,
  owner: { merchantId: string; buyerId: string },
  row: ImportRow,
): Promise<AddressOutcome> {
  if (ADDRESS_COLUMNS.every((c) => row[c] === undefined)) return { id: null };
  const { merchantId, buyerId } = owner;
  const given = importedFields(row);
  const placed = (fields: AddressFields) => withDirectoryPlace(location, fields);
  const existing = row.legacy_address_id
    ? await addresses.byLegacyId(merchantId, buyerId, row.legacy_address_id)
    : await addresses.byLines(merchantId, buyerId, { ...NO_FIELDS, ...given });
  if (existing) {
    const edit = editAddress(pickFields(existing), given);
    const pin = edit.moved ? null : 'keep';
    await addresses.update(merchantId, buyerId, existing.id, placed(edit.merged), pin, edit.movesDelivery);
    if (row.is_default) await addresses.setDefault(merchantId, buyerId, existing.id);
    return { id: existing.id };
  }
  if (!given.pincode && LINE_FIELDS.every((f) => !given[f])) return { id: null, skipped: NO_ADDRESS };
  const fields = placed({ ...NO_FIELDS, ...given });
  const legacyId = row.legacy_address_id ?? null;
  return { id: await addresses.insert(merchantId, buyerId, fields, row.is_default ?? false, legacyId) };
}

function withDirectoryPlace(location: Pick<PostalDirectory, 'pincodeFacts'>, fields: AddressFields): AddressFields {
  return withPincodePlace(fields, fields.pincode ? location.pincodeFacts(fields.pincode) : null);
}

/** The address fields the row carries; those it leaves out are absent (not null). */
function importedFields(row: ImportRow): Partial<AddressFields> {
  const fields: Partial<AddressFields> = {
    name: row.name,
    phone: row.phone_e164,
    flat_number: row.flat_number,
    building_name: row.building_name,
    street_name: row.street_name,
    locality: row.locality,
    landmark: row.landmark,
    city: row.city,
    district: row.district,
    state: row.state,
    pincode: row.pincode,
    label: row.label,
  };
  for (const f of ADDRESS_FIELDS) if (fields[f] === undefined) delete fields[f];
  return fields;
}
