// Export and import: the whole run as JSON (the module writes it; the CLI reads the same
// file), the metrics history as CSV, and loading a run file back (same checksum). A run
// file that fails to load changes nothing, and the failure is said here, where it was asked.
import { formatInteger } from '../format.ts';
import type { LabStore } from '../state/store.ts';
import { downloadText } from './download.ts';
import { byId } from './dom.ts';
import type { MetricsHistory } from './metrics-history.ts';

export class ExportPanel {
  private readonly status = byId('export-status');
  private readonly picker = byId<HTMLInputElement>('run-file');

  constructor(store: LabStore, history: MetricsHistory) {
    const failed = (message: string) => (this.status.textContent = message);
    byId('export-run').addEventListener('click', () => {
      this.status.textContent = 'Writing the run file…';
      store.send({ type: 'exportRun' }, failed);
    });
    byId('export-metrics').addEventListener('click', () => {
      downloadText('clslab-metrics.csv', history.csv(), 'text/csv;charset=utf-8');
      this.status.textContent = `Saved ${formatInteger(history.length)} rows of metrics.`;
    });
    this.picker.addEventListener('change', () => {
      const file = this.picker.files?.[0];
      if (file === undefined) return;
      this.status.textContent = `Loading ${file.name}…`;
      void file.text().then((json) => {
        store.send({ type: 'importRun', json }, failed);
        this.picker.value = ''; // the same file again loads again
      });
    });
    store.subscribe((event) => {
      if (event.type === 'runExported') {
        downloadText(`clslab-run-step${event.step}.json`, event.json, 'application/json');
        this.status.textContent = `Saved the run at step ${formatInteger(event.step)}.`;
      } else if (event.type === 'runImported') {
        this.status.textContent = `Loaded a run at step ${formatInteger(event.step)}, checksum ${event.checksum}.`;
      }
    });
  }
}
