// Play/Pause/Step/Reset, the paper protocol's "Step E" / "Step p", the speed slider, the
// progress bar, the status line under it and the Space key. Buttons only send commands;
// what they may do and what they say is read from the store: while the worker is busy (a
// solve, a read, a replay) the buttons say so, and the one that acts is the one that stops it.
import { t, onLocaleChange } from '../catalog.ts';
import { say } from '../localized.ts';
import { formatNumber, formatPercent } from '../format.ts';
import { RATE_WINDOW_MILLISECONDS } from '../protocol.ts';
import type { LabState, LabStore } from '../state/store.ts';
import { byId } from './dom.ts';
import { DEFAULT_SPEED, SPEEDS } from './speeds.ts';

export { DEFAULT_SPEED, SPEEDS };

/** Steps taken by one press of "Step p" (the flow on p moves slowly per step). */
const ATTENTION_STEPS_PER_PRESS = 10;

export class Controls {
  private readonly play = byId<HTMLButtonElement>('play');
  private readonly step = byId<HTMLButtonElement>('step');
  private readonly reset = byId<HTMLButtonElement>('reset');
  private readonly stepE = byId<HTMLButtonElement>('step-embeddings');
  private readonly stepP = byId<HTMLButtonElement>('step-attention');
  private readonly progress = byId<HTMLProgressElement>('progress');
  private readonly progressText = byId('progress-text');
  private readonly progressShort = byId('progress-short');
  private readonly speed = byId<HTMLInputElement>('speed');
  private readonly speedText = byId<HTMLOutputElement>('speed-text');
  /** The step at which Space met a spent step budget and said so instead of playing. */
  private budgetNoticeAt: number | null = null;
  /** Why training waits for the person (a class activity's predictions), or null. */
  private heldBy: string | null = null;

  constructor(private readonly store: LabStore) {
    const { send } = store;
    this.play.addEventListener('click', () => this.playPressed());
    this.step.addEventListener('click', () => send({ type: 'step', count: 1 }));
    this.reset.addEventListener('click', () => send({ type: 'reset' }));
    this.stepE.addEventListener('click', () => send({ type: 'stepEmbeddings' }));
    this.stepP.addEventListener('click', () =>
      send({ type: 'stepAttention', count: ATTENTION_STEPS_PER_PRESS }),
    );
    this.stepP.textContent = t('step-p', { steps: ATTENTION_STEPS_PER_PRESS });
    this.speed.min = '0';
    this.speed.max = String(SPEEDS.length - 1);
    this.speed.step = '1';
    this.speed.addEventListener('input', () => this.setSpeed(Number(this.speed.value)));
    this.setSpeed(SPEEDS.indexOf(DEFAULT_SPEED));
    store.subscribe((event, state) => {
      if (event.type === 'started' || event.type === 'stopped') this.budgetNoticeAt = null;
      if (event.type !== 'reviewShown' && event.type !== 'reviewsListed') this.render(state);
    });
    // Handled on keydown, whose default (cancelled here) is what makes a focused Play
    // button click on keyup: one press acts once.
    document.addEventListener('keydown', (event) => this.keyPressed(event));
    this.render(store.state);
    onLocaleChange(() => {
      this.stepP.textContent = t('step-p', { steps: ATTENTION_STEPS_PER_PRESS });
      this.showSpeed();
      this.refresh();
    });
  }

  /** The slider's value in steps per second (0: as fast as possible). */
  get stepsPerSecond(): number {
    return SPEEDS[Number(this.speed.value)] ?? 0;
  }

  /** Shows the store's state (also after the page dropped a dead worker's state). */
  refresh(): void {
    this.render(this.store.state);
  }

  /** Holds the buttons that train (Play, Step, Step E, Step p) until `reason` is null; the
   *  status line says `reason` meanwhile. A run already going can still be paused. */
  hold(reason: string | null): void {
    if (this.heldBy === reason) return;
    this.heldBy = reason;
    this.refresh();
  }

  /** Play starts a run, Pause stops it, and during a cancellable task the button cancels
   *  (playTask: the solve for p_mm leaves Play to Play and Pause). */
  playPressed(): void {
    const state = this.store.state;
    const task = playTask(state);
    if (task?.cancellable === true) this.store.send({ type: 'cancel' });
    else if (state.playing || state.playRequested) this.store.send({ type: 'pause' });
    else if (task === null && state.dataset !== null && this.heldBy === null) {
      this.store.send({ type: 'play' });
      this.refresh();
    }
  }

  /** Space toggles Play and Pause wherever it types or presses nothing else. After a run
   *  spent its step budget, a first Space only says so (a press meant as Pause that landed
   *  late must not start a new run unseen); a second one plays. */
  private keyPressed(event: KeyboardEvent): void {
    if (event.key !== ' ' || event.ctrlKey || event.altKey || event.metaKey) return;
    if (!spaceIsFree(event.target, this.play)) return;
    event.preventDefault(); // no page scroll, no click of a focused Play
    if (event.repeat) return;
    const state = this.store.state;
    const step = state.metrics?.step ?? 0;
    if (budgetSpent(state) && this.budgetNoticeAt !== step) {
      this.budgetNoticeAt = step;
      this.render(state);
      return;
    }
    this.budgetNoticeAt = null;
    this.playPressed();
  }

  /** Moves the slider to the stop of `stepsPerSecond` (one of SPEEDS) and tells the worker. */
  setStepsPerSecond(stepsPerSecond: number): void {
    const index = SPEEDS.indexOf(stepsPerSecond);
    if (index >= 0) this.setSpeed(index);
  }

  /** Moves the slider to stop `index` and tells the worker. */
  setSpeed(index: number): void {
    const clamped = Math.max(0, Math.min(SPEEDS.length - 1, Math.round(index)));
    const stepsPerSecond = SPEEDS[clamped] ?? 0;
    this.speed.value = String(clamped);
    this.showSpeed();
    this.store.send({ type: 'setSpeed', stepsPerSecond });
  }

  /** The slider's value in words, in the page's language. */
  private showSpeed(): void {
    const stepsPerSecond = this.stepsPerSecond;
    const text =
      stepsPerSecond > 0 ? t('speed-rate', { rate: stepsPerSecond }) : t('speed-fastest');
    this.speed.setAttribute('aria-valuetext', text);
    this.speedText.value = text;
  }

  private render(state: LabState): void {
    const ready = state.worker === 'ready' && state.dataset !== null;
    const paper = state.plan?.protocol === 'paper';
    const task = playTask(state);
    let label = t('play');
    let aria = t('play-aria');
    if (task !== null && task.cancellable) {
      label = t('cancel');
      aria = t('cancel-aria', { task: say(task.label) });
    } else if (task !== null) {
      label = t('task-running', { task: say(task.label) });
      aria = label;
    } else if (state.playing || state.playRequested) {
      label = t('pause');
      aria = t('pause-aria');
    } else if (state.task !== null) {
      aria = t('play-aria-after-solve');
    }
    this.play.textContent = label;
    this.play.setAttribute('aria-label', aria);
    this.play.classList.toggle('playing', state.playing || state.playRequested);
    const running = state.playing || state.playRequested;
    const held = this.heldBy !== null && !running;
    this.play.disabled = task !== null ? !task.cancellable : !ready || held;
    const idle = ready && task === null;
    this.reset.disabled = !idle;
    this.step.disabled = !idle || held;
    this.stepE.disabled = !idle || !paper || held;
    this.stepP.disabled = !idle || !paper || held;
    this.stepE.hidden = !paper;
    this.stepP.hidden = !paper;
    this.showProgress(state);
  }

  /** The bar shows progress toward the run's target; the line says what the lab is doing,
   *  telling a pause from a budget that ran out. */
  private showProgress(state: LabState): void {
    const step = state.step;
    // Core's plan says where Play would stop now, and how many steps a new run adds.
    const planned = state.plan?.targetStep ?? 0;
    const steps = planned - (state.plan?.budgetSpent === true ? step : 0);
    const target =
      state.playing && state.targetStep > 0
        ? state.targetStep
        : state.plan?.budgetSpent === true
          ? step
          : planned;
    const task = state.task;
    // A task measures its own progress (a solve's estimate, bytes read): the bar shows it,
    // not the run's steps; a task with no measure yet is an indeterminate bar.
    if (task === null) {
      this.progress.max = Math.max(target, 1);
      this.progress.value = Math.min(step, target);
    } else if (task.total > 0) {
      this.progress.max = task.total;
      this.progress.value = Math.min(Math.max(task.done, 0), task.total);
    } else {
      this.progress.removeAttribute('value');
    }
    let text: string;
    if (state.worker === 'starting') text = t('progress-loading-model');
    else if (state.worker === 'gone') text = t('progress-restarting');
    else if (task !== null) text = `${say(task.label)}${progressOf(task)}`;
    else if (state.playRequested && !state.playing)
      text =
        state.task !== null
          ? t('progress-play-after', { task: say(state.task.label) })
          : t('progress-starting');
    else if (state.dataset === null)
      text =
        state.need !== null
          ? t('progress-waiting-link')
          : state.dataFailure !== null
            ? t('progress-no-dataset')
            : t('progress-loading-dataset');
    else if (this.heldBy !== null && !state.playing && !state.playRequested) text = this.heldBy;
    else if (state.playing) {
      text =
        state.stepsPerSecond > 0
          ? t('progress-training-rate', {
              step,
              target,
              rate: formatNumber(state.stepsPerSecond, 3),
              window: RATE_WINDOW_MILLISECONDS / 1000,
            })
          : t('progress-training', { step, target });
    } else if (budgetSpent(state) && this.budgetNoticeAt === step) {
      text = t('progress-budget-space', { step, more: steps });
    } else if (budgetSpent(state)) {
      text = t('progress-budget', { step, more: steps });
    } else if (state.lastStop?.reason === 'paused') {
      text = t('progress-paused', { step });
    } else if (state.lastStop?.reason === 'refused') {
      text = t('progress-refused', { step, reason: state.lastStop.message });
    } else {
      text = t('progress-step', { step, target });
    }
    if (this.progressText.textContent !== text) this.progressText.textContent = text;
    if (this.progress.getAttribute('aria-valuetext') !== text)
      this.progress.setAttribute('aria-valuetext', text);
    // The floating bar on a phone has room for one line: a task's share done, then what it
    // computes (cut to the width); the full line above is the one read out.
    const short = task === null ? '' : `${shareOf(task)}${say(task.title)}`;
    if (this.progressShort.textContent !== short) this.progressShort.textContent = short;
  }
}

/** The task that takes over the Play button. Not the solve for p_mm: inside Play the
 *  button pauses (which ends the solve); after a step on E a press plays once the solve is
 *  done (the worker runs commands in order), and the Max-margin panel cancels it. */
function playTask(state: LabState): LabState['task'] {
  return state.task?.kind === 'solving' ? null : state.task;
}

/** The run stopped because it used its step budget (a replay that stopped at a link's
 *  step below the budget did not: Play goes on to the budget). */
function budgetSpent(state: LabState): boolean {
  return (
    !state.playing &&
    !state.playRequested &&
    state.task === null &&
    state.lastStop?.reason === 'finished' &&
    state.plan?.budgetSpent === true
  );
}

/** Space is the page's Play key when the focus is on Play or on nothing that takes Space
 *  itself (a field types it, a button or box is pressed by it, an open dialog owns it). */
function spaceIsFree(target: EventTarget | null, play: HTMLElement): boolean {
  if (target === play) return true;
  if (!(target instanceof HTMLElement)) return true;
  if (target.closest('dialog[open]') !== null) return false;
  if (target.isContentEditable) return false;
  return (
    target.closest('a[href], button, input, select, textarea, summary, [role="slider"]') === null
  );
}

/** The share of a task done, as the bar shows it ("42.0% · "), or nothing before a measure. */
function shareOf(task: { done: number; total: number }): string {
  if (task.total <= 0) return '';
  return `${formatPercent(Math.min(Math.max(task.done / task.total, 0), 1))} · `;
}

function progressOf(task: { done: number; total: number; unit: string }): string {
  if (task.total <= 0) return '…';
  if (task.unit === 'percent') return `: ${Math.round(task.done)}%`;
  if (task.unit === 'bytes') {
    return t('progress-megabytes', { done: task.done / 2 ** 20, total: task.total / 2 ** 20 });
  }
  const counts = { done: task.done, total: task.total };
  switch (task.unit) {
    case 'files':
      return t('progress-files', counts);
    case 'reviews':
      return t('progress-reviews', counts);
    default:
      return t('progress-updates', counts);
  }
}
