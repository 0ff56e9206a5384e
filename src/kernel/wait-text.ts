// A wait told to a person: "40 seconds", "5 minutes" (rounded up), never a count of seconds in the hundreds.

/** `seconds` (at least 1) as words: seconds under a minute, else whole minutes rounded up. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
