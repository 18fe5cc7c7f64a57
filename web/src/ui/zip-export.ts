// "Download all": the figures, the CSVs and the run file in one zip, one download instead of
// a burst (Chromium silently drops the 11th download in a row). fflate is imported
// statically: its zip half is a few kB, and the one-file edition can load no second script.
import { strToU8, zipSync } from 'fflate';
import type { ExportFile } from './download.ts';

/** The zip's name for a run at `step` (the run file inside says the same step). */
export function zipName(step: number): string {
  return `clslab-step${step}.zip`;
}

/** One zip of `files`; names must be unique. PNGs are stored as they are (already
 *  deflated); text is deflated. */
export async function zipFiles(files: ExportFile[]): Promise<Uint8Array<ArrayBuffer>> {
  const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const { name, data } of files) {
    if (Object.hasOwn(entries, name)) throw new Error(`Two files named ${name} in the zip.`);
    entries[name] = typeof data === 'string' ? [strToU8(data), { level: 6 }] : [data, { level: 0 }];
  }
  const zipped = zipSync(entries);
  // A copy on a plain ArrayBuffer, which Blob accepts in every TypeScript lib.
  return new Uint8Array(zipped);
}
