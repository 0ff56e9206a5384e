// `npm run build`'s widget: one self-contained module and a stylesheet within the stated gzip budget, with nothing a
// strict Content-Security-Policy refuses (no eval, no inline script or style, no HTML parsing).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWidget, WIDGET_GZIP_BUDGET_BYTES } from '../../scripts/package/widget.ts';

let dir: string;
let sizes: Record<string, number>;
let js: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'widget-build-'));
  sizes = await bundleWidget(dir);
  js = readFileSync(join(dir, 'geopin-checkout.js'), 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the widget build', () => {
  it(`stays within ${WIDGET_GZIP_BUDGET_BYTES / 1024} KB gzipped, MapLibre not counted`, () => {
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(`widget: ${JSON.stringify(sizes)} bytes gzipped, ${total} in all`);
    expect(Object.keys(sizes).sort()).toEqual(['geopin-checkout.css', 'geopin-checkout.js']);
    expect(total).toBeLessThanOrEqual(WIDGET_GZIP_BUDGET_BYTES);
  });

  it('is one module whose only import is MapLibre, on demand', () => {
    expect(js).not.toMatch(/(^|[;}])\s*import\s*[{*\w]/);
    expect([...js.matchAll(/import\(/g)]).toHaveLength(1);
    expect(js).toContain('/maplibre-gl.mjs');
    expect(js).toContain('customElements.define("geopin-checkout"');
  });

  it('has nothing a strict CSP or Trusted Types would refuse', () => {
    for (const banned of [
      'eval(',
      'new Function',
      'innerHTML',
      'insertAdjacentHTML',
      'document.write',
      '.style.cssText',
    ])
      expect(js, banned).not.toContain(banned);
    expect(js).not.toMatch(/setAttribute\("style"/);
  });
});
