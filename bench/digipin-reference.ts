// Pure-TS DIGIPIN encode, the India Post reference algorithm as published: the benchmark baseline.
const GRID = [
  ['F', 'C', '9', '8'],
  ['J', '3', '2', '7'],
  ['K', '4', '5', '6'],
  ['L', 'M', 'P', 'T'],
] as const;

/** Encodes like the official JS; throws the official messages (NaN checked too). */
export function encodeReference(lat: number, lon: number): string {
  if (!(lat >= 2.5 && lat <= 38.5)) throw new Error('Latitude out of range');
  if (!(lon >= 63.5 && lon <= 99.5)) throw new Error('Longitude out of range');
  let minLat = 2.5;
  let maxLat = 38.5;
  let minLon = 63.5;
  let maxLon = 99.5;
  let code = '';
  for (let level = 1; level <= 10; level++) {
    const latDiv = (maxLat - minLat) / 4;
    const lonDiv = (maxLon - minLon) / 4;
    const row = Math.max(0, Math.min(3 - Math.floor((lat - minLat) / latDiv), 3));
    const col = Math.max(0, Math.min(Math.floor((lon - minLon) / lonDiv), 3));
    code += GRID[row]![col]!;
    if (level === 3 || level === 6) code += '-';
    maxLat = minLat + latDiv * (4 - row);
    minLat = minLat + latDiv * (3 - row);
    minLon = minLon + lonDiv * col;
    maxLon = minLon + lonDiv;
  }
  return code;
}
