// Headless Chromium for browser tests: CHROMIUM_PATH when set, else the Chromium that ships inside @sparticuz/chromium (npm).
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

/**
 * Flags for a sandbox-less headless run on a machine with a closed network. Not @sparticuz/chromium's own list: it
 * turns off web security and site isolation, and browser tests must see the CORS and origin rules a real browser applies.
 */
const ARGS = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
];

/** Launches Chromium; the npm copy unpacks itself to the temp directory on first use (about 2 s). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (await sparticuz.executablePath());
  return chromium.launch({ executablePath, args: ARGS, headless: true });
}
