// Classroom and embed views, like TensorFlow Playground's links: `panels=a,b` shows only
// the panels named (their keys in panels.ts, `data-panel` in index.html) and the control bar, `hide=a,b` hides
// those named, and `embed=1` lays the page out for an iframe: the panels fill the frame
// above a compact control bar that stays in view. The Embed dialog composes such a link,
// with the step, speed, autoplay and tour it opens with, and the iframe snippet to paste
// (with the listener that sizes the frame to the lab's content).
import './embed.css';
import { onLocaleChange, t } from '../catalog.ts';
import { LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, isLocale } from '../locale.ts';
import { byId, copyOnClick, element } from './dom.ts';
import { DEFAULT_SPEED, SPEEDS } from './speeds.ts';
import { RESIZE_MESSAGE } from './frame-height.ts';
import { hiddenPanels, PANELS, type Panel, type PageFlags } from './page-flags.ts';
import { FRAME_WIDTH, frameHeight, PANEL_SPECS, panelSpec } from './panels.ts';
import type { ShareLink } from './share-link.ts';
import { label } from '../words.ts';
import type { QuestionName } from '../protocol.ts';

/** The snippet's script right after its iframe: it sets the frame's height to the one the
 *  lab reports (ui/frame-height.ts), heeding only messages from that frame's window.
 *  Without it (a course editor that strips scripts, or moves the iframe away from it) the
 *  frame keeps the snippet's height. */
const RESIZE_LISTENER = `<script>
(function (frame) {
  if (!frame || frame.tagName !== 'IFRAME') return;
  addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === frame.contentWindow && data && data.type === '${RESIZE_MESSAGE}' &&
        typeof data.height === 'number' && data.height > 0)
      frame.style.height = data.height + 'px';
  });
})(document.currentScript.previousElementSibling);
</script>`;

/** The dialog starts with the panels the registry marks (panels.ts, embedDefault). */
const EMBED_DEFAULT_SHOWN: Panel[] = PANEL_SPECS.filter((p) => p.embedDefault === true).map(
  (p) => p.key,
);

export function applyView(flags: Pick<PageFlags, 'hide' | 'panels' | 'embed'>): void {
  document.body.classList.toggle('embedded', flags.embed);
  const hidden = hiddenPanels(flags);
  for (const node of document.querySelectorAll<HTMLElement>('[data-panel]')) {
    const name = node.dataset['panel'] as Panel;
    node.classList.toggle('flag-hidden', hidden.includes(name));
  }
  // Embedded, the page offers the full lab in a new tab instead of the share bar.
  byId('open-full').hidden = !flags.embed;
}

export interface EmbedDeps {
  share: ShareLink;
  /** Play's speed on this page, steps per second (0: as fast as possible). */
  speed: () => number;
  /** The longest run a link may replay (core's bound on the `steps` setting). */
  maxRun: () => number;
  /** Core's activity questions, in its order (empty before the worker is ready). */
  questions: () => QuestionName[];
}

export class EmbedDialog {
  private readonly dialog = byId<HTMLDialogElement>('embed-dialog');
  private readonly snippet = byId<HTMLTextAreaElement>('embed-snippet');
  private readonly boxes = new Map<Panel, HTMLInputElement>();
  private readonly controls = byId<HTMLInputElement>('embed-controls');
  private readonly step = byId<HTMLInputElement>('embed-step');
  private readonly speed = byId<HTMLSelectElement>('embed-speed');
  private readonly language = byId<HTMLSelectElement>('embed-language');
  private readonly autoplay = byId<HTMLInputElement>('embed-autoplay');
  private readonly tour = byId<HTMLInputElement>('embed-tour');
  private readonly height = byId<HTMLInputElement>('embed-height');
  private readonly activity = byId<HTMLInputElement>('embed-activity');
  private readonly review = byId<HTMLInputElement>('embed-review');
  private readonly scormCommand = byId<HTMLTextAreaElement>('embed-scorm-command');
  private questionBoxes = new Map<QuestionName, HTMLInputElement>();
  /** The person typed a height: it no longer follows the ticked panels. */
  private heightChosen = false;

  constructor(private readonly deps: EmbedDeps) {
    const choices = PANELS.filter((panel) => panel !== 'controls').map((panel) => {
      const box = element('input', {
        attributes: { type: 'checkbox', id: `embed-show-${panel}`, value: panel },
      });
      box.checked = EMBED_DEFAULT_SHOWN.includes(panel);
      this.boxes.set(panel, box);
      // The panel's name is a message: localize() words it again after a switch.
      const id = panelSpec(panel).label;
      const name = element('span', { text: t(id), attributes: { 'data-l10n-id': id } });
      return element('label', { className: 'embed-choice' }, [
        box,
        document.createTextNode(' '),
        name,
      ]);
    });
    byId('embed-panels').replaceChildren(...choices);
    this.listChoices();
    onLocaleChange(() => {
      this.listChoices();
      if (this.dialog.open) this.render();
    });
    this.dialog.addEventListener('input', () => this.render());
    this.dialog.addEventListener('change', () => this.render());
    this.height.addEventListener('input', () => (this.heightChosen = true));
    byId('embed-open').addEventListener('click', () => this.open());
    const full = byId<HTMLAnchorElement>('open-full');
    const point = () => (full.href = deps.share.linkWith({ hide: [], embed: false }));
    full.addEventListener('click', point);
    full.addEventListener('focus', point);
    full.addEventListener('mouseenter', point);
    byId('embed-close').addEventListener('click', () => this.dialog.close());
    copyOnClick(byId<HTMLButtonElement>('embed-copy'), this.snippet);
  }

  /** The speed and language options, in the page's language (a switch keeps the choice). */
  private listChoices(): void {
    const speed = this.speed.value;
    this.speed.replaceChildren(
      ...SPEEDS.map((value) =>
        element('option', {
          text: value > 0 ? t('speed-rate', { rate: value }) : t('speed-fastest'),
          attributes: { value },
        }),
      ),
    );
    if (speed !== '') this.speed.value = speed;
    const language = this.language.value;
    this.language.replaceChildren(
      element('option', { text: t('embed-language-browser'), attributes: { value: '' } }),
      ...LOCALES.map((locale) =>
        element('option', {
          text: LOCALE_NAMES[locale],
          attributes: { value: locale, lang: locale, translate: 'no' },
        }),
      ),
    );
    this.language.value = language;
  }

  /** Opens the dialog on this run as it stands: its step and its speed. */
  open(): void {
    if (this.questionBoxes.size === 0) this.listQuestions();
    this.step.max = String(this.deps.maxRun());
    this.step.value = String(this.deps.share.step ?? 0);
    const speed = this.deps.speed();
    this.speed.value = String(SPEEDS.includes(speed) ? speed : DEFAULT_SPEED);
    // The frame speaks the language this page was set to, else its reader's browser's.
    const chosen = this.deps.share.language;
    this.language.value = chosen !== null && chosen !== PSEUDO_LOCALE ? chosen : '';
    this.heightChosen = false;
    this.render();
    this.dialog.showModal();
  }

  /** The question ticks, from core's list (all ticked). */
  private listQuestions(): void {
    const names = this.deps.questions();
    this.questionBoxes = new Map(
      names.map((name) => {
        const box = element('input', {
          attributes: { type: 'checkbox', id: `embed-question-${name}`, value: name },
        });
        box.checked = true;
        return [name, box];
      }),
    );
    byId('embed-questions').replaceChildren(
      ...names.map((name) =>
        element('label', { className: 'embed-choice' }, [
          this.questionBoxes.get(name) ?? null,
          document.createTextNode(` ${label(`activity-label-${name}`)}`),
        ]),
      ),
    );
  }

  /** The link's `activity` value (core parses it, activity.h), or null without one. */
  private activityValue(): string | null {
    if (!this.activity.checked) return null;
    const review = Number(this.review.value);
    const named = this.review.value !== '' && Number.isInteger(review) && review >= 1;
    return [...this.questionBoxes]
      .filter(([, box]) => box.checked)
      .map(([name]) => (name === 'word' && named ? `word:${review}` : name))
      .join(',');
  }

  private shown(): Panel[] {
    return PANELS.filter((panel) => this.boxes.get(panel)?.checked === true);
  }

  /** The frame's link: every option of the dialog is in it. */
  link(): string {
    const step = Number(this.step.value);
    return this.deps.share.linkWith({
      run:
        Number.isInteger(step) && step >= 0 && step <= this.deps.maxRun()
          ? step
          : this.deps.share.step,
      panels: this.shown(),
      hide: this.controls.checked ? [] : ['controls'],
      embed: true,
      speed: Number(this.speed.value),
      autoplay: this.autoplay.checked,
      tour: this.tour.checked,
      activity: this.activityValue(),
      lang: isLocale(this.language.value) ? this.language.value : null,
    });
  }

  /** The command that packs this run as the course activity (scripts/build-scorm.mjs). */
  private scormLine(): string {
    const hash = new URL(
      this.deps.share.linkWith({ hide: [], embed: false, activity: this.activityValue() ?? '' }),
    ).hash;
    const here = new URL(location.href);
    here.hash = '';
    const hosted = /^https?:$/.test(here.protocol) ? ` --public-url '${here.href}'` : '';
    return `npm run build:scorm -- --link '${hash.replaceAll("'", '%27')}'${hosted}`;
  }

  /** The questions the activity asks, as the dialog ticks them (none without it). */
  private questionsAsked(): QuestionName[] {
    if (!this.activity.checked) return [];
    const ticked = [...this.questionBoxes].filter(([, box]) => box.checked).map(([n]) => n);
    // An activity that names no question asks them all (core's rule, activity.h).
    return ticked.length > 0 ? ticked : [...this.questionBoxes.keys()];
  }

  private render(): void {
    if (!this.heightChosen)
      this.height.value = String(
        frameHeight(this.shown(), this.controls.checked, this.questionsAsked()),
      );
    const height = Math.max(200, Math.round(Number(this.height.value) || 0));
    const src = this.link();
    const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    this.snippet.value =
      `<iframe src="${attribute(src)}" width="${FRAME_WIDTH}" height="${height}" ` +
      `style="border:0;max-width:100%" loading="lazy" ` +
      `title="clslab: attention with trained embeddings selects important tokens"></iframe>\n` +
      RESIZE_LISTENER;
    byId<HTMLAnchorElement>('embed-preview').href = src;
    this.scormCommand.value = this.scormLine();
  }
}
