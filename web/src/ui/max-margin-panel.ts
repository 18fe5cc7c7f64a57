// The attention-SVM panel: reports feasibility, the problem solved (hard or soft margin),
// what the constraints count and the preference cycles that make it infeasible. The worker
// solves on its own after the step on E; the button solves again (after joint steps, or a
// new C).
import type { MaxMarginReport } from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';
import type { LabStore } from '../state/store.ts';
import { msg, onLocaleChange, t } from '../localized.ts';
import { byId, element, ReadoutList } from './dom.ts';

/** Cycles listed in full; the count says how many more there are. */
const CYCLES_SHOWN = 12;

/** What the status line says now, worded again after a switch of language. */
type Status =
  | { kind: 'unsolved'; cancelled: boolean }
  | { kind: 'solving' }
  | { kind: 'failed' }
  | { kind: 'report'; report: MaxMarginReport; c: string };

export class MaxMarginPanel {
  private readonly button = byId<HTMLButtonElement>('solve-max-margin');
  private readonly status = byId('max-margin-status');
  private readonly cycles = byId<HTMLUListElement>('max-margin-cycles');
  private readonly list = new ReadoutList(byId<HTMLDListElement>('max-margin-readout'), [
    { key: 'problem', label: msg('svm-row-problem') },
    { key: 'acyclic', label: msg('svm-row-acyclic'), hint: msg('svm-row-acyclic-hint') },
    {
      key: 'constraints',
      label: msg('svm-row-constraints'),
      hint: msg('svm-row-constraints-hint'),
    },
    { key: 'inCycles', label: msg('svm-row-in-cycles') },
    { key: 'violated', label: msg('svm-row-violated') },
    { key: 'norm', label: msg('svm-row-norm') },
    { key: 'minMargin', label: msg('svm-row-min-margin') },
    { key: 'solver', label: msg('svm-row-solver') },
  ]);
  private statusNow: Status = { kind: 'unsolved', cancelled: false };
  private report: MaxMarginReport | null = null;

  constructor(store: LabStore) {
    // While a solve runs the button cancels it (the solve is sliced; it stops at once).
    this.button.addEventListener('click', () => {
      if (store.state.task?.kind === 'solving') {
        store.send({ type: 'cancel' });
        return;
      }
      this.button.disabled = true;
      this.say({ kind: 'solving' });
      store.send({ type: 'solveMaxMargin' }, () => this.failed());
    });
    const wordButton = () => {
      this.button.textContent =
        store.state.task?.kind === 'solving' ? t('svm-cancel-solve') : t('solve-max-margin');
    };
    onLocaleChange(() => {
      wordButton();
      this.say(this.statusNow);
      if (this.report !== null) this.show(this.report, this.c);
    });
    store.subscribe((event, state) => {
      wordButton();
      if (event.type === 'maxMarginSolved')
        this.show(event.report, String(state.config['svm_c'] ?? ''));
      else if (event.type === 'taskStarted' && event.task === 'solving') {
        this.button.disabled = false;
        this.say({ kind: 'solving' });
      } else if (event.type === 'taskEnded' && event.task === 'solving') {
        if (event.outcome === 'cancelled') this.clear(true);
        else if (event.outcome === 'failed' && !this.shown) this.failed();
      } else if (event.type === 'ready' || event.type === 'datasetLoaded') this.clear();
      else if (state.maxMargin === null && this.shown) this.clear();
    });
  }

  private shown = false;
  /** The soft margin's C the report was solved with, as the settings write it. */
  private c = '';

  /** The status line for `status`, in the current language. */
  private say(status: Status): void {
    this.statusNow = status;
    let text: string;
    switch (status.kind) {
      case 'unsolved':
        text = status.cancelled ? t('svm-status-cancelled') : t('svm-status-unsolved');
        break;
      case 'solving':
        text = t('svm-status-solving');
        break;
      case 'failed':
        text = t('svm-status-failed');
        break;
      case 'report': {
        const r = status.report;
        // Which problem was solved, and why: core's report says it by its flags.
        text = !r.solved
          ? t('svm-status-unsolved')
          : r.hardMargin
            ? t('svm-status-hard')
            : r.acyclic
              ? t('svm-status-soft-no-cycle', { c: status.c })
              : t('svm-status-soft-cycles', { c: status.c });
        break;
      }
    }
    this.status.textContent = text;
  }

  clear(cancelled = false): void {
    this.shown = false;
    this.report = null;
    this.button.disabled = false;
    this.say({ kind: 'unsolved', cancelled });
    // The last solve's numbers were for other weights: none stand under that line.
    this.list.clear();
    this.cycles.replaceChildren();
  }

  /** A failed solve re-enables the button. */
  failed(): void {
    this.button.disabled = false;
    this.say({ kind: 'failed' });
  }

  show(r: MaxMarginReport, c: string): void {
    this.shown = true;
    this.report = r;
    this.c = c;
    this.button.disabled = false;
    this.say({ kind: 'report', report: r, c });
    const set = (key: string, text: string) => this.list.set(key, text);
    set(
      'problem',
      !r.solved
        ? t('svm-problem-none')
        : r.hardMargin
          ? t('svm-problem-hard')
          : t('svm-problem-soft'),
    );
    set('acyclic', r.acyclic ? t('svm-yes') : t('svm-no'));
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
      r.converged
        ? t('svm-solver', { epochs: r.epochs, gap: formatNumber(r.gap, 3) })
        : t('svm-solver-not-converged', { epochs: r.epochs, gap: formatNumber(r.gap, 3) }),
    );
    // A cycle is the data's tokens: not translated.
    const shown = r.cycles
      .slice(0, CYCLES_SHOWN)
      .map((cycle) => element('li', { text: cycle, attributes: { translate: 'no' } }));
    const more = r.cycles.length - shown.length;
    if (more > 0)
      shown.push(element('li', { className: 'muted', text: t('svm-cycles-more', { more }) }));
    this.cycles.replaceChildren(...shown);
  }
}
