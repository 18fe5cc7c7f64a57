// One review as the model reads it: each word shaded by its softmax attention weight s_t,
// the theory's selected tokens (S_i) outlined, the label and the logit f(X). Also scores
// text the user types. Words are text nodes; shading is set through element.style.
import type { Command, ReviewView } from '../protocol.ts';
import { formatNumber, formatPercent } from '../format.ts';
import { byId, element } from './dom.ts';

export class ReviewPanel {
  private readonly split = byId<HTMLSelectElement>('review-split');
  private readonly index = byId<HTMLInputElement>('review-index');
  private readonly words = byId('review-words');
  private readonly caption = byId('review-caption');
  private readonly typed = byId<HTMLTextAreaElement>('review-text');
  private readonly original = byId('review-original');
  private total = 0;

  constructor(private readonly send: (command: Command) => void) {
    const go = (delta: number) => this.request(Number(this.index.value) - 1 + delta);
    byId('review-previous').addEventListener('click', () => go(-1));
    byId('review-next').addEventListener('click', () => go(1));
    this.index.addEventListener('change', () => go(0));
    this.split.addEventListener('change', () => this.request(0));
    byId('review-score').addEventListener('click', () => {
      if (this.typed.value.trim() !== '') send({ type: 'scoreText', text: this.typed.value });
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
    let peak = 0;
    for (const weight of review.attention) peak = Math.max(peak, weight);
    const spans: Node[] = [];
    let selectedMass = 0;
    review.words.forEach((word, t) => {
      const weight = review.attention[t] ?? 0;
      const selected = review.selected[t] === 1;
      if (selected) selectedMass += weight;
      const token = review.tokens[t] ?? '';
      const span = element('span', {
        className: selected ? 'word selected' : 'word',
        text: word,
        attributes: {
          title: `${token}: attention ${formatPercent(weight)}${selected ? ' (selected)' : ''}`,
        },
      });
      // Opacity relative to the review's largest weight so short and long reviews compare.
      span.style.setProperty('--weight', peak > 0 ? (weight / peak).toFixed(3) : '0');
      spans.push(span, document.createTextNode(' '));
    });
    this.words.replaceChildren(...spans);
    this.original.textContent = review.text;
    const prediction = review.logit >= 0 ? 'positive' : 'negative';
    this.caption.textContent =
      `label ${label} · logit f(X) ${formatNumber(review.logit, 3)} (predicts ${prediction}) · ` +
      `attention on selected tokens ${formatPercent(selectedMass)}`;
  }
}
