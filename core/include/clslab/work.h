// The run's one loop (Experiment::Work): what a driver asks of it and what it answers. The
// plan (run_plan.h) says what is due; Work does it, item after item, within the driver's
// budget, and says where it stopped. A driver only paces: `clslab train` and `clslab
// reproduce` give an unbounded budget, the page's worker the work it can do in one slice of
// time, and both get the same run: the work done does not depend on where the budget cut it.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "clslab/enums.h"
#include "clslab/reports.h"
#include "clslab/run_plan.h"

namespace clslab {

// Work is counted in units of one coordinate update of an att-SVM solve (two rows of E
// read, O(d); max_margin.h SvmSolver::Run): a training step, a part of the metrics, a
// solve's set-up are charged what they cost in such updates (an estimate; only the pacing
// depends on it, never what is computed).
constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max() / 4;

// StepKind and WorkStop (with their names) are enums.h's.
struct WorkOrder {
  // Steps stop here (Play's target, a link's step, a Step press's step + 1): the call goes
  // on until the run stands at this step with the step's work done (RunPlan::settled).
  int64_t target_step = 0;
  // Units this call may spend: it stops once they are spent (overshooting by at most one
  // item that cannot be split: a step, a part of the metrics, a solver's checkpoint).
  int64_t budget = kUnbounded;
  // Steps this call may take (a driver's speed cap).
  int64_t max_steps = kUnbounded;
  // The driver wants the metrics at this step or later (-1: none): the call returns as soon
  // as they are measured, once the step's work is done, and CurrentMetrics() holds them.
  // They go into no history: the run's own record steps do (IsRecordStep).
  int64_t measure_at = -1;
  // With measure_at: measure before a blocking solve of the step (p_mm, the run end's
  // p_local) instead of after it, so a page shows the step at once.
  bool measure_before_solves = false;
  // With the metrics, the guidance (Explain()) of the same state.
  bool explain = false;
  StepKind step_kind = StepKind::kAny;
};

template <typename Visitor>
void Describe(const WorkOrder& o, Visitor& v) {
  v("target_step", o.target_step);
  v("budget", o.budget);
  v("max_steps", o.max_steps);
  v("measure_at", o.measure_at);
  v("measure_before_solves", o.measure_before_solves);
  v("explain", o.explain);
  v("step_kind", o.step_kind);
}

// What one Work call did and where the run stands after it.
struct WorkReport {
  StepReport steps;  // the step reached, the steps this call took, a refusal
  WorkStop stopped = WorkStop::kNoData;
  int64_t spent = 0;  // units
  // The metrics (CurrentMetrics) and guidance (Explain) the order asked for are ready.
  bool metrics_ready = false;
  bool guidance_ready = false;
  // The two att-SVM solves: where each stands, and whether one ended in this call (done or
  // failed: its report, max_margin_report() or local_svm_report(), is new).
  MaxMarginProgress max_margin;
  bool max_margin_ended = false;
  MaxMarginProgress local_svm;
  bool local_svm_ended = false;
  RunPlan plan;  // after the call
};

template <typename Visitor>
void Describe(const WorkReport& r, Visitor& v) {
  v("steps", r.steps);
  v("stopped", r.stopped);
  v("spent", r.spent);
  v("metrics_ready", r.metrics_ready);
  v("guidance_ready", r.guidance_ready);
  v("max_margin", r.max_margin);
  v("max_margin_ended", r.max_margin_ended);
  v("local_svm", r.local_svm);
  v("local_svm_ended", r.local_svm_ended);
  v("plan", r.plan);
}

}  // namespace clslab
