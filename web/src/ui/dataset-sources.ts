// Where a dataset can come from besides the built-ins: files and folders (picker or drag
// and drop onto the page), a URL after the user confirms its host, and one-click Hugging
// Face samples; plus the read progress with Cancel and the export. Files go to the worker
// as File objects: it reads them, so a large file never blocks the page.
import type { CommandBody, SourceFile } from '../protocol.ts';
import { PRESETS, ROWS_API, type PresetId } from '../data/hf-rows.ts';
import { onLocaleChange, say, t, type Phrase } from '../localized.ts';
import { element } from './dom.ts';

type Send = (command: CommandBody) => void;

/** Reviews a preset samples unless the user asks for another number. */
export const DEFAULT_SAMPLE = 2000;

/** A Hugging Face preset's name on its button, in the reader's language. */
function presetTitle(id: PresetId): string {
  switch (id) {
    case 'imdb':
      return t('preset-imdb');
    case 'yelp':
      return t('preset-yelp');
    case 'sst2':
      return t('preset-sst2');
    default:
      return t('preset-rotten-tomatoes');
  }
}

/** `text` on `node` now and after every switch of language. */
function worded<T extends HTMLElement>(node: T, text: () => string): T {
  node.textContent = text();
  onLocaleChange(() => (node.textContent = text()));
  return node;
}

export class DatasetSources {
  private readonly progress = element('progress', {
    attributes: { id: 'dataset-progress-bar', max: 1, value: 0 },
  });
  private readonly progressText = element('span', {
    className: 'small',
    attributes: { id: 'dataset-progress-text', 'aria-live': 'polite' },
  });
  private readonly progressRow: HTMLDivElement;
  private readonly confirmRow = element('div', {
    className: 'url-confirm',
    attributes: { id: 'dataset-url-confirm', hidden: true },
  });
  private readonly urlInput = element('input', {
    attributes: {
      id: 'dataset-url',
      type: 'url',
      placeholder: 'https://example.org/reviews.csv',
    },
  });
  private readonly sample = element('input', {
    attributes: {
      id: 'dataset-sample',
      type: 'number',
      min: 100,
      max: 20000,
      step: 100,
      value: DEFAULT_SAMPLE,
    },
  });

  /** `routeFiles` decides what picked or dropped files are for (a preview, or the file a
   *  link is waiting for); by default they are previewed. */
  constructor(
    root: HTMLElement,
    private readonly send: Send,
    private readonly routeFiles: (files: SourceFile[]) => void = (files) =>
      send({ type: 'previewFiles', files }),
  ) {
    const wordUrl = () => this.urlInput.setAttribute('aria-label', t('dataset-url-label'));
    wordUrl();
    onLocaleChange(wordUrl);
    const cancel = worded(
      element('button', { attributes: { id: 'dataset-cancel', type: 'button' } }),
      () => t('cancel'),
    );
    cancel.addEventListener('click', () => send({ type: 'cancel' }));
    this.progressRow = element(
      'div',
      { className: 'dataset-progress', attributes: { id: 'dataset-progress', hidden: true } },
      [this.progress, this.progressText, cancel],
    );
    const exportButton = worded(
      element('button', { attributes: { id: 'dataset-export', type: 'button' } }),
      () => t('dataset-export'),
    );
    exportButton.addEventListener('click', () => send({ type: 'exportDataset' }));
    root.append(
      this.folderPicker(),
      this.urlForm(),
      this.confirmRow,
      this.presets(),
      this.progressRow,
      worded(element('p', { className: 'small muted' }), () => t('dataset-drop')),
      exportButton,
    );
    this.acceptDrops();
  }

  /** Picked or dropped files, to the worker. */
  previewFiles(files: SourceFile[]): void {
    if (files.length === 0) return;
    this.routeFiles(files);
  }

  showProgress(task: { label: Phrase; done: number; total: number; unit: string }): void {
    const { label, done, total, unit } = task;
    this.progressRow.hidden = false;
    const known = total > 0;
    this.progress.max = known ? total : 1;
    if (known) this.progress.value = Math.min(done, total);
    else this.progress.removeAttribute('value'); // indeterminate
    const megabytes = { done: done / (1 << 20), total: total / (1 << 20) };
    const amount =
      unit === 'bytes'
        ? known
          ? t('dataset-progress-megabytes-of', megabytes)
          : t('dataset-progress-megabytes', megabytes)
        : unit === 'files'
          ? known
            ? t('dataset-progress-files-of', { done, total })
            : t('dataset-progress-files', { done })
          : known
            ? t('dataset-progress-reviews-of', { done, total })
            : t('dataset-progress-reviews', { done });
    this.progressText.textContent = t('dataset-progress', { task: say(label), amount });
  }

  hideProgress(): void {
    this.progressRow.hidden = true;
  }

  download(name: string, text: string): void {
    const url = URL.createObjectURL(
      new Blob([text], { type: 'text/tab-separated-values;charset=utf-8' }),
    );
    const link = element('a', { attributes: { href: url, download: name } });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  private folderPicker(): HTMLElement {
    const input = element('input', {
      attributes: { id: 'dataset-folder', type: 'file', multiple: true, webkitdirectory: true },
    });
    input.addEventListener('change', () => {
      const files = Array.from(input.files ?? [], (file) => ({
        path: file.webkitRelativePath || file.name,
        file,
      }));
      this.previewFiles(files);
      input.value = '';
    });
    return element('label', { className: 'file-picker' }, [
      worded(element('span'), () => t('dataset-folder')),
      input,
    ]);
  }

  private urlForm(): HTMLElement {
    const check = worded(
      element('button', { attributes: { id: 'dataset-url-check', type: 'submit' } }),
      () => t('dataset-url-load'),
    );
    const form = element('form', { className: 'url-form' }, [this.urlInput, check]);
    // A confirmation belongs to the URL it named: editing the URL withdraws it.
    this.urlInput.addEventListener('input', () => {
      this.confirmRow.replaceChildren();
      this.confirmRow.hidden = true;
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.askHost();
    });
    return form;
  }

  /** Issue 7: nothing is fetched from a host the user has not confirmed by name. */
  private askHost(): void {
    let url: URL;
    try {
      url = new URL(this.urlInput.value.trim());
    } catch {
      this.confirmRow.replaceChildren(
        element('span', { className: 'small', text: t('dataset-url-invalid') }),
      );
      this.confirmRow.hidden = false;
      return;
    }
    if (url.protocol !== 'https:') {
      this.confirmRow.replaceChildren(
        element('span', { className: 'small', text: t('dataset-url-https') }),
      );
      this.confirmRow.hidden = false;
      return;
    }
    const go = element('button', {
      className: 'primary',
      text: t('dataset-need-download-from', { host: url.host }),
      attributes: { id: 'dataset-url-go', type: 'button' },
    });
    const no = element('button', { text: t('cancel'), attributes: { type: 'button' } });
    go.addEventListener('click', () => {
      this.confirmRow.hidden = true;
      this.send({ type: 'previewUrl', url: url.href });
    });
    no.addEventListener('click', () => (this.confirmRow.hidden = true));
    // The sentence in the reader's language with the host in bold where it names it: the
    // message is formatted around a stand-in for the host, then split there.
    const file = url.pathname.split('/').pop() ?? '';
    const HOST = '\u0000';
    const [before = '', after = ''] = (
      file === ''
        ? t('dataset-url-trust', { host: HOST })
        : t('dataset-url-trust-file', { file, host: HOST })
    ).split(HOST);
    this.confirmRow.replaceChildren(
      element('span', { className: 'small', text: before }),
      element('strong', {
        text: url.host,
        attributes: { id: 'dataset-url-host', translate: 'no' },
      }),
      element('span', { className: 'small', text: after }),
      go,
      no,
    );
    this.confirmRow.hidden = false;
  }

  private presets(): HTMLElement {
    const host = new URL(ROWS_API).host;
    const buttons = (Object.keys(PRESETS) as PresetId[]).map((id) => {
      const preset = PRESETS[id];
      const button = worded(
        element('button', { attributes: { type: 'button', 'data-preset': id } }),
        () => presetTitle(id),
      );
      const title = () =>
        button.setAttribute(
          'title',
          t('dataset-preset-title', { dataset: preset.dataset, split: preset.split, host }),
        );
      title();
      onLocaleChange(title);
      button.addEventListener('click', () => {
        const reviews = Math.max(
          100,
          Math.min(20000, Math.round(Number(this.sample.value) || DEFAULT_SAMPLE)),
        );
        this.send({ type: 'previewPreset', preset: id, reviews });
      });
      return button;
    });
    return element('div', { className: 'presets' }, [
      worded(element('span', { className: 'small' }), () => t('dataset-presets', { host })),
      element('label', { className: 'small' }, [
        worded(element('span'), () => t('dataset-sample')),
        document.createTextNode(' '),
        this.sample,
      ]),
      element('div', { className: 'buttons' }, buttons),
    ]);
  }

  private acceptDrops(): void {
    document.addEventListener('dragover', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      document.body.classList.add('dropping');
    });
    document.addEventListener('dragleave', (event) => {
      if (event.relatedTarget === null) document.body.classList.remove('dropping');
    });
    document.addEventListener('drop', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      document.body.classList.remove('dropping');
      const entries = Array.from(event.dataTransfer.items, (item) =>
        item.webkitGetAsEntry(),
      ).filter((entry): entry is FileSystemEntry => entry !== null);
      const plain = Array.from(event.dataTransfer.files, (file) => ({ path: file.name, file }));
      if (entries.length === 0) return this.previewFiles(plain);
      void Promise.all(entries.map((entry) => filesOf(entry, ''))).then(
        (lists) => this.previewFiles(lists.flat()),
        () => this.previewFiles(plain),
      );
    });
  }
}

/** Every file under a dropped entry, with its path relative to the drop. */
async function filesOf(entry: FileSystemEntry, prefix: string): Promise<SourceFile[]> {
  const path = prefix + entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    return [{ path, file }];
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries returns at most 100 entries per call; an empty batch means the end.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const nested = await Promise.all(children.map((child) => filesOf(child, `${path}/`)));
  return nested.flat();
}
