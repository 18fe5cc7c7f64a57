// The dataset card: what is loaded (source, format, rows, splits, vocabulary, dropped rows
// and why), what a link's data still needs from the user (the file, checked by its content
// hash, or agreement to download), the sources a user can load from (dataset-sources.ts)
// and the preview dialog (dataset-preview.ts). Reading and parsing happen in the worker.
import './dataset.css';
import type { DataNeed, DatasetSummary, Limits } from '../protocol.ts';
import { formatInteger } from '../format.ts';
import type { LabState, LabStore } from '../state/store.ts';
import type { SourceFile } from '../data/sources.ts';
import { isPresetId, PRESETS } from '../data/hf-rows.ts';
import { PreviewDialog } from './dataset-preview.ts';
import { DatasetSources } from './dataset-sources.ts';
import { byId, element } from './dom.ts';

export class DatasetPanel {
  private readonly summary = byId('dataset-summary');
  private readonly reasons = byId<HTMLUListElement>('dataset-drops');
  private readonly picker = byId<HTMLInputElement>('dataset-file');
  private readonly needCard = element('div', {
    className: 'dataset-need',
    attributes: {
      id: 'dataset-need',
      role: 'region',
      'aria-label': 'Data this link needs',
      hidden: true,
    },
  });
  private readonly sources: DatasetSources;
  private readonly dialog: PreviewDialog;
  private readonly limits = element('p', {
    className: 'small muted',
    attributes: { id: 'dataset-limits' },
  });

  constructor(private readonly store: LabStore) {
    const { send } = store;
    const closeOnFailure = () => this.dialog.close();
    // Files go to the link waiting for one, if any; otherwise to a preview.
    this.sources = new DatasetSources(
      byId('dataset-more'),
      (command) => send(command, closeOnFailure),
      (files) =>
        send(
          store.state.need?.need.kind === 'file'
            ? { type: 'supplySource', files }
            : { type: 'previewFiles', files },
          closeOnFailure,
        ),
    );
    byId('dataset-more').append(this.limits);
    this.summary.before(this.needCard);
    this.dialog = new PreviewDialog(
      {
        change: (change) => send({ type: 'changePreview', change }, closeOnFailure),
        confirm: () => send({ type: 'confirmDataset' }, closeOnFailure),
        discard: () => send({ type: 'discardPreview' }),
      },
      () => store.state.lists.textFormats,
    );
    this.picker.multiple = true; // a *.pos and a *.neg file together
    this.picker.addEventListener('change', () => {
      const files = Array.from(this.picker.files ?? [], (file) => ({ path: file.name, file }));
      this.sources.previewFiles(files);
      this.picker.value = ''; // choosing the same file again reloads it
    });
    store.subscribe((event, state) => {
      switch (event.type) {
        case 'ready':
          return this.showLimits(event.limits);
        case 'datasetLoaded':
          this.dialog.close();
          this.needCard.hidden = true;
          return this.show(event.summary, state);
        case 'settingsApplied':
          // Another source is followed by its datasetLoaded: until then the old summary stays.
          if (state.dataset !== null && event.effect !== 'source')
            this.show(state.dataset.summary, state);
          return;
        case 'datasetNeeded':
          return this.showNeed(event.need, state);
        case 'previewShown':
          return this.dialog.show(event.preview, event.choice);
        case 'datasetExported':
          return this.sources.download(event.name, event.text);
        case 'taskStarted':
        case 'taskProgress':
          if (state.task?.kind === 'reading') this.sources.showProgress(state.task);
          return;
        case 'taskEnded':
          return this.sources.hideProgress();
        default:
          return;
      }
    });
  }

  private show(s: DatasetSummary, state: LabState): void {
    const test = s.testReviews > 0 ? `, test ${formatInteger(s.testReviews)}` : ', no test split';
    this.summary.textContent =
      `${originOf(state.config)}${s.sourceName} (${s.format}): ${formatInteger(s.parsedRows)} rows, ` +
      `train ${formatInteger(s.trainReviews)} (${formatInteger(s.trainPositive)} positive, ` +
      `${formatInteger(s.trainNegative)} negative)${test}; vocabulary ${formatInteger(s.vocabSize)} ` +
      `tokens, ${formatInteger(s.trainTokens)} training tokens.` +
      (s.contentHash !== '' ? ` Content hash ${s.contentHash}.` : '');
    const drops =
      s.dropped > 0 ? [`${formatInteger(s.dropped)} rows dropped:`, ...s.dropReasons] : [];
    this.reasons.replaceChildren(...drops.map((text) => element('li', { text })));
  }

  /** A link names data only the user can supply or agree to download. It is never
   *  replaced by other data: the user supplies it, or chooses the built-in set. */
  private showNeed(need: DataNeed, state: LabState): void {
    const { send } = this.store;
    const rows = `${formatInteger(need.rows)} rows`;
    const lines: HTMLElement[] = [];
    const actions: HTMLElement[] = [];
    if (need.kind === 'file') {
      lines.push(
        element('p', {
          text:
            `This link was made with ${need.name} (${rows}, content hash ${need.hash}). ` +
            'Drop that file on the page or pick it here to reproduce the run; it is checked ' +
            'before anything loads.',
        }),
      );
      const input = element('input', {
        attributes: {
          id: 'dataset-need-file',
          type: 'file',
          multiple: true,
          'aria-label': `Pick ${need.name}`,
        },
      });
      input.addEventListener('change', () => {
        const files: SourceFile[] = Array.from(input.files ?? [], (file) => ({
          path: file.name,
          file,
        }));
        if (files.length > 0) send({ type: 'supplySource', files });
        input.value = '';
      });
      actions.push(
        element('label', { className: 'file-picker' }, [
          element('span', { text: `Pick ${need.name}` }),
          input,
        ]),
      );
    } else {
      const what =
        need.kind === 'url'
          ? `downloads ${need.url} (${rows}) from ${need.host}`
          : `samples ${rows} of ${need.title} from Hugging Face (seed ${need.seed})`;
      lines.push(
        element('p', {
          text: `This link ${what}. Download it? It is checked against content hash ${need.hash}.`,
        }),
      );
      const go = element('button', {
        className: 'primary',
        text: need.kind === 'url' ? `Download from ${need.host}` : 'Download the sample',
        attributes: { id: 'dataset-need-download', type: 'button' },
      });
      go.addEventListener('click', () => send({ type: 'confirmSource' }));
      actions.push(go);
    }
    if (state.dataset === null) {
      this.summary.textContent = 'Nothing is loaded until the link’s data is supplied.';
      const builtin = element('button', {
        text: 'Open the built-in movie reviews instead',
        attributes: { id: 'dataset-need-builtin', type: 'button' },
      });
      builtin.addEventListener('click', () => {
        const config = { ...JSON.parse(state.configJson), dataset: 'movies' } as Record<
          string,
          unknown
        >;
        for (const field of state.fields)
          if (field.group === 'source')
            config[field.key] = fieldDefault(field.kind, field.defaultText);
        send({ type: 'applySettings', configJson: JSON.stringify(config) });
      });
      actions.push(builtin);
    } else {
      lines.push(
        element('p', {
          className: 'small muted',
          text: `Until then the lab keeps ${state.dataset.summary.sourceName} and its run.`,
        }),
      );
    }
    this.needCard.replaceChildren(...lines, element('div', { className: 'buttons' }, actions));
    this.needCard.hidden = false;
  }

  /** One line under the sources: the largest dataset and model the lab accepts. */
  private showLimits(limits: Limits): void {
    const megabytes = Math.round(limits.maxInputBytes / 2 ** 20);
    this.limits.textContent =
      `Limits: ${formatInteger(megabytes)} MB per input, ${formatInteger(limits.maxReviews)} ` +
      `reviews, ${formatInteger(limits.maxTokens)} tokens, a vocabulary of ` +
      `${formatInteger(limits.maxVocabulary)}, d up to ${formatInteger(limits.maxWidth)} and ` +
      `${formatInteger(limits.maxWeights)} weights (vocabulary × d). Larger data is refused ` +
      `with the setting to lower.`;
  }
}

/** "custom (file): " and the like, saying where the user's data came from; '' otherwise. */
function originOf(config: Record<string, unknown>): string {
  const dataset = String(config['dataset'] ?? '');
  if (dataset === 'preset') {
    const id = String(config['source_name'] ?? '');
    const name = isPresetId(id) ? PRESETS[id].dataset : id;
    return `custom (a Hugging Face sample of ${name}, seed ${String(config['source_seed'])}): `;
  }
  return dataset === 'file' || dataset === 'url' ? `custom (${dataset}): ` : '';
}

/** A field's default as its JSON value (the form's defaultText is its text form). */
function fieldDefault(kind: string, text: string): unknown {
  if (kind === 'number' || kind === 'integer') return Number(text);
  if (kind === 'boolean') return text === 'true';
  return text;
}
