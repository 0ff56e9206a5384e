// A side typed after a place ("Thane W", "Kalyan East", "Andheri (W)"): that place and its side, never a district or
// state the side word starts ("West" of West Bengal, Delhi's district "East").

/** East and west are written short ("Thane W", "Andheri (E)"); north and south whole, their letters start too much. */
const SHORT_SIDES = ['east', 'west'];
const WHOLE_SIDES = ['north', 'south'];

/** The query split into the place and the side being typed after it, or null when its last word is no side. */
export function sideTyped(q: string): { place: string; side: string } | null {
  const words = q.trim().split(/[\s,]+/);
  if (words.length < 2) return null;
  const side = words.at(-1)!.toLowerCase().replace(/[().]/g, '');
  const isSide = side !== '' && (SHORT_SIDES.some((s) => s.startsWith(side)) || WHOLE_SIDES.includes(side));
  return isSide ? { place: words.slice(0, -1).join(' '), side } : null;
}
