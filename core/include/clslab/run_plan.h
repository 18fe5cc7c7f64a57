// The run plan: what a run does next and why, computed from the settings and the state
// alone, so that every driver (the page's worker, `clslab train`, `clslab reproduce`)
// follows the same rules: how far a run goes, when the step on E comes, when p_mm is
// solved, which data the run needs. Drivers keep only their pacing (time slices, printing).
// The enums cross the boundary by the names in their tables (JSON keys, Embind enum_).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "clslab/config.h"
#include "clslab/status.h"
#include "clslab/trainer.h"

namespace clslab {

// The solve a run owes before its next step. One value, not a flag: a new kind of solve
// (a local SVM of the flow's selection) is one more enumerator and one more rule.
enum class DueSolve { kNone, kMaxMargin };

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
  v("data", p.data);
}

// What the plan reads of a run besides its settings.
struct RunState {
  bool loaded = false;
  int64_t step = 0;
  Phase phase = Phase::kInitialized;
  // A p_mm solve for the current E finished or failed (one cancelled or never started has
  // not): the solve is no longer owed.
  bool max_margin_settled = false;
};

RunPlan PlanRun(const RunConfig& config, const RunState& state);

// The longest run: the `steps` setting's bound, and the furthest step a link may ask to
// replay (its `run=` key). CheckReplayStep says why another step is refused.
constexpr int32_t kMaxRunSteps = 1000000;
Status CheckReplayStep(double step);

// Each enum's names, in declaration order: the JSON values and the Embind enum_ keys.
template <typename E>
struct EnumName {
  E value;
  const char* name;
};
inline const std::array<EnumName<Protocol>, 2>& EnumNames(Protocol) {
  static constexpr std::array<EnumName<Protocol>, 2> names{
      {{Protocol::kPaper, "paper"}, {Protocol::kJoint, "joint"}}};
  return names;
}
inline const std::array<EnumName<Phase>, 4>& EnumNames(Phase) {
  static constexpr std::array<EnumName<Phase>, 4> names{
      {{Phase::kInitialized, "initialized"},
       {Phase::kEmbeddingsStepped, "embeddings_stepped"},
       {Phase::kFlow, "flow"},
       {Phase::kJoint, "joint"}}};
  return names;
}
// Source kinds are named by config.h's own list (the `dataset` values).
inline const std::vector<EnumName<SourceKind>>& EnumNames(SourceKind) {
  static const std::vector<EnumName<SourceKind>> names = [] {
    std::vector<EnumName<SourceKind>> list;
    for (SourceKind kind : SourceKinds()) list.push_back({kind, SourceKindName(kind)});
    return list;
  }();
  return names;
}
inline const std::array<EnumName<DueSolve>, 2>& EnumNames(DueSolve) {
  static constexpr std::array<EnumName<DueSolve>, 2> names{
      {{DueSolve::kNone, "none"}, {DueSolve::kMaxMargin, "max_margin"}}};
  return names;
}
template <typename E>
const char* EnumKey(E value) {
  for (const EnumName<E>& entry : EnumNames(value)) {
    if (entry.value == value) return entry.name;
  }
  return "";
}

}  // namespace clslab
