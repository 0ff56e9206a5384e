// How both dashboards write money, counts and times: ₹ in the Indian grouping, plurals, and times in the chosen zone.

const TZ_KEY = 'geopin.timeZone';
/** India Standard Time unless the person picked another zone on this browser. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const grouped = new Intl.NumberFormat('en-IN');
const rupeeFormats = [0, 2].map(
  (digits) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
);

export const formatNumber = (n) => (n === null || n === undefined ? '—' : grouped.format(n));
export const formatPercent = (ratio) => (ratio === null || ratio === undefined ? '—' : `${(ratio * 100).toFixed(1)}%`);

/** ₹1,50,000.50 from 15000050 paise; whole rupees without decimals (₹1,299). */
export function rupees(paise) {
  if (paise === null || paise === undefined) return '—';
  return `₹${rupeeFormats[paise % 100 === 0 ? 0 : 1].format(paise / 100)}`;
}

/** "1 pincode", "3 pincodes", "1,204 rows": the count in the Indian grouping and the word that goes with it. */
export function plural(n, one, many = `${one}s`) {
  return `${grouped.format(n)} ${n === 1 ? one : many}`;
}

/** The zone times are shown in: the saved choice, or IST. */
export function timeZone() {
  const saved = localStorage.getItem(TZ_KEY);
  return saved && zoneIsValid(saved) ? saved : DEFAULT_TIME_ZONE;
}

export function setTimeZone(zone) {
  localStorage.setItem(TZ_KEY, zone);
}

function zoneIsValid(zone) {
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map();
function formatter(zone, withSeconds) {
  const key = `${zone}|${withSeconds}`;
  if (!formats.has(key)) {
    formats.set(
      key,
      new Intl.DateTimeFormat('en-IN', {
        timeZone: zone,
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        ...(withSeconds ? { second: '2-digit' } : {}),
        hourCycle: 'h23',
        timeZoneName: 'short',
      }),
    );
  }
  return formats.get(key);
}

/** "23 Nov 2026, 15:45:12 IST": to the second, in the chosen zone. */
export function formatTime(iso, withSeconds = true) {
  if (!iso) return '—';
  return formatter(timeZone(), withSeconds).format(new Date(iso));
}

/** The date (YYYY-MM-DD) an instant falls on in the chosen zone: what a date filter box shows. */
export function localDate(date) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone() }).format(date);
  return parts.slice(0, 10);
}

/** The instant a local date starts (or, with `end`, ends) in the chosen zone, as ISO text for the API. */
export function zoneInstant(day, end = false) {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d + (end ? 1 : 0));
  // The zone's offset at that moment: the difference between its wall clock and UTC.
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(guess));
  const get = (type) => Number(wall.find((p) => p.type === type).value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const instant = guess - (asUtc - guess);
  return new Date(end ? instant - 1 : instant).toISOString();
}

/** Zones the setting offers: IST, UTC and this browser's own. */
export function zoneChoices() {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const list = [
    [DEFAULT_TIME_ZONE, 'India (IST)'],
    ['UTC', 'UTC'],
  ];
  if (own && !list.some(([z]) => z === own)) list.push([own, `This device (${own})`]);
  return list;
}

/** "31 Oct 2026": a date box's day (YYYY-MM-DD) as a person reads it. */
export function formatDay(day) {
  const [y, m, d] = day.split('-').map(Number);
  const format = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "+91 98300 12345": an Indian mobile number as people write it; any other number as it is stored. */
export function formatPhone(e164) {
  const mobile = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return mobile ? `+91 ${mobile[1]} ${mobile[2]}` : e164;
}

/** Right-to-left letters and the controls that reorder text: text holding one is isolated from what is around it. */
const DIRECTIONAL = /[\u0590-\u08ff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * `text` typed by a person, isolated (FSI … PDI) where no <bdi> can go (an <option>, a dialog): its direction then
 * stays inside it, and "(gp_sk_…)" after it reads as written. Plain text is returned as it is.
 */
export function isolated(text) {
  return DIRECTIONAL.test(text) ? `\u2068${text}\u2069` : text;
}
