import chromium from '@sparticuz/chromium';
import { Browser, chromium as playwright } from 'playwright-core';

/**
 * @sparticuz/chromium's flags for a GPU emulated in software (ANGLE on SwiftShader): here a page's compositing is
 * done on the CPU by Chromium's own software compositor instead (--disable-gpu), which draws the same pages for
 * about a third of the CPU time (docs/performance.md). No test here draws with WebGL.
 */
const EMULATED_GPU = /^--(use-gl|use-angle|enable-unsafe-swiftshader|in-process-gpu|ignore-gpu-blocklist)\b/;
/** Its flags that switch off the same-origin policy and the mixed-content block: a page here is held to both, as in a user's browser. */
const SECURITY_OFF = /^--(disable-web-security|allow-running-insecure-content)\b/;

/**
 * Headless Chromium from npm (@sparticuz/chromium ships the binary in the registry package), driven by
 * playwright-core. No network but loopback: the background-networking flags keep Chromium from calling out.
 */
export const launchBrowser = async (): Promise<Browser> =>
  playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [
      ...chromium.args.filter((arg) => !EMULATED_GPU.test(arg) && !SECURITY_OFF.test(arg)),
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    headless: true,
  });
