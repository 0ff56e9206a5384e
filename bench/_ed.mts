import { editDistance } from '../src/geocoding/fuzzy.ts';
function naive(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) {
    d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
  }
  return d[a.length]![b.length]!;
}
console.log(editDistance('jublihills', 'jubileehills', 2), naive('jublihills', 'jubileehills'));
console.log(editDistance('ballyganj', 'ballygunge', 2), naive('ballyganj', 'ballygunge'));
let bad = 0;
const rnd = (n: number) => Array.from({ length: n }, () => 'abc'[Math.floor(Math.random() * 3)]).join('');
for (let k = 0; k < 20000; k++) {
  const a = rnd(1 + Math.floor(Math.random() * 8)), b = rnd(1 + Math.floor(Math.random() * 8));
  for (const max of [1, 2]) {
    const e = editDistance(a, b, max), n = naive(a, b);
    if (Math.min(e, max + 1) !== Math.min(n, max + 1)) { if (bad++ < 5) console.log('bad', a, b, max, e, n); }
  }
}
console.log('bad', bad);
