// The model's computation for one review, step by step, as a table a student reads left to
// right: each token's score a_t = p.E_t, its softmax weight s_t, its value b_t = v.E_t and
// the product s_t b_t, whose sum is f; then the prediction against the label, and the
// theory's token s* beside the model's most attended one with core's reason when they
// differ. Every number is core's (ReviewView); this file only lays them out and scales bars.
import { messages } from '../catalog.ts';
import type { ReviewView } from '../protocol.ts';
import { formatCount, formatNumber, formatPercent } from '../format.ts';
import { element } from './dom.ts';
import './review-computation.css';

/** Rows drawn before "n other tokens" (the largest s_t first); the rest on demand. */
const SHOWN_TOKENS = 8;

/** What the caller knows of the review beyond its view: its label in words. */
export interface ComputationContext {
  /** 'positive', 'negative', or '' for typed text (no label). */
  label: '' | 'positive' | 'negative';
}

const signedNumber = (value: number) => (value > 0 ? '+' : '') + formatNumber(value, 3);
const sentiment = (sign: number) => (sign > 0 ? 'positive' : 'negative');

/** A number with a bar beside it: from the left for a weight in [0, 1] of `scale`, from the
 *  middle (right for +, left for -) for a signed value of magnitude up to `scale`. */
function barCell(text: string, value: number, scale: number, signed: boolean): HTMLElement {
  const share = scale > 0 ? Math.min(1, Math.abs(value) / scale) : 0;
  const bar = element('span', {
    className: `bar ${signed ? (value >= 0 ? 'plus' : 'minus') : 'weight'}`,
  });
  bar.style.setProperty('--share', share.toFixed(3));
  const track = element('span', { className: `track${signed ? ' signed' : ''}` }, [bar]);
  track.setAttribute('aria-hidden', 'true');
  return element('td', { className: 'bar-cell' }, [
    element('span', { className: 'bar-wrap' }, [
      element('span', { className: 'num', text }),
      track,
    ]),
  ]);
}

function largest(values: Float32Array, rows: readonly number[]): number {
  let peak = 0;
  for (const t of rows) peak = Math.max(peak, Math.abs(values[t] ?? 0));
  return peak;
}

/** The token's cell: its word, its vocabulary token when it differs, and its marks. */
function tokenCell(review: ReviewView, t: number): HTMLElement {
  const word = review.words[t] ?? '';
  const token = review.tokens[t] ?? '';
  const marks: Node[] = [];
  if (t === review.chosen) marks.push(element('span', { className: 'mark star', text: 's*' }));
  if (t === review.attended) marks.push(element('span', { className: 'mark top', text: 'top' }));
  const selected = review.selected[t] === 1;
  return element('th', { attributes: { scope: 'row' } }, [
    element('span', { className: `flow-word${selected ? ' selected' : ''}`, text: word }),
    token !== word ? element('span', { className: 'muted token-name', text: ` (${token})` }) : null,
    selected ? element('span', { className: 'visually-hidden', text: ' (in S_i)' }) : null,
    ...marks,
  ]);
}

function headerRow(): HTMLTableRowElement {
  // The symbol alone on a phone; its definition and the plain words beside it on wider
  // screens (the guide above the table says the same in a sentence).
  const head = (step: string, symbol: string, definition: string, plain: string) =>
    element('th', { attributes: { scope: 'col' } }, [
      element('span', { className: 'step', text: step }),
      element('span', { className: 'formula' }, [
        document.createTextNode(symbol),
        element('span', { className: 'definition', text: definition }),
      ]),
      element('span', { className: 'plain', text: plain }),
    ]);
  return element('tr', {}, [
    element('th', { attributes: { scope: 'col' } }, [
      element('span', { className: 'formula', text: 'token' }),
      element('span', { className: 'plain', text: 'largest s_t first' }),
    ]),
    head('1 score', 'a_t', ' = p·E_t', 'how much p favours it'),
    head('2 softmax', 's_t', ' = softmax(a)_t', 'its share of attention'),
    head('3 value', 'b_t', ' = v·E_t', 'its vote: + or −'),
    head('4 weigh', 's_t·b_t', '', 'what it adds to f'),
  ]);
}

/** Draws the computation into `root`; `all` draws every token, not only the largest. */
export function renderComputation(
  root: HTMLElement,
  review: ReviewView,
  context: ComputationContext,
  all: boolean,
  onToggle: () => void,
): void {
  const order = Array.from(review.order);
  if (order.length === 0) {
    root.replaceChildren(
      element('p', { className: 'muted small', text: 'No token of this review is in the model.' }),
    );
    return;
  }
  const shown = all || order.length <= SHOWN_TOKENS + 1 ? order : order.slice(0, SHOWN_TOKENS);
  const peakWeight = review.attention[order[0] ?? 0] ?? 0;
  const valueScale = largest(review.value, shown);
  const productScale = largest(review.contribution, shown);
  const rows = shown.map((t) =>
    element('tr', { className: t === review.attended ? 'attended' : '' }, [
      tokenCell(review, t),
      element('td', { className: 'num-cell', text: signedNumber(review.score[t] ?? 0) }),
      barCell(formatPercent(review.attention[t]), review.attention[t] ?? 0, peakWeight, false),
      barCell(signedNumber(review.value[t] ?? 0), review.value[t] ?? 0, valueScale, true),
      barCell(
        signedNumber(review.contribution[t] ?? 0),
        review.contribution[t] ?? 0,
        productScale,
        true,
      ),
    ]),
  );
  const others = order.length - shown.length;
  if (others > 0) {
    const restWeight = review.restAttention[shown.length] ?? 0;
    const restSum = review.restContribution[shown.length] ?? 0;
    rows.push(
      element('tr', { className: 'rest' }, [
        element('th', {
          text: `${formatCount(others, 'other token')}`,
          attributes: { scope: 'row' },
        }),
        element('td', { className: 'num-cell muted', text: '…' }),
        barCell(formatPercent(restWeight), restWeight, peakWeight, false),
        element('td', { className: 'num-cell muted', text: '…' }),
        barCell(signedNumber(restSum), restSum, productScale, true),
      ]),
    );
  }
  const total = element('tr', { className: 'total' }, [
    element('th', { text: 'f = Σ s_t·b_t', attributes: { scope: 'row', colspan: 4 } }),
    element('td', { className: 'num-cell', attributes: { 'data-role': 'logit' } }, [
      element('span', { className: 'num', text: signedNumber(review.logit) }),
    ]),
  ]);
  const guide = element('p', {
    className: 'small muted flow-guide',
    text:
      'Read left to right: p scores every token (1), softmax turns the scores into weights ' +
      'that add up to 100% (2), v gives every token a vote (3), each vote counts by its ' +
      'weight (4), and the weighted votes add up to f, whose sign is the prediction. ' +
      's* marks the theory’s token, top the most attended one.',
  });
  const table = element('table', { className: 'flow-table' }, [
    element('caption', {
      className: 'visually-hidden',
      text:
        'The model on this review: per token, the score a_t, the attention weight s_t, ' +
        'the value b_t and s_t·b_t, whose sum is f',
    }),
    element('thead', {}, [headerRow()]),
    element('tbody', {}, rows),
    element('tfoot', {}, [total]),
  ]);
  const scroll = element(
    'div',
    {
      className: 'flow-scroll',
      attributes: { tabindex: 0, role: 'region', 'aria-label': 'The computation, token by token' },
    },
    [table],
  );
  const nodes: Node[] = [guide, scroll];
  if (order.length > SHOWN_TOKENS + 1) {
    const toggle = element('button', {
      className: 'flow-toggle',
      text: all
        ? `Show the ${SHOWN_TOKENS} largest weights only`
        : `Show all ${formatCount(order.length, 'token')}`,
      attributes: { type: 'button', 'aria-expanded': all },
    });
    toggle.addEventListener('click', onToggle);
    nodes.push(toggle);
  }
  nodes.push(outcome(review, context), comparison(review, context));
  root.replaceChildren(...nodes);
}

/** f, its sign's label, and the true label. */
function outcome(review: ReviewView, context: ComputationContext): HTMLElement {
  const predicted = sentiment(review.prediction);
  const parts: Node[] = [
    element('span', { className: 'formula', text: `f = ${signedNumber(review.logit)}` }),
    document.createTextNode(` ${review.logit >= 0 ? '≥' : '<'} 0 → predicts `),
    element('strong', { className: `verdict ${predicted}`, text: predicted }),
  ];
  if (context.label === '') {
    parts.push(document.createTextNode(' (your text has no label)'));
  } else {
    const correct = context.label === predicted;
    parts.push(
      document.createTextNode(' · true label '),
      element('strong', { text: context.label }),
      element('span', {
        className: `badge ${correct ? 'correct' : 'wrong'}`,
        text: correct ? '✓ correct' : '✗ wrong',
      }),
    );
  }
  return element('p', { className: 'flow-outcome' }, parts);
}

/** The theory's s* and the model's most attended token, side by side, and why they differ. */
function comparison(review: ReviewView, context: ComputationContext): HTMLElement {
  const card = (title: string, why: string, t: number) =>
    element('div', { className: 'flow-pick' }, [
      element('h4', { text: title }),
      element('p', { className: 'flow-pick-token' }, [
        document.createTextNode(review.words[t] ?? ''),
        review.tokens[t] !== review.words[t]
          ? element('span', { className: 'muted', text: ` (${review.tokens[t] ?? ''})` })
          : null,
      ]),
      element('p', { className: 'small muted', text: why }),
      element('p', {
        className: 'small num',
        text:
          `a_t ${signedNumber(review.score[t] ?? 0)} · s_t ${formatPercent(review.attention[t])}` +
          ` · b_t ${signedNumber(review.value[t] ?? 0)}`,
      }),
    ]);
  const y =
    context.label === ''
      ? `${review.prediction > 0 ? '+1' : '−1'}, the predicted sign`
      : `${context.label === 'positive' ? '+1' : '−1'}, the label`;
  const picks = element('div', { className: 'flow-picks' }, [
    card('The theory selects s*', `the largest y·b_t, with y = ${y}`, review.chosen),
    card('The model attends to', 'the largest s_t, which follows a_t = p·E_t', review.attended),
  ]);
  const agree = review.disagreement.code === '';
  const reason = element('p', {
    className: `flow-reason small ${agree ? 'agree' : 'differ'}`,
    text: agree
      ? 'They agree: the most attended token is one the theory selects (in S_i).'
      : messages.render(review.disagreement),
  });
  return element('div', { className: 'flow-compare' }, [picks, reason]);
}
