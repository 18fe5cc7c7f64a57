// The class activity's card (`activity=` in a link): the questions core composed for the
// loaded run, the student's predictions, committed once before training, and each answer
// revealed with its numbers when the run reaches the step that settles it. Core decides
// everything (activity.h: the questions, when and how each settles, the grades) and says it
// (activity_words.h: findings the catalog words); this view asks it again whenever the run
// reaches a question's settle step, and shows what it says. Until the predictions are
// committed the training controls are held; once they are, the run is held still: a command
// that would change its settings or data is refused in words, so every answer is settled on
// the run the student predicted.
import './activity.css';
import type { ActivityQuestion, ActivityReport, CommandBody, QuestionName } from '../protocol.ts';
import type { LabState, LabStore } from '../state/store.ts';
import { label, say } from '../words.ts';
import type { Banner } from './banner.ts';
import type { Controls } from './controls.ts';
import { byId, element } from './dom.ts';

/** The commands that change the run's settings or data (a settings change is one only when
 *  it changes a value): refused once the predictions are committed. A restarted worker's
 *  own commands (the page rebuilds the same run) go while the worker is not ready. */
function changesTheRun(command: CommandBody, state: Readonly<LabState>): boolean {
  if (state.worker !== 'ready') return false;
  switch (command.type) {
    case 'applySettings': {
      const next = JSON.parse(command.configJson) as Record<string, unknown>;
      return Object.keys({ ...next, ...state.config }).some(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(state.config[key]),
      );
    }
    case 'openShareLink':
    case 'resolveLink':
    case 'confirmDataset':
    case 'importRun':
      return true;
    default:
      return false;
  }
}

export class ActivityPanel {
  private readonly card = byId('activity');
  private readonly list = byId('activity-questions');
  private readonly commit = byId<HTMLButtonElement>('activity-commit');
  private readonly status = byId('activity-status');
  private report: ActivityReport | null = null;
  /** The student's choices before the commit. */
  private readonly chosen = new Map<QuestionName, string>();
  /** An evaluation is on its way; another is due once it is back. */
  private asking = false;
  private askAgain = false;
  private noted = false;
  private readonly listeners: Array<(report: ActivityReport) => void> = [];

  constructor(
    private readonly store: LabStore,
    private readonly controls: Controls,
    private readonly banner: Banner,
    private readonly value: string,
    /** The state a course platform kept ('' for a fresh activity). */
    private stateJson: string,
  ) {
    this.card.hidden = false;
    byId('activity-title').textContent = label('activity-title');
    byId('activity-intro').textContent = label('activity-intro');
    this.commit.textContent = label('activity-commit');
    this.commit.addEventListener('click', () => this.commitPressed());
    this.controls.hold(label('activity-held'));
    store.refuseWith((command, state) => {
      if (this.report?.committed !== true || !changesTheRun(command, state)) return null;
      const reason = label('activity-locked');
      this.banner.error(reason);
      return reason;
    });
    store.subscribe((event) => {
      switch (event.type) {
        case 'datasetLoaded':
          return this.evaluate();
        case 'activityEvaluated':
          this.asking = false;
          this.show(event.report);
          if (this.askAgain) {
            this.askAgain = false;
            this.evaluate();
          }
          return;
        case 'metricsUpdated':
          if (this.due(event.metrics.step)) this.evaluate();
          return;
        case 'stopped':
          if (this.due(event.step)) this.evaluate();
          return;
        default:
          return;
      }
    });
  }

  /** Called with each new report (the course platform's reporter listens). */
  onReport(listener: (report: ActivityReport) => void): void {
    this.listeners.push(listener);
    if (this.report !== null) listener(this.report);
  }

  get current(): ActivityReport | null {
    return this.report;
  }

  /** What the activity asks of the student next (core's prompt), '' before core has said. */
  get prompt(): string {
    return this.report === null ? '' : say(this.report.prompt);
  }

  /** A committed question waits for a step the run has reached. */
  private due(step: number): boolean {
    const report = this.report;
    if (report === null || !report.committed) return false;
    return report.settlements.some(
      (s, k) => s.state === 'pending' && (report.questions[k]?.settleStep ?? Infinity) <= step,
    );
  }

  private evaluate(): void {
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    this.asking = true;
    this.store.send(
      { type: 'evaluateActivity', value: this.value, stateJson: this.stateJson },
      (message) => {
        this.asking = false;
        this.banner.error(message);
      },
    );
  }

  private commitPressed(): void {
    const report = this.report;
    if (report === null || report.committed) return;
    const open = report.questions.filter((q) => q.notApplicable === '' && !this.chosen.has(q.id));
    if (open.length > 0) {
      this.status.textContent = label('activity-incomplete', { missing: open.length });
      return;
    }
    this.commit.disabled = true;
    this.asking = true;
    this.store.send(
      {
        type: 'commitActivity',
        value: this.value,
        stateJson: this.stateJson,
        responsesJson: JSON.stringify(Object.fromEntries(this.chosen)),
      },
      (message) => {
        this.asking = false;
        this.commit.disabled = false;
        this.status.textContent = message;
      },
    );
  }

  private show(report: ActivityReport): void {
    const before = this.report;
    this.report = report;
    this.stateJson = report.stateJson;
    if (!this.noted && report.notesSaid.length > 0) this.banner.warn(report.notesSaid.map(say));
    this.noted = true;
    this.controls.hold(report.committed ? null : label('activity-held'));
    // Laid out again when the questions or the commit change (a committed list is locked).
    if (
      before === null ||
      before.committed !== report.committed ||
      JSON.stringify(before.questions) !== JSON.stringify(report.questions) ||
      this.list.childElementCount !== report.questions.length
    )
      this.list.replaceChildren(...report.questions.map((q) => this.questionItem(q)));
    report.questions.forEach((q, k) => {
      const item = this.list.children[k] as HTMLElement | undefined;
      if (item !== undefined) this.showOutcome(item, q, k, report);
    });
    this.commit.hidden = report.committed;
    this.commit.disabled = false;
    this.status.textContent = say(report.refusal) || say(report.status);
    this.card.dataset['done'] = String(report.done);
    for (const listener of this.listeners) listener(report);
  }

  /** A question with its inputs (radio buttons, or the review's words to click). */
  private questionItem(q: ActivityQuestion): HTMLElement {
    const item = element('li', { className: 'activity-question' });
    item.dataset['question'] = q.id;
    const k = this.report?.questions.indexOf(q) ?? -1;
    const ask = this.report?.said[k]?.ask;
    const text = element('p', { className: 'activity-text', text: ask ? say(ask) : '' });
    text.id = `activity-text-${q.id}`;
    item.append(text);
    const committed = this.report?.committed === true;
    const response = this.report?.responses.find((r) => r.id === q.id)?.response;
    if (q.notApplicable !== '') return item;
    if (q.responseType === 'true-false') {
      const group = element('div', { className: 'activity-choices' });
      group.setAttribute('role', 'radiogroup');
      group.setAttribute('aria-labelledby', text.id);
      for (const value of ['true', 'false'] as const) {
        const input = element('input', {
          attributes: { type: 'radio', name: `activity-${q.id}`, value },
        });
        input.checked = (response ?? this.chosen.get(q.id)) === value;
        input.disabled = committed;
        input.addEventListener('change', () => this.chosen.set(q.id, value));
        group.append(
          element('label', { className: 'activity-choice' }, [
            input,
            document.createTextNode(` ${label(value === 'true' ? 'activity-yes' : 'activity-no')}`),
          ]),
        );
      }
      item.append(group);
    } else {
      const words = element('p', { className: 'activity-review' });
      words.setAttribute('aria-labelledby', text.id);
      q.reviewWords.forEach((word, t) => {
        const token = q.reviewTokens[t] ?? '';
        if (t > 0) words.append(' ');
        if (token === '') {
          words.append(element('span', { className: 'muted', text: word }));
          return;
        }
        const button = element('button', {
          className: 'activity-word',
          text: word,
          attributes: { type: 'button', 'data-token': token },
        });
        button.setAttribute('aria-pressed', String((response ?? this.chosen.get(q.id)) === token));
        button.disabled = committed;
        button.addEventListener('click', () => {
          this.chosen.set(q.id, token);
          for (const other of words.querySelectorAll<HTMLButtonElement>('.activity-word'))
            other.setAttribute('aria-pressed', String(other.dataset['token'] === token));
        });
        words.append(button);
      });
      item.append(words);
    }
    return item;
  }

  private showOutcome(
    item: HTMLElement,
    q: ActivityQuestion,
    k: number,
    report: ActivityReport,
  ): void {
    const result = report.results[k] ?? 'pending';
    item.dataset['result'] = result;
    let outcome = item.querySelector<HTMLElement>('.activity-outcome');
    if (outcome === null) {
      outcome = element('p', { className: 'activity-outcome small' });
      outcome.setAttribute('aria-live', 'polite');
      item.append(outcome);
    }
    const s = report.settlements[k];
    if (q.responseType === 'choice' && s?.state === 'settled' && report.committed)
      for (const button of item.querySelectorAll<HTMLElement>('.activity-word'))
        button.classList.toggle('activity-answer', button.dataset['token'] === s.answer);
    const said = report.said[k];
    const text = said === undefined ? '' : say(said.outcome);
    if (outcome.textContent !== text) outcome.textContent = text;
  }
}
