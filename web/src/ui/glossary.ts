// Every symbol the page shows, explained in one or two sentences consistent with
// docs/THEORY.md. The glossary card lists them all; a marker next to a symbol
// (`<button class="info" data-term="...">` in index.html, or made by infoMarker) reads
// "What is α_s?", shows the same text as a tooltip on hover, focus or a tap, and points to
// the card's entry with aria-describedby.
import { byId, element } from './dom.ts';

export const TERMS = {
  p: {
    symbol: 'p',
    text: 'The <cls> embedding (d numbers), the only query. Position t gets the attention score a_t = p·E_{x_t}. The paper protocol starts from p = 0, i.e. uniform attention.',
  },
  v: {
    symbol: 'v',
    text: 'The output vector (d numbers), a fixed unit vector in the theory. Position t carries the value b_t = v·E_{x_t}; the logit is f(X) = Σ_t s_t b_t.',
  },
  E: {
    symbol: 'E_s',
    text: 'Embedding of token s: row s of the V × d table E. At the start its entries are drawn N(0, σ²/d).',
  },
  s: {
    symbol: 's_t',
    text: 'Softmax attention weight of position t: s = softmax(a_1 … a_T) over the real tokens of the review. The shading of the review words.',
  },
  alpha: {
    symbol: 'α_s',
    text: 'Average signed frequency: α_s = (1/n) Σ_i y_i n_s(X_i)/T_i. Positive when s leans positive; its size grows with how common s is. Result 1: one step on E moves v·E_s by (η/2)‖v‖² α_s.',
  },
  delta: {
    symbol: 'Δ_s',
    text: 'Posterior difference Δ_s = P(y = +1 | s) − P(y = −1 | s), counted over occurrences of s: how strongly s signals a label, whatever its frequency. The x-axis of Figure 1.',
  },
  selected: {
    symbol: 'S_i',
    text: 'Selected set of review i: its most label-aligned tokens, argmax over s in X_i of y_i v·E_s (ties within 1e-9 relative). Outlined in the reviews. Result 2: attention ends up on S_i.',
  },
  pmm: {
    symbol: 'p_mm',
    text: "Attention-SVM solution: the smallest p with p·(E_{s*} − E_s) ≥ 1 for every review, selected token s* and other token s in it. Gradient flow on p turns toward p_mm's direction.",
  },
  margin: {
    symbol: 'margin',
    text: 'Normalized margin min_k p·z_k / ‖p‖ with z_k = E_{s*} − E_s over all the constraints. It approaches 1/‖p_mm‖ as p turns toward p_mm. Negative: some review attends more to a non-selected token.',
  },
  sigma: {
    symbol: 'σ',
    text: 'Initial scale: E(0) entries are N(0, σ²/d). Result 1 needs σ small; with σ near 1 the initialization noise hides the α signal (R² drops).',
  },
  eta: {
    symbol: 'η',
    text: 'Size of the paper protocol’s one gradient step on E. The predicted slope of v·E_s against α_s is (η/2)‖v‖².',
  },
  uscore: {
    symbol: 'U-score',
    text: 'Spearman correlation of p·E_s with |Δ_s| over tokens seen at least 20 times. High with a signed Spearman near 0 means a U: polar tokens of both signs score high.',
  },
  ucontrast: {
    symbol: 'U-contrast',
    text: 'Mean p·E_s of the 10% most polarized tokens (largest |Δ_s|) minus that of the 50% least polarized, divided by the standard deviation of p·E_s over those tokens.',
  },
  selection: {
    symbol: 'selection accuracy',
    text: 'Share of reviews whose most attended token lies in the selected set S_i. Result 2 predicts it rises toward 1 where the attention-SVM is feasible.',
  },
} as const;

export type Term = keyof typeof TERMS;

function isTerm(name: string): name is Term {
  return Object.hasOwn(TERMS, name);
}

function entryId(term: Term): string {
  return `glossary-${term}`;
}

/** A marker for `term`: focusable, its text as tooltip and accessible description. */
export function infoMarker(term: Term): HTMLButtonElement {
  const button = element('button', {
    className: 'info',
    attributes: { type: 'button', 'data-term': term },
  });
  describe(button, term);
  return button;
}

/** The visible name is the accessible name ("What is U-score?"); no title attribute, so
 *  hovering shows one tooltip, not two. */
function describe(button: HTMLElement, term: Term): void {
  const { symbol, text } = TERMS[term];
  button.dataset['tip'] = `${symbol}: ${text}`;
  button.removeAttribute('aria-label');
  button.removeAttribute('title');
  button.setAttribute('aria-describedby', entryId(term));
  button.textContent = `What is ${symbol}?`;
}

/** A tap (touch has no hover) opens a marker's tooltip; a second tap, a tap elsewhere or
 *  Escape closes it. Delegated, so markers made later (the settings form) take part. */
function toggleTipsOnTap(): void {
  const close = (except: Element | null) => {
    for (const open of document.querySelectorAll('.info.open'))
      if (open !== except) open.classList.remove('open');
  };
  document.addEventListener('click', (event) => {
    const marker = event.target instanceof Element ? event.target.closest('.info') : null;
    close(marker);
    marker?.classList.toggle('open');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close(null);
  });
}

/** A tooltip is centred under its marker; near a side of the window it shifts inward so
 *  that it stays whole. Its width is not measurable (a pseudo-element), so the shift assumes
 *  the widest tooltip the CSS allows (min(22rem, 80vw)): a narrower one stays inside too. */
function keepTipOnScreen(marker: HTMLElement): void {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const half = Math.min(22 * rem, 0.8 * innerWidth) / 2;
  const margin = 8;
  const box = marker.getBoundingClientRect();
  const centre = box.left + box.width / 2;
  const right = document.documentElement.clientWidth - margin;
  let shift = Math.max(0, margin - (centre - half));
  shift = Math.min(shift, right - (centre + half));
  marker.style.setProperty('--tip-shift', `${Math.round(shift)}px`);
}

function placeTipsAsShown(): void {
  const place = (event: Event) => {
    const marker = event.target instanceof Element ? event.target.closest('.info') : null;
    if (marker instanceof HTMLElement) keepTipOnScreen(marker);
  };
  document.addEventListener('pointerover', place);
  document.addEventListener('focusin', place);
  document.addEventListener('click', place, { capture: true });
}

/** Fills the glossary card and wires the markers already in the page. */
export function installGlossary(): void {
  const list = byId<HTMLDListElement>('glossary');
  list.replaceChildren(
    ...Object.entries(TERMS).map(([term, { symbol, text }]) =>
      element('div', { className: 'glossary-entry' }, [
        element('dt', { text: symbol }),
        element('dd', { text, attributes: { id: entryId(term as Term) } }),
      ]),
    ),
  );
  for (const marker of document.querySelectorAll<HTMLElement>('.info[data-term]')) {
    const term = marker.dataset['term'] ?? '';
    if (isTerm(term)) describe(marker, term);
  }
  toggleTipsOnTap();
  placeTipsAsShown();
}
