// What the page holds, at the foot of the metrics panel: the model's size (the V × d + 2 d
// weights the lab trains, E, p and v, in bytes as stored) and the wasm heap now (the
// module's memory, which grows as a load or a solve needs it and never shrinks), exactly as
// the worker's Lab.memory() reports them with each metrics snapshot (issue 40, item 2).
import type { MemoryReport } from '../protocol.ts';
import { notAvailable } from '../format.ts';
import { onLocaleChange, t } from '../localized.ts';
import { element } from './dom.ts';

const MEBIBYTE = 1024 * 1024;

/** Bytes in MiB to one decimal, for the eye; the exact count stands beside it. */
function mebibytes(bytes: number): number {
  return Math.round((bytes / MEBIBYTE) * 10) / 10;
}

/** The two read-outs' texts for a report (the page shows these; tests/web checks them). */
export function memoryTexts(report: MemoryReport): { model: string; heap: string } {
  const model =
    report.weights === 0
      ? t('memory-model-none')
      : t('memory-model-value', {
          vocab: report.vocabSize,
          width: report.width,
          weights: report.weights,
          mib: mebibytes(report.modelBytes),
          bytes: report.modelBytes,
        });
  const heap = t('memory-heap-value', {
    mib: mebibytes(report.heapBytes),
    bytes: report.heapBytes,
  });
  return { model, heap };
}

export class MemoryReadout {
  private readonly modelLabel = element('dt');
  private readonly model = element('dd', {
    text: notAvailable(),
    attributes: { 'data-memory': 'model' },
  });
  private readonly heapLabel = element('dt');
  private readonly heap = element('dd', {
    text: notAvailable(),
    attributes: { 'data-memory': 'heap' },
  });
  private last: MemoryReport | null = null;

  /** Appends its two rows to the metrics panel's list (after its own rows). */
  constructor(root: HTMLDListElement) {
    root.append(
      element('div', { className: 'readout' }, [this.modelLabel, this.model]),
      element('div', { className: 'readout' }, [this.heapLabel, this.heap]),
    );
    this.word();
    onLocaleChange(() => this.word());
  }

  show(report: MemoryReport): void {
    this.last = report;
    const texts = memoryTexts(report);
    if (this.model.textContent !== texts.model) this.model.textContent = texts.model;
    if (this.heap.textContent !== texts.heap) this.heap.textContent = texts.heap;
  }

  private word(): void {
    this.modelLabel.textContent = t('memory-model-label');
    this.modelLabel.title = t('memory-model-hint');
    this.heapLabel.textContent = t('memory-heap-label');
    this.heapLabel.title = t('memory-heap-hint');
    if (this.last !== null) this.show(this.last);
  }
}
