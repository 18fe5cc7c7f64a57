// Run files in the worker: export the Lab's run as one JSON document, and import one as a
// single transaction in core (Lab.applyRun: settings, data, weights, checksum), so that a
// file that fails anywhere leaves the run exactly as it was. Built-in data is named, not
// stored, in a run file: its bytes are fetched here and handed over with the file.
import type { SourceBytes } from 'clslab-wasm';
import type { WorkerEvent } from '../protocol.ts';
import { failure } from '../localized.ts';
import { planOf, sourceOf } from './data-source.ts';
import type { LabHost } from './lab-host.ts';

export interface RunFileDeps {
  host: LabHost;
  post: (event: WorkerEvent) => void;
  /** Bytes of a built-in dataset by name. */
  builtin: (name: string) => Promise<Uint8Array>;
}

export class RunFiles {
  constructor(private readonly deps: RunFileDeps) {}

  /** Between Play chunks the Lab is consistent: exporting does not stop a run. A file too
   *  large to be loaded back (core's run-file limit) is not saved: the page's module could
   *  not read it (a 270 MB one aborted it), nor could the CLI. */
  export(): void {
    const lab = this.deps.host.requireData('save');
    const json = lab.exportRun();
    const fits = this.deps.host.requireModule().checkRunFileBytes(utf8Bytes(json), '');
    if (!fits.ok) throw failure('error-run-not-saved', { reason: fits.message });
    this.deps.post({ type: 'runExported', json, step: lab.step() });
  }

  /** Applies `json`; throws a sentence naming the part that failed (nothing changed). A file
   *  over the run-file limit is refused before the module copies it. */
  async import(json: string): Promise<void> {
    const module = this.deps.host.requireModule();
    const fits = module.checkRunFileBytes(utf8Bytes(json), 'the run file');
    if (!fits.ok) throw failure('error-run-not-loaded', { reason: fits.message });
    const header = module.readRun(json);
    if (!header.ok) throw failure('error-run-unreadable', { reason: header.message });
    const source = sourceOf(planOf(module, header.configJson));
    let bytes: SourceBytes | null = null;
    if (!header.storesRows && source.kind === 'builtin') {
      bytes = { layout: 'text', text: await this.deps.builtin(source.name) };
    }
    const lab = this.deps.host.requireLab();
    const applied = lab.applyRun(json, bytes);
    if (!applied.ok) {
      throw failure('error-run-not-applied', { reason: applied.message });
    }
  }
}

/** The bytes `text` takes as UTF-8 (a file's size on disk), without encoding it. */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let k = 0; k < text.length; k++) {
    const unit = text.charCodeAt(k);
    // One unit of U+0080..U+07FF takes 2 bytes, of U+0800..U+FFFF 3; a surrogate pair (2
    // units) takes 4.
    if (unit >= 0x80) bytes += unit >= 0x800 && (unit < 0xd800 || unit > 0xdfff) ? 2 : 1;
  }
  return bytes;
}
