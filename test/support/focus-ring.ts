// Whether keyboard focus can be seen: the focused element (through shadow roots) draws an outline, which forced colours
// keep (they drop box-shadow), and the nearest ancestor that clips its overflow does not hide it.
import type { Page } from 'playwright-core';

export interface FocusRing {
  /** The focused element's tag and name, e.g. "BUTTON Zoom in". */
  element: string;
  /** Whether focus is inside the element's shadow host `host` (a tag name), when one was given. */
  inside: boolean;
  /** "3px solid" when a ring shows, else "none" or "clipped". */
  ring: string;
}

/** The focused element and its ring; `host` names the custom element whose shadow root counts as inside. */
export function focusRing(page: Page, host = ''): Promise<FocusRing> {
  return page.evaluate((hostTag) => {
    const inside = !hostTag || document.activeElement?.tagName === hostTag.toUpperCase();
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return { element: 'BODY', inside: false, ring: 'none' };
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const element = `${el.tagName} ${name.slice(0, 40)}`;
    const css = getComputedStyle(el);
    if (css.outlineStyle === 'none' || parseFloat(css.outlineWidth) < 2) return { element, inside, ring: 'none' };
    const offset = parseFloat(css.outlineOffset);
    const box = el.getBoundingClientRect();
    const parent = (e: Element) => e.parentElement ?? ((e.getRootNode() as ShadowRoot).host as Element | undefined);
    let clip = parent(el);
    while (clip && getComputedStyle(clip).overflow === 'visible') clip = parent(clip);
    const c = clip?.getBoundingClientRect();
    // The ring lies just outside the element (offset on): a clip inside that line hides all of it.
    const hidden =
      c &&
      c.left >= box.left - offset &&
      c.top >= box.top - offset &&
      c.right <= box.right + offset &&
      c.bottom <= box.bottom + offset;
    return { element, inside, ring: hidden ? 'clipped' : `${css.outlineWidth} ${css.outlineStyle}` };
  }, host);
}
