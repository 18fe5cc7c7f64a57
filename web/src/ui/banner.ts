// The message banner (role=alert): errors and warnings, always as text. Errors belong to
// what failed: the next successful change of the run (settings applied, data loaded)
// clears them, so an old failure never stands beside a good state. When the training
// worker has stopped it also carries a Restart button (one action, in the banner, so that
// the message and what to do about it are read together).
import { t } from '../localized.ts';
import { byId, element } from './dom.ts';

/** 'notice': an error about the worker itself (it stopped, ran out of memory, was
 *  restarted): it stays until dismissed, since the success that follows is the restart's. */
type Kind = 'error' | 'notice' | 'warning';

export class Banner {
  private readonly root = byId('banner');
  private readonly list = byId<HTMLUListElement>('banner-messages');
  /** `from`: what said it (a failed command's type, 'link' for a link's warnings); a new
   *  message from the same place replaces the old ones, so seven failed run files leave one
   *  line, not seven, and the warnings of a link go with the next link. */
  private messages: Array<{ kind: Kind; node: HTMLElement; from?: string }> = [];
  /** The lines of each question (ask) while it shows. */
  private readonly questions = new Map<string, HTMLElement[]>();

  constructor() {
    byId('banner-close').addEventListener('click', () => this.clear());
  }

  /** `from`: the failed command's type; its earlier error is replaced. */
  error(message: string, from?: string): void {
    if (from !== undefined) this.drop('error', from);
    this.add('error', [message], from);
  }

  notice(message: string): void {
    this.add('notice', [message]);
  }

  /** `from` 'link': the warnings of the link opened; `replace` drops those of the last
   *  link first (a new link), else they add to them (the same link's data arrived). */
  warn(messages: string[], from?: string, replace = false): void {
    if (from !== undefined && replace) this.drop('warning', from);
    this.add('warning', messages, from);
  }

  private drop(kind: Kind, from: string): void {
    this.messages = this.messages.filter((m) => m.kind !== kind || m.from !== from);
    this.render();
  }

  /** "The training worker stopped: <reason>" with a Restart button that calls `restart`. */
  workerStopped(reason: string, restart: () => void): void {
    this.notice(t('worker-stopped', { reason }));
    const button = element('button', {
      text: t('worker-restart'),
      className: 'primary',
      attributes: { id: 'banner-restart', type: 'button' },
    });
    button.addEventListener('click', () => {
      this.clear();
      restart();
    });
    this.push('notice', element('li', {}, [button]));
  }

  /** A question with buttons, under `name` (one at a time per name): each button calls its
   *  action and withdraws the question; `withdraw(name)` withdraws it too. */
  ask(
    name: string,
    text: string,
    actions: Array<{ id: string; label: string; run: () => void }>,
  ): void {
    this.withdraw(name);
    const buttons = actions.map(({ id, label, run }, i) => {
      const button = element('button', {
        text: label,
        className: i === 0 ? 'primary' : '',
        attributes: { id, type: 'button' },
      });
      button.addEventListener('click', () => {
        this.withdraw(name);
        run();
      });
      return button;
    });
    const nodes = [
      element('li', { text, attributes: { 'data-kind': 'notice', id: `banner-${name}` } }),
      element('li', {}, buttons),
    ];
    this.questions.set(name, nodes);
    for (const node of nodes) this.messages.push({ kind: 'notice', node });
    this.render();
  }

  withdraw(name: string): void {
    const nodes = this.questions.get(name);
    if (nodes === undefined) return;
    this.questions.delete(name);
    this.messages = this.messages.filter((m) => !nodes.includes(m.node));
    this.render();
  }

  clearErrors(): void {
    this.messages = this.messages.filter((m) => m.kind !== 'error');
    this.render();
  }

  clear(): void {
    this.messages = [];
    this.questions.clear();
    this.render();
  }

  private add(kind: Kind, texts: string[], from?: string): void {
    for (const text of texts) {
      // The same sentence twice in a row says nothing new.
      if (this.messages.some((m) => m.node.textContent === text)) continue;
      this.push(kind, element('li', { text, attributes: { 'data-kind': kind } }), from);
    }
  }

  private push(kind: Kind, node: HTMLElement, from?: string): void {
    this.messages.push({ kind, node, ...(from === undefined ? {} : { from }) });
    this.render();
  }

  private render(): void {
    this.list.replaceChildren(...this.messages.map((m) => m.node));
    this.root.hidden = this.messages.length === 0;
    this.root.dataset['kind'] = this.messages.some((m) => m.kind !== 'warning')
      ? 'error'
      : 'warning';
  }
}
