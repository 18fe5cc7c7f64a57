// Classroom and embed views, like TensorFlow Playground's links: `hide=a,b` hides the
// panels named (their `data-panel` in index.html) and `embed=1` drops the page chrome for
// an iframe. The Embed dialog composes such a link and the iframe snippet to paste.
import { byId, copyOnClick, element } from './dom.ts';
import { PANELS, type Panel, type PageFlags } from './page-flags.ts';
import type { ShareLink } from './share-link.ts';

/** What each panel is called in the dialog. */
const PANEL_LABELS: Record<Panel, string> = {
  header: 'Title and share bar',
  controls: 'Training controls',
  export: 'Save and load',
  dataset: 'Dataset',
  settings: 'Settings',
  prompt: 'Guidance line',
  recipes: 'Recipes for this data',
  metrics: 'Metrics',
  loss: 'Loss and accuracy chart',
  alignment: 'Result 1 chart',
  ushape: 'Figure 1 (U shape) chart',
  result2: 'Result 2 charts',
  why: 'Why does it look like this?',
  maxmargin: 'Attention-SVM panel',
  reviews: 'Reviews (viewer and list)',
  table: 'Token table',
  glossary: 'Symbols',
};

/** The embed dialog starts with these hidden: a frame shows the charts, not the tools. */
const EMBED_DEFAULT_HIDDEN: Panel[] = [
  'recipes',
  'why',
  'export',
  'dataset',
  'settings',
  'table',
  'glossary',
  'maxmargin',
];

/** Frame size the snippet proposes; the page is tested at this width. */
const FRAME_WIDTH = 720;
const FRAME_HEIGHT = 1100;

export function applyView(flags: Pick<PageFlags, 'hide' | 'embed'>): void {
  document.body.classList.toggle('embedded', flags.embed);
  for (const node of document.querySelectorAll<HTMLElement>('[data-panel]')) {
    const name = node.dataset['panel'] as Panel;
    node.classList.toggle('flag-hidden', flags.hide.includes(name));
  }
  // Embedded, the page offers the full lab in a new tab instead of the share bar.
  byId('open-full').hidden = !flags.embed;
}

export class EmbedDialog {
  private readonly dialog = byId<HTMLDialogElement>('embed-dialog');
  private readonly choices = byId('embed-panels');
  private readonly snippet = byId<HTMLTextAreaElement>('embed-snippet');
  private readonly boxes = new Map<Panel, HTMLInputElement>();

  constructor(private readonly share: ShareLink) {
    this.choices.replaceChildren(
      ...PANELS.map((panel) => {
        const box = element('input', {
          attributes: { type: 'checkbox', id: `embed-hide-${panel}`, value: panel },
        });
        box.checked = EMBED_DEFAULT_HIDDEN.includes(panel);
        box.addEventListener('change', () => this.render());
        this.boxes.set(panel, box);
        return element('label', { className: 'embed-choice' }, [
          box,
          document.createTextNode(` ${PANEL_LABELS[panel]}`),
        ]);
      }),
    );
    byId('embed-open').addEventListener('click', () => this.open());
    const full = byId<HTMLAnchorElement>('open-full');
    const point = () => (full.href = share.linkWith({ hide: [], embed: false }));
    full.addEventListener('click', point);
    full.addEventListener('focus', point);
    full.addEventListener('mouseenter', point);
    byId('embed-close').addEventListener('click', () => this.dialog.close());
    copyOnClick(byId<HTMLButtonElement>('embed-copy'), this.snippet);
  }

  open(): void {
    this.render();
    this.dialog.showModal();
  }

  private hidden(): Panel[] {
    return PANELS.filter((panel) => this.boxes.get(panel)?.checked === true);
  }

  private render(): void {
    const src = this.share.linkWith({ hide: this.hidden(), embed: true });
    const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    this.snippet.value =
      `<iframe src="${attribute(src)}" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" ` +
      `style="border:0;max-width:100%" loading="lazy" ` +
      `title="clslab: attention with trained embeddings selects important tokens"></iframe>`;
    byId<HTMLAnchorElement>('embed-preview').href = src;
  }
}
