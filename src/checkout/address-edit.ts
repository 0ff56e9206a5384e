// One stored address edited (by the buyer, or by a merchant's import): what the edit keeps and what it changes.
import { ADDRESS_FIELDS, type Address, type AddressFields } from './address-repository.ts';

/** The address lines that say where in the pincode to deliver; one of them is needed for a usable address. */
export const LINE_FIELDS = ['flat_number', 'building_name', 'street_name', 'locality'] as const;

/** Fields that place the address (all but who receives it and its label): a new one means a new pin is needed. */
const PLACING_FIELDS = ADDRESS_FIELDS.filter((f) => f !== 'name' && f !== 'phone' && f !== 'label');

export interface AddressEdit {
  /** The stored fields with the given ones over them. */
  merged: AddressFields;
  /** A field that places it changed: its pin belonged to the old text. */
  moved: boolean;
  /** Its label aside, where or to whom an order ships changed: a checkout that chose it must confirm it again. */
  movesDelivery: boolean;
}

/** `given` over `current`; the fields `given` leaves out keep their value. */
export function editAddress(current: AddressFields, given: Partial<AddressFields>): AddressEdit {
  const merged = { ...current };
  for (const f of ADDRESS_FIELDS) if (given[f] !== undefined) merged[f] = given[f];
  // The district came from the old pincode (the widget has no field for it): a new pincode brings its own.
  if (merged.pincode !== current.pincode && given.district === undefined) merged.district = null;
  return {
    merged,
    moved: PLACING_FIELDS.some((f) => merged[f] !== current[f]),
    movesDelivery: ADDRESS_FIELDS.some((f) => f !== 'label' && merged[f] !== current[f]),
  };
}

/** A stored address's fields, without its ids, pin and flags. */
export function pickFields(a: Address): AddressFields {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f]])) as AddressFields;
}

/** The district and state the pincode's directory entry gives, where the address has none. */
export function withPincodePlace(
  fields: AddressFields,
  facts: { district: string | null; state: string | null } | null,
): AddressFields {
  if (!facts) return fields;
  return { ...fields, district: fields.district ?? facts.district, state: fields.state ?? facts.state };
}
