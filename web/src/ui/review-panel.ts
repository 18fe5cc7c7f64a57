// One review as the model reads it (review-words.ts): shaded by attention, the selected
// tokens outlined, the label and the logit f(X). Also scores text the user types, live
// (debounced) as they type.
import type { CommandBody, ReviewView } from '../protocol.ts';
import { formatNumber, formatPercent } from '../format.ts';
import { byId } from './dom.ts';
import { renderWords } from './review-words.ts';

/** Scoring starts once typing pauses this long. */
const TYPING_PAUSE_MILLISECONDS = 250;

export class ReviewPanel {
  private readonly split = byId<HTMLSelectElement>('review-split');
  private readonly index = byId<HTMLInputElement>('review-index');
  private readonly words = byId('review-words');
  private readonly caption = byId('review-caption');
  private readonly typed = byId<HTMLTextAreaElement>('review-text');
  private readonly original = byId('review-original');
  private total = 0;

  constructor(private readonly send: (command: CommandBody) => void) {
    const go = (delta: number) => this.request(Number(this.index.value) - 1 + delta);
    byId('review-previous').addEventListener('click', () => go(-1));
    byId('review-next').addEventListener('click', () => go(1));
    this.index.addEventListener('change', () => go(0));
    this.split.addEventListener('change', () => this.request(0));
    const score = () => {
      if (this.typed.value.trim() !== '') send({ type: 'scoreText', text: this.typed.value });
    };
    byId('review-score').addEventListener('click', score);
    let debounce: ReturnType<typeof setTimeout> | undefined;
    this.typed.addEventListener('input', () => {
      clearTimeout(debounce);
      debounce = setTimeout(score, TYPING_PAUSE_MILLISECONDS);
    });
  }

  /** Which split to browse after a load: test when there is one. */
  setSplits(hasTest: boolean): void {
    const test = this.split.querySelector<HTMLOptionElement>('option[value="test"]');
    if (test !== null) test.disabled = !hasTest;
    if (!hasTest) this.split.value = 'train';
  }

  /** Refreshes the shown review (the weights changed). */
  refresh(): void {
    this.request(Number(this.index.value) - 1);
  }

  /** Shows review `index` of a split (from the review list) and brings it into view. */
  open(testSplit: boolean, index: number): void {
    this.split.value = testSplit ? 'test' : 'train';
    this.total = 0; // the worker bounds the index for the new split
    this.request(index);
    this.words.scrollIntoView({ block: 'nearest' });
  }

  request(index: number): void {
    const bounded =
      this.total > 0 ? Math.min(Math.max(index, 0), this.total - 1) : Math.max(index, 0);
    this.send({ type: 'requestReview', testSplit: this.split.value === 'test', index: bounded });
  }

  showReview(review: ReviewView, index: number, total: number): void {
    this.total = total;
    this.index.value = String(index + 1);
    this.index.max = String(total);
    byId('review-total').textContent = `of ${total}`;
    this.render(review, review.label > 0 ? 'positive' : 'negative');
  }

  showScored(review: ReviewView): void {
    this.render(review, 'your text');
  }

  private render(review: ReviewView, label: string): void {
    const { nodes, selectedMass } = renderWords(review);
    this.words.replaceChildren(...nodes);
    this.original.textContent = review.text;
    const prediction = review.logit >= 0 ? 'positive' : 'negative';
    this.caption.textContent =
      `label ${label} · logit f(X) ${formatNumber(review.logit, 3)} (predicts ${prediction}) · ` +
      `attention on selected tokens ${formatPercent(selectedMass)}`;
  }
}
