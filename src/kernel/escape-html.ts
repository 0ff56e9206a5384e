// HTML escaping for the few server-rendered pages (dev checkout page, gateway emulator pay page).

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
