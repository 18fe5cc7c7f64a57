// The model's computation for one review, step by step, as a table a student reads left to
// right: each token's score a_t = p.E_t, its softmax weight s_t, its value b_t = v.E_t and
// the product s_t b_t, whose sum is f; then the prediction against the label, and the
// theory's token s* beside the model's most attended one with core's reason when they
// differ. Every number is core's (ReviewView); this file only lays them out and scales bars.
import { messages, t as tr } from '../catalog.ts';
import type { ReviewView } from '../protocol.ts';
import { formatNumber, formatPercent } from '../format.ts';
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
  if (t === review.attended)
    marks.push(element('span', { className: 'mark top', text: tr('flow-mark-top') }));
  const selected = review.selected[t] === 1;
  return element('th', { attributes: { scope: 'row' } }, [
    // A review's words and tokens are data: never translated.
    element('span', {
      className: `flow-word${selected ? ' selected' : ''}`,
      text: word,
      attributes: { translate: 'no' },
    }),
    token !== word
      ? element('span', {
          className: 'muted token-name',
          text: ` (${token})`,
          attributes: { translate: 'no' },
        })
      : null,
    selected
      ? element('span', { className: 'visually-hidden', text: ` ${tr('flow-in-selected')}` })
      : null,
    ...marks,
  ]);
}

function headerRow(): HTMLTableRowElement {
  // The symbol alone on a phone; its definition and the plain words beside it on wider
  // screens (the guide above the table says the same in a sentence).
  const head = (step: string, symbol: string, definition: string, plain: string) =>
    element('th', { attributes: { scope: 'col' } }, [
      element('span', { className: 'step', text: step }),
      // The paper's notation, as written in every language.
      element('span', { className: 'formula', attributes: { translate: 'no' } }, [
        document.createTextNode(symbol),
        element('span', { className: 'definition', text: definition }),
      ]),
      element('span', { className: 'plain', text: plain }),
    ]);
  return element('tr', {}, [
    element('th', { attributes: { scope: 'col' } }, [
      element('span', { className: 'formula', text: tr('flow-head-token') }),
      element('span', { className: 'plain', text: tr('flow-head-order') }),
    ]),
    head(tr('flow-step-score'), 'a_t', ' = p·E_t', tr('flow-plain-score')),
    head(tr('flow-step-softmax'), 's_t', ' = softmax(a)_t', tr('flow-plain-softmax')),
    head(tr('flow-step-value'), 'b_t', ' = v·E_t', tr('flow-plain-value')),
    head(tr('flow-step-weigh'), 's_t·b_t', '', tr('flow-plain-weigh')),
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
    root.replaceChildren(element('p', { className: 'muted small', text: tr('flow-no-token') }));
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
          text: tr('flow-others', { others }),
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
    text: tr('flow-guide'),
  });
  const table = element('table', { className: 'flow-table' }, [
    element('caption', {
      className: 'visually-hidden',
      text: tr('flow-caption'),
    }),
    element('thead', {}, [headerRow()]),
    element('tbody', {}, rows),
    element('tfoot', {}, [total]),
  ]);
  const scroll = element(
    'div',
    {
      className: 'flow-scroll',
      attributes: { tabindex: 0, role: 'region', 'aria-label': tr('flow-region') },
    },
    [table],
  );
  const nodes: Node[] = [guide, scroll];
  if (order.length > SHOWN_TOKENS + 1) {
    const toggle = element('button', {
      className: 'flow-toggle',
      text: all
        ? tr('flow-show-largest', { shown: SHOWN_TOKENS })
        : tr('flow-show-all', { tokens: order.length }),
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
  const word = (label: string) =>
    label === 'positive' ? tr('label-positive') : tr('label-negative');
  const parts: Node[] = [
    element('span', { className: 'formula', text: `f = ${signedNumber(review.logit)}` }),
    document.createTextNode(` ${review.logit >= 0 ? '≥' : '<'} 0 → `),
    element('span', { text: tr('flow-predicts') }),
    document.createTextNode(' '),
    element('strong', { className: `verdict ${predicted}`, text: word(predicted) }),
  ];
  if (context.label === '') {
    parts.push(document.createTextNode(' '), element('span', { text: tr('flow-no-label') }));
  } else {
    const correct = context.label === predicted;
    parts.push(
      document.createTextNode(' · '),
      element('span', { text: tr('flow-true-label') }),
      document.createTextNode(' '),
      element('strong', { text: word(context.label) }),
      element('span', {
        className: `badge ${correct ? 'correct' : 'wrong'}`,
        text: correct ? tr('flow-correct') : tr('flow-wrong'),
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
      element('p', { className: 'flow-pick-token', attributes: { translate: 'no' } }, [
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
  const sign = (positive: boolean) => (positive ? '+1' : '−1');
  const y =
    context.label === ''
      ? tr('flow-y-predicted', { y: sign(review.prediction > 0) })
      : tr('flow-y-label', { y: sign(context.label === 'positive') });
  const picks = element('div', { className: 'flow-picks' }, [
    card(tr('flow-theory-selects'), y, review.chosen),
    card(tr('flow-model-attends'), tr('flow-model-why'), review.attended),
  ]);
  const agree = review.disagreement.code === '';
  const reason = element('p', {
    className: `flow-reason small ${agree ? 'agree' : 'differ'}`,
    text: agree ? tr('flow-agree') : messages.render(review.disagreement),
  });
  return element('div', { className: 'flow-compare' }, [picks, reason]);
}
