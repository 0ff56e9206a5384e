// A key's monthly quota used up: the API then refuses its calls (429 monthly_quota_exceeded) until the month turns.
import { formatTime } from '/console/console.js';

/** Whether the gate now refuses the key's calls: it grants only while the month's count is under the limit. */
export const quotaUsed = (used, limit) => limit !== null && used >= limit;

/** "Calls are refused (429 monthly_quota_exceeded) until 01 Dec 2026, 05:30:00 IST." */
export const refusedUntil = (resetsAt) =>
  `Calls are refused (429 monthly_quota_exceeded) until ${formatTime(resetsAt)}.`;

/** The first instant after `month` (YYYY-MM), UTC: when its quota starts again. */
export function monthAfter(month) {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString();
}
