// Launched by a learning-management system from the SCORM package (npm run build:scorm),
// the page finds the LMS's SCORM 1.2 API and reports the learner's progress: 'incomplete'
// once the lab opens, 'completed' once a run has spent its step budget (Play ran to the
// end), the time spent, and the end of the session. Anywhere else (no API in a parent or
// opener window) it does nothing. The LMS's answers never change what the lab does.
import type { LabState, LabStore } from '../state/store.ts';

/** The calls of SCORM 1.2's run-time API that the page makes; values are strings. */
interface ScormApi {
  LMSInitialize(empty: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(empty: ''): string;
  LMSFinish(empty: ''): string;
}

/** `win.API` if it is a SCORM 1.2 API; a window of another origin throws on the read. */
function apiOf(win: Window): ScormApi | null {
  try {
    const api = (win as unknown as { API?: Partial<ScormApi> }).API;
    return typeof api?.LMSInitialize === 'function' ? (api as ScormApi) : null;
  } catch {
    return null;
  }
}

/** ADL's search: this window and its parents (an LMS nests the content a few frames
 *  deep; ADL's bound is 7 levels), then the window that opened this one and its parents. */
function findApi(): ScormApi | null {
  const search = (start: Window): ScormApi | null => {
    let win = start;
    for (let depth = 0; depth <= 7; depth += 1) {
      const api = apiOf(win);
      if (api !== null || win.parent === win) return api;
      win = win.parent;
    }
    return null;
  };
  const opener = window.opener as Window | null;
  return search(window) ?? (opener !== null ? search(opener) : null);
}

/** SCORM 1.2's CMITimespan, HH:MM:SS.SS. */
function timespan(milliseconds: number): string {
  const centiseconds = Math.round(milliseconds / 10);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.min(9999, Math.floor(centiseconds / 360000));
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = Math.floor(centiseconds / 100) % 60;
  return `${two(hours)}:${two(minutes)}:${two(seconds)}.${two(centiseconds % 100)}`;
}

/** The run spent its step budget: Play ran to the end (a link's replay that stopped
 *  short of the budget did not). */
function budgetSpent(state: LabState): boolean {
  return (
    !state.playing && state.lastStop?.reason === 'finished' && state.plan?.budgetSpent === true
  );
}

/** Runs `calls` on the LMS's API; an API that throws is the LMS's problem, not the lab's
 *  (a warning in the console says so). */
function guarded(calls: () => void): void {
  try {
    calls();
  } catch (error) {
    console.warn("The LMS's SCORM API failed:", error);
  }
}

/** Connects to the LMS when there is one; returns whether it did. */
export function reportToLms(store: LabStore): boolean {
  const api = findApi();
  let initialized = false;
  guarded(() => (initialized = String(api?.LMSInitialize('')) === 'true'));
  if (api === null || !initialized) return false;
  const started = Date.now();
  // An earlier session's 'completed' (or 'passed') is never taken back.
  let completed = false;
  guarded(() => {
    const status = api.LMSGetValue('cmi.core.lesson_status');
    completed = status === 'completed' || status === 'passed';
    if (completed || status === 'incomplete') return;
    api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    api.LMSCommit('');
  });
  store.subscribe((_event, state) => {
    if (completed || !budgetSpent(state)) return;
    completed = true;
    guarded(() => {
      api.LMSSetValue('cmi.core.lesson_status', 'completed');
      api.LMSCommit('');
    });
  });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    guarded(() => {
      api.LMSSetValue('cmi.core.session_time', timespan(Date.now() - started));
      // Not completed: the LMS keeps the attempt open for the next launch.
      api.LMSSetValue('cmi.core.exit', completed ? '' : 'suspend');
      api.LMSCommit('');
      api.LMSFinish('');
    });
  };
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  return true;
}
