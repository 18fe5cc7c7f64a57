// The run plan's rules (run_plan.h): the one place that says how far a run goes, when the
// paper's step on E comes, what each step owes before the next one and in which order.
// Pure: settings and state in, plan out.
#include "clslab/run_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "clslab/config.h"

namespace clslab {
namespace {

DataNeed NeedOf(const RunConfig& config, bool loaded) {
  DataNeed need;
  need.kind = SourceKindOf(config);
  need.loaded = loaded;
  need.seed = config.seed;
  need.user_data = IsUserData(need.kind);
  switch (need.kind) {
    case SourceKind::kBuiltin:
      need.name = config.dataset;
      break;
    case SourceKind::kSynthetic:
      break;
    case SourceKind::kFile:
    case SourceKind::kUrl:
    case SourceKind::kPreset:
      need.name = config.source_name;
      need.rows = config.source_rows;
      need.hash = config.source_hash;
      need.seed = config.source_seed;
      break;
  }
  return need;
}

}  // namespace

RunPlan PlanRun(const RunConfig& config, const RunState& state) {
  RunPlan plan;
  plan.step = state.loaded ? state.step : 0;
  plan.protocol = config.protocol;
  plan.phase = state.loaded ? state.phase : Phase::kInitialized;
  plan.budget_spent = plan.step >= config.steps;
  // Play at or past the budget runs the budget again: each press is one run's worth.
  plan.target_step = plan.budget_spent ? plan.step + config.steps : config.steps;
  const bool paper = config.protocol == Protocol::kPaper;
  plan.step_on_embeddings_due = state.loaded && paper && plan.phase == Phase::kInitialized;
  plan.run_end = state.loaded && IsRunEnd(config, plan.step);
  // The step on E makes the selected tokens, and so p_mm, known; E is frozen from then on,
  // so one solve right after it gives cos(p, p_mm) and the margin from the first flow step.
  // Joint training moves E at every step: its run's end solves p_mm of the final E.
  const bool owed = (paper && plan.phase == Phase::kEmbeddingsStepped) ||
                    (!paper && plan.run_end) || state.max_margin_requested;
  if (state.loaded && owed && !state.max_margin_settled) plan.solve_due = DueSolve::kMaxMargin;
  plan.max_chunk = plan.step_on_embeddings_due ? 1 : kMaxStep;
  // The step's own work, in the order of run_plan.h's RunItem, then the next step.
  const bool flow = paper && plan.phase == Phase::kFlow;
  if (!state.loaded) {
    plan.next = RunItem::kNone;
  } else if (flow && !plan.run_end && state.local_share_left > 0) {
    plan.next = RunItem::kLocalSvmShare;
  } else if (plan.solve_due == DueSolve::kMaxMargin) {
    plan.next = RunItem::kMaxMargin;
  } else if (flow && plan.run_end && !state.local_finished) {
    plan.next = RunItem::kLocalSvmFinish;
  } else if (IsRecordStep(config, plan.step) && !state.recorded) {
    plan.next = RunItem::kRecordMetrics;
  } else {
    plan.next = plan.step_on_embeddings_due ? RunItem::kStepOnEmbeddings : RunItem::kStep;
  }
  plan.settled = plan.next == RunItem::kStep || plan.next == RunItem::kStepOnEmbeddings;
  plan.data = NeedOf(config, state.loaded);
  return plan;
}

bool IsRunEnd(const RunConfig& config, int64_t step) {
  return step > 0 && config.steps > 0 && step % config.steps == 0;
}

namespace {

// The log-spaced grid of IsRecordStep after `step`: 1, 2, ..., 10, 11, ..., 20, 22, 24, ...
// (integer arithmetic: the same steps on every platform).
int64_t NextOnGrid(int64_t step) {
  int64_t at = 1;
  while (at <= step) at = std::max(at + 1, at + at / 10);
  return at;
}

}  // namespace

bool IsRecordStep(const RunConfig& config, int64_t step) {
  return step == 0 || IsRunEnd(config, step) || NextOnGrid(step - 1) == step;
}

int64_t NextRecordStep(const RunConfig& config, int64_t step) {
  const int64_t end = config.steps > 0 ? (step / config.steps + 1) * config.steps : kMaxStep;
  return std::min(NextOnGrid(std::max<int64_t>(step, 0)), end);
}

int64_t LocalSvmShare(int64_t step_units) { return std::max<int64_t>(1, step_units / 4); }

Status CheckReplayStep(double step) {
  if (std::isfinite(step) && step >= 0 && step <= kMaxRunSteps && std::floor(step) == step) {
    return Status::Ok();
  }
  return Status::Error("a link replays a whole number of steps in [0, " +
                       std::to_string(kMaxRunSteps) + "]");
}

}  // namespace clslab
