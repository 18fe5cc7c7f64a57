// Shared by every browser test in tests/e2e: serves dist/ read-only, launches Debian's
// Chromium once per file, and opens the lab on a page that records console errors, CSP
// violations and dialogs (an alert() would be an injection).
// Needs `npm run build` first. Screenshots go to test-results/ for a human look.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The production build, and the same page built to obey injected faults (build:test). */
const BUILDS = { dist: join(root, 'dist'), test: join(root, 'dist-test') } as const;
export type Build = keyof typeof BUILDS;
export const results = join(root, 'test-results');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
};

/** Serves `dist` at `prefix` ('/' or a course site's sub-folder such as '/courses/x/'). */
function serve(prefix: string, dist: string): Promise<Server> {
  const server = createServer((request, response) => {
    const full = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const path = `/${full.slice(prefix.length)}`;
    const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
    // Nothing exists outside the prefix: a page asking there used a URL from the root.
    if (!full.startsWith(prefix) || !file.startsWith(dist + sep) || !existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface Problems {
  console: string[];
  dialogs: string[];
  /** Requests refused by OpenOptions.offline. */
  blocked: string[];
}

export interface Lab {
  browser: Browser;
  baseUrl: string;
  close(): Promise<void>;
}

/** `prefix`: the folder dist/ is served from (default '/'), with a trailing slash; `build`:
 *  'test' serves the build whose worker obeys injected faults. */
export async function startLab(prefix = '/', build: Build = 'dist'): Promise<Lab> {
  const dist = BUILDS[build];
  const command = build === 'test' ? 'npm run build:test' : 'npm run build';
  assert.ok(existsSync(join(dist, 'index.html')), `${dist} is missing: run \`${command}\` first`);
  mkdirSync(results, { recursive: true });
  const server = await serve(prefix, dist);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  return {
    browser,
    baseUrl,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

/** The lab of the calling test file: started before its first test, closed after its
 *  last (one server and one Chromium per file). Call at the top level of the file. */
export function useLab(prefix = '/'): Lab {
  const lab = {} as Partial<Lab>;
  before(async () => {
    Object.assign(lab, await startLab(prefix));
  });
  after(async () => {
    await lab.close?.();
  });
  return lab as Lab;
}

export interface OpenOptions {
  width?: number;
  height?: number;
  dark?: boolean;
  /** Appended to the base URL, e.g. '#run=5'. */
  hash?: string;
  /** Wait until the metrics reach this step (default 1: the cold page's step on E; -1:
   *  do not wait for any metrics). */
  step?: number;
  /** Wait until Play is enabled and no task runs (default true; a link waiting for its data
   *  never is). */
  ready?: boolean;
  acceptDownloads?: boolean;
  /** Blocks every request that leaves lab.baseUrl (problems.blocked lists them); a file://
   *  page needs no server, so there the whole context is offline too. */
  offline?: boolean;
}

export async function openPage(
  lab: Lab,
  options: OpenOptions = {},
): Promise<{ page: Page; problems: Problems; readyMilliseconds: number }> {
  const context = await lab.browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 1000 },
    colorScheme: options.dark === true ? 'dark' : 'light',
    acceptDownloads: options.acceptDownloads ?? true,
  });
  const page = await context.newPage();
  // The context goes with its page; closing the browser first is not an error.
  page.on('close', () => void context.close().catch(() => undefined));
  const problems: Problems = { console: [], dialogs: [], blocked: [] };
  if (options.offline === true) {
    await context.route(
      (url) => !url.href.startsWith(lab.baseUrl),
      (route) => {
        problems.blocked.push(route.request().url());
        return route.abort('internetdisconnected');
      },
    );
    if (lab.baseUrl.startsWith('file:')) await context.setOffline(true);
  }
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.console.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const started = Date.now();
  await page.goto(lab.baseUrl + (options.hash ?? ''));
  const step = options.step ?? 1;
  if (step >= 0) {
    await page.waitForFunction((want) => (window.__clslab?.metrics()?.step ?? -1) >= want, step, {
      timeout: 60000,
    });
  }
  const readyMilliseconds = Date.now() - started;
  if (options.ready !== false) {
    // Play enabled and no task under way (the solve after the cold page's step on E leaves
    // Play enabled: a press then waits for it).
    await page.waitForFunction(
      () =>
        !(document.getElementById('play') as HTMLButtonElement).disabled &&
        window.__clslab?.state().task === null,
    );
  }
  return { page, problems, readyMilliseconds };
}

export function metrics(page: Page) {
  return page.evaluate(() => window.__clslab?.metrics() ?? null);
}

export function series(page: Page) {
  return page.evaluate(() => window.__clslab?.series() ?? {});
}

/** The banner's messages, one string per line it shows (a link's warnings, an error, a
 *  notice), in the order they were added. */
export function bannerLines(page: Page): Promise<string[]> {
  return page.$$eval('#banner-messages > li', (items) =>
    items.map((item) => item.textContent ?? ''),
  );
}

/** Waits until the banner shows a line matching `pattern` and returns that line. A test that
 *  checks one message waits for that message, not for any banner: a link's warnings (a v=1
 *  link's note about its arithmetic, say) may show first. */
export async function bannerLine(page: Page, pattern: RegExp, timeout = 60000): Promise<string> {
  await page.waitForFunction(
    ({ source, flags }) => {
      const regexp = new RegExp(source, flags);
      const items = document.querySelectorAll('#banner:not([hidden]) #banner-messages > li');
      return [...items].some((item) => regexp.test(item.textContent ?? ''));
    },
    { source: pattern.source, flags: pattern.flags },
    { timeout },
  );
  return (await bannerLines(page)).find((line) => pattern.test(line)) ?? '';
}

/** Waits until Play has stopped (the button reads Play again) and the page has what the
 *  worker sends after 'stopped': the metrics and the guidance of the step reached. */
export async function waitStopped(page: Page, timeout = 60000): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = window.__clslab?.state();
      return (
        document.getElementById('play')?.textContent === 'Play' &&
        state !== undefined &&
        window.__clslab?.metrics()?.step === state.step &&
        state.guidanceStep === state.step
      );
    },
    null,
    { timeout },
  );
}

const axeSource = join(root, 'node_modules', 'axe-core', 'axe.min.js');

/** axe-core's serious and critical violations on the page as it is now, one line each
 *  (rule, impact, first elements). The page's CSP forbids inline scripts, so axe goes in
 *  through evaluate; target-size (WCAG 2.2, off by default) is switched on. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(axeSource, 'utf8'));
  return page.evaluate(async () => {
    type Result = {
      violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown[] }> }>;
    };
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<Result> } })
      .axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'target-size': { enabled: true } },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}, ${v.nodes.length}): ` +
          v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | '),
      );
  });
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(250); // a frame for the charts to draw
  await page.screenshot({ path: join(results, name), fullPage });
}

// window.__clslab, the page's test hooks: their one declaration (web/src/test-hook.ts).
export type { TestHook } from '../../web/src/test-hook.ts';

/** Loads a file through the dataset panel's picker, confirming its preview when the
 *  panel asks for confirmation first. */
export async function loadDatasetFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const before = await page.textContent('#dataset-summary');
  await page.setInputFiles('#dataset-file', file);
  await page.waitForFunction(
    (old) =>
      document.querySelector('#preview-confirm:not([disabled])') !== null ||
      document.getElementById('dataset-summary')?.textContent !== old,
    before,
    { timeout: 30000 },
  );
  if ((await page.locator('#preview-confirm:not([disabled])').count()) > 0)
    await page.click('#preview-confirm');
  await page.waitForFunction(
    (old) => document.getElementById('dataset-summary')?.textContent !== old,
    before,
    { timeout: 30000 },
  );
}
