// The Result 2 card's numbers, under its charts: cos(p, p_mm), the selection
// accuracy and the normalized margin against 1/‖p_mm‖, so a frame that shows only this card
// (an embed, the tour) reads them without the metrics panel. Over the acyclic reviews too
// when the attention-SVM was solved on them alone (its p_mm is what the flow heads for).
import { formatIf, formatPercent } from '../format.ts';
import type { Metrics } from '../protocol.ts';
import type { LabStore } from '../state/store.ts';
import { byId } from './dom.ts';

export function installResult2Readout(store: LabStore): void {
  const line = byId('result2-readout');
  store.subscribe((event) => {
    if (event.type !== 'metricsUpdated') return;
    const text = readout(event.metrics);
    if (line.textContent !== text) line.textContent = text;
  });
}

function readout(m: Metrics): string {
  if (!m.hasMaxMargin) return 'cos(p, p_mm) n/a: p_mm is solved right after the step on E';
  const all =
    `cos(p, p_mm) ${formatIf(true, m.cosineToMaxMargin, 3)} · ` +
    `selection ${formatPercent(m.selectionAccuracy)} · ` +
    `margin ${formatIf(true, m.normalizedMargin, 3)} / 1/‖p_mm‖ ` +
    `${formatIf(true, m.maxMarginReference, 3)}`;
  if (!m.hasMaxMarginAcyclic) return all;
  return (
    `${all} · acyclic reviews: cos ${formatIf(true, m.cosineToMaxMarginAcyclic, 3)}, ` +
    `selection ${formatPercent(m.selectionAccuracyAcyclic)}`
  );
}
