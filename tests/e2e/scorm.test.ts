// The SCORM packages (dist-scorm/clslab-scorm-1.2.zip and -2004.zip) in two runtimes, the
// LMS side of the API in a stand-in player that launches the page as a platform does, from
// the manifest's resource href and the item's launch parameters: scorm-again, and a strict
// runtime of this project's own written from the SCORM 1.2 and 2004 RTE specifications
// (tests/e2e/strict-lms.js: API states, access, data types, vocabularies, order). Each
// manifest names its schema and version and lists every file; per version, a learner
// answers the class activity, commits, takes the step on E (its answer is recorded as an
// interaction), leaves at step 11 (suspend), and relaunches with entry "resume": the page
// opens at step 11 with the same checksum and the same answers, Play settles the rest, and
// the platform holds the score, completion and success, every interaction, and suspend
// data under SCORM 1.2's 4,096 characters. A launch without an API or with one that refuses
// says in view that progress is not recorded. Needs `npm run build` and `npm run
// build:scorm` (which builds dist-single/ and packs it).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import type { Frame, Page } from 'playwright-core';
import { screenshot, useLab } from './harness.ts';

const lab = useLab();
const VERSIONS = ['1.2', '2004'] as const;
type Version = (typeof VERSIONS)[number];
const zipPath = (version: Version) =>
  fileURLToPath(new URL(`../../dist-scorm/clslab-scorm-${version}.zip`, import.meta.url));
const singlePath = fileURLToPath(new URL('../../dist-single/clslab.html', import.meta.url));
const runtimePath = fileURLToPath(
  new URL('../../node_modules/scorm-again/dist/scorm-again.js', import.meta.url),
);
const strictPath = fileURLToPath(new URL('./strict-lms.js', import.meta.url));
const RUNTIMES = ['scorm-again', 'strict'] as const;
type Runtime = (typeof RUNTIMES)[number];

function packageFiles(version: Version): Record<string, Uint8Array> {
  assert.ok(existsSync(zipPath(version)), `${zipPath(version)} is missing: npm run build:scorm`);
  return unzipSync(readFileSync(zipPath(version)));
}

interface Manifest {
  error: string | null;
  namespace: string | null;
  schema: string;
  schemaVersion: string;
  adlcp: string | null;
  organization: string | null;
  parameters: string | null;
  href: string | null;
  scormType: string | null;
  files: string[];
  mastery: string | null;
}

/** The manifest as Chromium's namespace-aware XML parser reads it. */
function readManifest(page: Page, xml: string): Promise<Manifest> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.querySelector('parsererror')?.textContent ?? null;
    const root = doc.documentElement;
    const ns = root.namespaceURI ?? '';
    const adlcp = root.lookupNamespaceURI('adlcp');
    // No named helper in here: tsx would wrap it in a __name the page does not have.
    const [organizations, schema, schemaVersion] = ['organizations', 'schema', 'schemaversion'].map(
      (tag) => doc.getElementsByTagNameNS(ns, tag)[0] ?? null,
    );
    const chosen = organizations?.getAttribute('default') ?? null;
    const organization = [...doc.getElementsByTagNameNS(ns, 'organization')].find(
      (o) => o.getAttribute('identifier') === chosen,
    );
    const item = organization?.getElementsByTagNameNS(ns, 'item')[0];
    const ref = item?.getAttribute('identifierref') ?? null;
    const resource = [...doc.getElementsByTagNameNS(ns, 'resource')].find(
      (r) => r.getAttribute('identifier') === ref,
    );
    const scormType =
      resource?.getAttributeNS(adlcp, 'scormtype') ??
      resource?.getAttributeNS(adlcp, 'scormType') ??
      null;
    return {
      error,
      namespace: ns,
      schema: schema?.textContent ?? '',
      schemaVersion: schemaVersion?.textContent ?? '',
      adlcp,
      organization: organization?.getAttribute('identifier') ?? null,
      parameters: item?.getAttribute('parameters') ?? null,
      href: resource?.getAttribute('href') ?? null,
      scormType,
      files: [...(resource?.getElementsByTagNameNS(ns, 'file') ?? [])].map(
        (f) => f.getAttribute('href') ?? '',
      ),
      mastery: item?.getElementsByTagNameNS(adlcp, 'masteryscore')[0]?.textContent ?? null,
    };
  }, xml);
}

const EXPECTED = {
  '1.2': {
    namespace: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
    adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
    schemaVersion: '1.2',
  },
  '2004': {
    namespace: 'http://www.imsglobal.org/xsd/imscp_v1p1',
    adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
    schemaVersion: '2004 4th Edition',
  },
} as const;

for (const version of VERSIONS) {
  test(`the SCORM ${version} zip holds a manifest of its schema that launches the one-file edition as a SCO`, async () => {
    const files = packageFiles(version);
    assert.ok('imsmanifest.xml' in files, `the manifest at the root: ${Object.keys(files)}`);
    const page = await lab.browser.newPage();
    const m = await readManifest(page, new TextDecoder().decode(files['imsmanifest.xml']));
    await page.close();
    assert.equal(m.error, null, 'well-formed XML');
    assert.equal(m.namespace, EXPECTED[version].namespace);
    assert.equal(m.adlcp, EXPECTED[version].adlcp);
    assert.equal(m.schema, 'ADL SCORM');
    assert.equal(m.schemaVersion, EXPECTED[version].schemaVersion);
    assert.ok(m.organization !== null, 'the default organization exists');
    assert.equal(m.scormType, 'sco', 'a SCO: it talks to the platform');
    assert.ok(m.href !== null && m.href in files, `the launch page ${m.href} is in the zip`);
    const content = Object.keys(files).filter((name) => name !== 'imsmanifest.xml');
    assert.deepEqual([...m.files].sort(), content.sort(), 'every file is listed');
    assert.match(
      m.parameters ?? '',
      new RegExp(`^#scorm=${version.replace('.', '\\.')}&activity=`),
    );
    const html = new TextDecoder().decode(files[m.href]);
    const built = readFileSync(singlePath, 'utf8');
    // The package is built without a public address by the test script: the page as built.
    assert.equal(html, built, 'the launch page is dist-single/clslab.html as built');
  });
}

/** The player: the API of `version` in a page of the platform, the launch page in an
 *  iframe of the same origin. `start(json)` makes a fresh API holding `json` (what the
 *  platform kept, in scorm-again's JSON: a strict runtime reads the same fields), `kept()`
 *  gives that back for a relaunch with entry "resume", and every call goes into `calls`. */
const PLAYER = (version: Version, runtime: Runtime) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>LMS</title>
<script src="/${runtime === 'strict' ? 'strict-lms.js' : 'scorm-again.js'}"></script><script>
window.calls = [];
window.start = function (json) {
  json = json || {};
  var api;
  if (${runtime === 'strict'}) {
    var core = json.core || {};
    api = StrictLms.${version === '1.2' ? 'api12' : 'api2004'}({
      suspend_data: json.suspend_data, entry: core.entry || json.entry,
      lesson_status: core.lesson_status, completion_status: json.completion_status,
      mastery_score: (json.student_data || {}).mastery_score,
      scaled_passing_score: json.scaled_passing_score
    });
  } else {
    api = new (${version === '1.2' ? 'Scorm12API' : 'Scorm2004API'})({ autocommit: false, logLevel: 5 });
    api.loadFromJSON(json);
  }
  ${version === '1.2' ? 'window.API' : 'window.API_1484_11'} = api;
  var names = ${
    version === '1.2'
      ? "['LMSInitialize', 'LMSSetValue', 'LMSCommit', 'LMSFinish']"
      : "['Initialize', 'SetValue', 'Commit', 'Terminate']"
  };
  names.forEach(function (name) {
    var real = api[name].bind(api);
    api[name] = function () {
      var answer = real.apply(null, arguments);
      var error = ${version === '1.2' ? 'api.LMSGetLastError()' : 'api.GetLastError()'};
      calls.push([name, answer].concat([].slice.call(arguments), ['error ' + error]));
      return answer;
    };
  });
  window.api = api;
};
window.kept = function () {
  if (${runtime === 'strict'}) {
    var k = api.kept();
    return ${
      version === '1.2'
        ? '{ suspend_data: k.suspend_data, core: { entry: "resume", lesson_status: k.lesson_status } }'
        : '{ suspend_data: k.suspend_data, entry: "resume", completion_status: k.completion_status }'
    };
  }
  var cmi = api.cmi;
  return ${
    version === '1.2'
      ? '{ suspend_data: cmi.suspend_data, core: { entry: "resume", lesson_status: cmi.core.lesson_status } }'
      : '{ suspend_data: cmi.suspend_data, entry: "resume" }'
  };
};
window.launch = function (url) { calls.length = 0; document.getElementById('content').src = url; };
window.leave = function () { document.getElementById('content').src = 'about:blank'; };
</script></head><body><iframe id="content" width="1200" height="900" title="course"></iframe>
</body></html>`;

type Call = [string, string, ...string[]];

async function servePackage(
  version: Version,
  runtime: Runtime = 'scorm-again',
): Promise<{ server: Server; url: string }> {
  const files = packageFiles(version);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname.slice(1);
    if (path === 'player.html')
      return void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(PLAYER(version, runtime));
    if (path === 'scorm-again.js' || path === 'strict-lms.js')
      return void response
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(readFileSync(path === 'strict-lms.js' ? strictPath : runtimePath));
    const file = files[path];
    if (file === undefined) return void response.writeHead(404).end();
    const type = path.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/xml';
    response.writeHead(200, { 'content-type': type }).end(Buffer.from(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => server.close());
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** The address a platform launches: the resource's href and the item's parameters. */
async function launchAddress(page: Page, version: Version): Promise<string> {
  const files = packageFiles(version);
  const m = await readManifest(page, new TextDecoder().decode(files['imsmanifest.xml']));
  return `${m.href}${m.parameters}`;
}

const calls = (player: Page) =>
  player.evaluate(() => (window as unknown as { calls: Call[] }).calls);

async function launched(player: Page, address: string): Promise<Frame> {
  await player.evaluate(
    (a) => (window as unknown as { launch: (a: string) => void }).launch(a),
    address,
  );
  const name = await player.evaluate(() =>
    'API_1484_11' in window ? 'Initialize' : 'LMSInitialize',
  );
  await player.waitForFunction(
    (n) => (window as unknown as { calls: Call[] }).calls.some((c) => c[0] === n),
    name,
  );
  const frame = player.frames().find((f) => f.url().includes('/clslab.html'));
  assert.ok(frame, 'the player opened the launch page');
  await frame.waitForFunction(
    () => document.querySelector('#activity-questions li') !== null,
    null,
    {
      timeout: 60000,
    },
  );
  return frame;
}

async function left(player: Page): Promise<Call[]> {
  const name = await player.evaluate(() => ('API_1484_11' in window ? 'Terminate' : 'LMSFinish'));
  await player.evaluate(() => (window as unknown as { leave: () => void }).leave());
  await player.waitForFunction(
    (n) => (window as unknown as { calls: Call[] }).calls.some((c) => c[0] === n),
    name,
  );
  return calls(player);
}

const valuesSet = (list: Call[]) =>
  new Map(
    list
      .filter((c) => c[0] === 'LMSSetValue' || c[0] === 'SetValue')
      .map((c) => [c[2], c[3]] as const),
  );

const frameMetrics = (frame: Frame) => frame.evaluate(() => window.__clslab?.metrics() ?? null);

for (const runtime of RUNTIMES)
  for (const version of VERSIONS) {
    test(`SCORM ${version} in ${runtime}: answers, interactions, suspend at step 11, resume at the same checksum, score`, async () => {
      const { url } = await servePackage(version, runtime);
      const player = await lab.browser.newPage({ viewport: { width: 1260, height: 960 } });
      const errors: string[] = [];
      player.on('pageerror', (error) => errors.push(error.message));
      await player.goto(`${url}player.html`);
      const address = await launchAddress(player, version);
      const passing =
        version === '1.2'
          ? { student_data: { mastery_score: '50' } }
          : { scaled_passing_score: '0.5' };
      await player.evaluate(
        (json) => (window as unknown as { start: (j: unknown) => void }).start(json),
        passing,
      );

      // First launch: every question answered (yes; the first word of the review), committed,
      // the step on E taken by hand, then one press of Step p: step 11.
      let frame = await launched(player, address);
      const status = await frame.textContent('#lms-status');
      assert.match(status ?? '', /recorded by the course/, status ?? '');
      assert.ok(await frame.locator('#play').isDisabled(), 'Play waits for the predictions');
      assert.equal((await frameMetrics(frame))?.step, 0, 'no step on E before the predictions');
      const questions = await frame.locator('#activity-questions > li').count();
      assert.ok(questions >= 5, `the default activity asks every question (${questions})`);
      for (const radio of await frame.locator('#activity-questions input[value="true"]').all())
        await radio.check();
      await frame.locator('#activity-questions .activity-word').first().click();
      await frame.click('#activity-commit');
      await frame.waitForFunction(
        () => !(document.getElementById('play') as HTMLButtonElement).disabled,
      );
      await frame.click('#step-embeddings');
      await frame.waitForFunction(
        () =>
          document.querySelector('[data-question="slope"]')?.getAttribute('data-result') !==
          'pending',
      );
      await frame.waitForFunction(() => window.__clslab?.state().task === null, null, {
        timeout: 60000,
      });
      await frame.click('#step-attention');
      await frame.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
      const before = await frameMetrics(frame);
      await screenshot(player, `scorm-${version}-answered.png`, false);
      const first = await left(player);
      const set1 = valuesSet(first);
      const response = version === '1.2' ? 'student_response' : 'learner_response';
      assert.equal(
        set1.get('cmi.interactions.0.id'),
        'predict-slope',
        'the slope, recorded when revealed',
      );
      assert.equal(set1.get('cmi.interactions.0.type'), 'true-false');
      assert.equal(set1.get(`cmi.interactions.0.${response}`), version === '1.2' ? 't' : 'true');
      assert.match(set1.get('cmi.interactions.0.result') ?? '', /^(correct|wrong|incorrect)$/);
      assert.ok(set1.has('cmi.interactions.0.correct_responses.0.pattern'));
      assert.ok(!set1.has('cmi.interactions.1.id'), 'nothing else is settled at step 11');
      assert.equal(set1.get(version === '1.2' ? 'cmi.core.exit' : 'cmi.exit'), 'suspend');
      const suspend = set1.get('cmi.suspend_data') ?? '';
      assert.ok(
        suspend.length > 0 && suspend.length < 4096,
        `suspend_data ${suspend.length} chars`,
      );
      assert.match(JSON.parse(suspend).l, /(^|&)run=11(&|$)/, 'the link at step 11');
      for (const call of first)
        assert.notEqual(call[1], 'false', `the runtime accepted ${call.join(' ')}`);

      // Relaunch: the platform hands back what it kept, with entry "resume".
      const kept = await player.evaluate(() =>
        (window as unknown as { kept: () => Record<string, unknown> }).kept(),
      );
      await player.evaluate(
        (json) => (window as unknown as { start: (j: unknown) => void }).start(json),
        { ...kept, ...passing },
      );
      frame = await launched(player, address);
      await frame.waitForFunction(() => window.__clslab?.metrics()?.step === 11, null, {
        timeout: 60000,
      });
      const after = await frameMetrics(frame);
      assert.equal(after?.checksum, before?.checksum, 'the same weights at step 11');
      await frame.waitForFunction(
        () =>
          document.querySelector('[data-question="slope"]')?.getAttribute('data-result') !==
          'pending',
      );
      assert.equal(await frame.locator('#activity-commit').isVisible(), false, 'still committed');
      assert.equal(
        await frame.locator('#activity-questions input[value="true"]:checked').count(),
        await frame.locator('#activity-questions input[value="true"]').count(),
        'the same answers',
      );
      await frame.waitForFunction(
        () => !(document.getElementById('play') as HTMLButtonElement).disabled,
      );
      await frame.click('#play');
      await frame.waitForFunction(
        () => document.getElementById('activity')?.dataset['done'] === 'true',
        null,
        {
          timeout: 90000,
        },
      );
      await screenshot(player, `scorm-${version}-done.png`, false);
      const report = await frame.evaluate(
        () => document.getElementById('activity-status')?.textContent ?? '',
      );
      const second = await left(player);
      const set2 = valuesSet(second);
      const ids = [...set2.entries()]
        .filter(([k]) => /^cmi\.interactions\.\d+\.id$/.test(k))
        .map(([, v]) => v);
      assert.ok(!ids.includes('predict-slope'), 'the slope is not recorded twice');
      assert.equal(ids.length, questions - 1, `every other answer recorded: ${ids.join(', ')}`);
      const [, correct, scored] = /(\d+) of (\d+)/.exec(report) ?? [];
      assert.ok(correct !== undefined && scored !== undefined, report);
      const raw = String(Math.round((100 * Number(correct)) / Number(scored)));
      if (version === '1.2') {
        assert.equal(set2.get('cmi.core.score.raw'), raw);
        assert.equal(set2.get('cmi.core.score.min'), '0');
        assert.equal(set2.get('cmi.core.score.max'), '100');
        assert.equal(set2.get('cmi.core.lesson_status'), Number(raw) >= 50 ? 'passed' : 'failed');
      } else {
        assert.equal(set2.get('cmi.score.scaled'), (Number(correct) / Number(scored)).toFixed(4));
        assert.equal(set2.get('cmi.completion_status'), 'completed');
        assert.equal(set2.get('cmi.success_status'), Number(raw) >= 50 ? 'passed' : 'failed');
      }
      assert.ok((set2.get('cmi.suspend_data') ?? '').length < 4096);
      for (const call of second)
        assert.notEqual(call[1], 'false', `the runtime accepted ${call.join(' ')}`);
      assert.deepEqual(errors, []);
      await player.close();
    });
  }

test('launched as a package without a platform, the page says in view that progress is not recorded', async () => {
  const { page } = await (async () => {
    const p = await lab.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.goto(`${lab.baseUrl}#scorm=1.2&activity=slope`);
    await p.waitForSelector('#lms-status:not([hidden])');
    return { page: p };
  })();
  const text = (await page.textContent('#lms-status')) ?? '';
  assert.match(text, /not being recorded/);
  const box = await page.locator('#lms-status').boundingBox();
  assert.ok(
    box !== null && box.y >= 0 && box.y + box.height <= 800,
    `in view: ${JSON.stringify(box)}`,
  );
  assert.match((await page.textContent('#share-note')) ?? '', /inside this course only/);
  await page.close();
});

test('a platform whose API refuses a call is said in view', async () => {
  const html = `<!doctype html><html><head><script>
window.API = { LMSInitialize: () => 'true', LMSGetValue: () => '', LMSSetValue: () => 'false',
  LMSCommit: () => 'true', LMSFinish: () => 'true', LMSGetLastError: () => '351' };
</script></head><body><iframe id="c" width="1200" height="800"></iframe></body></html>`;
  const files = packageFiles('1.2');
  const server = createServer((request, response) => {
    if ((request.url ?? '').startsWith('/player'))
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(Buffer.from(files['clslab.html']!));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await lab.browser.newPage();
  const port = (server.address() as AddressInfo).port;
  await page.goto(`http://127.0.0.1:${port}/player`);
  const navigated = page.waitForEvent('framenavigated', (f) => f.url().includes('clslab.html'));
  await page.evaluate(() => {
    (document.getElementById('c') as HTMLIFrameElement).src = 'clslab.html#scorm=1.2';
  });
  const frame = await navigated;
  await frame.waitForSelector('#lms-status[data-problem="true"]', { timeout: 60000 });
  assert.match((await frame.textContent('#lms-status')) ?? '', /not being recorded.*refused/);
  await page.close();
  server.close();
});
