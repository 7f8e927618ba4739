/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { AccountsService } from '../../src/accounts/accounts.service';
import { ApiKeysService } from '../../src/accounts/api-keys.service';
import { launchChromium } from './chromium';
import { startTestApp, TestApp } from './test-app';

/** Where studio tests leave screenshots: test-artifacts/ (git-ignored), or docs/ with UPDATE_DOCS=1. */
export const STUDIO_SHOTS = join(__dirname, '..', '..', process.env.UPDATE_DOCS === '1' ? 'docs' : 'test-artifacts');

export interface StudioBrowser {
  testApp: TestApp;
  browser: Browser;
  page: Page;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * The app (with a preview budget for a busy shared machine), chromium at `viewport`, and a signed-up designer with
 * an API key: the set-up every studio spec needs.
 */
export async function startStudioBrowser(email: string, viewport = { width: 1280, height: 720 }): Promise<StudioBrowser> {
  mkdirSync(STUDIO_SHOTS, { recursive: true });
  const testApp = await startTestApp({ env: { PREVIEW_PER_MINUTE: '1000', RENDER_TIMEOUT: '60s' } });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport });
  page.on('dialog', (dialog) => void dialog.accept());
  page.on('pageerror', (error) => console.warn(`studio page error: ${error.message}`));
  await page.goto(`${testApp.baseUrl}/app/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a long passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/app/);
  const account = (await testApp.get(AccountsService).findByEmail(email))!;
  const apiKey = (await testApp.get(ApiKeysService).create(account.id, 'test')).plainKey;
  return {
    testApp,
    browser,
    page,
    apiKey,
    close: async () => {
      await browser.close();
      await testApp.close();
    },
  };
}

/** Locators and waits on the studio page. */
export function studioPage(page: Page) {
  const canvas = () => page.getByRole('application', { name: 'Template canvas' });
  const field = (label: string) => page.getByLabel(label, { exact: true });
  return {
    canvas,
    field,
    button: (name: string) => page.getByRole('button', { name, exact: true }),
    layer: (name: string) => canvas().locator(`[data-layer="${name}"]`),
    /** The preview is drawn and painted. */
    previewSettled: () =>
      page.waitForFunction(
        () =>
          document.querySelector('.canvas')?.getAttribute('data-preview') === 'ready' &&
          document.querySelector<HTMLImageElement>('img.preview')?.complete === true,
      ),
    /** Waits (up to 2 s) for the fields to hold `expected`, then asserts they do. */
    expectFields: async (labels: string[], expected: string[]) => {
      let values: string[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        values = await Promise.all(labels.map((label) => field(label).inputValue()));
        if (values.join('\n') === expected.join('\n')) break;
        await page.waitForTimeout(20);
      }
      expect(values).toEqual(expected);
    },
    /** The selected layers' names, the primary one first. */
    selection: () =>
      canvas()
        .locator('.layer.selected, .layer.also-selected')
        .evaluateAll((elements) =>
          elements
            .sort((a, b) => Number(b.classList.contains('selected')) - Number(a.classList.contains('selected')))
            .map((element) => element.getAttribute('data-layer')),
        ),
  };
}
