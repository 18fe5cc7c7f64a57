// Play/Pause/Step/Reset, the paper protocol's "Step E" / "Step p", the speed slider and
// the progress bar. Buttons only send commands; what they may do is decided from the
// worker's events.
import type { Command, Metrics } from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';
import { byId } from './dom.ts';

/** Steps taken by one press of "Step p" (the flow on p moves slowly per step). */
const ATTENTION_STEPS_PER_PRESS = 10;

/** The speed slider's stops in steps per second; 0 is as fast as the machine goes. Slow
 *  stops let a class watch the U form; the default is the fastest. */
const SPEEDS = [2, 10, 50, 250, 0];

export class Controls {
  private readonly play = byId<HTMLButtonElement>('play');
  private readonly step = byId<HTMLButtonElement>('step');
  private readonly reset = byId<HTMLButtonElement>('reset');
  private readonly stepE = byId<HTMLButtonElement>('step-embeddings');
  private readonly stepP = byId<HTMLButtonElement>('step-attention');
  private readonly progress = byId<HTMLProgressElement>('progress');
  private readonly progressText = byId('progress-text');
  private readonly speed = byId<HTMLInputElement>('speed');
  private readonly speedText = byId<HTMLOutputElement>('speed-text');
  private playing = false;
  private ready = false;
  private paper = true;

  constructor(send: (command: Command) => void) {
    this.play.addEventListener('click', () => send({ type: this.playing ? 'pause' : 'play' }));
    this.step.addEventListener('click', () => send({ type: 'step', count: 1 }));
    this.reset.addEventListener('click', () => send({ type: 'reset' }));
    this.stepE.addEventListener('click', () => send({ type: 'stepEmbeddings' }));
    this.stepP.addEventListener('click', () =>
      send({ type: 'stepAttention', count: ATTENTION_STEPS_PER_PRESS }),
    );
    this.stepP.textContent = `Step p ×${ATTENTION_STEPS_PER_PRESS}`;
    this.speed.min = '0';
    this.speed.max = String(SPEEDS.length - 1);
    this.speed.step = '1';
    this.speed.value = String(SPEEDS.length - 1);
    this.speed.addEventListener('input', () => {
      const stepsPerSecond = SPEEDS[Number(this.speed.value)] ?? 0;
      this.showSpeed(stepsPerSecond);
      send({ type: 'setSpeed', stepsPerSecond });
    });
    this.showSpeed(0);
    this.render();
  }

  setReady(ready: boolean): void {
    this.ready = ready;
    this.render();
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    this.render();
  }

  setPaperProtocol(paper: boolean): void {
    this.paper = paper;
    this.render();
  }

  /** `targetStep` is 0 outside Play; the bar then shows progress toward `steps`. */
  showProgress(metrics: Metrics, targetStep: number, steps: number, stepsPerSecond: number): void {
    const target = targetStep > 0 ? targetStep : Math.max(steps, metrics.step);
    this.progress.max = Math.max(target, 1);
    this.progress.value = Math.min(metrics.step, target);
    const rate = stepsPerSecond > 0 ? ` · ${formatNumber(stepsPerSecond, 3)} steps/s` : '';
    this.progressText.textContent = `step ${formatInteger(metrics.step)} / ${formatInteger(target)}${rate}`;
  }

  private showSpeed(stepsPerSecond: number): void {
    const text = stepsPerSecond > 0 ? `${stepsPerSecond} steps/s` : 'as fast as possible';
    this.speed.setAttribute('aria-valuetext', text);
    this.speedText.value = text;
  }

  private render(): void {
    this.play.textContent = this.playing ? 'Pause' : 'Play';
    this.play.setAttribute(
      'aria-label',
      this.playing ? 'Pause training' : 'Play: train up to the step budget',
    );
    this.play.classList.toggle('playing', this.playing);
    for (const button of [this.play, this.step, this.reset]) button.disabled = !this.ready;
    this.stepE.disabled = !this.ready || !this.paper;
    this.stepP.disabled = !this.ready || !this.paper;
    this.stepE.hidden = !this.paper;
    this.stepP.hidden = !this.paper;
  }
}
