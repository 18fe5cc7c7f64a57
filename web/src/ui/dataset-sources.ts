// Where a dataset can come from besides the built-ins: files and folders (picker or drag
// and drop onto the page), a URL after the user confirms its host, and one-click Hugging
// Face samples; plus the read progress with Cancel and the export. Files go to the worker
// as File objects: it reads them, so a large file never blocks the page.
import type { CommandBody, SourceFile } from '../protocol.ts';
import { PRESETS, ROWS_API, type PresetId } from '../data/hf-rows.ts';
import { formatInteger } from '../format.ts';
import { element } from './dom.ts';

type Send = (command: CommandBody) => void;

/** Reviews a preset samples unless the user asks for another number. */
export const DEFAULT_SAMPLE = 2000;

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
      'aria-label': 'URL of a CSV, TSV or JSON Lines file',
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
    const cancel = element('button', {
      text: 'Cancel',
      attributes: { id: 'dataset-cancel', type: 'button' },
    });
    cancel.addEventListener('click', () => send({ type: 'cancel' }));
    this.progressRow = element(
      'div',
      { className: 'dataset-progress', attributes: { id: 'dataset-progress', hidden: true } },
      [this.progress, this.progressText, cancel],
    );
    const exportButton = element('button', {
      text: 'Export as label⇥text',
      attributes: { id: 'dataset-export', type: 'button' },
    });
    exportButton.addEventListener('click', () => send({ type: 'exportDataset' }));
    root.append(
      this.folderPicker(),
      this.urlForm(),
      this.confirmRow,
      this.presets(),
      this.progressRow,
      element('p', {
        className: 'small muted',
        text: `Or drop files or a folder anywhere on the page. Files over 256 MB are refused.`,
      }),
      exportButton,
    );
    this.acceptDrops();
  }

  /** Picked or dropped files, to the worker. */
  previewFiles(files: SourceFile[]): void {
    if (files.length === 0) return;
    this.routeFiles(files);
  }

  showProgress(task: { label: string; done: number; total: number; unit: string }): void {
    const { label, done, total, unit } = task;
    this.progressRow.hidden = false;
    const known = total > 0;
    this.progress.max = known ? total : 1;
    if (known) this.progress.value = Math.min(done, total);
    else this.progress.removeAttribute('value'); // indeterminate
    const amount =
      unit === 'bytes'
        ? `${(done / (1 << 20)).toFixed(1)}${known ? ` of ${(total / (1 << 20)).toFixed(1)}` : ''} MB`
        : `${formatInteger(done)}${known ? ` of ${formatInteger(total)}` : ''} ${unit}`;
    this.progressText.textContent = `${label}: ${amount}`;
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
      element('span', {
        text: 'Or a folder with pos/ and neg/ subfolders, one review per file (aclImdb)',
      }),
      input,
    ]);
  }

  private urlForm(): HTMLElement {
    const check = element('button', {
      text: 'Load from URL',
      attributes: { id: 'dataset-url-check', type: 'submit' },
    });
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
        element('span', { className: 'small', text: 'That is not a URL.' }),
      );
      this.confirmRow.hidden = false;
      return;
    }
    if (url.protocol !== 'https:') {
      this.confirmRow.replaceChildren(
        element('span', { className: 'small', text: 'Only https:// URLs can be loaded.' }),
      );
      this.confirmRow.hidden = false;
      return;
    }
    const go = element('button', {
      className: 'primary',
      text: `Download from ${url.host}`,
      attributes: { id: 'dataset-url-go', type: 'button' },
    });
    const no = element('button', { text: 'Cancel', attributes: { type: 'button' } });
    go.addEventListener('click', () => {
      this.confirmRow.hidden = true;
      this.send({ type: 'previewUrl', url: url.href });
    });
    no.addEventListener('click', () => (this.confirmRow.hidden = true));
    this.confirmRow.replaceChildren(
      element('span', {
        className: 'small',
        text: `Your browser will download ${url.pathname.split('/').pop() || 'the file'} from `,
      }),
      element('strong', { text: url.host, attributes: { id: 'dataset-url-host' } }),
      element('span', { className: 'small', text: '. Trust this host?' }),
      go,
      no,
    );
    this.confirmRow.hidden = false;
  }

  private presets(): HTMLElement {
    const host = new URL(ROWS_API).host;
    const buttons = (Object.keys(PRESETS) as PresetId[]).map((id) => {
      const preset = PRESETS[id];
      const button = element('button', {
        text: preset.title,
        attributes: {
          type: 'button',
          'data-preset': id,
          title: `${preset.dataset} (${preset.split}) from ${host}`,
        },
      });
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
      element('span', { className: 'small', text: `Sample reviews from Hugging Face (${host}):` }),
      element('label', { className: 'small' }, [
        element('span', { text: 'Reviews ' }),
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
