// Every word the class activity shows, and the course platform's status line, in one
// place: core (activity.h) returns codes and numbers, and these functions render them. When
// the message catalog (catalog/en.ftl) lands, each function here becomes one message of it.
import type {
  ActivityNote,
  ActivityQuestion,
  ActivityResult,
  QuestionName,
  Settlement,
} from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';

const percent = (share: number) => `${formatNumber(100 * share, 3)}%`;

/** What the Embed dialog calls each question (a few words). */
export const QUESTION_LABELS: Record<QuestionName, string> = {
  slope: 'Result 1: the slope matches (η/2)‖v‖²',
  cosine: 'Result 2: cos(p, p_mm) reaches 0.9',
  selection: 'Result 2: selection reaches 95%',
  word: 'Which word of a review attention selects',
  ushape: 'Figure 1: a U appears',
  accuracy: 'The flow on p raises test accuracy',
};

/** The question as the student reads it. */
export function questionText(q: ActivityQuestion): string {
  const end = `at step ${formatInteger(q.settleStep)}, the end of the run`;
  switch (q.id) {
    case 'slope':
      return (
        'After the one step on E, will the slope of v·E_s against α_s match the predicted ' +
        `(η/2)‖v‖² within ${percent(q.threshold)}, with R² of at least 0.99?`
      );
    case 'cosine':
      return `Will cos(p, p_mm) be at least ${formatNumber(q.threshold, 3)} ${end}?`;
    case 'selection':
      return (
        `Will attention select the theory’s token s* in at least ${percent(q.threshold)} of ` +
        `the training reviews ${end}?`
      );
    case 'word':
      return `Which word of this review will attention weigh most ${end}? Click it.`;
    case 'ushape':
      return (
        `Will Figure 1 show a U ${end} (U-score above ${formatNumber(q.threshold, 2)} and ` +
        'the signed score between −0.3 and 0.3)?'
      );
    case 'accuracy':
      return (
        `Will the flow on p raise test accuracy by more than ${percent(q.threshold)} points ` +
        `above its value after the step on E, ${end}?`
      );
  }
}

export const TRUE_FALSE = { true: 'Yes', false: 'No' } as const;

/** A response as the student gave it. */
export function responseText(q: ActivityQuestion, response: string): string {
  if (q.responseType === 'true-false') return response === 'true' ? 'yes' : 'no';
  return response === '<unk>' ? 'an unknown word' : `“${response}”`;
}

/** What the run measured, in one sentence with its numbers. */
export function revealText(q: ActivityQuestion, s: Settlement): string {
  const at = `at step ${formatInteger(s.step)}`;
  const said = (yes: boolean) => (yes ? 'yes' : 'no');
  switch (q.id) {
    case 'slope':
      return (
        `The fitted slope is ${formatNumber(s.measured, 5)} against the predicted ` +
        `${formatNumber(s.reference, 5)}, R² ${formatNumber(s.detail, 4)}: ` +
        `${said(s.answer === 'true')}.`
      );
    case 'cosine':
      return `cos(p, p_mm) is ${formatNumber(s.measured, 4)} ${at}: ${said(s.answer === 'true')}.`;
    case 'selection':
      return (
        `Attention selects s* in ${percent(s.measured)} of the training reviews ${at}: ` +
        `${said(s.answer === 'true')}.`
      );
    case 'word':
      return (
        `Attention weighs ${responseText(q, s.answer)} most ${at}, with ` +
        `${percent(s.measured)} of the review’s attention.`
      );
    case 'ushape':
      return (
        `U-score ${formatNumber(s.measured, 3)}, signed score ${formatNumber(s.detail, 3)} ` +
        `${at}: ${said(s.answer === 'true')}.`
      );
    case 'accuracy':
      return (
        `Test accuracy is ${percent(s.measured)} ${at}, from ${percent(s.reference)} after ` +
        `the step on E: ${said(s.answer === 'true')}.`
      );
  }
}

/** Why a question is not scored. */
export function voidText(s: Settlement): string {
  switch (s.reason) {
    case 'joint_protocol':
      return 'Not asked: this run trains E and p jointly, and the question is about the paper protocol.';
    case 'no_max_margin':
      return 'Not scored: p_mm was not solved in this run, so the cosine has nothing to compare with.';
    case 'no_test':
      return 'Not scored: this data has no held-out test reviews.';
    case 'no_u_tokens':
      return 'Not scored: no word occurs 20 times or more, so the U-score is not measured.';
    case 'no_attention':
      return 'Not scored: the model sees no word of this review.';
    case 'settled_before_commit':
      return 'Not scored: the run had already answered it when the predictions were committed.';
    case '':
      return '';
  }
}

/** A question still to be settled. */
export function pendingText(q: ActivityQuestion): string {
  return q.moment === 'step_on_embeddings'
    ? 'Revealed after the step on E.'
    : `Revealed at step ${formatInteger(q.settleStep)}.`;
}

export function resultText(result: ActivityResult): string {
  switch (result) {
    case 'correct':
      return 'Your prediction was right.';
    case 'wrong':
      return 'Your prediction was wrong.';
    case 'pending':
    case 'void':
      return '';
  }
}

export function noteText(note: ActivityNote): string {
  switch (note.code) {
    case 'unknown_question':
      return `activity: unknown question "${note.subject}" left out.`;
    case 'repeated_question':
      return `activity: the question "${note.subject}" is asked once.`;
    case 'bad_review':
      return `activity: "${note.subject}" is not a review number; the lab picks the review.`;
    case 'empty':
      return `activity: "${note.subject}" names no question; every question is asked.`;
    case 'review_out_of_range':
      return `activity: there is no training review ${note.subject}; the lab picks the review.`;
    case 'review_choices':
      return `activity: the chosen review has ${note.subject} distinct words (3 to 24 make a question); the lab picks the review.`;
    case 'no_review':
      return 'activity: no training review has 3 to 24 distinct words; the word question is left out.';
  }
}

export const ACTIVITY_WORDS = {
  title: 'Predict, then reveal',
  intro:
    'Commit your predictions, then press Play: the run measures each answer and says whether you were right.',
  commit: 'Commit my predictions',
  incomplete: (missing: number) => `Answer every question first (${formatInteger(missing)} left).`,
  held: 'Commit your predictions above before training.',
  committed: 'Predictions committed. Press Play: each answer is revealed when the run reaches it.',
  score: (correct: number, scored: number) =>
    `Score: ${formatInteger(correct)} of ${formatInteger(scored)} predictions right.`,
  scoreNone: 'No question could be scored in this run.',
  yourAnswer: 'Your prediction:',
  review: (index: number) => `Training review ${formatInteger(index + 1)}:`,
  unknownWord: 'an unknown word',
} as const;

/** The course platform's status line (ui/scorm.ts). */
export const LMS_WORDS = {
  recording: (version: string) => `Your progress is recorded by the course (SCORM ${version}).`,
  resumed: (step: number) =>
    `Your progress is recorded by the course; resumed at step ${formatInteger(step)}.`,
  missing:
    'Progress is not being recorded: this page was launched as a course activity, but the course’s SCORM connection was not found. Your work here is not saved to the course.',
  failed: (call: string, detail: string) =>
    `Progress is not being recorded: the course refused ${call}${detail === '' ? '' : ` (${detail})`}. Your latest work may not be saved to the course.`,
  tooLong: (length: number) =>
    `The run’s state is ${formatInteger(length)} characters, more than the 4,096 SCORM 1.2 keeps: your answers are recorded, but a relaunch will not resume at this step.`,
  courseOnly:
    'This link opens the lab inside this course only: the package was built without the address of a public copy.',
} as const;
