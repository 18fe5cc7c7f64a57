// The dataset card: what was loaded (format, rows, splits, vocabulary, dropped rows and
// why), the sources a user can load from (dataset-sources.ts) and the preview dialog
// (dataset-preview.ts). Reading and parsing happen in the worker; this only sends commands.
import './dataset.css';
import type {
  Command,
  DatasetPreview,
  DatasetSummary,
  Limits,
  ParseChoice,
  ReadUnit,
} from '../protocol.ts';
import { formatInteger } from '../format.ts';
import { PreviewDialog } from './dataset-preview.ts';
import { DatasetSources } from './dataset-sources.ts';
import { byId, element } from './dom.ts';

/** Commands whose failure ends a read or a preview (progress and dialog close). */
const DATASET_COMMANDS: ReadonlySet<Command['type']> = new Set([
  'previewFiles',
  'previewUrl',
  'previewPreset',
  'changePreview',
  'confirmDataset',
  'loadFile',
  'exportDataset',
]);

export class DatasetPanel {
  private readonly summary = byId('dataset-summary');
  private readonly reasons = byId<HTMLUListElement>('dataset-drops');
  private readonly picker = byId<HTMLInputElement>('dataset-file');
  private readonly sources: DatasetSources;
  private readonly dialog: PreviewDialog;
  private shown: DatasetSummary | null = null;
  private readonly limits = element('p', {
    className: 'small muted',
    attributes: { id: 'dataset-limits' },
  });

  constructor(send: (command: Command) => void) {
    this.sources = new DatasetSources(byId('dataset-more'), send);
    byId('dataset-more').append(this.limits);
    this.dialog = new PreviewDialog({
      change: (change) => send({ type: 'changePreview', change }),
      confirm: () => send({ type: 'confirmDataset' }),
      discard: () => send({ type: 'discardPreview' }),
    });
    this.picker.multiple = true; // a *.pos and a *.neg file together
    this.picker.addEventListener('change', () => {
      const files = Array.from(this.picker.files ?? [], (file) => ({ path: file.name, file }));
      this.sources.previewFiles(files);
      this.picker.value = ''; // choosing the same file again reloads it
    });
  }

  show(s: DatasetSummary): void {
    this.shown = s;
    this.dialog.close();
    const test = s.testReviews > 0 ? `, test ${formatInteger(s.testReviews)}` : ', no test split';
    this.summary.textContent =
      `${s.sourceName} (${s.format}): ${formatInteger(s.parsedRows)} rows, ` +
      `train ${formatInteger(s.trainReviews)} (${formatInteger(s.trainPositive)} positive, ` +
      `${formatInteger(s.trainNegative)} negative)${test}; vocabulary ${formatInteger(s.vocabSize)} ` +
      `tokens, ${formatInteger(s.trainTokens)} training tokens.`;
    const drops =
      s.dropped > 0 ? [`${formatInteger(s.dropped)} rows dropped:`, ...s.dropReasons] : [];
    this.reasons.replaceChildren(...drops.map((text) => element('li', { text })));
  }

  /** The dataset loaded last; null before the first load. */
  current(): DatasetSummary | null {
    return this.shown;
  }

  /** One line under the sources: the largest dataset and model the lab accepts. */
  showLimits(limits: Limits): void {
    const megabytes = Math.round(limits.maxInputBytes / 2 ** 20);
    const text =
      `Limits: ${formatInteger(megabytes)} MB per input, ${formatInteger(limits.maxReviews)} ` +
      `reviews, ${formatInteger(limits.maxTokens)} tokens, a vocabulary of ` +
      `${formatInteger(limits.maxVocabulary)}, d up to ${formatInteger(limits.maxWidth)} and ` +
      `${formatInteger(limits.maxWeights)} weights (vocabulary × d). Larger data is refused ` +
      `with the setting to lower.`;
    this.limits.textContent = text;
  }

  preview(preview: DatasetPreview, choice: ParseChoice): void {
    this.sources.hideProgress();
    this.dialog.show(preview, choice);
  }

  progress(label: string, done: number, total: number, unit: ReadUnit): void {
    this.sources.showProgress(label, done, total, unit);
  }

  readEnded(): void {
    this.sources.hideProgress();
  }

  /** A dataset command failed: the banner says why; the old dataset is still loaded. */
  failed(command: Command['type']): void {
    if (!DATASET_COMMANDS.has(command)) return;
    this.sources.hideProgress();
    this.dialog.close();
  }

  download(name: string, text: string): void {
    this.sources.download(name, text);
  }
}
