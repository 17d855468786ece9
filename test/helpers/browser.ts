import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); browser tests skip, saying so, where it is missing. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/**
 * Headless Chromium with the flags this closed network needs (no background connections) and
 * `hosts` (host[:port] → local port) resolved to 127.0.0.1, so pages keep their real Host.
 */
export function launchChromium(hosts: Record<string, number>): Promise<Browser> {
  const rules = Object.entries(hosts)
    .map(([host, port]) => `MAP ${host} 127.0.0.1:${port}`)
    .join(', ');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      `--host-resolver-rules=${rules}`,
    ],
  });
}
