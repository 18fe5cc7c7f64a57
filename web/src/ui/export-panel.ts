// Export and import: the whole run as JSON (the module writes it; the CLI reads the same
// file), the metrics history as CSV, "Download all" (every figure and CSV with the run file,
// one zip), and loading a run file back (same checksum). A run file that fails to load
// changes nothing, and the failure is said here, where it was asked.
import { megabytes } from '../data/read-bytes.ts';
import { formatInteger } from '../format.ts';
import type { LabStore } from '../state/store.ts';
import { CSV_TYPE, downloadBlob, downloadText, type ExportFile } from './download.ts';
import { byId } from './dom.ts';
import type { MetricsHistory } from './metrics-history.ts';
import { zipFiles, zipName } from './zip-export.ts';

/** A view that contributes files to "Download all" (a chart's figure and data, the token
 *  table). */
export interface FileSource {
  files(): ExportFile[] | Promise<ExportFile[]>;
}

/** What a run file the worker sends is for: a download of its own, or the zip. */
type RunRequest = 'json' | 'zip';

export class ExportPanel {
  private readonly status = byId('export-status');
  private readonly picker = byId<HTMLInputElement>('run-file');
  private readonly all = byId<HTMLButtonElement>('export-all');
  /** Run files asked for and not yet received, oldest first (the worker answers in order). */
  private readonly requests: RunRequest[] = [];

  constructor(
    private readonly store: LabStore,
    private readonly history: MetricsHistory,
    private readonly sources: FileSource[],
  ) {
    byId('export-run').addEventListener('click', () => this.requestRun('json'));
    this.all.addEventListener('click', () => this.requestRun('zip'));
    byId('export-metrics').addEventListener('click', () => {
      downloadText(this.history.fileName, this.history.csv(), CSV_TYPE);
      this.status.textContent = `Saved ${formatInteger(this.history.length)} rows of metrics.`;
    });
    this.picker.addEventListener('change', () => {
      const file = this.picker.files?.[0];
      if (file === undefined) return;
      // Checked unread, as uploads are (core's limit, which the worker checks again): a
      // 270 MB run file read whole aborted the module.
      const limit = store.state.limits?.maxRunFileBytes ?? Infinity;
      if (file.size > limit) {
        this.picker.value = '';
        this.status.textContent =
          `${file.name} is ${megabytes(file.size)}, over the limit of ${megabytes(limit)} for ` +
          'a run file (reading it would not fit in memory); nothing changed.';
        return;
      }
      this.status.textContent = `Loading ${file.name}…`;
      void file.text().then((json) => {
        store.send({ type: 'importRun', json }, (message) => (this.status.textContent = message));
        this.picker.value = ''; // the same file again loads again
      });
    });
    store.subscribe((event) => {
      if (event.type === 'runExported') this.exported(event.json, event.step);
      else if (event.type === 'runImported') {
        this.status.textContent = `Loaded a run at step ${formatInteger(event.step)}, checksum ${event.checksum}.`;
      }
    });
  }

  private requestRun(request: RunRequest): void {
    this.requests.push(request);
    if (request === 'zip') this.all.disabled = true;
    this.status.textContent =
      request === 'zip' ? 'Drawing the figures and writing the zip…' : 'Writing the run file…';
    this.store.send({ type: 'exportRun' }, (message) => {
      this.requests.shift();
      this.all.disabled = this.requests.includes('zip');
      this.status.textContent = message;
    });
  }

  private exported(json: string, step: number): void {
    const name = `clslab-run-step${step}.json`;
    if (this.requests.shift() !== 'zip') {
      downloadText(name, json, 'application/json');
      this.status.textContent = `Saved the run at step ${formatInteger(step)}.`;
      return;
    }
    void this.zip([{ name, data: json }], step)
      .catch((error: unknown) => {
        this.status.textContent = `The zip failed: ${error instanceof Error ? error.message : String(error)}`;
      })
      .finally(() => (this.all.disabled = this.requests.includes('zip')));
  }

  /** Every source's files, the metrics history and `run`, zipped and downloaded. */
  private async zip(run: ExportFile[], step: number): Promise<void> {
    const files: ExportFile[] = [];
    for (const source of this.sources) files.push(...(await source.files()));
    files.push({ name: this.history.fileName, data: this.history.csv() }, ...run);
    const zip = await zipFiles(files);
    const name = zipName(step);
    downloadBlob(name, new Blob([zip], { type: 'application/zip' }));
    const figures = files.filter((file) => file.name.endsWith('.png')).length;
    const tables = files.filter((file) => file.name.endsWith('.csv')).length;
    this.status.textContent =
      `Saved ${name}: ${figures} figures, ${tables} CSV files and the run file ` +
      `at step ${formatInteger(step)}.`;
  }
}
