import chromium from '@sparticuz/chromium';
import { Browser, chromium as playwright } from 'playwright-core';

/**
 * Headless Chromium from npm (@sparticuz/chromium ships the binary in the registry package), driven by
 * playwright-core. No network but loopback: the background-networking flags keep Chromium from calling out.
 */
export const launchBrowser = async (): Promise<Browser> =>
  playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [...chromium.args, '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    headless: true,
  });
