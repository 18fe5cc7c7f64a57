// Packs the one-file edition (dist-single/clslab.html, from `npm run build:single`) as two
// SCORM packages: dist-scorm/clslab-scorm-1.2.zip and dist-scorm/clslab-scorm-2004.zip
// (2004 4th edition). Each holds imsmanifest.xml at its root, naming one organization whose
// one item launches the page as a SCO with launch parameters: `scorm=<version>` and the
// teacher's link (by default the class activity on the default run). The page finds the
// platform's API itself (web/src/ui/scorm.ts). The zips are the same bytes for the same
// inputs (fixed file times). Run by `npm run build:scorm`; options (or the environment):
//   --link '#activity=cosine,word&dataset=movies'  CLSLAB_LINK         what the package opens
//   --public-url https://example.edu/clslab/        CLSLAB_PUBLIC_URL   the hosted copy share
//                                                                        links point at
//   --pass 60                                        CLSLAB_PASS         pass mark in percent
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';

/** The page the package launches, its name inside the zip. */
export const LAUNCH = 'clslab.html';
/** What a package opens when the teacher names nothing: the class activity, every question
 *  that applies, on the default run. */
export const DEFAULT_LINK = 'activity=';
export const VERSIONS = ['1.2', '2004'];

const escapeXml = (text) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The item's launch parameters: `#scorm=<version>&<link>`. A platform appends them to the
 *  launch page's address (SCORM CAM: a value starting with '#' is appended as a fragment). */
export function launchParameters(version, link) {
  const hash = link.replace(/^#/, '');
  const kept = hash
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('scorm='))
    .join('&');
  return `#scorm=${version}${kept === '' ? '' : `&${kept}`}`;
}

/** SCORM 1.2's manifest (IMS Content Packaging 1.1.2 with ADL's adlcp extension). The
 *  namespaces name the schemas; the .xsd files are not shipped (the platforms named in the
 *  README do not validate against them). */
function manifest12({ identifier, title, launch, files, parameters, pass }) {
  const t = escapeXml(title);
  const listed = files.map((file) => `      <file href="${escapeXml(file)}"/>`).join('\n');
  const mastery = pass === null ? '' : `\n        <adlcp:masteryscore>${pass}</adlcp:masteryscore>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${escapeXml(identifier)}" version="1.2"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="clslab-organization">
    <organization identifier="clslab-organization">
      <title>${t}</title>
      <item identifier="clslab-item" identifierref="clslab-sco" isvisible="true" parameters="${escapeXml(parameters)}">
        <title>${t}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="clslab-sco" type="webcontent" adlcp:scormtype="sco" href="${escapeXml(launch)}">
${listed}
    </resource>
  </resources>
</manifest>
`;
}

/** SCORM 2004 4th edition's manifest (IMS CP 1.1.4 with ADL CP, sequencing and navigation
 *  1.3). A pass mark is the primary objective's minimum normalized measure, which the
 *  platform hands the SCO as cmi.scaled_passing_score. */
function manifest2004({ identifier, title, launch, files, parameters, pass }) {
  const t = escapeXml(title);
  const listed = files.map((file) => `      <file href="${escapeXml(file)}"/>`).join('\n');
  const sequencing =
    pass === null
      ? ''
      : `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="predictions" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${(pass / 100).toFixed(2)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${escapeXml(identifier)}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="clslab-organization">
    <organization identifier="clslab-organization">
      <title>${t}</title>
      <item identifier="clslab-item" identifierref="clslab-sco" isvisible="true" parameters="${escapeXml(parameters)}">
        <title>${t}</title>${sequencing}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="clslab-sco" type="webcontent" adlcp:scormType="sco" href="${escapeXml(launch)}">
${listed}
    </resource>
  </resources>
</manifest>
`;
}

/** The page with the public copy's address in its <meta name="clslab-public-address"> (the
 *  share link's base, web/src/main.ts); `null` leaves the page as built. */
export function withPublicAddress(html, address) {
  if (address === null) return html;
  const tag = `<meta name="clslab-public-address" content="${escapeXml(address)}" />`;
  if (!html.includes('<head>')) throw new Error(`${LAUNCH} has no <head>`);
  return html.replace('<head>', `<head>\n    ${tag}`);
}

/** The zip's bytes for `version`: the manifest and the page, at a fixed time. */
export function scormPackage(html, { version, packageVersion, link, publicUrl, pass }) {
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.trim();
  if (!title) throw new Error(`${LAUNCH} has no <title>`);
  // The page's title is HTML text; the manifest's is XML text: decode the entities HTML has.
  const plain = title
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
  const mtime = new Date('2025-01-01T00:00:00Z');
  const encode = (text) => [new TextEncoder().encode(text), { mtime }];
  // The package's content; the manifest lists each of these files.
  const content = { [LAUNCH]: encode(withPublicAddress(html, publicUrl)) };
  const write = version === '1.2' ? manifest12 : manifest2004;
  const xml = write({
    identifier: `clslab-${packageVersion}-scorm-${version}`,
    title: plain,
    launch: LAUNCH,
    files: Object.keys(content),
    parameters: launchParameters(version, link),
    pass,
  });
  return zipSync({ 'imsmanifest.xml': encode(xml), ...content }, { level: 9 });
}

/** The options from the command line, else the environment; a bad one is refused. */
export function packageOptions(argv, env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      link: { type: 'string' },
      'public-url': { type: 'string' },
      pass: { type: 'string' },
    },
  });
  const link = values.link ?? env.CLSLAB_LINK ?? DEFAULT_LINK;
  const publicUrl = values['public-url'] ?? env.CLSLAB_PUBLIC_URL ?? null;
  if (publicUrl !== null && !/^https?:\/\/[^\s"<>]+$/.test(publicUrl))
    throw new Error(`--public-url: "${publicUrl}" is not an http(s) address`);
  const passText = values.pass ?? env.CLSLAB_PASS ?? null;
  const pass = passText === null ? null : Number(passText);
  if (pass !== null && !(Number.isInteger(pass) && pass >= 0 && pass <= 100))
    throw new Error(`--pass: "${passText}" is not a whole percentage from 0 to 100`);
  if (/[\s"<>]/.test(link)) throw new Error(`--link: "${link}" holds a space, quote or bracket`);
  return { link, publicUrl, pass };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = packageOptions(process.argv.slice(2), process.env);
  const root = new URL('../', import.meta.url);
  const page = new URL('dist-single/clslab.html', root);
  let html;
  try {
    html = readFileSync(page, 'utf8');
  } catch {
    throw new Error('dist-single/clslab.html is missing: run `npm run build:single` first');
  }
  const { version: packageVersion } = JSON.parse(
    readFileSync(new URL('package.json', root), 'utf8'),
  );
  const folder = new URL('dist-scorm/', root);
  mkdirSync(folder, { recursive: true });
  for (const version of VERSIONS) {
    const zip = scormPackage(html, { version, packageVersion, ...options });
    const name = `clslab-scorm-${version}.zip`;
    writeFileSync(new URL(name, folder), zip);
    console.log(`dist-scorm/${name}  ${(zip.length / 1000).toFixed(1)} kB`);
  }
  console.log(
    `  opens ${launchParameters('<version>', options.link)}; share links: ${options.publicUrl ?? 'inside the course only (no --public-url)'}` +
      (options.pass === null ? '' : `; pass mark ${options.pass}%`),
  );
}
