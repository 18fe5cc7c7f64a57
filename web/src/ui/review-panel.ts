// One review as the model reads it: its words shaded by attention with the selected tokens
// outlined (review-words.ts), and the model's computation on it step by step
// (review-computation.ts), kept live while training runs: a snapshot of new weights asks the
// worker for the shown review again, only while the panel is on screen, and the drawing
// waits for an animation frame within the charts' budget (charts/setup.ts). Also scores
// text the user types, live (debounced) as they type.
import { onceOnScreen, scheduleDraw } from '../charts/setup.ts';
import type { CommandBody, ReviewView } from '../protocol.ts';
import { formatNumber, formatPercent } from '../format.ts';
import { onLocaleChange, t } from '../localized.ts';
import { byId } from './dom.ts';
import { renderComputation, type ComputationContext } from './review-computation.ts';
import { renderWords, restyleWords } from './review-words.ts';

/** Scoring starts once typing pauses this long. */
const TYPING_PAUSE_MILLISECONDS = 250;
/** With every token listed, a redraw of a long review is a long task (a table of hundreds
 *  of rows: 250-600 ms measured on a busy machine): during Play it is redrawn at most this
 *  often, and always after the last snapshot. The top rows alone redraw with each one. */
const FULL_LIST_REFRESH_MILLISECONDS = 2000;

export class ReviewPanel {
  private readonly split = byId<HTMLSelectElement>('review-split');
  private readonly index = byId<HTMLInputElement>('review-index');
  private readonly words = byId('review-words');
  private readonly caption = byId('review-caption');
  private readonly computation = byId('review-computation');
  private readonly typed = byId<HTMLTextAreaElement>('review-text');
  private readonly original = byId('review-original');
  /** The card: what must be on screen for the panel to ask and to draw. */
  private readonly card: HTMLElement = this.words.closest('section') ?? this.words;
  private total = 0;
  /** What a refresh asks for again: the browsed review or the typed text. */
  private showing: 'review' | 'text' = 'review';
  /** Every token of the computation, not only the largest weights. */
  private allTokens = false;
  /** When the full list last refreshed, and the refresh waiting for its turn. */
  private fullListAt = -Infinity;
  private fullListTimer: ReturnType<typeof setTimeout> | undefined;
  /** The view last drawn and its context (redrawn when the token list is toggled). */
  private drawn: { review: ReviewView; context: ComputationContext } | null = null;

  constructor(private readonly send: (command: CommandBody) => void) {
    const go = (delta: number) => this.request(Number(this.index.value) - 1 + delta);
    byId('review-previous').addEventListener('click', () => go(-1));
    byId('review-next').addEventListener('click', () => go(1));
    this.index.addEventListener('change', () => go(0));
    this.split.addEventListener('change', () => this.request(0));
    byId('review-score').addEventListener('click', () => this.score());
    onLocaleChange(() => {
      byId('review-total').textContent = t('review-total', { total: this.total });
      if (this.drawn !== null) this.draw(this.drawn.review, this.drawn.context);
    });
    let debounce: ReturnType<typeof setTimeout> | undefined;
    this.typed.addEventListener('input', () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => this.score(), TYPING_PAUSE_MILLISECONDS);
    });
  }

  /** The review the panel last drew (the test hook reads it), or null. */
  get shownReview(): ReviewView | null {
    return this.drawn?.review ?? null;
  }

  /** Which split to browse after a load: test when there is one. */
  setSplits(hasTest: boolean): void {
    const test = this.split.querySelector<HTMLOptionElement>('option[value="test"]');
    if (test !== null) test.disabled = !hasTest;
    if (!hasTest) this.split.value = 'train';
  }

  /** The weights changed (a snapshot, while playing or not): the shown review or text is
   *  asked for again now if the panel is on screen, else once it shows. */
  weightsChanged(): void {
    if (!this.allTokens) {
      onceOnScreen(this.card, () => this.refresh());
      return;
    }
    if (this.fullListTimer !== undefined) return; // the pending refresh reads the latest weights
    const wait = this.fullListAt + FULL_LIST_REFRESH_MILLISECONDS - performance.now();
    this.fullListTimer = setTimeout(
      () => {
        this.fullListTimer = undefined;
        this.fullListAt = performance.now();
        onceOnScreen(this.card, () => this.refresh());
      },
      Math.max(wait, 0),
    );
  }

  /** Asks again for what is shown (the weights changed). */
  refresh(): void {
    if (this.showing === 'text' && this.typed.value.trim() !== '') this.score();
    else this.request(Number(this.index.value) - 1);
  }

  /** Shows review `index` of a split (from the review list) and brings it into view. */
  open(testSplit: boolean, index: number): void {
    this.split.value = testSplit ? 'test' : 'train';
    this.total = 0; // the worker bounds the index for the new split
    this.request(index);
    this.words.scrollIntoView({ block: 'nearest' });
  }

  request(index: number): void {
    this.showing = 'review';
    const bounded =
      this.total > 0 ? Math.min(Math.max(index, 0), this.total - 1) : Math.max(index, 0);
    this.send({ type: 'requestReview', testSplit: this.split.value === 'test', index: bounded });
  }

  private score(): void {
    if (this.typed.value.trim() === '') return;
    this.showing = 'text';
    this.send({ type: 'scoreText', text: this.typed.value });
  }

  showReview(review: ReviewView, index: number, total: number): void {
    this.total = total;
    this.index.value = String(index + 1);
    this.index.max = String(total);
    byId('review-total').textContent = t('review-total', { total });
    this.render(review, { label: review.label > 0 ? 'positive' : 'negative' });
  }

  showScored(review: ReviewView): void {
    this.render(review, { label: '' });
  }

  private render(review: ReviewView, context: ComputationContext): void {
    scheduleDraw(this.card, () => this.draw(review, context));
  }

  private draw(review: ReviewView, context: ComputationContext): void {
    this.drawn = { review, context };
    if (!restyleWords(this.words, review)) this.words.replaceChildren(...renderWords(review).nodes);
    if (this.original.textContent !== review.text) this.original.textContent = review.text;
    const numbers = {
      logit: formatNumber(review.logit, 3),
      attention: formatPercent(review.selectedAttention),
    };
    const label =
      context.label === ''
        ? t('review-your-text')
        : context.label === 'positive'
          ? t('label-positive')
          : t('label-negative');
    const prediction = review.prediction > 0 ? t('label-positive') : t('label-negative');
    const caption = t('review-caption', { label, prediction, ...numbers });
    this.caption.textContent = caption;
    renderComputation(this.computation, review, context, this.allTokens, () => {
      this.allTokens = !this.allTokens;
      if (this.drawn !== null) this.draw(this.drawn.review, this.drawn.context);
      this.computation.querySelector<HTMLButtonElement>('.flow-toggle')?.focus();
    });
  }
}
