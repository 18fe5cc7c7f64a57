// The review list: a page of reviews that pass the search and the filters (label,
// correct or wrong prediction, whether the most attended token is a selected one, a
// token chosen in the token table), each drawn with its attention shading, its label and
// the model's prediction. The worker filters (review-list.ts there); this only asks.
import type { CommandBody, ReviewFilter, ReviewListItem } from '../protocol.ts';
import { formatNumber } from '../format.ts';
import { onLocaleChange, t } from '../catalog.ts';
import { byId, element } from './dom.ts';
import { scheduleDraw } from '../charts/setup.ts';
import { renderWords, restyleWords } from './review-words.ts';

const PAGE_SIZE = 10;
const TYPING_PAUSE_MILLISECONDS = 250;
/** The longest task that draws list items anew. */
const LIST_SLICE_MILLISECONDS = 20;

export class ReviewList {
  private readonly search = byId<HTMLInputElement>('review-search');
  private readonly split = byId<HTMLSelectElement>('review-list-split');
  private readonly label = byId<HTMLSelectElement>('review-filter-label');
  private readonly prediction = byId<HTMLSelectElement>('review-filter-prediction');
  private readonly selection = byId<HTMLSelectElement>('review-filter-selection');
  private readonly tokenChip = byId('review-filter-token');
  private readonly tokenText = byId('review-filter-token-text');
  private readonly list = byId<HTMLOListElement>('review-list');
  private readonly status = byId('review-list-status');
  private readonly previous = byId<HTMLButtonElement>('review-list-previous');
  private readonly next = byId<HTMLButtonElement>('review-list-next');
  private token = '';
  private offset = 0;
  private matched = 0;
  private ready = false;
  /** Counts the lists shown: a restyle waiting for the screen draws only the latest. */
  private drawings = 0;

  constructor(
    private readonly send: (command: CommandBody) => void,
    private readonly open: (testSplit: boolean, index: number) => void,
    onClearToken: () => void,
  ) {
    onLocaleChange(() => {
      this.showToken();
      // The list's own words (status, badges) in the new language: drawn anew.
      const last = this.lastShown;
      if (last === null) return;
      this.showStatus(last.filter, last.items.length, last.total);
      ++this.drawings;
      this.draw(last.filter, last.items, last.keys);
    });
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
    this.list.replaceChildren(); // other data: its reviews are drawn anew, never restyled
    this.ready = true;
    this.request(0);
  }

  /** Lists only reviews containing `token` ('' removes the filter). */
  setToken(token: string): void {
    this.token = token;
    this.showToken();
    this.tokenChip.hidden = token === '';
    this.request(0);
  }

  /** The chip that says which token filters the list, in the page's language. */
  private showToken(): void {
    this.tokenText.textContent =
      this.token === '' ? '' : t('review-filter-token', { token: this.token });
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

  /** The list on screen, for a switch of language to word again. */
  private lastShown: {
    filter: ReviewFilter;
    items: ReviewListItem[];
    keys: string[];
    total: number;
  } | null = null;

  /** "12 of 400 training reviews match; showing 1–10." */
  private showStatus(filter: ReviewFilter, count: number, total: number): void {
    const matched = this.matched;
    const first = filter.offset + 1;
    const last = filter.offset + count;
    const args = { matched, total };
    this.status.textContent =
      matched === 0
        ? filter.testSplit
          ? t('review-list-none-test', args)
          : t('review-list-none-train', args)
        : filter.testSplit
          ? t('review-list-status-test', { ...args, first, last })
          : t('review-list-status-train', { ...args, first, last });
  }

  show(filter: ReviewFilter, items: ReviewListItem[], matched: number, total: number): void {
    this.offset = filter.offset;
    this.matched = matched;
    const last = filter.offset + items.length;
    this.showStatus(filter, items.length, total);
    this.previous.disabled = filter.offset <= 0;
    this.next.disabled = last >= this.matched;
    // Ten full-length reviews are thousands of words (40-50 ms of new nodes at 25,000
    // reviews). Other reviews are drawn now; the same ones again with new weights (each stop
    // lists them again) are restyled in place, in a frame, and only on screen.
    const keys = items.map((item) => `${filter.testSplit ? 'test' : 'train'} ${item.index}`);
    this.lastShown = { filter, items, keys, total };
    const shown = this.list.children;
    const same =
      shown.length === items.length &&
      keys.every((key, k) => (shown[k] as HTMLElement).dataset.review === key);
    const drawing = ++this.drawings; // a restyle still waiting must not bring back old items
    if (same) {
      scheduleDraw(this.list, () => {
        if (drawing === this.drawings) this.restyleAll(filter, items, keys);
      });
    } else this.draw(filter, items, keys);
  }

  /** Draws the items anew, in tasks of about LIST_SLICE_MILLISECONDS (a full-length
   *  review is 4-5 ms of new nodes), so that no single task of the main thread holds them. */
  private draw(filter: ReviewFilter, items: ReviewListItem[], keys: string[]): void {
    const drawing = this.drawings;
    this.list.replaceChildren();
    let next = 0;
    const more = () => {
      if (drawing !== this.drawings) return; // another list came meanwhile
      const started = performance.now();
      const slice: HTMLLIElement[] = [];
      do {
        const li = this.item(items[next]!, filter);
        li.dataset.review = keys[next];
        slice.push(li);
        next++;
      } while (next < items.length && performance.now() - started < LIST_SLICE_MILLISECONDS);
      this.list.append(...slice);
      if (next < items.length) setTimeout(more, 0);
    };
    if (items.length > 0) more();
  }

  private restyleAll(filter: ReviewFilter, items: ReviewListItem[], keys: string[]): void {
    const shown = this.list.children;
    const same =
      shown.length === items.length &&
      items.every((item, k) => {
        const li = shown[k] as HTMLElement;
        return li.dataset.review === keys[k] && this.restyle(li, item, filter);
      });
    if (!same) this.draw(filter, items, keys);
  }

  /** Updates a drawn item of the same review to new weights: its badges and its words'
   *  shading. False when its words differ (draw it anew). */
  private restyle(li: HTMLElement, item: ReviewListItem, filter: ReviewFilter): boolean {
    const head = li.firstElementChild;
    const words = li.lastElementChild;
    if (head === null || words === null || !restyleWords(words, item.review, filter.token))
      return false;
    const open = head.firstElementChild;
    if (open === null) return false;
    head.replaceChildren(open, ...this.badges(item));
    return true;
  }

  private item(item: ReviewListItem, filter: ReviewFilter): HTMLLIElement {
    const { review } = item;
    const openButton = element('button', {
      text: `#${item.index + 1}`,
      attributes: {
        type: 'button',
        'aria-label': t('review-list-open', { number: item.index + 1 }),
      },
    });
    openButton.addEventListener('click', () => this.open(filter.testSplit, item.index));
    const words = element(
      'p',
      // A review's words are data: never translated (translate="no", as the viewer's).
      { className: 'review-words compact', attributes: { translate: 'no' } },
      renderWords(review, filter.token).nodes,
    );
    return element('li', { className: 'review-item' }, [
      element('div', { className: 'review-item-head' }, [openButton, ...this.badges(item)]),
      words,
    ]);
  }

  /** The label, whether the prediction is right, and where the top attention falls. */
  private badges(item: ReviewListItem): HTMLElement[] {
    const { review } = item;
    const label = review.label > 0 ? 'positive' : 'negative';
    const positive = review.prediction > 0;
    const mark = item.correct ? '✓' : '✗';
    return [
      element('span', {
        className: `badge label-${label}`,
        text: review.label > 0 ? t('review-badge-positive') : t('review-badge-negative'),
      }),
      element('span', {
        className: `badge ${item.correct ? 'correct' : 'wrong'}`,
        text: positive
          ? t('review-badge-predicts-positive', { mark })
          : t('review-badge-predicts-negative', { mark }),
        attributes: { title: t('review-badge-logit', { logit: formatNumber(review.logit, 3) }) },
      }),
      element('span', {
        className: `badge ${item.argmaxSelected ? 'on-selected' : 'off-selected'}`,
        text: item.argmaxSelected ? t('review-badge-on-selected') : t('review-badge-off-selected'),
        attributes: { title: t('review-badge-selected-title') },
      }),
    ];
  }
}
