// The review list's filtering: walks a split's reviews through the Lab and keeps one page
// of those that pass the filter. Pure over a `review(index)` getter, so Node tests can
// drive it; it does not know about messages or the DOM.
import type { ReviewView } from 'clslab-wasm';
import type { ReviewFilter, ReviewListItem } from '../protocol.ts';

/** Most reviews a page may hold (each carries its words and attention weights). */
export const MAX_PAGE = 50;

export interface ReviewPage {
  items: ReviewListItem[];
  matched: number;
}

export function describeReview(index: number, review: ReviewView): ReviewListItem {
  // core's prediction (sign of f) and most attended position (-1 for an empty review)
  const top = review.attended;
  return {
    index,
    review,
    correct: review.prediction === (review.label > 0 ? 1 : -1),
    argmaxSelected: top >= 0 && review.selected[top] === 1,
  };
}

function passes(item: ReviewListItem, filter: ReviewFilter, query: string): boolean {
  const { review } = item;
  if (filter.label === 'positive' && review.label <= 0) return false;
  if (filter.label === 'negative' && review.label > 0) return false;
  if (filter.prediction === 'correct' && !item.correct) return false;
  if (filter.prediction === 'wrong' && item.correct) return false;
  if (filter.selection === 'selected' && !item.argmaxSelected) return false;
  if (filter.selection === 'missed' && item.argmaxSelected) return false;
  if (filter.token !== '' && !review.tokens.includes(filter.token)) return false;
  if (query !== '' && !review.text.toLowerCase().includes(query)) return false;
  return true;
}

/** True when every review passes `filter` whatever the weights and texts say. */
function passesAll(filter: ReviewFilter): boolean {
  return (
    filter.query.trim() === '' &&
    filter.token === '' &&
    filter.label === 'all' &&
    filter.prediction === 'all' &&
    filter.selection === 'all'
  );
}

/** Reviews a scan reads between two yields: about 30 ms of views at real review lengths. */
const REVIEWS_PER_SLICE = 400;

/** Counts every match; keeps the page [offset, offset + limit) of them. Without a filter
 *  only the page is read (a 25,000-review split costs one page, not a scan); with one the
 *  scan yields every REVIEWS_PER_SLICE reviews, so Pause and other commands get through. */
export async function listReviews(
  review: (index: number) => ReviewView,
  total: number,
  filter: ReviewFilter,
  yieldToEvents: () => Promise<void> = async () => undefined,
): Promise<ReviewPage> {
  const query = filter.query.trim().toLowerCase();
  const offset = Math.max(0, Math.trunc(filter.offset));
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.trunc(filter.limit)));
  const items: ReviewListItem[] = [];
  if (passesAll(filter)) {
    for (let index = offset; index < Math.min(total, offset + limit); index++) {
      items.push(describeReview(index, review(index)));
    }
    return { items, matched: total };
  }
  let matched = 0;
  for (let index = 0; index < total; index++) {
    if (index > 0 && index % REVIEWS_PER_SLICE === 0) await yieldToEvents();
    const item = describeReview(index, review(index));
    if (!passes(item, filter, query)) continue;
    if (matched >= offset && items.length < limit) items.push(item);
    matched++;
  }
  return { items, matched };
}
