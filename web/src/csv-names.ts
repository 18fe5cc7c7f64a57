// The one header convention of every CSV the page writes (chart data, metrics history,
// token table): ASCII snake_case, symbols spelled out (alpha, delta, v_dot_E; E is the
// embedding matrix). Charts and on-page tables keep the symbols; files get these names.
// A metric's column is core's own field name (Describe(Metrics), bound as metricFields):
// the page never converts camelCase back.
import type { MetricField, Metrics } from './protocol.ts';

let metricColumns = new Map<keyof Metrics, string>();

/** Installs core's Metrics fields (the worker's `ready` event; tests, from the module). */
export function useMetricFields(fields: readonly MetricField[]): void {
  metricColumns = new Map(fields.map((field) => [field.key, field.column]));
}

/** A metric's column: trainLoss -> train_loss, alignmentR2 -> alignment_r2 (core's name). */
export function metricColumn(field: keyof Metrics): string {
  const column = metricColumns.get(field);
  if (column === undefined)
    throw new Error(`no CSV column for metric ${field}: the module's fields are not known yet`);
  return column;
}

/** The per-token columns, shared by the token table and the token scatters. */
export const TOKEN_COLUMNS = {
  token: 'token',
  count: 'count',
  alpha: 'alpha',
  delta: 'delta',
  value: 'v_dot_E',
  attention: 'p_dot_E',
} as const;
