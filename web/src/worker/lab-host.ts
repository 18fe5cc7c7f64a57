// Owns the wasm module and its one Lab (the run: settings, data, weights), and whether the
// module is still usable. Every other worker part asks this host for the Lab, so there is
// one place that knows it may be gone (not loaded yet, or dropped after a module fault).
import type { ClslabModule, Lab, Limits } from 'clslab-wasm';
import type { Plan } from '../protocol.ts';
import { failure, type PhraseError } from '../localized.ts';
import { planOf } from './data-source.ts';

/** What needs a dataset, as the catalog's error-needs-data selects on it. */
export type DataAction =
  | 'reset'
  | 'review'
  | 'score'
  | 'list'
  | 'export'
  | 'activity'
  | 'replay'
  | 'step'
  | 'solve'
  | 'save'
  | 'train'
  | 'play';

export class LabHost {
  private module: ClslabModule | null = null;
  private lab: Lab | null = null;
  /** The module aborted: every later call says so instead of "not loaded yet". */
  private faulted = false;

  async start(load: () => Promise<ClslabModule>): Promise<ClslabModule> {
    this.module = await load();
    this.lab = new this.module.Lab();
    return this.module;
  }

  get started(): boolean {
    return this.module !== null;
  }

  requireModule(): ClslabModule {
    if (this.module === null) throw this.notLoaded();
    return this.module;
  }

  requireLab(): Lab {
    if (this.lab === null) throw this.notLoaded();
    return this.lab;
  }

  /** The Lab, which must hold a dataset for `action` (the catalog's error-needs-data says
   *  which: 'play', 'step', ...). */
  requireData(action: DataAction): Lab {
    const lab = this.requireLab();
    if (!lab.hasDataset()) throw failure('error-needs-data', { action });
    return lab;
  }

  /** The plan the page receives: the Lab's run when it holds data (or no `configJson` is
   *  given), else that of the settings `configJson` (a link's, before its data loads). */
  plan(configJson?: string): Plan {
    const module = this.requireModule();
    const lab = this.requireLab();
    const own = configJson === undefined || lab.hasDataset();
    return own ? lab.plan() : planOf(module, configJson);
  }

  hasData(): boolean {
    return this.lab?.hasDataset() ?? false;
  }

  /** A fresh Lab (with other limits: fault-injection tests); the old one is freed. */
  replaceLab(limits?: Limits): Lab {
    const module = this.requireModule();
    this.lab?.delete();
    this.lab = new module.Lab(limits);
    return this.lab;
  }

  /** After a module fault: dropped, not deleted (calling into an aborted module throws). */
  dropAfterFault(): void {
    this.module = this.lab = null;
    this.faulted = true;
  }

  /** Frees the Lab (Embind objects are not garbage-collected). */
  dispose(): void {
    this.lab?.delete();
    this.lab = null;
  }

  private notLoaded(): PhraseError {
    return this.faulted ? failure('error-lab-faulted') : failure('error-module-not-loaded');
  }
}
