// What the page keeps so that a fresh worker can rebuild the lab after the old one died or
// its wasm module aborted: the settings (as share-link hashes) and the commands that loaded
// the current custom dataset (File handles, a URL, a seeded sample, a run file's text).
// Built-in and synthetic data need nothing more than the settings that name them.
import type { Command, WorkerEvent } from '../protocol.ts';

type CustomLoad = Extract<Command, { type: 'loadFile' | 'confirmDataset' | 'importRun' }>;

export class RestartPlan {
  private datasetBaseUrl = '';
  /** The latest settings the worker applied. */
  private settingsHash = '';
  /** The settings with which the current dataset loaded: known to fit in memory. */
  private loadedHash = '';
  /** The preview in progress: its read command and the parse choices changed since. */
  private previewing: Command[] = [];
  /** The latest custom load sent, with what it needs replayed before it. */
  private customCandidate: Command[] = [];
  /** How to load the current dataset again ([] when the settings name it). */
  private dataset: Command[] = [];
  private seed = 0x2545f491;

  /** Records a command on its way to the worker; returns what to send (a preset sample
   *  gets a seed so that the replay samples the same rows). */
  sent(command: Command): Command {
    switch (command.type) {
      case 'init':
        this.datasetBaseUrl = command.datasetBaseUrl;
        return command;
      case 'previewFiles':
      case 'previewUrl':
        this.previewing = [command];
        return command;
      case 'previewPreset': {
        const seeded = { ...command, seed: command.seed ?? this.nextSeed() };
        this.previewing = [seeded];
        return seeded;
      }
      case 'changePreview':
        this.previewing.push(command);
        return command;
      case 'discardPreview':
        this.previewing = [];
        return command;
      case 'confirmDataset':
        this.customCandidate = [...this.previewing, command];
        return command;
      case 'loadFile':
      case 'importRun':
        this.customCandidate = [command satisfies CustomLoad];
        return command;
      default:
        return command;
    }
  }

  received(event: WorkerEvent): void {
    switch (event.type) {
      case 'ready':
      case 'settingsApplied':
        this.settingsHash = event.shareHash;
        return;
      case 'datasetLoaded':
        this.loadedHash = this.settingsHash;
        this.dataset = event.source === 'custom' ? this.customCandidate : [];
        return;
      default:
        return;
    }
  }

  /** The commands a fresh worker needs. After a module fault, the settings of the last
   *  successful load (the newer ones may be what ran out of memory); otherwise the latest. */
  restartCommands(afterFault: boolean): Command[] {
    const hash = afterFault ? this.loadedHash : this.settingsHash;
    return [{ type: 'init', datasetBaseUrl: this.datasetBaseUrl, hash }, ...this.dataset];
  }

  private nextSeed(): number {
    this.seed = (Math.imul(this.seed, 1103515245) + 12345) >>> 0;
    return this.seed ^ (Date.now() >>> 0);
  }
}
