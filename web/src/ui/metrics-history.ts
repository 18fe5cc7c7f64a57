// Every metrics snapshot the page received, one row per step, for the metrics CSV. A step
// at or before the last one means the run restarted (reset, reload): later rows go first,
// as in the charts.
import type { MetricField, Metrics } from '../protocol.ts';
import { toCsv } from './download.ts';
import { panelCsv } from './panels.ts';

/** Fields that exist only when their flag says so; otherwise the cell stays empty. */
const FLAGS: Partial<Record<keyof Metrics, keyof Metrics>> = {
  testLoss: 'hasTest',
  testAccuracy: 'hasTest',
  predictedSlope: 'hasPredictedSlope',
  cosineToMaxMargin: 'hasMaxMargin',
  oneMinusCosineToMaxMargin: 'hasMaxMargin',
  normalizedMargin: 'hasMaxMargin',
  maxMarginReference: 'hasMaxMargin',
  uScoreMaxMargin: 'hasMaxMargin',
  signedScoreMaxMargin: 'hasMaxMargin',
  cosineToMaxMarginAcyclic: 'hasMaxMarginAcyclic',
  selectionAccuracyAcyclic: 'hasMaxMarginAcyclic',
  uScoreMaxMarginAcyclic: 'hasMaxMarginAcyclic',
  signedScoreMaxMarginAcyclic: 'hasMaxMarginAcyclic',
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
  /** The metrics panel's CSV file (panels.ts). */
  readonly fileName = panelCsv('metrics');
  private rows: Metrics[] = [];

  /** `fields`: core's Metrics fields (the store's, from the module). */
  constructor(private readonly fields: () => readonly MetricField[]) {}

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

  /** One column per field of Metrics, in core's Describe order and with its names. */
  csv(): string {
    const fields = this.fields();
    const rows = this.rows.map((m) =>
      fields.map(({ key }) => {
        const flag = FLAGS[key];
        if (flag !== undefined && m[flag] !== true) return '';
        const value = m[key];
        return typeof value === 'number' || typeof value === 'string' ? value : String(value);
      }),
    );
    return toCsv(
      fields.map((field) => field.column),
      rows,
    );
  }
}
