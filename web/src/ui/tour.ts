// The guided tour: a card that walks through the run on screen as it stands, one panel per
// step. It starts from the picture ("What am I looking at?": the first chart's plain lead,
// panels.ts) and ends on the run's numbers, whose step offers to start from step 0. A
// prepared link keeps its data, settings and step: the tour presses a button only when
// asked (its action button, which flashes the button it pressed). Each step's sentence is
// core's guidance for its panel (state.guidance, chosen from the measured values), kept
// live as the run moves. The card sits in the page's flow right after the panel it talks
// about, so it never covers it, and the number it reads is marked. Next/Back/Skip are
// buttons; Escape skips.
import type { Guidance } from '../protocol.ts';
import type { LabState, LabStore } from '../state/store.ts';
import { messages, onLocaleChange, t } from '../catalog.ts';
import type { PlainMessageId } from '../localized.ts';
import { byId } from './dom.ts';
import { PANEL_SPECS, panelLead, type TourAction } from './panels.ts';
import { captionLine, type RunFactsSource } from './run-facts.ts';

type GuidanceLine = Guidance['panels'][number];
type GuidancePanel = 'result1' | 'figure1' | 'result2' | 'loss';

/** A button of the page the tour may press for the person. */
interface Action {
  label: string;
  button: string;
}

interface TourStep {
  /** The step's heading (a catalog message). */
  title: PlainMessageId;
  /** What the panel's charts show, in plain words ('' for a panel without charts), in the
   *  current language. */
  lead: () => string;
  /** Where the step may point, first shown first: a panel (`data-panel`) and the element
   *  with the number the step reads. None shown: the card opens the results. */
  targets: Array<{ panel: string; number: string }>;
  /** Core's guidance line the step shows; null: the run's facts. */
  guidance: GuidancePanel | null;
  /** What the step offers to press now; null: nothing helps from here. */
  action: (state: LabState) => Action | null;
}

const stepOf = (state: LabState) => state.metrics?.step ?? 0;
const isPaper = (state: LabState) => state.plan?.protocol === 'paper';

function playOrPause(state: LabState): Action | null {
  if (state.dataset === null) return null;
  return { label: state.playing || state.playRequested ? t('pause') : t('play'), button: 'play' };
}

/** What each kind of step offers to press now (the registry says which a panel's step is). */
const ACTIONS: Record<TourAction, (state: LabState) => Action | null> = {
  restart: (s) =>
    stepOf(s) > 0 && !s.playing ? { label: t('tour-act-restart'), button: 'reset' } : null,
  stepEmbeddings: (s) =>
    isPaper(s) && stepOf(s) === 0
      ? { label: t('tour-act-step-e'), button: 'step-embeddings' }
      : null,
  play: playOrPause,
  solveOrPlay: (s) =>
    isPaper(s) && stepOf(s) >= 1 && !s.playing && s.metrics?.hasMaxMargin !== true
      ? { label: t('tour-act-solve'), button: 'solve-max-margin' }
      : playOrPause(s),
};

/** One step per panel the registry gives a tour step, in its order. */
const STEPS: TourStep[] = PANEL_SPECS.flatMap((panel) =>
  panel.tour === undefined
    ? []
    : [
        {
          title: panel.tour.title,
          lead: () => panelLead(panel),
          targets: [{ panel: panel.key, number: panel.tour.number }],
          guidance: panel.guidance ?? null,
          action: ACTIONS[panel.tour.action],
        },
      ],
);

/** How the card names a guidance line's kind, before core's sentence. */
function kindLabel(kind: GuidanceLine['kind']): string {
  switch (kind) {
    case 'expect':
      return t('tour-kind-expect');
    case 'shown':
      return t('tour-kind-shown');
    case 'off':
      return t('tour-kind-off');
    case 'instead':
      return t('tour-kind-instead');
    case 'n/a':
      return t('tour-kind-n-a');
    case 'fact':
      return t('tour-kind-fact');
    default:
      return '';
  }
}

/** Space kept between the card or panel and the viewport's edge while scrolling, px. */
const MARGIN = 12;

export class Tour {
  private readonly card = byId('tour');
  private readonly heading = byId('tour-title');
  private readonly lead = byId('tour-lead');
  private readonly counter = byId('tour-counter');
  private readonly kind = byId('tour-kind');
  private readonly text = byId('tour-text');
  private readonly act = byId<HTMLButtonElement>('tour-act');
  private readonly back = byId<HTMLButtonElement>('tour-back');
  private readonly next = byId<HTMLButtonElement>('tour-next');
  /** The steps whose panel this page shows (the first when none is: it opens the
   *  results). */
  private steps: TourStep[] = [];
  private index = -1;
  private returnFocus: HTMLElement | null = null;

  constructor(
    private readonly store: LabStore,
    private readonly facts: RunFactsSource,
  ) {
    this.next.addEventListener('click', () =>
      this.index + 1 < this.steps.length ? this.go(this.index + 1) : this.close(),
    );
    this.back.addEventListener('click', () => this.go(this.index - 1));
    this.act.addEventListener('click', () => this.press());
    byId('tour-skip').addEventListener('click', () => this.close());
    this.card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.close();
    });
    byId('tour-start').addEventListener('click', () => this.start());
    // Text that arrives after a step was placed (core's guidance follows a stop) can push
    // the panel's number out of view: put it back, until the person scrolls on their own.
    new ResizeObserver(() => this.keepInView()).observe(document.body);
    for (const type of ['wheel', 'touchmove', 'keydown'] as const) {
      addEventListener(type, () => (this.personScrolled = true), { passive: true });
    }
    store.subscribe((event) => {
      if (this.isOpen && event.type !== 'reviewShown' && event.type !== 'reviewsListed')
        this.render();
    });
    onLocaleChange(() => {
      if (!this.isOpen) return;
      this.wordButtons();
      this.render();
    });
  }

  /** The counter and Next/Finish for the step shown. */
  private wordButtons(): void {
    const last = this.index + 1 === this.steps.length;
    this.counter.textContent = t('tour-counter', {
      step: this.index + 1,
      steps: this.steps.length,
    });
    this.next.textContent = last ? t('tour-finish') : t('tour-next');
  }

  get isOpen(): boolean {
    return this.index >= 0;
  }

  start(): void {
    this.returnFocus = document.activeElement as HTMLElement | null;
    const shown = STEPS.filter((step) => shownTarget(step) !== null);
    this.steps = shown.length > 0 ? shown : STEPS.slice(0, 1);
    this.card.hidden = false;
    this.go(0);
  }

  close(): void {
    this.index = -1;
    this.card.hidden = true;
    mark(null, null);
    (this.returnFocus ?? byId('tour-start')).focus();
  }

  private get step(): TourStep | undefined {
    return this.steps[this.index];
  }

  /** Set by the person's own scrolling (or keys); the next step clears it. */
  private personScrolled = false;

  private keepInView(): void {
    const target = this.step === undefined ? null : shownTarget(this.step);
    if (this.personScrolled || target === null) return;
    const panel = document.querySelector<HTMLElement>(`[data-panel="${target.panel}"]`);
    const number = document.querySelector<HTMLElement>(target.number);
    const box = (number ?? panel)?.getBoundingClientRect();
    if (box !== undefined && (box.top < 0 || box.bottom > innerHeight)) {
      reveal(panel, number, this.card, false);
    }
  }

  private go(index: number): void {
    if (this.steps[index] === undefined) return;
    this.index = index;
    this.personScrolled = false;
    this.back.disabled = index === 0;
    this.wordButtons();
    this.render();
    const target = this.step === undefined ? null : shownTarget(this.step);
    const panel =
      target === null
        ? null
        : document.querySelector<HTMLElement>(`[data-panel="${target.panel}"]`);
    const number = target === null ? null : document.querySelector<HTMLElement>(target.number);
    if (panel !== null) panel.after(this.card);
    else byId('results').prepend(this.card);
    mark(panel, number);
    this.heading.focus({ preventScroll: true });
    reveal(panel, number, this.card);
  }

  /** The step's words and action for the run as it is now. */
  private render(): void {
    const step = this.step;
    if (step === undefined) return;
    const state = this.store.state;
    // The first step is about the picture: what the chart shows, before what it proves.
    const lead = step.lead();
    const first = this.index === 0 && lead !== '';
    const title = t(step.title);
    setText(this.heading, first ? t('tour-first-title') : title);
    setText(this.lead, first ? t('tour-first-lead', { title, lead }) : lead);
    this.lead.hidden = lead === '';
    if (step.guidance === null) {
      setText(this.kind, t('tour-this-run'));
      setText(this.text, this.runText(state));
    } else {
      const line = state.guidance?.panels.find((l) => l.panel === step.guidance);
      setText(this.kind, line === undefined ? '' : kindLabel(line.kind));
      setText(this.text, line === undefined ? t('tour-reading') : messages.render(line));
    }
    const action = step.action(state);
    this.act.hidden = action === null;
    if (action !== null) {
      setText(this.act, action.label);
      this.act.dataset['button'] = action.button;
      this.act.disabled = byId<HTMLButtonElement>(action.button).disabled;
    }
  }

  private runText(state: LabState): string {
    const step = stepOf(state);
    const facts = captionLine(this.facts());
    if (step === 0 || state.playing) return t('tour-run-kept', { facts });
    return t('tour-run-restart', { facts, step });
  }

  /** Presses the page's button the action names, and shows which one it was. */
  private press(): void {
    const id = this.act.dataset['button'];
    if (id === undefined) return;
    const button = byId<HTMLButtonElement>(id);
    flash(button);
    button.click();
  }
}

/** The step's first target whose panel the page shows; null when none is. */
function shownTarget(step: TourStep): TourStep['targets'][number] | null {
  for (const target of step.targets) {
    const panel = document.querySelector<HTMLElement>(`[data-panel="${target.panel}"]`);
    if (panel !== null && !panel.classList.contains('flag-hidden')) return target;
  }
  return null;
}

/** Outlines the panel and marks its number (nulls clear both). */
function mark(panel: HTMLElement | null, number: HTMLElement | null): void {
  for (const node of document.querySelectorAll('.tour-target'))
    node.classList.remove('tour-target');
  for (const node of document.querySelectorAll('.tour-number'))
    node.classList.remove('tour-number');
  panel?.classList.add('tour-target');
  number?.classList.add('tour-number');
}

/** Scrolls so the panel and the card below it show together. When they do not fit: the
 *  card and the panel's number above it; when those do not fit either, the number at the
 *  top with the card's heading below it. A stuck control bar over the panel is not room:
 *  at the foot (one column) or at the top (an embed); beside the results (a laptop) it
 *  covers nothing. */
function reveal(
  panel: HTMLElement | null,
  number: HTMLElement | null,
  card: HTMLElement,
  animate = true,
): void {
  const bar = document.querySelector<HTMLElement>('[data-panel="controls"]');
  const stuck =
    bar !== null && bar.checkVisibility() && getComputedStyle(bar).position === 'sticky';
  const target = (panel ?? card).getBoundingClientRect();
  const barBox = stuck ? bar.getBoundingClientRect() : null;
  const over = barBox !== null && barBox.left < target.right && target.left < barBox.right;
  const atFoot = over && barBox.top > innerHeight / 2;
  const topEdge = (over && !atFoot ? barBox.bottom : 0) + MARGIN;
  const bottomEdge = innerHeight - (atFoot ? barBox.height : 0) - MARGIN;
  const room = bottomEdge - topEdge;
  const top = target.top;
  const numberTop = (number ?? panel ?? card).getBoundingClientRect().top;
  const bottom = card.getBoundingClientRect().bottom;
  let delta: number;
  if (bottom - top <= room) delta = top - topEdge;
  else if (bottom - numberTop <= room) delta = bottom - bottomEdge;
  else delta = numberTop - topEdge;
  const smooth = animate && !matchMedia('(prefers-reduced-motion: reduce)').matches;
  scrollBy({ top: delta, behavior: smooth ? 'smooth' : 'auto' });
}

function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Shows which button the tour pressed. */
function flash(button: HTMLElement): void {
  button.classList.add('tour-pressed');
  setTimeout(() => button.classList.remove('tour-pressed'), 1200);
}
