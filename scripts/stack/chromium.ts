// How the browser tests start Debian's Chromium through playwright-core: the path, the switches, and the browser
// features they turn off because they only cost CPU in a headless test browser (docs/running.md "Browser tests").
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium's own omnibox popup, a WebUI page it loads into a renderer of its own for every new window, and so
 * for every new browser context even when headless: measured at about 1.4 CPU-seconds of that renderer and 0.4
 * of the browser process per context on a 2-core machine, about as much as the page under test itself, and none
 * of it part of the app.
 */
export const UNUSED_BROWSER_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Lets a response's `X-CacheStorageCodeCacheHint: none` (web-server.ts sends it with every script) stop Chromium
 * compiling that script when a service worker caches it during its install: a classic script's code cache, which
 * the app's module scripts never use. Measured at about 0.5 of the 5 CPU-seconds a context costs that opens the
 * app and lets its service worker install (10 interleaved pairs), with no page load using a code cache either way.
 */
export const ENABLED_BLINK_FEATURES = ['CacheStorageCodeCacheHint'];

/** The features playwright-core already disables, read from the command line it started Chromium with. */
async function playwrightDisabledFeatures(): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_BASE_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const commandLine = await page.locator('#command_line').innerText();
    return /--disable-features=(\S+)/.exec(commandLine)?.[1]?.split(',') ?? [];
  } finally {
    await browser.close();
  }
}

/**
 * The switches for chromium.launch(): the base ones and one --disable-features with playwright-core's list and
 * UNUSED_BROWSER_FEATURES. One list, because Chromium reads only the last --disable-features it is given: a second
 * switch would switch playwright-core's own list (HTTPS upgrades, paint holding, ...) back on.
 */
export async function chromiumArgs(): Promise<string[]> {
  const disabled = new Set([...(await playwrightDisabledFeatures()), ...UNUSED_BROWSER_FEATURES]);
  return [
    ...CHROMIUM_BASE_ARGS,
    `--disable-features=${[...disabled].join(',')}`,
    `--enable-blink-features=${ENABLED_BLINK_FEATURES.join(',')}`,
  ];
}
