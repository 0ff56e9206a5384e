// Sound-alike names inside a region: the place whose name sounds like the part, or (inside a city or district) whose
// leading words do ("Jubli Hills" -> Jubilee Hills, "Ghatkoper" -> Ghatkopar West).
import { editDistance, spent, type Work } from './fuzzy.ts';
import { phoneticKey } from './normalise.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { inRegion, type Region } from './regions.ts';

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
      if (
        idx.kind[id]! < KIND.locality ||
        (!alike && (idx.kind[id] === KIND.landmark || !soundsLikeLeadingWords(idx, id, sound))) ||
        !inRegion(idx, id, region)
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
