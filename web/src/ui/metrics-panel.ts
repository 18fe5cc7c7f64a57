// The scalar read-out: every number the charts summarise, formatted ("n/a" when a metric
// does not apply yet, never NaN).
import type { Metrics } from '../protocol.ts';
import { formatIf, formatInteger, formatNumber, formatPercent } from '../format.ts';
import { ReadoutList } from './dom.ts';

const ROWS = [
  { key: 'step', label: 'step' },
  { key: 'phase', label: 'phase' },
  { key: 'trainLoss', label: 'train loss' },
  { key: 'testLoss', label: 'test loss' },
  { key: 'trainAccuracy', label: 'train accuracy' },
  {
    key: 'testAccuracy',
    label: 'test accuracy: now / after the step on E',
    hint: 'the flow on p can lower it: Result 2 is about the attention, not the classifier',
  },
  { key: 'pNorm', term: 'p', label: '‖p‖' },
  {
    key: 'slope',
    term: 'alpha',
    label: 'slope / predicted',
    hint: 'Result 1: fitted slope of v·E_s on α_s against (η/2)‖v‖²',
  },
  { key: 'r2', label: 'R² of the fit', hint: 'Result 1: share of v·E_s explained by α_s' },
  {
    key: 'cosine',
    term: 'pmm',
    label: 'cos(p, p_mm): all / acyclic reviews',
    hint: 'Result 2: direction of p against the attention-SVM solution, over all reviews and over the reviews whose constraints are not on cycles',
  },
  {
    key: 'margin',
    term: 'margin',
    label: 'margin / 1/‖p_mm‖',
    hint: 'Result 2: min_k p·z_k/‖p‖ against its max-margin value',
  },
  {
    key: 'selection',
    term: 'selection',
    label: 'selection accuracy: all / acyclic',
    hint: 'share of reviews whose most attended token is a selected (most label-aligned) token, over all reviews and over the acyclic ones',
  },
  {
    key: 'baseline',
    term: 'selection',
    label: 'baseline selection (largest |v·E_s|)',
    hint: 'share of reviews whose token of largest |v·E_s| is a selected token: the label-free rule the selection stands beside',
  },
  {
    key: 'local',
    term: 'pmm',
    label: "cos(p, p_local) / flow's selection is s*",
    hint: 'Result 2 over all reviews: direction of p against the att-SVM of the tokens the flow selects, and the share of reviews where that token is s*',
  },
  {
    key: 'uScore',
    term: 'uscore',
    label: 'U-score / signed',
    hint: 'Figure 1: Spearman of p·E_s with |Δ_s| and with signed Δ_s (count ≥ 20)',
  },
  {
    key: 'uContrast',
    term: 'ucontrast',
    label: 'U-contrast',
    hint: 'mean p·E_s of the 10% most polarized tokens minus the 50% least, over their std',
  },
  { key: 'checksum', label: 'checksum', hint: 'hash of E, p, v: equal runs give equal checksums' },
];

export class MetricsPanel {
  private readonly list: ReadoutList;

  constructor(root: HTMLDListElement) {
    this.list = new ReadoutList(root, ROWS);
  }

  show(m: Metrics): void {
    const set = (key: string, text: string) => this.list.set(key, text);
    set('step', formatInteger(m.step));
    set('phase', m.phase === '' ? 'n/a' : m.phase);
    set('trainLoss', formatNumber(m.trainLoss));
    set('testLoss', formatIf(m.hasTest, m.testLoss));
    set('trainAccuracy', formatPercent(m.trainAccuracy));
    set(
      'testAccuracy',
      `${m.hasTest ? formatPercent(m.testAccuracy) : 'n/a'} / ${m.hasTestAfterStepOnE ? formatPercent(m.testAccuracyAfterStepOnE) : 'n/a'}`,
    );
    set('pNorm', formatNumber(m.pNorm));
    set(
      'slope',
      `${formatNumber(m.alignmentSlope)} / ${formatIf(m.hasPredictedSlope, m.predictedSlope)}`,
    );
    set('r2', formatNumber(m.alignmentR2));
    set(
      'cosine',
      `${formatIf(m.hasMaxMargin, m.cosineToMaxMargin, 3)} / ${formatIf(m.hasMaxMarginAcyclic, m.cosineToMaxMarginAcyclic, 3)}`,
    );
    set(
      'margin',
      `${formatIf(m.hasMaxMargin, m.normalizedMargin, 3)} / ${formatIf(m.hasMaxMargin, m.maxMarginReference, 3)}`,
    );
    set(
      'selection',
      `${formatPercent(m.selectionAccuracy)} / ${m.hasMaxMarginAcyclic ? formatPercent(m.selectionAccuracyAcyclic) : 'n/a'}`,
    );
    set('baseline', formatPercent(m.baselineSelectionAccuracy));
    set(
      'local',
      `${formatIf(m.hasLocalSvm, m.cosineToLocalSvm, 3)} / ${m.hasLocalSelection ? formatPercent(m.localSelectionSStar) : 'n/a'}`,
    );
    set('uScore', `${formatNumber(m.uScore, 3)} / ${formatNumber(m.signedScore, 3)}`);
    set('uContrast', formatNumber(m.uContrast, 3));
    set('checksum', m.checksum === '' ? 'n/a' : m.checksum);
  }
}
