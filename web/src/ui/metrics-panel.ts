// The scalar read-out: every number the charts summarise, formatted ("n/a" when a metric
// does not apply yet, never NaN).
import type { Metrics, PhaseName } from '../protocol.ts';
import { formatIf, formatInteger, formatNumber, formatPercent, notAvailable } from '../format.ts';
import { msg, onLocaleChange, t, type PlainMessageId } from '../localized.ts';
import { ReadoutList } from './dom.ts';

const ROWS = [
  { key: 'step', label: msg('metric-step') },
  { key: 'phase', label: msg('metric-phase') },
  { key: 'trainLoss', label: msg('metric-train-loss') },
  { key: 'testLoss', label: msg('metric-test-loss') },
  { key: 'trainAccuracy', label: msg('metric-train-accuracy') },
  {
    key: 'testAccuracy',
    label: msg('metric-test-accuracy'),
    hint: msg('metric-test-accuracy-hint'),
  },
  { key: 'pNorm', term: 'p', label: msg('metric-p-norm') },
  { key: 'slope', term: 'alpha', label: msg('metric-slope'), hint: msg('metric-slope-hint') },
  { key: 'r2', label: msg('metric-r2'), hint: msg('metric-r2-hint') },
  { key: 'cosine', term: 'pmm', label: msg('metric-cosine'), hint: msg('metric-cosine-hint') },
  { key: 'margin', term: 'margin', label: msg('metric-margin'), hint: msg('metric-margin-hint') },
  {
    key: 'selection',
    term: 'selection',
    label: msg('metric-selection'),
    hint: msg('metric-selection-hint'),
  },
  {
    key: 'baseline',
    term: 'selection',
    label: msg('metric-baseline'),
    hint: msg('metric-baseline-hint'),
  },
  { key: 'local', term: 'pmm', label: msg('metric-local'), hint: msg('metric-local-hint') },
  { key: 'uScore', term: 'uscore', label: msg('metric-u-score'), hint: msg('metric-u-score-hint') },
  {
    key: 'uContrast',
    term: 'ucontrast',
    label: msg('metric-u-contrast'),
    hint: msg('metric-u-contrast-hint'),
  },
  {
    key: 'checksum',
    label: msg('metric-checksum'),
    hint: msg('metric-checksum-hint'),
    data: true,
  },
];

/** A run's phase in the reader's words: core's Phase by its one name (enums.h). */
const PHASE_WORDS = {
  initialized: msg('phase-initialized'),
  embeddings_stepped: msg('phase-embeddings-stepped'),
  flow: msg('phase-flow'),
  joint: msg('phase-joint'),
} satisfies Record<PhaseName, PlainMessageId>;

export class MetricsPanel {
  private readonly list: ReadoutList;

  private shown: Metrics | null = null;

  constructor(root: HTMLDListElement) {
    this.list = new ReadoutList(root, ROWS);
    onLocaleChange(() => {
      if (this.shown !== null) this.show(this.shown);
    });
  }

  show(m: Metrics): void {
    this.shown = m;
    const set = (key: string, text: string) => this.list.set(key, text);
    set('step', formatInteger(m.step));
    set('phase', t(PHASE_WORDS[m.phase]));
    set('trainLoss', formatNumber(m.trainLoss));
    set('testLoss', formatIf(m.hasTest, m.testLoss));
    set('trainAccuracy', formatPercent(m.trainAccuracy));
    set(
      'testAccuracy',
      `${m.hasTest ? formatPercent(m.testAccuracy) : notAvailable()} / ${m.hasTestAfterStepOnE ? formatPercent(m.testAccuracyAfterStepOnE) : notAvailable()}`,
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
      `${formatPercent(m.selectionAccuracy)} / ${m.hasMaxMarginAcyclic ? formatPercent(m.selectionAccuracyAcyclic) : notAvailable()}`,
    );
    set('baseline', formatPercent(m.baselineSelectionAccuracy));
    set(
      'local',
      `${m.localSvmCancelled && !m.hasLocalSvm ? t('metrics-local-cancelled') : formatIf(m.hasLocalSvm, m.cosineToLocalSvm, 3)} / ${m.hasLocalSelection ? formatPercent(m.localSelectionSStar) : notAvailable()}`,
    );
    set('uScore', `${formatNumber(m.uScore, 3)} / ${formatNumber(m.signedScore, 3)}`);
    set('uContrast', formatNumber(m.uContrast, 3));
    set('checksum', m.checksum === '' ? notAvailable() : m.checksum);
  }
}
