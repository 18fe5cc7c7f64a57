// The attention-SVM panel: solves for p_mm on request and reports feasibility, the
// problem solved (hard or soft margin) and the preference cycles that make it infeasible.
import type { MaxMarginReport } from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';
import { byId, element, ReadoutList } from './dom.ts';

/** Cycles listed in full; the count says how many more there are. */
const CYCLES_SHOWN = 12;

export class MaxMarginPanel {
  private readonly button = byId<HTMLButtonElement>('solve-max-margin');
  private readonly status = byId('max-margin-status');
  private readonly cycles = byId<HTMLUListElement>('max-margin-cycles');
  private readonly list = new ReadoutList(byId<HTMLDListElement>('max-margin-readout'), [
    { key: 'problem', label: 'problem solved' },
    {
      key: 'acyclic',
      label: 'constraints acyclic',
      hint: 'with d ≥ V, acyclic constraints make the hard margin feasible',
    },
    {
      key: 'constraints',
      label: 'constraints: unique / before de-duplication',
      hint: 'a pair (s*, s) counts once however many reviews produce it; before de-duplication it counts once per review',
    },
    { key: 'constraintReviews', label: 'reviews producing constraints' },
    { key: 'inCycles', label: 'in cycles (constraints / reviews)' },
    { key: 'violated', label: 'violated constraints' },
    { key: 'norm', label: '‖p_mm‖' },
    { key: 'minMargin', label: 'min margin' },
    { key: 'solver', label: 'solver (epochs, gap)' },
  ]);

  constructor(onSolve: () => void) {
    this.button.addEventListener('click', () => {
      this.button.disabled = true;
      this.status.textContent = 'Solving the attention-SVM…';
      onSolve();
    });
  }

  clear(): void {
    this.button.disabled = false;
    this.status.textContent =
      'Not solved for the current weights. Take the step on E first, then solve.';
    this.cycles.replaceChildren();
  }

  /** A failed solve re-enables the button. */
  failed(): void {
    this.button.disabled = false;
    this.status.textContent = 'The solve failed; see the message above.';
  }

  show(r: MaxMarginReport): void {
    this.button.disabled = false;
    this.status.textContent = r.message;
    const set = (key: string, text: string) => this.list.set(key, text);
    set('problem', r.solved ? (r.hardMargin ? 'hard margin' : 'soft margin (hinge, C)') : 'none');
    set('acyclic', r.acyclic ? 'yes' : 'no');
    set('constraints', `${formatInteger(r.constraints)} / ${formatInteger(r.reviewConstraints)}`);
    set('constraintReviews', formatInteger(r.constraintReviews));
    set(
      'inCycles',
      `${formatInteger(r.constraintsInCycles)} / ${formatInteger(r.reviewsInCycles)}`,
    );
    set('violated', formatInteger(r.violated));
    set('norm', formatNumber(r.norm));
    set('minMargin', formatNumber(r.minMargin));
    set(
      'solver',
      `${formatInteger(r.epochs)}, ${formatNumber(r.gap, 3)}${r.converged ? '' : ' (not converged)'}`,
    );
    const shown = r.cycles.slice(0, CYCLES_SHOWN).map((cycle) => element('li', { text: cycle }));
    const more = r.cycles.length - shown.length;
    if (more > 0)
      shown.push(element('li', { className: 'muted', text: `… and ${formatInteger(more)} more` }));
    this.cycles.replaceChildren(...shown);
  }
}
