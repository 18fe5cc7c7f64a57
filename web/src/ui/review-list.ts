// The review list: a page of reviews that pass the search and the filters (label,
// correct or wrong prediction, whether the most attended token is a selected one, a
// token chosen in the token table), each drawn with its attention shading, its label and
// the model's prediction. The worker filters (review-list.ts there); this only asks.
import type { CommandBody, ReviewFilter, ReviewListItem } from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';
import { byId, element } from './dom.ts';
import { renderWords } from './review-words.ts';

const PAGE_SIZE = 10;
const TYPING_PAUSE_MILLISECONDS = 250;

export class ReviewList {
  private readonly search = byId<HTMLInputElement>('review-search');
  private readonly split = byId<HTMLSelectElement>('review-list-split');
  private readonly label = byId<HTMLSelectElement>('review-filter-label');
  private readonly prediction = byId<HTMLSelectElement>('review-filter-prediction');
  private readonly selection = byId<HTMLSelectElement>('review-filter-selection');
  private readonly tokenChip = byId('review-filter-token');
  private readonly tokenName = byId('review-filter-token-name');
  private readonly list = byId<HTMLOListElement>('review-list');
  private readonly status = byId('review-list-status');
  private readonly previous = byId<HTMLButtonElement>('review-list-previous');
  private readonly next = byId<HTMLButtonElement>('review-list-next');
  private token = '';
  private offset = 0;
  private matched = 0;
  private ready = false;

  constructor(
    private readonly send: (command: CommandBody) => void,
    private readonly open: (testSplit: boolean, index: number) => void,
    onClearToken: () => void,
  ) {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    this.search.addEventListener('input', () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => this.request(0), TYPING_PAUSE_MILLISECONDS);
    });
    for (const select of [this.split, this.label, this.prediction, this.selection])
      select.addEventListener('change', () => this.request(0));
    this.previous.addEventListener('click', () => this.request(this.offset - PAGE_SIZE));
    this.next.addEventListener('click', () => this.request(this.offset + PAGE_SIZE));
    byId('review-filter-token-clear').addEventListener('click', () => {
      this.setToken('');
      onClearToken();
    });
  }

  /** After a load: browse the test split when there is one, from the first page. */
  setSplits(hasTest: boolean): void {
    const test = this.split.querySelector<HTMLOptionElement>('option[value="test"]');
    if (test !== null) test.disabled = !hasTest;
    if (!hasTest) this.split.value = 'train';
    this.ready = true;
    this.request(0);
  }

  /** Lists only reviews containing `token` ('' removes the filter). */
  setToken(token: string): void {
    this.token = token;
    this.tokenName.textContent = token;
    this.tokenChip.hidden = token === '';
    this.request(0);
  }

  /** The weights changed: the same page again, with new attention. */
  refresh(): void {
    this.request(this.offset);
  }

  private request(offset: number): void {
    if (!this.ready) return;
    const filter: ReviewFilter = {
      testSplit: this.split.value === 'test',
      query: this.search.value,
      token: this.token,
      label: this.label.value as ReviewFilter['label'],
      prediction: this.prediction.value as ReviewFilter['prediction'],
      selection: this.selection.value as ReviewFilter['selection'],
      offset: Math.max(0, offset),
      limit: PAGE_SIZE,
    };
    this.send({ type: 'listReviews', filter });
  }

  show(filter: ReviewFilter, items: ReviewListItem[], matched: number, total: number): void {
    this.offset = filter.offset;
    this.matched = matched;
    const first = matched === 0 ? 0 : filter.offset + 1;
    const last = filter.offset + items.length;
    this.status.textContent =
      `${formatInteger(matched)} of ${formatInteger(total)} ${filter.testSplit ? 'test' : 'training'} ` +
      `reviews match` +
      (matched > 0 ? `; showing ${formatInteger(first)}–${formatInteger(last)}.` : '.');
    this.list.replaceChildren(...items.map((item) => this.item(item, filter)));
    this.previous.disabled = filter.offset <= 0;
    this.next.disabled = last >= this.matched;
  }

  private item(item: ReviewListItem, filter: ReviewFilter): HTMLLIElement {
    const { review } = item;
    const label = review.label > 0 ? 'positive' : 'negative';
    const predicted = review.prediction > 0 ? 'positive' : 'negative';
    const openButton = element('button', {
      text: `#${item.index + 1}`,
      attributes: {
        type: 'button',
        'aria-label': `Open review ${item.index + 1} in the viewer`,
      },
    });
    openButton.addEventListener('click', () => this.open(filter.testSplit, item.index));
    const badges = [
      element('span', { className: `badge label-${label}`, text: `label ${label}` }),
      element('span', {
        className: `badge ${item.correct ? 'correct' : 'wrong'}`,
        text: `predicts ${predicted} ${item.correct ? '✓' : '✗'}`,
        attributes: { title: `logit f(X) = ${formatNumber(review.logit, 3)}` },
      }),
      element('span', {
        className: `badge ${item.argmaxSelected ? 'on-selected' : 'off-selected'}`,
        text: item.argmaxSelected ? 'top attention on S_i' : 'top attention off S_i',
        attributes: {
          title: 'Whether the most attended word is one of the selected (outlined) tokens',
        },
      }),
    ];
    const words = element(
      'p',
      { className: 'review-words compact' },
      renderWords(review, filter.token).nodes,
    );
    return element('li', { className: 'review-item' }, [
      element('div', { className: 'review-item-head' }, [openButton, ...badges]),
      words,
    ]);
  }
}
