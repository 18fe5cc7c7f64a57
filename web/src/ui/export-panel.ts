// Export and import: the whole run as JSON (the module writes it; the CLI reads the same
// file), the metrics history as CSV, and loading a run file back (same checksum).
import type { Command } from '../protocol.ts';
import { formatInteger } from '../format.ts';
import { downloadText } from './download.ts';
import { byId } from './dom.ts';
import type { MetricsHistory } from './metrics-history.ts';

export class ExportPanel {
  private readonly status = byId('export-status');
  private readonly picker = byId<HTMLInputElement>('run-file');

  constructor(
    send: (command: Command) => void,
    private readonly history: MetricsHistory,
  ) {
    byId('export-run').addEventListener('click', () => {
      this.status.textContent = 'Writing the run file…';
      send({ type: 'exportRun' });
    });
    byId('export-metrics').addEventListener('click', () => {
      downloadText('clslab-metrics.csv', this.history.csv(), 'text/csv;charset=utf-8');
      this.status.textContent = `Saved ${formatInteger(this.history.length)} rows of metrics.`;
    });
    this.picker.addEventListener('change', () => {
      const file = this.picker.files?.[0];
      if (file === undefined) return;
      this.status.textContent = `Loading ${file.name}…`;
      void file.text().then((json) => {
        send({ type: 'importRun', json });
        this.picker.value = ''; // the same file again loads again
      });
    });
  }

  exported(json: string, step: number): void {
    downloadText(`clslab-run-step${step}.json`, json, 'application/json');
    this.status.textContent = `Saved the run at step ${formatInteger(step)}.`;
  }

  imported(step: number, checksum: string): void {
    this.status.textContent = `Loaded a run at step ${formatInteger(step)}, checksum ${checksum}.`;
  }

  failed(message: string): void {
    this.status.textContent = message;
  }
}
