// The words of a "near me" query: what asks for the closest places, and what never narrows them.

/** "near me", "nearby", "near by": the caller wants the closest places, not name matches. */
const NEAR_ME = /\b(?:near\s*me|near\s*by|nearby|around\s*me|closest|nearest)\b/i;
/** Words that describe what a post-office directory holds anyway; they never narrow a near-me search. */
const GENERIC = new Set([
  'post',
  'office',
  'offices',
  'po',
  'pincode',
  'pin',
  'code',
  'area',
  'place',
  'places',
  'locality',
  'me',
  'in',
  'around',
  'my',
  'location',
]);
/**
 * Kinds of place the data does not hold (shops, clinics, ATMs): "pharmacy near me" answers the nearest localities,
 * an address to deliver to, rather than nothing. Kinds it holds (temple, station, metro, museum) still filter.
 */
const UNKNOWN_KINDS = new Set(
  (
    'pharmacy pharmacies chemist chemists medical medicals medicine hospital hospitals clinic clinics doctor atm atms ' +
    'bank banks restaurant restaurants food cafe hotel hotels shop shops store stores mall malls supermarket grocery ' +
    'kirana market petrol pump fuel gas school schools college colleges salon gym courier parcel delivery ' +
    // Police stations are held only as the names of their localities ("Kankarbagh police station" -> Kankarbagh).
    'police thana chowki'
  ).split(' '),
);
/** Kinds written in two words that the data does not hold either ("police station": its "station" is no railway's). */
const UNHELD_PHRASES = /\b(?:police|thana)\s+(?:station|stn|chowki)\b|\bbus\s+stops?\b/gi;

/** True when the query asks for places near the caller. */
export function isNearMeQuery(q: string): boolean {
  return NEAR_ME.test(q);
}

/** The query without its "near me" words, for the name words left to filter by. */
export function withoutNearMe(q: string): string {
  return q.replace(NEAR_ME, ' ').replace(UNHELD_PHRASES, ' ');
}

/** True for a word that narrows a near-me search by name (not "post office", "pharmacy" or "me"). */
export function narrowsNearMe(word: string): boolean {
  return !GENERIC.has(word) && !UNKNOWN_KINDS.has(word);
}
