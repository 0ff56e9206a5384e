// The orders CSV export: every order a search matches, read a page at a time and written into the file as it comes.
import { api, downloadFile, formatNumber, formatTime, plural, say } from '/console/console.js';
import { csvLines } from '/console/csv.js';

/** The API's largest page. */
const PAGE = 200;

const CSV_HEADER = [
  'order_id',
  'created_at',
  'created',
  'email',
  'status',
  'pincode',
  'cart_rupees',
  'payment_method',
  'payment_status',
  'amount_rupees',
  'gateway_order_id',
  'gateway_payment_id',
  'paid_at',
  'refunds_due',
  'refund_due_rupees',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  // Last, so spreadsheets made from earlier exports keep their columns.
  'cart_set_by',
  'offer_id',
  'offer_title',
  'discount_rupees',
  'ship_name',
  'ship_phone',
  'ship_address',
  'ship_city',
  'ship_district',
  'ship_state',
];
const ADDRESS_LINES = ['flat_number', 'building_name', 'street_name', 'locality', 'landmark'];
const asRupees = (paise) => (paise === null ? '' : (paise / 100).toFixed(2));

/**
 * An Indian number as couriers' bulk uploads take it (its 10 digits), so no spreadsheet reads a leading + as a formula
 * (the file would then guard it with an apostrophe); another country's stays E.164.
 */
const courierPhone = (e164) => (e164?.startsWith('+91') && e164.length === 13 ? e164.slice(3) : e164);

function csvRow(s) {
  return [
    s.id,
    s.created_at,
    formatTime(s.created_at),
    s.email,
    s.status,
    s.pincode,
    asRupees(s.cart_value_paise),
    s.payment.method ?? '',
    s.payment.status,
    asRupees(s.payment.amount_paise),
    s.payment.gateway_order_id,
    s.payment.gateway_payment_id,
    s.payment.paid_at,
    s.refunds_due,
    asRupees(s.refund_due_paise),
    s.utm.utm_source,
    s.utm.utm_medium,
    s.utm.utm_campaign,
    s.utm.utm_term,
    s.utm.utm_content,
    // Who set the cart: the merchant's server, or the store page (which a buyer can edit); none when nobody did.
    s.cart_value_source === 'widget' ? 'page' : (s.cart_value_source ?? ''),
    s.payment.offer?.id,
    s.payment.offer?.title,
    asRupees(s.payment.offer?.discount_paise ?? null),
    s.ship_to?.name,
    courierPhone(s.ship_to?.phone),
    // The lines a label prints above city and pincode, as the buyer wrote them.
    s.ship_to &&
      ADDRESS_LINES.map((f) => s.ship_to[f]?.trim())
        .filter(Boolean)
        .join(', '),
    s.ship_to?.city,
    s.ship_to?.district,
    s.ship_to?.state,
  ];
}

/**
 * Every order `params` match, newest first, saved as one CSV file named `name`. Pages follow each other by creation
 * time, not by offset: the next page ends where the last one did (`to` is inclusive, so orders sharing that instant are
 * skipped by count), which no offset limit caps and which orders changing meanwhile cannot shift. Each page becomes CSV
 * text in a Blob at once, so the page's objects are dropped as the file grows.
 */
export async function exportOrders(params, name, line) {
  const query = new URLSearchParams(params);
  query.set('limit', String(PAGE));
  let file = new Blob([csvLines([CSV_HEADER])], { type: 'text/csv;charset=utf-8' });
  let written = 0;
  let total = null;
  let skip = 0;
  for (;;) {
    query.set('offset', String(skip));
    const page = await api('GET', `/checkout-admin?action=sessions&${query}`);
    total ??= page.total;
    file = new Blob([file, csvLines(page.sessions.map(csvRow))], { type: file.type });
    written += page.sessions.length;
    say(line, `Exporting… ${formatNumber(written)} of ${plural(Math.max(total, written), 'order')}`);
    if (page.sessions.length < PAGE) break;
    const last = page.sessions[page.sessions.length - 1].created_at;
    if (last === page.to) skip += page.sessions.length;
    else skip = page.sessions.filter((s) => s.created_at === last).length;
    query.set('to', last);
  }
  downloadFile(name, file);
  say(line, `Exported ${plural(written, 'order')}`, 'ok');
  return written;
}
