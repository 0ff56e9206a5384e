// Store origins as people type them: a list split on lines, spaces and commas, and each bad entry said in words.

/** The entries of a textarea of origins, one per line (spaces and commas separate too). */
export function originEntries(text) {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** "https://chaishop.in" from "chaishop.in" or "ftp://chaishop.in/shop": the origin the person most likely meant. */
function likelyOrigin(entry) {
  const host = entry.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '').split(/[/?#]/)[0];
  return `https://${host}`;
}

/**
 * What is wrong with `entry` as an origin (the server's rules: http or https, a host and maybe a port, nothing
 * after it, no wildcard), in words; null when it is one.
 */
export function originProblem(entry) {
  let url = null;
  try {
    url = new URL(entry);
  } catch {
    // No scheme: "chaishop.in" is not a web address to a URL parser.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname)
    return `Not a web address: ${entry} — write it as ${likelyOrigin(entry)}`;
  if (url.hostname.includes('*') || entry.includes('*'))
    return `Wildcards are not supported: ${entry} — list each site, e.g. https://www.shop.example`;
  if (url.username || url.password || url.pathname.length > 1 || url.search || url.hash)
    return `Only the site, not a page: ${entry} — write it as ${url.origin}`;
  return null;
}

/** Each bad entry's words, in the order typed (the same entry once). */
export function originProblems(entries) {
  return [...new Set(entries)].map(originProblem).filter(Boolean);
}

/** The server's words for entries it refused (`allowed_origins.N`), said as originProblem says them. */
export function refusedOrigins(issues, sent) {
  const words = (issues ?? []).map(({ index, message }) => {
    const entry = index === null ? undefined : sent[index];
    if (entry === undefined) return message;
    return originProblem(entry) ?? `Not accepted: ${entry} — write it like https://shop.example`;
  });
  return [...new Set(words)];
}
