import { Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium (CHROMIUM_PATH, else /usr/bin/chromium) driven by playwright-core: no browser download.
 * Without the background-networking flags it tries to reach Google's hosts at every start, which this
 * machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
