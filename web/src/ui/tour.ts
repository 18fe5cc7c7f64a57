// The guided tour: three steps that drive the lab (they send the commands the buttons
// send, and flash the button) and point at the chart that shows the result. A non-modal
// panel: Next/Back/Skip are buttons, Escape skips, focus moves to each step's heading.
import type { CommandBody } from '../protocol.ts';
import { byId } from './dom.ts';

interface TourStep {
  title: string;
  text: string;
  /** The button the step presses, and the panel (`data-panel`) it points at. */
  button: string;
  target: string;
  act: (lab: TourLab) => void;
}

/** What the tour needs from the page. */
export interface TourLab {
  send(command: CommandBody): void;
  isPaper(): boolean;
  /** Switches the settings to the paper protocol (the form applies it). */
  usePaperProtocol(): void;
  isPlaying(): boolean;
}

const STEPS: TourStep[] = [
  {
    title: 'One step on E writes α into the embeddings',
    text:
      'The tour pressed Reset, then Step E: one gradient step of size η on the embeddings, ' +
      'from p = 0 (uniform attention). Result 1: each token’s v·E_s moves by (η/2)‖v‖² α_s, ' +
      'so the points fall on the dashed predicted line. R² near 1 says the alignment is exact.',
    button: 'step-embeddings',
    target: 'alignment',
    act: (lab) => {
      if (!lab.isPaper()) lab.usePaperProtocol();
      lab.send({ type: 'reset' });
      lab.send({ type: 'stepEmbeddings' });
    },
  },
  {
    title: 'Training p draws the U',
    text:
      'The tour pressed Play: gradient flow on p with E frozen. In Figure 1, tokens that are ' +
      'strongly positive or strongly negative (large |Δ_s|) climb while neutral ones stay ' +
      'low: a U. The U-score rises while the signed Spearman stays near 0.',
    button: 'play',
    target: 'ushape',
    act: (lab) => {
      if (!lab.isPlaying()) lab.send({ type: 'play' });
    },
  },
  {
    title: 'Attention selects at maximum margin',
    text:
      'The tour paused and solved the attention-SVM for p_mm. Result 2: p turns toward p_mm ' +
      '(cosine toward 1) and the normalized margin climbs toward 1/‖p_mm‖. Real reviews have ' +
      'cycles (a beats b in one review, b beats a in another): then the soft margin is solved ' +
      'and the panel lists the cycles.',
    button: 'solve-max-margin',
    target: 'result2',
    act: (lab) => {
      if (lab.isPlaying()) lab.send({ type: 'pause' });
      byId<HTMLButtonElement>('solve-max-margin').click(); // the panel shows it is solving
    },
  },
];

export class Tour {
  private readonly panel = byId('tour');
  private readonly heading = byId('tour-title');
  private readonly counter = byId('tour-counter');
  private readonly text = byId('tour-text');
  private readonly back = byId<HTMLButtonElement>('tour-back');
  private readonly next = byId<HTMLButtonElement>('tour-next');
  private index = -1;
  private returnFocus: HTMLElement | null = null;

  constructor(private readonly lab: TourLab) {
    this.next.addEventListener('click', () =>
      this.index + 1 < STEPS.length ? this.go(this.index + 1) : this.close(),
    );
    this.back.addEventListener('click', () => this.go(this.index - 1));
    byId('tour-skip').addEventListener('click', () => this.close());
    this.panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.close();
    });
    byId('tour-start').addEventListener('click', () => this.start());
  }

  get isOpen(): boolean {
    return this.index >= 0;
  }

  start(): void {
    this.returnFocus = document.activeElement as HTMLElement | null;
    this.panel.hidden = false;
    this.go(0);
  }

  close(): void {
    this.index = -1;
    this.panel.hidden = true;
    this.point(null);
    (this.returnFocus ?? byId('tour-start')).focus();
  }

  private go(index: number): void {
    const step = STEPS[index];
    if (step === undefined) return;
    this.index = index;
    this.counter.textContent = `Step ${index + 1} of ${STEPS.length}`;
    this.heading.textContent = step.title;
    this.text.textContent = step.text;
    this.back.disabled = index === 0;
    this.next.textContent = index + 1 === STEPS.length ? 'Finish' : 'Next';
    step.act(this.lab);
    flash(byId(step.button));
    this.point(step.target);
    this.heading.focus();
  }

  /** Outlines the target panel and scrolls it into view (null clears). */
  private point(target: string | null): void {
    for (const node of document.querySelectorAll('.tour-target'))
      node.classList.remove('tour-target');
    if (target === null) return;
    const node = document.querySelector<HTMLElement>(`[data-panel="${target}"]`);
    if (node === null) return;
    node.classList.add('tour-target');
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }
}

/** Shows which button the tour pressed. */
function flash(button: HTMLElement): void {
  button.classList.add('tour-pressed');
  setTimeout(() => button.classList.remove('tour-pressed'), 1200);
}
