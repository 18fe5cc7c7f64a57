// A review's words as the model reads them: each shaded by its softmax attention weight
// s_t (relative to the review's largest, so short and long reviews compare), the theory's
// selected tokens (S_i) outlined. Words are text nodes; shading goes through a CSS variable.
import type { ReviewView } from '../protocol.ts';
import { formatPercent } from '../format.ts';
import { element } from './dom.ts';

export interface RenderedWords {
  nodes: Node[];
}

export function renderWords(review: ReviewView, chosenToken = ''): RenderedWords {
  const nodes: Node[] = [];
  review.words.forEach((word, t) => {
    const span = element('span', { text: word });
    styleWord(span, review, t, chosenToken);
    nodes.push(span, document.createTextNode(' '));
  });
  return { nodes };
}

/** Restyles the words `container` drew for the same text with new weights (while Play
 *  runs, and the review list after a stop: no new nodes). False when it holds other words
 *  (draw them with renderWords). */
export function restyleWords(container: Element, review: ReviewView, chosenToken = ''): boolean {
  const spans = container.children;
  if (spans.length !== review.words.length) return false;
  for (let t = 0; t < spans.length; t++) {
    if (spans[t]!.textContent !== review.words[t]) return false;
  }
  for (let t = 0; t < spans.length; t++) {
    styleWord(spans[t] as HTMLElement, review, t, chosenToken);
  }
  return true;
}

function styleWord(span: HTMLElement, review: ReviewView, t: number, chosenToken: string): void {
  const peak = review.attention[review.attended] ?? 0; // core's largest s_t (-1: none)
  const weight = review.attention[t] ?? 0;
  const selected = review.selected[t] === 1;
  const token = review.tokens[t] ?? '';
  const classes = ['word'];
  if (selected) classes.push('selected');
  if (chosenToken !== '' && token === chosenToken) classes.push('chosen');
  span.className = classes.join(' ');
  span.title = `${token}: attention ${formatPercent(weight)}${selected ? ' (selected)' : ''}`;
  span.style.setProperty('--weight', peak > 0 ? (weight / peak).toFixed(3) : '0');
}
