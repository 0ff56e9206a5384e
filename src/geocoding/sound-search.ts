// Sound-alike names inside a region: the place whose name sounds like the part, or (inside a city or district) whose
// leading words do ("Jubli Hills" -> Jubilee Hills, "Ghatkoper" -> Ghatkopar West).
import { editDistance, spent, type Work } from './fuzzy.ts';
import { isKnown } from './consistency.ts';
import { haversineKm } from './geo-math.ts';
import { oneEntry, QUALITY } from './key-score.ts';
import { phoneticKey } from './normalise.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import { inRegion, type Region } from './regions.ts';

/** How far from a metro's centre its well-known places lie; an unknown village beyond it yields to them. */
const METRO_CORE_KM = 20;
/** Sound keys looked at per query, and entries per key (importance-ordered lists: the cap drops the least likely). */
const MAX_SOUND_KEYS = 200;
const MAX_PER_SOUND = 400;

/**
 * The entry sounding most like `whole` inside the region, the spelling closest to it first, or -1. With `minCity`,
 * only a town or district of at least that rank (a city; outside a city or district, where villages would answer).
 */
export function soundAlike(idx: PlaceIndex, whole: string, region: Region | null, work: Work, minCity = 0): number {
  const sound = phoneticKey(whole);
  const local = region !== null && region.level !== 'state';
  // Two consonants single out a whole name, never a name's start, and only inside a city or district ("Bejai" is
  // Mangaluru's Bijai; "Kudaa" is not Jaipur's "Khadi Bagh").
  const short = sound.length < 3;
  if (short && !local) return -1;
  const [lo, hi] = idx.soundRange(sound);
  let bestId = -1;
  let bestCost = Infinity;
  for (let k = lo; k < Math.min(hi, lo + MAX_SOUND_KEYS) && !spent(work); k++) {
    if ((!local || short) && idx.sounds[k] !== sound) continue;
    const end = Math.min(idx.soundAt[k + 1]!, idx.soundAt[k]! + MAX_PER_SOUND);
    for (let j = idx.soundAt[k]!; j < end; j++) {
      work.count++;
      const id = idx.soundEnt[j]!;
      if (
        minCity > 0 &&
        !((idx.kind[id] === KIND.town || idx.kind[id] === KIND.district) && idx.importance[id]! >= minCity)
      )
        continue;
      // A landmark sounds like the query only as a whole name, never as its start; another name's start must end at
      // a word ("Ghatkoper" -> "Ghatkopar West", but "Imambara" is not the start of "IIM Mubarakpur").
      const alike = idx.sounds[k] === sound;
      // The region first: it is a few loads, and turns away most of a country-wide sound's entries.
      if (
        idx.kind[id]! < KIND.locality ||
        !inRegion(idx, id, region) ||
        (!alike && (idx.kind[id] === KIND.landmark || !soundsLikeLeadingWords(idx, id, sound)))
      )
        continue;
      const name = idx.compact(id);
      const cost = editDistance(whole, name.slice(0, whole.length + 2), 6, true) - idx.importance[id]! * 0.5;
      if (cost < bestCost) {
        bestCost = cost;
        bestId = id;
      }
    }
  }
  return bestId;
}

/** True when the entry's first name words run together sound like `sound` (its skeleton ends at a word). */
function soundsLikeLeadingWords(idx: PlaceIndex, id: number, sound: string): boolean {
  let spelt = '';
  for (let k = idx.tokAt[id]!; k < idx.tokAt[id]! + idx.nameTokens[id]!; k++) {
    spelt += idx.vocab[idx.toks[k]!]!;
    const key = phoneticKey(spelt);
    if (key === sound) return true;
    if (key.length > sound.length) return false;
  }
  return false;
}

/**
 * "Washi, Navi Mumbai", "Madapur, Hyderabad": a metro's match that is an unknown village far from its centre gives
 * way to a well-known place near the centre sounding like the whole part (Vashi, Madhapur), scored as a sound-alike.
 */
export function famousInstead(
  idx: PlaceIndex,
  c: Candidate,
  tokens: string[],
  region: Region,
  work: Work,
): Candidate | null {
  if (region.level !== 'city' || region.spanKm !== null || isKnown(idx, c.id)) return null;
  if (haversineKm(region.lat, region.lon, idx.lat[c.id]!, idx.lon[c.id]!) <= METRO_CORE_KM) return null;
  const id = knownSoundAlike(idx, tokens.join(''), region, c.id, work);
  if (id < 0) return null;
  return oneEntry(id, c.score * QUALITY.sound + idx.importance[id]! * 0.15, 'sound', c.role, true);
}

/** A well-known place of the region sounding exactly like `key`, within METRO_CORE_KM of its centre, or -1. */
function knownSoundAlike(idx: PlaceIndex, key: string, region: Region, exclude: number, work: Work): number {
  const sound = phoneticKey(key);
  // Two consonants are enough here: the whole name must sound so, and the place be well known and near.
  if (sound.length < 2) return -1;
  // Sounds are sorted and unique: the exact one, if any, starts its prefix range.
  const [k] = idx.soundRange(sound);
  if (k >= idx.sounds.length || idx.sounds[k] !== sound) return -1;
  let best = -1;
  const end = Math.min(idx.soundAt[k + 1]!, idx.soundAt[k]! + MAX_PER_SOUND);
  for (let j = idx.soundAt[k]!; j < end && !spent(work); j++) {
    work.count++;
    const id = idx.soundEnt[j]!;
    if (id === exclude || (idx.kind[id] !== KIND.locality && idx.kind[id] !== KIND.office)) continue;
    if (best >= 0 && idx.importance[id]! <= idx.importance[best]!) continue;
    if (!isKnown(idx, id) || inRegion(idx, id, region) < 1) continue;
    if (haversineKm(region.lat, region.lon, idx.lat[id]!, idx.lon[id]!) <= METRO_CORE_KM) best = id;
  }
  return best;
}
