// The SCORM 1.2 package (dist-scorm/clslab-scorm.zip): imsmanifest.xml at its root is
// well-formed XML (Chromium's XML parser) naming ADL SCORM 1.2, one organization whose
// item launches a resource of scormtype "sco" by a page in the zip, and the resource lists
// every file the zip holds; the launch page is the one-file edition as built. Unzipped and
// opened from file:// with the network off, the launch page trains. In a stand-in LMS
// (a parent page with a SCORM 1.2 API, as Moodle's player is) it reports 'incomplete',
// then 'completed' once Play spent the step budget, the session time and LMSFinish.
// Needs `npm run build`, `npm run build:single` and `node scripts/build-scorm.mjs`
// (`npm run build:scorm` does both of the last).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import type { Frame, Page } from 'playwright-core';
import { metrics, openPage, screenshot, useLab, type Lab } from './harness.ts';

const lab = useLab(); // its browser, and the served build as the checksum's reference
const zipPath = fileURLToPath(new URL('../../dist-scorm/clslab-scorm.zip', import.meta.url));
const singlePath = fileURLToPath(new URL('../../dist-single/clslab.html', import.meta.url));

function packageFiles(): Record<string, Uint8Array> {
  assert.ok(
    existsSync(zipPath),
    'dist-scorm/clslab-scorm.zip is missing: run `npm run build:scorm`',
  );
  return unzipSync(readFileSync(zipPath));
}

/** The package unzipped into a fresh temporary folder (removed after the file's tests). */
const unzipped = (() => {
  let folder: string | null = null;
  after(() => {
    if (folder !== null) rmSync(folder, { recursive: true, force: true });
  });
  return (): string => {
    if (folder !== null) return folder;
    folder = mkdtempSync(join(tmpdir(), 'clslab-scorm-'));
    for (const [name, bytes] of Object.entries(packageFiles())) {
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      writeFileSync(join(folder, name), bytes);
    }
    return folder;
  };
})();

interface Manifest {
  error: string | null;
  root: string;
  namespace: string | null;
  version: string | null;
  schema: string;
  schemaVersion: string;
  organization: string | null;
  item: string | null;
  resources: Array<{ id: string | null; scormType: string | null; href: string | null }>;
  /** Every <file href> of the resource the item launches. */
  files: string[];
}

/** The manifest as Chromium's XML parser reads it (namespace-aware). */
function readManifest(page: Page, xml: string): Promise<Manifest> {
  return page.evaluate((text) => {
    const IMSCP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
    const ADLCP = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.querySelector('parsererror')?.textContent ?? null;
    const root = doc.documentElement;
    // No named helper in here: tsx would wrap it in a __name the page does not have.
    const tags = ['organizations', 'organization', 'resource', 'schema', 'schemaversion'];
    const [organizationsOf, organizationOf, resourceOf, schemaOf, versionOf] = tags.map((tag) => [
      ...doc.getElementsByTagNameNS(IMSCP, tag),
    ]);
    const organizations = organizationsOf?.[0];
    const chosen = organizations?.getAttribute('default') ?? null;
    const organization = organizationOf?.find((o) => o.getAttribute('identifier') === chosen);
    const item = organization?.getElementsByTagNameNS(IMSCP, 'item')[0];
    const itemRef = item?.getAttribute('identifierref') ?? null;
    const resources = resourceOf ?? [];
    const launched = resources.find((r) => r.getAttribute('identifier') === itemRef);
    return {
      error,
      root: root.localName,
      namespace: root.namespaceURI,
      version: root.getAttribute('version'),
      schema: schemaOf?.[0]?.textContent ?? '',
      schemaVersion: versionOf?.[0]?.textContent ?? '',
      organization: organization?.getAttribute('identifier') ?? null,
      item: itemRef,
      resources: resources.map((r) => ({
        id: r.getAttribute('identifier'),
        scormType: r.getAttributeNS(ADLCP, 'scormtype'),
        href: r.getAttribute('href'),
      })),
      files: [...(launched?.getElementsByTagNameNS(IMSCP, 'file') ?? [])].map(
        (f) => f.getAttribute('href') ?? '',
      ),
    };
  }, xml);
}

test('the zip holds a SCORM 1.2 manifest at its root that launches the one-file edition and lists every file', async () => {
  const files = packageFiles();
  assert.ok('imsmanifest.xml' in files, `the manifest at the root: ${Object.keys(files)}`);
  const page = await lab.browser.newPage();
  const manifest = await readManifest(page, new TextDecoder().decode(files['imsmanifest.xml']));
  await page.close();
  assert.equal(manifest.error, null, 'well-formed XML');
  assert.equal(manifest.root, 'manifest');
  assert.equal(manifest.namespace, 'http://www.imsproject.org/xsd/imscp_rootv1p1p2');
  assert.equal(manifest.schema, 'ADL SCORM');
  assert.equal(manifest.schemaVersion, '1.2');
  assert.ok(manifest.organization !== null, 'the default organization exists');
  const launched = manifest.resources.find((r) => r.id === manifest.item);
  assert.ok(launched, `the item launches a resource: ${JSON.stringify(manifest)}`);
  assert.equal(launched.scormType, 'sco', 'a SCO: it talks to the LMS');
  const href = launched.href ?? '';
  assert.ok(href in files, `the launch page ${href} is in the zip`);
  for (const file of manifest.files) assert.ok(file in files, `listed ${file} is in the zip`);
  const content = Object.keys(files).filter((name) => name !== 'imsmanifest.xml');
  assert.deepEqual([...manifest.files].sort(), content.sort(), 'every file is listed');
  assert.ok(
    Buffer.from(files[href]!).equals(readFileSync(singlePath)),
    'the launch page is dist-single/clslab.html as built',
  );
});

test('unzipped, the launch page opened from file:// with the network off trains', async () => {
  const launch = pathToFileURL(join(unzipped(), 'clslab.html')).href;
  const onDisk: Lab = { browser: lab.browser, baseUrl: launch, close: async () => {} };
  const { page, problems } = await openPage(onDisk, { offline: true });
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  const served = await openPage(lab);
  await served.page.click('#step-attention');
  await served.page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  assert.equal((await metrics(page))?.checksum, (await metrics(served.page))?.checksum);
  await screenshot(page, 'scorm-file.png', false);
  assert.deepEqual(problems.blocked, [], 'nothing asked for the network');
  assert.deepEqual([...problems.console, ...served.problems.console], []);
  await page.close();
  await served.page.close();
});

/** A stand-in LMS player: `API` (SCORM 1.2) keeps the data model in `window.cmi` across
 *  launches and records every call in `window.calls`; the launch page opens in an iframe
 *  of the same origin, as LMS players serve it. */
const PLAYER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script>
window.calls = [];
window.cmi = { 'cmi.core.lesson_status': 'not attempted' };
function record(name, result) {
  return function () {
    calls.push([name].concat([].slice.call(arguments)));
    return result.apply(null, arguments);
  };
}
window.API = {
  LMSInitialize: record('LMSInitialize', function () { return 'true'; }),
  LMSGetValue: record('LMSGetValue', function (k) { return cmi[k] || ''; }),
  LMSSetValue: record('LMSSetValue', function (k, v) { cmi[k] = v; return 'true'; }),
  LMSCommit: record('LMSCommit', function () { return 'true'; }),
  LMSFinish: record('LMSFinish', function () { return 'true'; }),
  LMSGetLastError: function () { return '0'; },
  LMSGetErrorString: function () { return ''; },
  LMSGetDiagnostic: function () { return ''; }
};
function launch(hash) {
  calls.length = 0;
  document.getElementById('content').src = 'clslab.html' + hash;
}
function close() { document.getElementById('content').src = 'about:blank'; }
</script></head><body><iframe id="content" width="1200" height="800" title="course"></iframe>
</body></html>`;

type Call = [string, ...string[]];
const calls = (player: Page) =>
  player.evaluate(() => (window as unknown as { calls: Call[] }).calls);

async function launched(player: Page, hash: string): Promise<Frame> {
  await player.evaluate(
    (h) => (window as unknown as { launch: (h: string) => void }).launch(h),
    hash,
  );
  await player.waitForFunction(() =>
    (window as unknown as { calls: Call[] }).calls.some((c) => c[0] === 'LMSInitialize'),
  );
  const frame = player.frames().find((f) => f.url().includes('/clslab.html'));
  assert.ok(frame, 'the player opened the launch page');
  await frame.waitForFunction(() => window.__clslab?.metrics() != null, null, { timeout: 60000 });
  await frame.waitForFunction(
    () => !(document.getElementById('play') as HTMLButtonElement).disabled,
  );
  return frame;
}

async function closed(player: Page): Promise<Call[]> {
  await player.evaluate(() => (window as unknown as { close: () => void }).close());
  await player.waitForFunction(() =>
    (window as unknown as { calls: Call[] }).calls.some((c) => c[0] === 'LMSFinish'),
  );
  return calls(player);
}

test('in an LMS the launch page reports incomplete, then completed once Play spends the budget, and finishes', async () => {
  const folder = unzipped();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/player.html')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(PLAYER);
    if (path === '/clslab.html')
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(readFileSync(join(folder, 'clslab.html')));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const player = await lab.browser.newPage();
  const errors: string[] = [];
  player.on('pageerror', (error) => errors.push(error.message));
  await player.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/player.html`);

  // First launch: opened, left before the run's end.
  await launched(player, '');
  const first = await closed(player);
  const status = (list: Call[]) =>
    list
      .filter((c) => c[0] === 'LMSSetValue' && c[1] === 'cmi.core.lesson_status')
      .map((c) => c[2]);
  assert.deepEqual(first[0], ['LMSInitialize', '']);
  assert.deepEqual(status(first), ['incomplete']);
  const set = (list: Call[], key: string) =>
    list.find((c) => c[0] === 'LMSSetValue' && c[1] === key)?.[2];
  assert.match(set(first, 'cmi.core.session_time') ?? '', /^\d{2,4}:\d{2}:\d{2}\.\d{2}$/);
  assert.equal(set(first, 'cmi.core.exit'), 'suspend', 'not completed: the attempt stays open');
  assert.deepEqual(first.at(-1), ['LMSFinish', '']);

  // Second launch: already incomplete; Play runs a 20-step budget as fast as it goes.
  const frame = await launched(player, '#steps=20&speed=0');
  assert.deepEqual(status(await calls(player)), [], 'incomplete is not said again');
  await frame.click('#play');
  await player.waitForFunction(() =>
    (window as unknown as { calls: Call[] }).calls.some((c) => c[2] === 'completed'),
  );
  assert.equal((await metrics(frame as unknown as Page))?.step, 20, 'at the end of the budget');
  const second = await closed(player);
  assert.deepEqual(status(second), ['completed']);
  assert.equal(set(second, 'cmi.core.exit'), '');
  assert.deepEqual(second.at(-1), ['LMSFinish', '']);
  assert.equal(second.filter((c) => c[0] === 'LMSFinish').length, 1, 'finished once');
  assert.deepEqual(errors, []);
  await player.close();
  server.close();
});
