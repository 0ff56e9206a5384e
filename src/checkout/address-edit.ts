// One stored address edited (by the buyer, or by a merchant's import): what the edit keeps and what it changes.
import { ADDRESS_FIELDS, type AddressFields } from './address-repository.ts';

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
