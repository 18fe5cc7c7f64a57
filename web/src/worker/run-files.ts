// Run files in the worker: export the Lab's run as one JSON document, and import one as a
// single transaction in core (Lab.applyRun: settings, data, weights, checksum), so that a
// file that fails anywhere leaves the run exactly as it was. Built-in data is named, not
// stored, in a run file: its bytes are fetched here and handed over with the file.
import type { SourceBytes } from 'clslab-wasm';
import type { WorkerEvent } from '../protocol.ts';
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

  /** Between Play chunks the Lab is consistent: exporting does not stop a run. */
  export(): void {
    const lab = this.deps.host.requireData('saving a run');
    this.deps.post({ type: 'runExported', json: lab.exportRun(), step: lab.step() });
  }

  /** Applies `json`; throws a sentence naming the part that failed (nothing changed). */
  async import(json: string): Promise<void> {
    const module = this.deps.host.requireModule();
    const header = module.readRun(json);
    if (!header.ok) throw new Error(`The run file cannot be read: ${header.message}.`);
    const source = sourceOf(planOf(module, header.configJson));
    let bytes: SourceBytes | null = null;
    if (!header.storesRows && source.kind === 'builtin') {
      bytes = { layout: 'text', text: await this.deps.builtin(source.name) };
    }
    const lab = this.deps.host.requireLab();
    const applied = lab.applyRun(json, bytes);
    if (!applied.ok) {
      throw new Error(`The run file was not loaded, and nothing changed: ${applied.message}.`);
    }
  }
}
