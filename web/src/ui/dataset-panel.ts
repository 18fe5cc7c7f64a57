// The dataset card: what is loaded (source, format, rows, splits, vocabulary, dropped rows
// and why), what a link's data still needs from the user (the file, checked by its content
// hash, or agreement to download), the sources a user can load from (dataset-sources.ts)
// and the preview dialog (dataset-preview.ts). Reading and parsing happen in the worker.
import './dataset.css';
import type { DataNeed, DatasetSummary, Limits, Plan } from '../protocol.ts';
import { onLocaleChange, t } from '../localized.ts';
import { say } from '../words.ts';
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
    const word = () => this.needCard.setAttribute('aria-label', t('dataset-need-label'));
    word();
    onLocaleChange(() => {
      word();
      const state = store.state;
      if (this.limitsShown !== null) this.showLimits(this.limitsShown);
      if (!this.needCard.hidden && state.need !== null) this.showNeed(state.need.need, state);
      else if (state.dataset !== null) this.show(state.dataset.summary, state);
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
    const counts = {
      source: originOf(state.plan, s.sourceName),
      format: s.format,
      rows: s.parsedRows,
      train: s.trainReviews,
      positive: s.trainPositive,
      negative: s.trainNegative,
      test: s.testReviews,
      vocabulary: s.vocabSize,
      tokens: s.trainTokens,
    };
    const summary =
      s.testReviews > 0 ? t('dataset-summary', counts) : t('dataset-summary-no-test', counts);
    this.summary.textContent =
      s.contentHash === ''
        ? summary
        : `${summary} ${t('dataset-content-hash', { hash: s.contentHash })}`;
    const drops =
      s.dropped > 0 ? [t('dataset-dropped', { rows: s.dropped }), ...s.dropReasons.map(say)] : [];
    this.reasons.replaceChildren(...drops.map((text) => element('li', { text })));
  }

  /** A link names data only the user can supply or agree to download. It is never
   *  replaced by other data: the user supplies it, or chooses the built-in set. */
  private showNeed(need: DataNeed, state: LabState): void {
    const { send } = this.store;
    const lines: HTMLElement[] = [];
    const actions: HTMLElement[] = [];
    if (need.kind === 'file') {
      lines.push(
        element('p', {
          text: t('dataset-need-file', { name: need.name, rows: need.rows, hash: need.hash }),
        }),
      );
      const input = element('input', {
        attributes: {
          id: 'dataset-need-file',
          type: 'file',
          multiple: true,
          'aria-label': t('dataset-need-pick', { name: need.name }),
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
          element('span', { text: t('dataset-need-pick', { name: need.name }) }),
          input,
        ]),
      );
    } else {
      lines.push(
        element('p', {
          text:
            need.kind === 'url'
              ? t('dataset-need-url', {
                  url: need.url,
                  rows: need.rows,
                  host: need.host,
                  hash: need.hash,
                })
              : t('dataset-need-preset', {
                  rows: need.rows,
                  title: need.title,
                  seed: String(need.seed),
                  hash: need.hash,
                }),
        }),
      );
      const go = element('button', {
        className: 'primary',
        text:
          need.kind === 'url'
            ? t('dataset-need-download-from', { host: need.host })
            : t('dataset-need-download-sample'),
        attributes: { id: 'dataset-need-download', type: 'button' },
      });
      go.addEventListener('click', () => send({ type: 'confirmSource' }));
      actions.push(go);
    }
    if (state.dataset === null) {
      this.summary.textContent = t('dataset-need-nothing');
      const builtin = element('button', {
        text: t('dataset-need-builtin'),
        attributes: { id: 'dataset-need-builtin', type: 'button' },
      });
      builtin.addEventListener('click', () => {
        const config: Record<string, unknown> = { ...state.config, dataset: 'movies' };
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
          text: t('dataset-need-keeps', { name: state.dataset.summary.sourceName }),
        }),
      );
    }
    this.needCard.replaceChildren(...lines, element('div', { className: 'buttons' }, actions));
    this.needCard.hidden = false;
  }

  /** One line under the sources: the largest dataset and model the lab accepts. */
  private limitsShown: Limits | null = null;

  private showLimits(limits: Limits): void {
    this.limitsShown = limits;
    this.limits.textContent = t('dataset-limits', {
      megabytes: Math.round(limits.maxInputBytes / 2 ** 20),
      reviews: limits.maxReviews,
      tokens: limits.maxTokens,
      vocabulary: limits.maxVocabulary,
      width: limits.maxWidth,
      weights: limits.maxWeights,
    });
  }
}

/** The source's name, after where the user's data came from ("custom (file): reviews.tsv"). */
function originOf(plan: Plan | null, source: string): string {
  const data = plan?.data;
  if (data?.kind === 'preset') {
    const name = isPresetId(data.name) ? PRESETS[data.name].dataset : data.name;
    return t('dataset-origin-preset', { name, seed: String(data.seed), source });
  }
  if (data?.kind === 'file') return t('dataset-origin-file', { source });
  if (data?.kind === 'url') return t('dataset-origin-url', { source });
  return source;
}

/** A field's default as its JSON value (the form's defaultText is its text form). */
function fieldDefault(kind: string, text: string): unknown {
  if (kind === 'number' || kind === 'integer') return Number(text);
  if (kind === 'boolean') return text === 'true';
  return text;
}
