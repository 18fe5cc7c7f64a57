// Every metrics snapshot the page received, one row per step, for the metrics CSV. A step
// at or before the last one means the run restarted (reset, reload): later rows go first,
// as in the charts.
import type { Metrics } from '../protocol.ts';
import { metricColumn } from '../csv-names.ts';
import { toCsv } from './download.ts';

/** The numeric and text fields of Metrics, in the CSV's column order. */
const FIELDS: Array<keyof Metrics> = [
  'step',
  'phase',
  'trainLoss',
  'trainAccuracy',
  'testLoss',
  'testAccuracy',
  'pNorm',
  'alignmentSlope',
  'alignmentIntercept',
  'alignmentR2',
  'predictedSlope',
  'cosineToMaxMargin',
  'normalizedMargin',
  'maxMarginReference',
  'selectionAccuracy',
  'selectionMass',
  'trainReviews',
  'cosineToMaxMarginAcyclic',
  'selectionAccuracyAcyclic',
  'acyclicReviews',
  'localSelectionSStar',
  'localSelectionStrict',
  'cosineToLocalSvm',
  'localNormalizedMargin',
  'localSvmReference',
  'localSvmStep',
  'testAccuracyAfterStepOnE',
  'uScore',
  'signedScore',
  'uContrast',
  'uTokens',
  'checksum',
];

/** Fields that exist only when their flag says so; otherwise the cell stays empty. */
const FLAGS: Partial<Record<keyof Metrics, keyof Metrics>> = {
  testLoss: 'hasTest',
  testAccuracy: 'hasTest',
  predictedSlope: 'hasPredictedSlope',
  cosineToMaxMargin: 'hasMaxMargin',
  normalizedMargin: 'hasMaxMargin',
  maxMarginReference: 'hasMaxMargin',
  cosineToMaxMarginAcyclic: 'hasMaxMarginAcyclic',
  selectionAccuracyAcyclic: 'hasMaxMarginAcyclic',
  acyclicReviews: 'hasMaxMarginAcyclic',
  localSelectionSStar: 'hasLocalSelection',
  localSelectionStrict: 'hasLocalSelection',
  cosineToLocalSvm: 'hasLocalSvm',
  localNormalizedMargin: 'hasLocalSvm',
  localSvmReference: 'hasLocalSvm',
  localSvmStep: 'hasLocalSvm',
  testAccuracyAfterStepOnE: 'hasTestAfterStepOnE',
};

export class MetricsHistory {
  private rows: Metrics[] = [];

  record(metrics: Metrics): void {
    while (this.rows.length > 0 && (this.rows[this.rows.length - 1]?.step ?? -1) >= metrics.step)
      this.rows.pop();
    this.rows.push(metrics);
  }

  clear(): void {
    this.rows = [];
  }

  get length(): number {
    return this.rows.length;
  }

  csv(): string {
    const rows = this.rows.map((m) =>
      FIELDS.map((field) => {
        const flag = FLAGS[field];
        if (flag !== undefined && m[flag] !== true) return '';
        const value = m[field];
        return typeof value === 'number' || typeof value === 'string' ? value : String(value);
      }),
    );
    return toCsv(FIELDS.map(metricColumn), rows);
  }
}
