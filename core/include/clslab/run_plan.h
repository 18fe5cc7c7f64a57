// The run plan: what a run does next and why, computed from the settings and the state
// alone: how far a run goes, when the step on E comes, the work each step owes before the
// next one (the p_mm solve, the flow's own att-SVM, the metrics history) and in which order,
// which data the run needs. Experiment::Work (experiment.h) does what the plan says, so every
// driver (the page's worker, `clslab train`, `clslab reproduce`) runs the same run; drivers
// keep only their pacing (budgets, printing, posting).
// Its enums (enums.h) cross every boundary by the names in their tables.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/enums.h"  // Protocol, Phase, SourceKind, DueSolve, RunItem and their names
#include "clslab/status.h"

namespace clslab {

struct RunConfig;  // config.h: the settings the plan reads

// What data a run's settings name, in the terms a front end asks the user in.
struct DataNeed {
  SourceKind kind = SourceKind::kBuiltin;
  // The built-in set's id, the file's name, the URL or the preset's id.
  std::string name;
  // True for file, URL and preset data: only the user has it or may agree to download it.
  bool user_data = false;
  int32_t rows = 0;  // the source's parsed rows, as recorded (0: not recorded)
  std::string hash;  // ContentHash its bytes must have ("" for built-in and synthetic)
  // The seed a sample is drawn with: a preset source's recorded seed, else the run's seed
  // (a new preset sample records it).
  uint32_t seed = 0;
  bool loaded = false;  // the run holds this data now
};

template <typename Visitor>
void Describe(const DataNeed& d, Visitor& v) {
  v("kind", d.kind);
  v("name", d.name);
  v("user_data", d.user_data);
  v("rows", d.rows);
  v("hash", d.hash);
  v("seed", d.seed);
  v("loaded", d.loaded);
}

struct RunPlan {
  int64_t step = 0;
  // Where a run started now stops: the `steps` setting, or that many steps more once the
  // run is at or past it (Play, `clslab train`, `clslab reproduce`).
  int64_t target_step = 0;
  bool budget_spent = false;  // step >= the `steps` setting
  Protocol protocol = Protocol::kPaper;
  Phase phase = Phase::kInitialized;
  // Paper protocol at step 0: the next step is the one GD step on E, alone.
  bool step_on_embeddings_due = false;
  // The solve to run before the next step (the paper's p_mm right after the step on E).
  DueSolve solve_due = DueSolve::kNone;
  // The most steps the next training call may take so that due work comes at its step:
  // 1 for the step on E (its solve follows it), else kMaxStep.
  int64_t max_chunk = 0;
  // What Experiment::Work does next; `settled` once the step's work (items 1-4) is done.
  RunItem next = RunItem::kNone;
  bool settled = false;
  // This step ends a run (IsRunEnd): its p_local is solved for its own selection.
  bool run_end = false;
  DataNeed data;
};

template <typename Visitor>
void Describe(const RunPlan& p, Visitor& v) {
  v("step", p.step);
  v("target_step", p.target_step);
  v("budget_spent", p.budget_spent);
  v("protocol", p.protocol);
  v("phase", p.phase);
  v("step_on_embeddings_due", p.step_on_embeddings_due);
  v("solve_due", p.solve_due);
  v("max_chunk", p.max_chunk);
  v("next", p.next);
  v("settled", p.settled);
  v("run_end", p.run_end);
  v("data", p.data);
}

// What the plan reads of a run besides its settings: the step, and how far the step's own
// work has got.
struct RunState {
  bool loaded = false;
  int64_t step = 0;
  Phase phase = Phase::kInitialized;
  // A p_mm solve for the current E finished or failed, or the user declined it
  // (Experiment::Cancel): the solve is no longer owed.
  bool max_margin_settled = false;
  // The user asked for p_mm of the current E (the page's Solve button): owed until settled.
  bool max_margin_requested = false;
  // Coordinate updates left of this step's share for the flow's own att-SVM (0 once spent,
  // or when nothing is left to solve at this step).
  int64_t local_share_left = 0;
  // At a run's end: the att-SVM of this step's selection is solved (or nothing was left to
  // solve, or the user declined it).
  bool local_finished = false;
  // This step's point of the metrics history is recorded.
  bool recorded = false;
};

RunPlan PlanRun(const RunConfig& config, const RunState& state);

// A run ends at every multiple of the `steps` setting (Play runs to the next one): there
// the flow's own att-SVM is solved for the selection the flow ends with, and a joint run
// solves p_mm for its final E, so the run's last metrics and verdicts read them.
bool IsRunEnd(const RunConfig& config, int64_t step);
// The steps of the metrics history: 0, every step to 10, then steps about 10% apart (each
// the previous times 1.1, rounded down, and at least one more), and every run end. Log-spaced
// so a long run stays a few hundred points while a peak is still found within 10%.
bool IsRecordStep(const RunConfig& config, int64_t step);
// The next record step after `step`.
int64_t NextRecordStep(const RunConfig& config, int64_t step);
// The flow's own att-SVM's share of the work of each step, in coordinate updates: a quarter
// of what the step cost (WorkUnits), so a run with a solve under way goes at about 4/5 of its
// speed (the page's worker gave it about 8 ms after each 30 ms of steps).
int64_t LocalSvmShare(int64_t step_units);

// The longest run: the `steps` setting's bound, and the furthest step a link may ask to
// replay (its `run=` key). CheckReplayStep says why another step is refused.
constexpr int32_t kMaxRunSteps = 1000000;
Status CheckReplayStep(double step);

}  // namespace clslab
