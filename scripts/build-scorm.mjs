// Packs the one-file edition (dist-single/clslab.html, from `npm run build:single`) as a
// SCORM 1.2 package, dist-scorm/clslab-scorm.zip: imsmanifest.xml at the root, naming one
// organization whose one item launches the page, a resource of adlcp:scormtype "sco"
// listing every file of the zip. Moodle, Canvas and Blackboard import it as an activity;
// the page finds the LMS's API itself (web/src/ui/scorm.ts). The zip is the same bytes for
// the same page (fixed file times). Run by `npm run build:scorm`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

/** The page the package launches, its name inside the zip. */
export const LAUNCH = 'clslab.html';

const escapeXml = (text) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** SCORM 1.2's manifest (IMS Content Packaging 1.1.2 with ADL's adlcp extension) for one
 *  SCO launched by `launch`, whose resource lists `files` (paths inside the zip). The
 *  namespaces name the schemas; the .xsd files are not shipped, so no schemaLocation
 *  points at them (the LMSs named above do not validate against them). */
export function manifest({ identifier, title, launch, files }) {
  const t = escapeXml(title);
  const listed = files.map((file) => `      <file href="${escapeXml(file)}"/>`).join('\n');
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
      <item identifier="clslab-item" identifierref="clslab-sco" isvisible="true">
        <title>${t}</title>
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

/** The zip's bytes: the manifest and the page, at a fixed time so a rebuild is identical. */
export function scormPackage(html, version) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim();
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
  const content = { [LAUNCH]: encode(html) };
  const xml = manifest({
    identifier: `clslab-${version}`,
    title: plain,
    launch: LAUNCH,
    files: Object.keys(content),
  });
  return zipSync({ 'imsmanifest.xml': encode(xml), ...content }, { level: 9 });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL('../', import.meta.url);
  const page = new URL('dist-single/clslab.html', root);
  let html;
  try {
    html = readFileSync(page, 'utf8');
  } catch {
    throw new Error('dist-single/clslab.html is missing: run `npm run build:single` first');
  }
  const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  const folder = new URL('dist-scorm/', root);
  mkdirSync(folder, { recursive: true });
  const zip = scormPackage(html, version);
  writeFileSync(new URL('clslab-scorm.zip', folder), zip);
  console.log(`dist-scorm/clslab-scorm.zip  ${(zip.length / 1000).toFixed(1)} kB`);
}
