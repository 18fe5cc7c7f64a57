// The run plan's rules (run_plan.h): the one place that says how far a run goes, when the
// paper's step on E comes and when p_mm is solved. Pure: settings and state in, plan out.
#include "clslab/run_plan.h"

#include <cmath>
#include <string>

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
  // The step on E makes the selected tokens, and so p_mm, known; E is frozen from then on,
  // so one solve right after it gives cos(p, p_mm) and the margin from the first flow step.
  if (state.loaded && paper && plan.phase == Phase::kEmbeddingsStepped &&
      !state.max_margin_settled) {
    plan.solve_due = DueSolve::kMaxMargin;
  }
  plan.max_chunk = plan.step_on_embeddings_due ? 1 : kMaxStep;
  plan.data = NeedOf(config, state.loaded);
  return plan;
}

Status CheckReplayStep(double step) {
  if (std::isfinite(step) && step >= 0 && step <= kMaxRunSteps && std::floor(step) == step) {
    return Status::Ok();
  }
  return Status::Error("a link replays a whole number of steps in [0, " +
                       std::to_string(kMaxRunSteps) + "]");
}

}  // namespace clslab
