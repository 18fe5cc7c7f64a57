// The one header convention of every CSV the page writes (chart data, metrics history,
// token table): ASCII snake_case, symbols spelled out (alpha, delta, v_dot_E; E is the
// embedding matrix). Charts and on-page tables keep the symbols; files get these names.
import type { Metrics } from './protocol.ts';

/** A metric's column: trainLoss -> train_loss, alignmentR2 -> alignment_r2. */
export function metricColumn(field: keyof Metrics): string {
  return field.replace(/[A-Z0-9]+/g, (part) => `_${part.toLowerCase()}`);
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
