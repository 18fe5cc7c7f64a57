// What was loaded (format, rows, splits, vocabulary, dropped rows and why) and the file
// picker for the user's own data. The file is read here and sent to the worker as bytes.
import type { DatasetSummary, UploadedFile } from '../protocol.ts';
import { formatInteger } from '../format.ts';
import { byId, element } from './dom.ts';

export class DatasetPanel {
  private readonly summary = byId('dataset-summary');
  private readonly reasons = byId<HTMLUListElement>('dataset-drops');
  private readonly picker = byId<HTMLInputElement>('dataset-file');

  constructor(onFile: (file: UploadedFile) => void) {
    this.picker.addEventListener('change', () => {
      const file = this.picker.files?.[0];
      if (file === undefined) return;
      void file.arrayBuffer().then((buffer) => {
        onFile({ name: file.name, bytes: new Uint8Array(buffer) });
        this.picker.value = ''; // choosing the same file again reloads it
      });
    });
  }

  show(s: DatasetSummary): void {
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
}
