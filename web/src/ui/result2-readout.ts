// The Result 2 card's numbers, under its charts: cos(p, p_mm), the selection
// accuracy and the normalized margin against 1/‖p_mm‖, so a frame that shows only this card
// (an embed, the tour) reads them without the metrics panel. Over the acyclic reviews too
// when the attention-SVM was solved on them alone, with their count and share; and for the
// flow's own selection (the att-SVM of the tokens it selects, over all reviews).
import { formatIf, formatPercent } from '../format.ts';
import type { Metrics } from '../protocol.ts';
import type { LabStore } from '../state/store.ts';
import { byId } from './dom.ts';
import { messages, onLocaleChange, t } from '../catalog.ts';
import { say } from '../localized.ts';

export function installResult2Readout(store: LabStore): void {
  const line = byId('result2-readout');
  let shown: Metrics | null = null;
  const show = (text: string) => {
    if (line.textContent !== text) line.textContent = text;
  };
  // The flow's att-SVM of the final selection, solved after the run (the next metrics carry
  // its cosine, or say it was cancelled): until then the line says it is under way.
  const solving = (): string => {
    const task = store.state.task;
    return task?.kind === 'localSvm' ? ` · ${say(task.label)}` : '';
  };
  const whole = (m: Metrics) => readout(m) + coverage() + solving();
  const coverage = (): string => {
    const finding = store.state.guidance?.coverage;
    return finding === undefined
      ? ''
      : ` ${t('readout-result2-coverage', { coverage: messages.render(finding, true) })}`;
  };
  onLocaleChange(() => {
    if (shown !== null) show(whole(shown));
  });
  store.subscribe((event) => {
    if (event.type === 'metricsUpdated') shown = event.metrics;
    const task = event.type.startsWith('task') || event.type === 'guidanceUpdated';
    if (shown !== null && (event.type === 'metricsUpdated' || task)) show(whole(shown));
  });
}

function readout(m: Metrics): string {
  if (!m.hasMaxMargin) return t('readout-result2-unsolved');
  const parts = [
    t('readout-result2', {
      cosine: formatIf(true, m.cosineToMaxMargin, 3),
      selection: formatPercent(m.selectionAccuracy),
      margin: formatIf(true, m.normalizedMargin, 3),
      reference: formatIf(true, m.maxMarginReference, 3),
    }),
  ];
  if (m.localSvmCancelled) {
    parts.push(t('readout-result2-local-cancelled', { step: m.step }));
  } else if (m.hasLocalSvm) {
    const local = {
      cosine: formatIf(true, m.cosineToLocalSvm, 3),
      share: formatPercent(m.localSelectionSStar),
    };
    parts.push(
      m.localSelectionCurrent
        ? t('readout-result2-local', local)
        : t('readout-result2-local-old', { ...local, step: m.localSvmStep }),
    );
  }
  if (m.hasMaxMarginAcyclic) {
    parts.push(
      t('readout-result2-acyclic', {
        cosine: formatIf(true, m.cosineToMaxMarginAcyclic, 3),
        selection: formatPercent(m.selectionAccuracyAcyclic),
      }),
    );
  }
  return parts.join(' · ');
}
