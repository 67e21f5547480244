import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import { ARTIFACTS_DIR } from './paths';

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const safeName = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/**
 * One browser per test file and a fresh context (no cookies, no local storage) per test. A failed test leaves a
 * screenshot and the page's console under e2e/.artifacts/.
 */
export function useBrowser(baseUrl: () => string): { page: () => Page; context: () => BrowserContext } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let consoleLines: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser not launched');
    context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    consoleLines = [];
    page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  });
  afterEach(async (test: TestContext) => {
    if (test.task.result?.state === 'fail' && page) {
      const base = path.join(ARTIFACTS_DIR, safeName(`${test.task.file?.name ?? ''}-${test.task.name}`));
      await mkdir(ARTIFACTS_DIR, { recursive: true });
      await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
      await writeFile(`${base}.console.txt`, `${page.url()}\n${consoleLines.join('\n')}\n`).catch(
        () => undefined,
      );
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    page: () => {
      if (!page) throw new Error('no page: use it inside a test');
      return page;
    },
    context: () => {
      if (!context) throw new Error('no context: use it inside a test');
      return context;
    },
  };
}
