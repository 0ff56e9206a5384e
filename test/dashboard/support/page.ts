// Browser pages for the dashboard tests: every console error, page error and CSP report collected, screenshots, axe checks.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { repoRoot } from '../../support/paths.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
/** The laptop screen the QA testers used. */
export const LAPTOP = { width: 1366, height: 768 };
export const SCREENSHOT_DIR = join(repoRoot, 'test-output/screenshots');

export interface WatchedPage {
  page: Page;
  /** Console errors and warnings, uncaught exceptions and failed requests, in order. */
  problems: string[];
  /** Hosts the page sent requests to. */
  hosts: Set<string>;
}

/** A page in a fresh context (its own cookies) whose problems are collected and printed when the test fails. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  const hosts = new Set<string>();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`[console.${m.type()}] ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`[pageerror] ${err.message}`));
  page.on('requestfailed', (r) =>
    problems.push(`[requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  page.on('dialog', (d) => void d.accept());
  onTestFailed(() => console.error(`page problems:\n${problems.join('\n') || '(none)'}`));
  return { page, problems, hosts };
}

/** expect.poll with room for a loaded machine: pages and the usage flush take their time on two busy cores. */
export function eventually<T>(read: () => T | Promise<T>, timeoutMs = 10_000) {
  return expect.poll(read, { timeout: timeoutMs, interval: 100 });
}

/** Saves a screenshot (the whole page, or only what the screen shows) as test-output/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules: labels, contrast, names, landmarks) on the page as it is now. The script is
 * evaluated through the DevTools protocol, which the page's CSP does not govern, so the CSP under test stays intact.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { exclude: excluded.map((s) => [s]) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, exclude);
}

/** Names of inputs, selects and textareas that are visible and have no accessible label. */
export function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && (el as HTMLInputElement).type !== 'hidden')
      .filter(
        (el) =>
          (el as HTMLInputElement).labels?.length === 0 &&
          !el.getAttribute('aria-label') &&
          !el.getAttribute('aria-labelledby'),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/** Widest element overflow past the viewport (0 when nothing scrolls sideways at phone width). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
