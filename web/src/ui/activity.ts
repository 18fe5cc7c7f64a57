// The class activity's card (`activity=` in a link): the questions core composed for the
// loaded run, the student's predictions, committed once before training, and each answer
// revealed with its numbers when the run reaches the step that settles it. Core decides
// everything (activity.h: the questions, when and how each settles, the grades); this view
// asks it again whenever the run reaches a question's settle step, and shows what it says.
// Until the predictions are committed the training controls are held.
import './activity.css';
import type { ActivityQuestion, ActivityReport, QuestionName, Settlement } from '../protocol.ts';
import type { LabStore } from '../state/store.ts';
import {
  ACTIVITY_WORDS,
  noteText,
  pendingText,
  questionText,
  responseText,
  resultText,
  revealText,
  TRUE_FALSE,
  voidText,
} from './activity-words.ts';
import type { Banner } from './banner.ts';
import type { Controls } from './controls.ts';
import { byId, element } from './dom.ts';

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
    byId('activity-title').textContent = ACTIVITY_WORDS.title;
    byId('activity-intro').textContent = ACTIVITY_WORDS.intro;
    this.commit.textContent = ACTIVITY_WORDS.commit;
    this.commit.addEventListener('click', () => this.commitPressed());
    this.controls.hold(ACTIVITY_WORDS.held);
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
      this.status.textContent = ACTIVITY_WORDS.incomplete(open.length);
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
    if (!this.noted && report.notes.length > 0) this.banner.warn(report.notes.map(noteText));
    this.noted = true;
    this.controls.hold(report.committed ? null : ACTIVITY_WORDS.held);
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
      const settlement = report.settlements[k];
      if (item !== undefined && settlement !== undefined)
        this.showOutcome(item, q, settlement, report);
    });
    this.commit.hidden = report.committed;
    this.commit.disabled = false;
    this.status.textContent = !report.committed
      ? ''
      : report.done
        ? report.scored > 0
          ? ACTIVITY_WORDS.score(report.correct, report.scored)
          : ACTIVITY_WORDS.scoreNone
        : ACTIVITY_WORDS.committed;
    this.card.dataset['done'] = String(report.done);
    for (const listener of this.listeners) listener(report);
  }

  /** A question with its inputs (radio buttons, or the review's words to click). */
  private questionItem(q: ActivityQuestion): HTMLElement {
    const item = element('li', { className: 'activity-question' });
    item.dataset['question'] = q.id;
    const text = element('p', { className: 'activity-text', text: questionText(q) });
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
            document.createTextNode(` ${TRUE_FALSE[value]}`),
          ]),
        );
      }
      item.append(group);
    } else {
      item.append(
        element('p', { className: 'small muted', text: ACTIVITY_WORDS.review(q.review) }),
      );
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
    s: Settlement,
    report: ActivityReport,
  ): void {
    const k = report.questions.indexOf(q);
    const result = report.results[k] ?? 'pending';
    item.dataset['result'] = result;
    let outcome = item.querySelector<HTMLElement>('.activity-outcome');
    if (outcome === null) {
      outcome = element('p', { className: 'activity-outcome small' });
      outcome.setAttribute('aria-live', 'polite');
      item.append(outcome);
    }
    const response = report.responses.find((r) => r.id === q.id)?.response;
    const parts: string[] = [];
    if (report.committed && response !== undefined)
      parts.push(`${ACTIVITY_WORDS.yourAnswer} ${responseText(q, response)}.`);
    if (s.state === 'void') parts.push(voidText(s));
    else if (s.state === 'settled' && report.committed) {
      parts.push(revealText(q, s), resultText(result));
      if (q.responseType === 'choice')
        for (const button of item.querySelectorAll<HTMLElement>('.activity-word'))
          button.classList.toggle('activity-answer', button.dataset['token'] === s.answer);
    } else if (report.committed) parts.push(pendingText(q));
    const text = parts.filter((part) => part !== '').join(' ');
    if (outcome.textContent !== text) outcome.textContent = text;
  }
}
