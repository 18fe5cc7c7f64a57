// What the page keeps so that a fresh worker rebuilds the run after the old one died, hung
// or aborted: the settings (as the module's share hash; after an abort, those of the last
// data that loaded, since newer ones may be what ran out of memory), the step reached (the
// restart replays to it: same steps, same weights), and how the user's data was supplied,
// by content hash (the files, an agreed download, a run file), so a link or a restart that
// names the same data gets it again without asking. Built-in and synthetic data need only
// the settings. A load the worker did not finish (it hung or was stopped in it) is not
// part of the run: the restart rebuilds the run that stood before it, and says so.
import type { CommandBody, DataNeed, SourceFile, WorkerEvent } from '../protocol.ts';
import type { LabStore } from './store.ts';

type Supply = { files: SourceFile[] } | { download: true } | { run: string };

export class Recovery {
  private datasetBaseUrl = '';
  private settingsHash = '';
  private loadedHash = '';
  private lastStep = 0;
  /** A load of data is under way (its settings are not the run's until it is announced). */
  private loading = false;
  /** How the last data command supplied data, until its datasetLoaded names the hash. */
  private candidate: Supply | null = null;
  private readonly supplies = new Map<string, Supply>();
  /** The run file the loaded data came from (a restart applies it again). */
  private run: string | null = null;

  /** Records a command on its way to the worker. */
  sent(command: CommandBody): void {
    switch (command.type) {
      case 'init':
        this.datasetBaseUrl = command.datasetBaseUrl;
        return;
      case 'previewFiles':
      case 'supplySource':
        this.candidate = { files: command.files };
        return;
      case 'previewUrl':
      case 'previewPreset':
      case 'confirmSource':
        this.candidate = { download: true };
        return;
      case 'importRun':
        this.candidate = { run: command.json };
        return;
      default:
        return;
    }
  }

  /** Follows the worker's events (the store's subscriber). */
  heard(event: WorkerEvent, store: LabStore): void {
    switch (event.type) {
      case 'ready':
        this.settingsHash = store.state.shareHash;
        return;
      case 'settingsApplied':
        // New data's settings belong to the run only with that data (datasetLoaded).
        if (event.effect !== 'source') this.settingsHash = store.state.shareHash;
        return;
      case 'taskStarted':
        if (event.task === 'loading') this.loading = true;
        return;
      case 'taskEnded':
        if (event.task === 'loading') this.loading = false;
        return;
      case 'datasetLoaded': {
        this.settingsHash = this.loadedHash = store.state.shareHash;
        const hash = event.summary.contentHash;
        const supply = this.candidate;
        this.candidate = null;
        this.run = supply !== null && 'run' in supply ? supply.run : null;
        if (supply !== null && hash !== '' && !('run' in supply)) this.supplies.set(hash, supply);
        return;
      }
      case 'metricsUpdated':
        this.lastStep = event.metrics.step;
        return;
      case 'datasetNeeded':
        this.supplyKnown(event.need, store);
        return;
      default:
        return;
    }
  }

  /** The commands a fresh worker needs, the step to replay to, and whether a load was
   *  under way (its data is dropped: the run before it is rebuilt). */
  restart(afterFault: boolean): {
    commands: CommandBody[];
    step: number;
    interruptedLoad: boolean;
  } {
    const hash = afterFault ? this.loadedHash : this.settingsHash;
    const commands: CommandBody[] = [{ type: 'init', datasetBaseUrl: this.datasetBaseUrl, hash }];
    if (this.run !== null) commands.push({ type: 'importRun', json: this.run });
    const interruptedLoad = this.loading;
    this.loading = false;
    this.candidate = null;
    return { commands, step: this.lastStep, interruptedLoad };
  }

  /** Data this page already supplied (same content hash) is supplied again at once. */
  private supplyKnown(need: DataNeed, store: LabStore): void {
    const supply = this.supplies.get(need.hash);
    if (supply === undefined) return;
    if ('files' in supply && need.kind === 'file')
      store.send({ type: 'supplySource', files: supply.files });
    else if ('download' in supply && need.kind !== 'file') store.send({ type: 'confirmSource' });
  }
}
