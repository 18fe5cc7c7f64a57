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
  const peak = review.attention[review.attended] ?? 0; // core's largest s_t (-1: none)
  const nodes: Node[] = [];
  review.words.forEach((word, t) => {
    const weight = review.attention[t] ?? 0;
    const selected = review.selected[t] === 1;
    const token = review.tokens[t] ?? '';
    const classes = ['word'];
    if (selected) classes.push('selected');
    if (chosenToken !== '' && token === chosenToken) classes.push('chosen');
    const span = element('span', {
      className: classes.join(' '),
      text: word,
      attributes: {
        title: `${token}: attention ${formatPercent(weight)}${selected ? ' (selected)' : ''}`,
      },
    });
    span.style.setProperty('--weight', peak > 0 ? (weight / peak).toFixed(3) : '0');
    nodes.push(span, document.createTextNode(' '));
  });
  return { nodes };
}
