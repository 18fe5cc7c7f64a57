// Every symbol the page shows, explained in one or two sentences consistent with
// docs/THEORY.md. The glossary card lists them all; a marker next to a symbol
// (`<button class="info" data-term="...">` in index.html, or made by infoMarker) reads
// "What is α_s?", shows the same text as a tooltip on hover, focus or a tap, and points to
// the card's entry with aria-describedby.
import { onLocaleChange, t } from '../localized.ts';
import { byId, element } from './dom.ts';

/** Each term: its symbol (the paper's notation, kept in every language, or the words a
 *  term is named by) and its explanation, from the catalog. */
export const TERMS = {
  p: { symbol: 'p', text: () => t('glossary-p') },
  v: { symbol: 'v', text: () => t('glossary-v') },
  E: { symbol: 'E_s', text: () => t('glossary-e') },
  s: { symbol: 's_t', text: () => t('glossary-s') },
  alpha: { symbol: 'α_s', text: () => t('glossary-alpha') },
  delta: { symbol: 'Δ_s', text: () => t('glossary-delta') },
  selected: { symbol: 'S_i', text: () => t('glossary-selected') },
  pmm: { symbol: 'p_mm', text: () => t('glossary-pmm') },
  margin: { symbol: () => t('glossary-term-margin'), text: () => t('glossary-margin') },
  sigma: { symbol: 'σ', text: () => t('glossary-sigma') },
  eta: { symbol: 'η', text: () => t('glossary-eta') },
  uscore: { symbol: () => t('glossary-term-uscore'), text: () => t('glossary-uscore') },
  ucontrast: { symbol: () => t('glossary-term-ucontrast'), text: () => t('glossary-ucontrast') },
  selection: {
    symbol: () => t('glossary-term-selection'),
    text: () => t('glossary-selection'),
  },
} as const satisfies Record<string, { symbol: string | (() => string); text: () => string }>;

export type Term = keyof typeof TERMS;

function isTerm(name: string): name is Term {
  return Object.hasOwn(TERMS, name);
}

function entryId(term: Term): string {
  return `glossary-${term}`;
}

/** A symbol of the notation is written as the paper writes it in every language (not
 *  translated: translate="no"); a term named in words comes from the catalog. */
function symbolOf(term: Term): { text: string; notation: boolean } {
  const symbol: string | (() => string) = TERMS[term].symbol;
  return typeof symbol === 'string'
    ? { text: symbol, notation: true }
    : { text: symbol(), notation: false };
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
  const symbol = symbolOf(term).text;
  button.dataset['tip'] = t('glossary-tip', { symbol, text: TERMS[term].text() });
  button.removeAttribute('aria-label');
  button.removeAttribute('title');
  button.setAttribute('aria-describedby', entryId(term));
  button.textContent = t('glossary-what-is', { symbol });
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

/** Fills the glossary card and words the markers in the page (again after a switch of
 *  language; markers made later word themselves as made). */
function wordGlossary(): void {
  const list = byId<HTMLDListElement>('glossary');
  list.replaceChildren(
    ...(Object.keys(TERMS) as Term[]).map((term) => {
      const symbol = symbolOf(term);
      return element('div', { className: 'glossary-entry' }, [
        element('dt', {
          text: symbol.text,
          attributes: symbol.notation ? { translate: 'no' } : {},
        }),
        element('dd', { text: TERMS[term].text(), attributes: { id: entryId(term) } }),
      ]);
    }),
  );
  for (const marker of document.querySelectorAll<HTMLElement>('.info[data-term]')) {
    const term = marker.dataset['term'] ?? '';
    if (isTerm(term)) describe(marker, term);
  }
}

/** Fills the glossary card and wires the markers already in the page. */
export function installGlossary(): void {
  wordGlossary();
  onLocaleChange(wordGlossary);
  toggleTipsOnTap();
  placeTipsAsShown();
}
