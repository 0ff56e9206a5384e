// The median, for points of many members (districts, states, a pincode's offices): robust to a few far-off ones.

/** Median (mean of the middle two for even counts). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
