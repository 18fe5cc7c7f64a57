// The attention-SVM panel: reports feasibility, the problem solved (hard or soft margin),
// what the constraints count and the preference cycles that make it infeasible. The worker
// solves on its own after the step on E; the button solves again (after joint steps, or a
// new C).
import type { MaxMarginReport } from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';
import type { LabStore } from '../state/store.ts';
import { byId, element, ReadoutList } from './dom.ts';

/** Cycles listed in full; the count says how many more there are. */
const CYCLES_SHOWN = 12;

/** The button's label when no solve runs (index.html has the same). */
const SOLVE = 'Solve for p_mm';

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
      label: 'constraints: unique / instances / reviews',
      hint: 'unique (selected, other) token pairs; pairs counted per review; reviews that give any',
    },
    { key: 'inCycles', label: 'on cycles: constraints / reviews' },
    { key: 'violated', label: 'violated constraints' },
    { key: 'norm', label: '‖p_mm‖' },
    { key: 'minMargin', label: 'min margin' },
    { key: 'solver', label: 'solver (epochs, gap)' },
  ]);

  constructor(store: LabStore) {
    // While a solve runs the button cancels it (the solve is sliced; it stops at once).
    this.button.addEventListener('click', () => {
      if (store.state.task?.kind === 'solving') {
        store.send({ type: 'cancel' });
        return;
      }
      this.button.disabled = true;
      this.status.textContent = 'Solving the attention-SVM…';
      store.send({ type: 'solveMaxMargin' }, () => this.failed());
    });
    store.subscribe((event, state) => {
      this.button.textContent = state.task?.kind === 'solving' ? 'Cancel the solve' : SOLVE;
      if (event.type === 'maxMarginSolved') this.show(event.report);
      else if (event.type === 'taskStarted' && event.task === 'solving') {
        this.button.disabled = false;
        this.status.textContent = 'Solving the attention-SVM…';
      } else if (event.type === 'taskEnded' && event.task === 'solving') {
        if (event.outcome === 'cancelled') this.clear('The solve was cancelled. ');
        else if (event.outcome === 'failed' && !this.shown) this.failed();
      } else if (event.type === 'ready' || event.type === 'datasetLoaded') this.clear();
      else if (state.maxMargin === null && this.shown) this.clear();
    });
  }

  private shown = false;

  clear(why = ''): void {
    this.shown = false;
    this.button.disabled = false;
    this.status.textContent =
      why === ''
        ? 'Not solved for the current weights. Take the step on E first, then solve.'
        : `${why}Not solved for the current weights: Solve for p_mm starts it again.`;
    // The last solve's numbers were for other weights: none stand under that line.
    this.list.clear();
    this.cycles.replaceChildren();
  }

  /** A failed solve re-enables the button. */
  failed(): void {
    this.button.disabled = false;
    this.status.textContent = 'The solve failed; see the message above.';
  }

  show(r: MaxMarginReport): void {
    this.shown = true;
    this.button.disabled = false;
    this.status.textContent = r.message;
    const set = (key: string, text: string) => this.list.set(key, text);
    set('problem', r.solved ? (r.hardMargin ? 'hard margin' : 'soft margin (hinge, C)') : 'none');
    set('acyclic', r.acyclic ? 'yes' : 'no');
    set(
      'constraints',
      `${formatInteger(r.constraints)} / ${formatInteger(r.constraintInstances)} / ${formatInteger(r.reviews)}`,
    );
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
