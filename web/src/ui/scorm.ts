// Launched by a course platform from a SCORM package (scripts/build-scorm.mjs), the page
// finds the platform's SCORM 1.2 or 2004 API and reports what the learner did: each
// committed prediction of the class activity as an interaction when the run settles it,
// the score and completion when the activity is done (without an activity: completion once
// Play ran through the step budget), and, in suspend_data, the run's link at its step with
// the activity's state, so a relaunch with entry "resume" replays to the same step (the
// same weights, the same checksum) with the same answers. A launch that finds no API, or
// an API that refuses a call, is said in view: progress is not being recorded.
import type { ActivityQuestion, ActivityReport } from '../protocol.ts';
import type { LabState, LabStore } from '../state/store.ts';
import { label } from '../words.ts';
import { byId } from './dom.ts';
import type { ScormVersion } from './page-flags.ts';

/** SCORM 1.2 keeps at most this many characters of suspend_data (2004: 64,000). */
export const SUSPEND_LIMIT_12 = 4096;
const SUSPEND_LIMIT_2004 = 64000;

interface Api12 {
  LMSInitialize(empty: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(empty: ''): string;
  LMSFinish(empty: ''): string;
  LMSGetLastError?(): string;
}

interface Api2004 {
  Initialize(empty: ''): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(empty: ''): string;
  Terminate(empty: ''): string;
  GetLastError?(): string;
}

/** One API, whichever version: the calls, and the data model's names. */
interface Runtime {
  version: ScormVersion;
  initialize(): boolean;
  get(element: string): string;
  set(element: string, value: string): boolean;
  commit(): boolean;
  finish(): boolean;
}

/** `win[name]` if it is an object with `method`; a window of another origin throws. */
function apiOf<T>(win: Window, name: string, method: string): T | null {
  try {
    const api = (win as unknown as Record<string, Record<string, unknown> | undefined>)[name];
    return typeof api?.[method] === 'function' ? (api as T) : null;
  } catch {
    return null;
  }
}

/** ADL's search: this window and its parents (an LMS nests content a few frames deep; ADL's
 *  bound is 7 levels), then the opener and its parents. */
function findApi<T>(name: string, method: string): T | null {
  const search = (start: Window): T | null => {
    let win = start;
    for (let depth = 0; depth <= 7; depth += 1) {
      const api = apiOf<T>(win, name, method);
      if (api !== null || win.parent === win) return api;
      win = win.parent;
    }
    return null;
  };
  const opener = window.opener as Window | null;
  return search(window) ?? (opener !== null ? search(opener) : null);
}

/** SCORM 1.2's CMITimespan, HH:MM:SS.SS. */
function timespan12(milliseconds: number): string {
  const centiseconds = Math.round(milliseconds / 10);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.min(9999, Math.floor(centiseconds / 360000));
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = Math.floor(centiseconds / 100) % 60;
  return `${two(hours)}:${two(minutes)}:${two(seconds)}.${two(centiseconds % 100)}`;
}

/** SCORM 2004's timeinterval (ISO 8601), PTnHnMn.nnS. */
function timespan2004(milliseconds: number): string {
  const centiseconds = Math.round(milliseconds / 10);
  const hours = Math.floor(centiseconds / 360000);
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = (centiseconds % 6000) / 100;
  return `PT${hours}H${minutes}M${seconds.toFixed(2)}S`;
}

/** The element names of each version. */
const NAMES = {
  '1.2': {
    entry: 'cmi.core.entry',
    exit: 'cmi.core.exit',
    sessionTime: 'cmi.core.session_time',
    suspend: 'cmi.suspend_data',
    interactions: 'cmi.interactions',
    response: 'student_response',
  },
  '2004': {
    entry: 'cmi.entry',
    exit: 'cmi.exit',
    sessionTime: 'cmi.session_time',
    suspend: 'cmi.suspend_data',
    interactions: 'cmi.interactions',
    response: 'learner_response',
  },
} as const;

/** A response as each version's data model spells it: true-false is "t"/"f" in 1.2 and
 *  "true"/"false" in 2004; the word is a fill-in in 1.2 (free text) and a choice in 2004,
 *  whose identifiers take letters, digits and some punctuation (the rest %-escaped). */
function spelled(version: ScormVersion, q: ActivityQuestion, response: string): string {
  if (q.responseType === 'true-false')
    return version === '1.2' ? (response === 'true' ? 't' : 'f') : response;
  if (version === '1.2') return response.slice(0, 255);
  return encodeURIComponent(response).replaceAll('~', '%7E').slice(0, 250) || '%20';
}

function interactionType(version: ScormVersion, q: ActivityQuestion): string {
  if (q.responseType === 'true-false') return 'true-false';
  return version === '1.2' ? 'fill-in' : 'choice';
}

/** What suspend_data holds: the run's link at its step and the activity's state. */
interface Suspended {
  v: 1;
  /** The hash that replays the run to its step (ShareLink.hashAt). */
  l: string;
  /** The activity's state (core's state JSON), '' without one. */
  a: string;
  /** The questions already recorded as interactions. */
  i: string[];
}

function readSuspended(text: string): Suspended | null {
  try {
    const value = JSON.parse(text) as Partial<Suspended>;
    if (value.v !== 1 || typeof value.l !== 'string' || typeof value.a !== 'string') return null;
    const recorded = Array.isArray(value.i) ? value.i.filter((id) => typeof id === 'string') : [];
    return { v: 1, l: value.l, a: value.a, i: recorded };
  } catch {
    return null;
  }
}

/** A connection to the course platform; null fields say what is missing. */
export class LmsSession {
  private readonly names: (typeof NAMES)[ScormVersion];
  private readonly started = Date.now();
  private finished = false;
  private completed = false;
  private recorded: string[];
  private nextInteraction = 0;
  private stateJson: string;
  private hashOf: ((step: number) => string) | null = null;
  private step = 0;
  private problem: string | null = null;

  private constructor(
    private readonly runtime: Runtime,
    /** What the earlier session kept, when the platform says this launch resumes it. */
    readonly resumed: Suspended | null,
  ) {
    this.names = NAMES[runtime.version];
    this.recorded = resumed?.i ?? [];
    this.stateJson = resumed?.a ?? '';
    this.nextInteraction = Number(runtime.get(`${this.names.interactions}._count`)) || 0;
  }

  /** Finds and initializes the platform's API: `expected` is the version the package's
   *  manifest launched the page as (null: the page was not launched as a package, and a
   *  missing API is no problem). Says in view whether progress is recorded. */
  static connect(expected: ScormVersion | null): LmsSession | null {
    const runtime = findRuntime(expected);
    if (runtime === null) {
      if (expected !== null) showStatus(label('lms-missing'), true);
      return null;
    }
    if (!runtime.initialize()) return null;
    const names = NAMES[runtime.version];
    const entry = runtime.get(names.entry);
    const kept = entry === 'resume' ? readSuspended(runtime.get(names.suspend)) : null;
    const session = new LmsSession(runtime, kept);
    showStatus(
      kept !== null
        ? label('lms-resumed', { step: session.resumedStep() })
        : label('lms-recording', { version: runtime.version }),
      false,
    );
    return session;
  }

  get version(): ScormVersion {
    return this.runtime.version;
  }

  /** The step the resumed link replays to (0 without one). */
  resumedStep(): number {
    const run = /(?:^|&)run=(\d+)/.exec(this.resumed?.l ?? '')?.[1];
    return run === undefined ? 0 : Number(run);
  }

  /** The kept activity state ('' for a fresh one). */
  get activityState(): string {
    return this.resumed?.a ?? '';
  }

  /** Reports the run: without an activity, completion once Play spent the step budget;
   *  `hashOf` gives the link that replays the run to a step (kept to resume). */
  follow(store: LabStore, hashOf: (step: number) => string, activity: boolean): void {
    this.hashOf = hashOf;
    const status = this.status();
    this.completed = status === 'completed' || status === 'passed' || status === 'failed';
    if (!this.completed && status !== 'incomplete') this.setStatus('incomplete');
    store.subscribe((event, state) => {
      if (event.type === 'metricsUpdated') this.step = event.metrics.step;
      if (event.type === 'stopped') {
        this.step = event.step;
        if (!activity && !this.completed && budgetSpent(state)) {
          this.completed = true;
          this.setStatus('completed');
        }
        this.suspend();
      }
    });
    const finish = () => this.finish();
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
    this.runtime.commit();
  }

  /** The activity's progress: each newly settled answer as an interaction, the score and
   *  the status once it is done, its state in suspend_data. */
  report(report: ActivityReport): void {
    this.stateJson = report.stateJson;
    const version = this.runtime.version;
    const base = this.names.interactions;
    report.questions.forEach((q, k) => {
      const settlement = report.settlements[k];
      const response = report.responses.find((r) => r.id === q.id)?.response;
      const result = report.results[k];
      if (settlement === undefined || response === undefined || result === undefined) return;
      if (settlement.state === 'pending' || this.recorded.includes(q.id)) return;
      const n = `${base}.${this.nextInteraction}`;
      const ok = [
        this.runtime.set(`${n}.id`, `predict-${q.id}`),
        this.runtime.set(`${n}.type`, interactionType(version, q)),
        this.runtime.set(`${n}.${this.names.response}`, spelled(version, q, response)),
        this.runtime.set(
          `${n}.result`,
          result === 'void'
            ? 'neutral'
            : result === 'correct'
              ? 'correct'
              : version === '1.2'
                ? 'wrong'
                : 'incorrect',
        ),
        settlement.state === 'settled'
          ? this.runtime.set(
              `${n}.correct_responses.0.pattern`,
              spelled(version, q, settlement.answer),
            )
          : true,
        this.runtime.set(`${n}.weighting`, result === 'void' ? '0' : '1'),
      ].every(Boolean);
      if (version === '2004')
        this.runtime.set(`${n}.timestamp`, new Date().toISOString().slice(0, 19));
      if (!ok) return;
      this.nextInteraction += 1;
      this.recorded.push(q.id);
    });
    if (version === '2004' && report.questions.length > 0) {
      const settled = report.settlements.filter((s) => s.state !== 'pending').length;
      this.runtime.set('cmi.progress_measure', (settled / report.questions.length).toFixed(4));
    }
    if (report.done && !this.completed) {
      this.completed = true;
      this.score(report);
    }
    this.suspend();
  }

  private status(): string {
    return this.runtime.version === '1.2'
      ? this.runtime.get('cmi.core.lesson_status')
      : this.runtime.get('cmi.completion_status');
  }

  private setStatus(status: 'incomplete' | 'completed'): void {
    if (this.runtime.version === '1.2') this.runtime.set('cmi.core.lesson_status', status);
    else this.runtime.set('cmi.completion_status', status);
    this.runtime.commit();
  }

  /** The score, completion and success (against the platform's pass mark when it has one:
   *  1.2 mastery_score from the manifest's masteryscore, 2004 scaled_passing_score). */
  private score(report: ActivityReport): void {
    const scaled = report.scored > 0 ? report.scaled : 0;
    const raw = String(Math.round(100 * scaled));
    if (this.runtime.version === '1.2') {
      this.runtime.set('cmi.core.score.min', '0');
      this.runtime.set('cmi.core.score.max', '100');
      this.runtime.set('cmi.core.score.raw', raw);
      const mastery = Number.parseFloat(this.runtime.get('cmi.student_data.mastery_score'));
      const status = Number.isFinite(mastery)
        ? Number(raw) >= mastery
          ? 'passed'
          : 'failed'
        : 'completed';
      this.runtime.set('cmi.core.lesson_status', status);
    } else {
      this.runtime.set('cmi.score.min', '0');
      this.runtime.set('cmi.score.max', '100');
      this.runtime.set('cmi.score.raw', raw);
      this.runtime.set('cmi.score.scaled', scaled.toFixed(4));
      this.runtime.set('cmi.completion_status', 'completed');
      const passing = Number.parseFloat(this.runtime.get('cmi.scaled_passing_score'));
      this.runtime.set(
        'cmi.success_status',
        Number.isFinite(passing) ? (scaled >= passing ? 'passed' : 'failed') : 'unknown',
      );
    }
    this.runtime.commit();
  }

  /** Keeps the run's link at its step and the activity's state for the next launch. */
  private suspend(): void {
    if (this.hashOf === null) return;
    const kept: Suspended = {
      v: 1,
      l: this.hashOf(this.step),
      a: this.stateJson,
      i: this.recorded,
    };
    let text = JSON.stringify(kept);
    const limit = this.runtime.version === '1.2' ? SUSPEND_LIMIT_12 : SUSPEND_LIMIT_2004;
    if (text.length > limit) {
      showStatus(label('lms-too-long', { length: text.length, limit: SUSPEND_LIMIT_12 }), true);
      text = JSON.stringify({ ...kept, l: '' });
      if (text.length > limit) return;
    }
    this.runtime.set(this.names.suspend, text);
    this.runtime.commit();
  }

  /** The end of the session: the time spent, exit "suspend" (a relaunch resumes the run
   *  and shows the answers), Finish/Terminate. Once. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.suspend();
    const elapsed = Date.now() - this.started;
    this.runtime.set(
      this.names.sessionTime,
      this.runtime.version === '1.2' ? timespan12(elapsed) : timespan2004(elapsed),
    );
    this.runtime.set(this.names.exit, 'suspend');
    this.runtime.commit();
    this.runtime.finish();
  }

  /** The first refused call, for tests and the status line. */
  get failure(): string | null {
    return this.problem;
  }

  /** Called by the runtime when a call fails. */
  noteFailure(call: string, detail: string): void {
    if (this.problem !== null) return;
    this.problem = `${call} ${detail}`.trim();
    showStatus(failedText(call, detail), true);
  }
}

/** The run spent its step budget: Play ran to the end. */
function budgetSpent(state: LabState): boolean {
  return (
    !state.playing && state.lastStop?.reason === 'finished' && state.plan?.budgetSpent === true
  );
}

let currentSession: LmsSession | null = null;

/** The API of the expected version, else any (2004 first: the newer one). */
function findRuntime(expected: ScormVersion | null): Runtime | null {
  const order: ScormVersion[] =
    expected === '1.2' ? ['1.2'] : expected === '2004' ? ['2004'] : ['2004', '1.2'];
  for (const version of order) {
    if (version === '1.2') {
      const api = findApi<Api12>('API', 'LMSInitialize');
      if (api !== null) return runtime12(api);
    } else {
      const api = findApi<Api2004>('API_1484_11', 'Initialize');
      if (api !== null) return runtime2004(api);
    }
  }
  return null;
}

/** A call that returns "false" (or throws) is a refusal: said in view, once. */
function guarded(version: ScormVersion, lastError: () => string) {
  return (name: string, run: () => string): boolean => {
    let ok = false;
    let detail = '';
    try {
      const answer = String(run());
      ok = answer !== 'false';
      if (!ok) detail = `error ${lastError()}`;
    } catch (error) {
      detail = error instanceof Error ? error.message : String(error);
    }
    if (!ok) {
      const call = `${version === '1.2' ? 'LMS' : ''}${name}`;
      if (currentSession !== null) currentSession.noteFailure(call, detail);
      else showStatus(failedText(call, detail), true);
    }
    return ok;
  };
}

function runtime12(api: Api12): Runtime {
  const call = guarded('1.2', () => String(api.LMSGetLastError?.() ?? ''));
  return {
    version: '1.2',
    initialize: () => call('Initialize', () => api.LMSInitialize('')),
    get: (element) => {
      try {
        return String(api.LMSGetValue(element) ?? '');
      } catch {
        return '';
      }
    },
    set: (element, value) => call(`SetValue(${element})`, () => api.LMSSetValue(element, value)),
    commit: () => call('Commit', () => api.LMSCommit('')),
    finish: () => call('Finish', () => api.LMSFinish('')),
  };
}

function runtime2004(api: Api2004): Runtime {
  const call = guarded('2004', () => String(api.GetLastError?.() ?? ''));
  return {
    version: '2004',
    initialize: () => call('Initialize', () => api.Initialize('')),
    get: (element) => {
      try {
        return String(api.GetValue(element) ?? '');
      } catch {
        return '';
      }
    },
    set: (element, value) => call(`SetValue(${element})`, () => api.SetValue(element, value)),
    commit: () => call('Commit', () => api.Commit('')),
    finish: () => call('Terminate', () => api.Terminate('')),
  };
}

/** A refused call, with the platform's own account of it when it gives one. */
function failedText(call: string, detail: string): string {
  return detail === ''
    ? label('lms-failed', { call })
    : label('lms-failed-detail', { call, detail });
}

/** The status line in the control bar: in view wherever the page is scrolled. */
function showStatus(text: string, problem: boolean): void {
  const line = byId('lms-status');
  if (line.dataset['problem'] === 'true' && !problem) return; // a problem stays said
  line.hidden = false;
  line.textContent = text;
  line.dataset['problem'] = String(problem);
}

/** Connects when the page was launched by a course platform (or finds an API anyway). */
export function connectToLms(expected: ScormVersion | null): LmsSession | null {
  currentSession = LmsSession.connect(expected);
  return currentSession;
}
