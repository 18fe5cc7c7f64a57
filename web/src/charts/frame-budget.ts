// The chart work of one animation frame: the script time its updates take, and the raster
// the markers they drew will take after the script. Without a GPU canvas (headless Chromium,
// a machine with no GPU) Chromium rasters a frame's canvas commands on the main thread in
// the commit that follows the frame's script, so a frame that updated two token charts
// (~4,000 and ~2,000 markers after the step on E at the v2 defaults) spent 20-30 ms there
// after its 12 ms of script: a long task the script's clock never saw (BENCHMARKS.md 9.9 as of `74fccb4`). And a
// frame that had spent 11 ms on two small charts still began the U-shape (~12 ms of script,
// ~18 ms of raster): so a chart that is expected not to fit waits for a frame of its own.

/** Chart work one animation frame may take before the rest waits for the next one, ms. */
export const FRAME_BUDGET_MS = 12;
/** Main-thread raster of one filled marker, ms: 1,000-8,000 circles of radius 5-9 on a
 *  474x300 canvas took 2.3-3.7 us each in headless Chromium's software raster (one run of
 *  a probe, 2026-12-06). A GPU rasters elsewhere: there it only makes a frame end early. */
export const RASTER_MS_PER_MARKER = 0.003;

/** One frame's spending: started on the frame's clock, charged for the markers drawn. */
export class FrameBudget {
  private readonly started: number;
  private raster = 0;

  constructor(private readonly now: () => number) {
    this.started = now();
  }

  /** The work drew `markers` markers: their raster comes out of this frame's budget. */
  drew(markers: number): void {
    this.raster += markers * RASTER_MS_PER_MARKER;
  }

  /** True when work expected to cost `ms` (its script and its raster) still fits. */
  fits(ms: number): boolean {
    return this.now() - this.started + this.raster + ms < FRAME_BUDGET_MS;
  }

  /** True once the script time so far and the raster owed reach FRAME_BUDGET_MS. */
  spent(): boolean {
    return !this.fits(0);
  }
}

/** What a chart's next update is expected to cost, ms: its last update's script time and
 *  the raster of the markers it will draw. */
export function expectedCost(lastScriptMs: number, markers: number): number {
  return lastScriptMs + markers * RASTER_MS_PER_MARKER;
}

/** A chart's datasets as far as its markers go: points, drawn as markers or not. */
export interface MarkedDataset {
  points: number;
  /** Shown (the legend can hide a dataset) and drawn as markers, not as a line. */
  marked: boolean;
}

/** The markers a chart's update draws: the points of its shown marker datasets. */
export function markerCount(datasets: readonly MarkedDataset[]): number {
  let n = 0;
  for (const dataset of datasets) if (dataset.marked) n += dataset.points;
  return n;
}
