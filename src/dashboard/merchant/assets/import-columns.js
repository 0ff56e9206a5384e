// The import's columns, and the files merchants have instead: a storefront's customer export names them its own way
// ("First Name", "Default Address Zip", "billing_phone") and writes Indian numbers as 10 digits, which spreadsheets
// may mark as text or space out. Read here, in the browser, into the rows import_customers takes (which keeps its own
// rules: phone_e164 is E.164).

export const COLUMNS = [
  'legacy_customer_id',
  'legacy_address_id',
  'email',
  'phone_e164',
  'name',
  'flat_number',
  'building_name',
  'street_name',
  'locality',
  'landmark',
  'city',
  'district',
  'state',
  'pincode',
  'label',
  'is_default',
];

/** A header as storefront exports write it, its prefix and punctuation gone ("Default Address Zip" -> "zip"). */
const headerKey = (header) =>
  header
    .toLowerCase()
    .replace(/^(default address|billing|shipping)[\s_-]*/, '')
    .replace(/[^a-z0-9]/g, '');

/** Other names for a column, as headerKey leaves them. */
const ALIASES = new Map([
  ...['id', 'customerid'].map((k) => [k, 'legacy_customer_id']),
  ...['addressid'].map((k) => [k, 'legacy_address_id']),
  ...['emailaddress', 'mail'].map((k) => [k, 'email']),
  ...['phone', 'mobile', 'phonenumber', 'mobilenumber', 'contact', 'contactnumber'].map((k) => [k, 'phone_e164']),
  ...['fullname', 'customername'].map((k) => [k, 'name']),
  ...['address', 'address1', 'addressline1', 'street'].map((k) => [k, 'street_name']),
  ...['address2', 'addressline2', 'area'].map((k) => [k, 'locality']),
  ...['town'].map((k) => [k, 'city']),
  ...['province', 'region'].map((k) => [k, 'state']),
  ...['zip', 'zipcode', 'postcode', 'postalcode', 'pin', 'pincode'].map((k) => [k, 'pincode']),
]);
const OWN = new Map(COLUMNS.map((c) => [headerKey(c), c]));
const FIRST = new Set(['firstname', 'givenname']);
const LAST = new Set(['lastname', 'surname', 'familyname']);

/**
 * What each of a file's headers is: `columns` maps a header to the import's column (the first header naming a column
 * wins); `first`/`last` are a name split in two; `ignored` lists the rest.
 */
export function readColumns(headers) {
  const columns = new Map();
  const taken = new Set();
  let first = null;
  let last = null;
  const ignored = [];
  for (const header of headers) {
    if (!header) continue;
    const key = headerKey(header);
    const column = OWN.get(key) ?? ALIASES.get(key);
    if (column && !taken.has(column)) (columns.set(header, column), taken.add(column));
    else if (FIRST.has(key) && first === null) first = header;
    else if (LAST.has(key) && last === null) last = header;
    else ignored.push(header);
  }
  return { columns, first, last, ignored };
}

/** A spreadsheet's text mark before a number ("'400076", "'+9198…"): the cell's own characters follow it. */
const unmarked = (text) => text.replace(/^'(?=[+\d])/, '');

/**
 * An Indian number written as 10 digits (0, 91 or +91 before them, spaces, dashes or brackets between; a mobile, or a
 * landline with its area code: "+91 22 2351 0000") or any number after + and a country code, as E.164; else as is.
 */
export function indianPhone(text) {
  const digits = unmarked(text).replace(/[\s().-]/g, '');
  const national = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits)?.[1] ?? /^(?:\+91|0)([1-9]\d{9})$/.exec(digits)?.[1];
  if (national) return `+91${national}`;
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : text;
}

/** A pincode as spreadsheets leave it ("'400076", "560 100"): its six digits; else as is, for the import to refuse. */
export function sixDigits(text) {
  const digits = unmarked(text).replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : text;
}

/** One row for import_customers from a file's record (keyed by header), as readColumns read the headers. */
export function importRow(record, { columns, first, last }) {
  const row = {};
  for (const [header, column] of columns) if (record[header] !== undefined) row[column] = record[header];
  if (row.name === undefined && (first || last)) {
    const name = [first && record[first], last && record[last]].filter(Boolean).join(' ');
    if (name) row.name = name;
  }
  if (row.phone_e164 !== undefined) row.phone_e164 = indianPhone(row.phone_e164);
  if (row.pincode !== undefined) row.pincode = sixDigits(row.pincode);
  return row;
}
