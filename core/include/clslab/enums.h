// Every enum that crosses a boundary (the JSON, the run files, the page), each with its one
// name table: the one spelling of its values everywhere (wasm/marshal.h passes the name,
// json_report.h writes it). Headers that use these enums include this one, so a report
// header needs neither the trainer nor the settings schema.
#pragma once

#include <array>
#include <string_view>

namespace clslab {

template <typename E>
struct EnumName {
  E value;
  const char* name;
};

// Training (trainer.h).
enum class Protocol { kPaper, kJoint };
enum class FlowStep { kNormalized, kGrowing, kArmijo };
enum class Phase { kInitialized, kEmbeddingsStepped, kFlow, kJoint };

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

// Where a run's data comes from, as named by RunConfig::dataset (config.h): kBuiltin first;
// its datasets go by their own names (BuiltinDatasets), the others by these.
enum class SourceKind { kBuiltin, kSynthetic, kFile, kUrl, kPreset };
inline const std::array<EnumName<SourceKind>, 5>& EnumNames(SourceKind) {
  static constexpr std::array<EnumName<SourceKind>, 5> names{{{SourceKind::kBuiltin, "builtin"},
                                                              {SourceKind::kSynthetic, "synthetic"},
                                                              {SourceKind::kFile, "file"},
                                                              {SourceKind::kUrl, "url"},
                                                              {SourceKind::kPreset, "preset"}}};
  return names;
}

// What an attention-SVM solve is solving (MaxMarginProgress::stage, reports.h): p_mm over
// all reviews or over the acyclic ones, with a hard or a soft margin, or the flow's own
// selection (p_local, hard margin); the page words each by the catalog.
enum class SolveStage { kNone, kAllHard, kAllSoft, kAcyclicHard, kAcyclicSoft, kLocalHard, kDone };
inline const std::array<EnumName<SolveStage>, 7>& EnumNames(SolveStage) {
  static constexpr std::array<EnumName<SolveStage>, 7> names{
      {{SolveStage::kNone, "none"},
       {SolveStage::kAllHard, "all_hard"},
       {SolveStage::kAllSoft, "all_soft"},
       {SolveStage::kAcyclicHard, "acyclic_hard"},
       {SolveStage::kAcyclicSoft, "acyclic_soft"},
       {SolveStage::kLocalHard, "local_hard"},
       {SolveStage::kDone, "done"}}};
  return names;
}

// The run plan (run_plan.h). The solve a run owes before its next step. One value, not a
// flag: a new kind of solve is one more enumerator and one more rule.
enum class DueSolve { kNone, kMaxMargin };
inline const std::array<EnumName<DueSolve>, 2>& EnumNames(DueSolve) {
  static constexpr std::array<EnumName<DueSolve>, 2> names{
      {{DueSolve::kNone, "none"}, {DueSolve::kMaxMargin, "max_margin"}}};
  return names;
}

// What the run does next (RunPlan::next). A step's own work comes in this order, each item
// done before the next one starts, and then the next step:
//   1. kLocalSvmShare: the flow's own att-SVM (p_local, local_svm.h) in the background: a
//      share of work per step (LocalSvmShare), so its solves never hold up the flow;
//   2. kMaxMargin: the p_mm solve the step owes (after the paper's step on E; at a joint
//      run's end; when asked for), to its end;
//   3. kLocalSvmFinish: at a run's end (IsRunEnd), the att-SVM of the selection the flow
//      ends with, to its end (the step's Result 2 verdict reads it);
//   4. kRecordMetrics: the step's point of the metrics history (IsRecordStep), which the
//      guidance reads for trends and peaks;
//   5. kStepOnEmbeddings or kStep.
// Items 2 and 3 block the next step (a driver shows the step before them); 1 and 4 are
// bounded by a step's own cost.
enum class RunItem {
  kNone,              // no data is loaded
  kStepOnEmbeddings,  // paper protocol at step 0: the one GD step on E
  kStep,              // the step's work is done: the next step (flow on p, or joint)
  kLocalSvmShare,
  kMaxMargin,
  kLocalSvmFinish,
  kRecordMetrics,
};
inline const std::array<EnumName<RunItem>, 7>& EnumNames(RunItem) {
  static constexpr std::array<EnumName<RunItem>, 7> names{
      {{RunItem::kNone, "none"},
       {RunItem::kStepOnEmbeddings, "step_on_embeddings"},
       {RunItem::kStep, "step"},
       {RunItem::kLocalSvmShare, "local_svm_share"},
       {RunItem::kMaxMargin, "max_margin"},
       {RunItem::kLocalSvmFinish, "local_svm_finish"},
       {RunItem::kRecordMetrics, "record_metrics"}}};
  return names;
}

// The run's loop (work.h). Which steps a call may take: any (Play, Step), or only the step
// on E or the flow on p (the paper protocol's Step E and Step p presses); a step of another
// kind is refused in words.
enum class StepKind { kAny, kEmbeddings, kFlow };
inline const std::array<EnumName<StepKind>, 3>& EnumNames(StepKind) {
  static constexpr std::array<EnumName<StepKind>, 3> names{
      {{StepKind::kAny, "any"}, {StepKind::kEmbeddings, "embeddings"}, {StepKind::kFlow, "flow"}}};
  return names;
}

// Why a Work call returned.
enum class WorkStop {
  kNoData,    // nothing is loaded
  kBudget,    // the budget is spent; more work is owed toward the target
  kSteps,     // max_steps steps were taken
  kMeasured,  // the metrics asked for are ready (and the guidance, when asked)
  kTarget,    // the run stands at the target with the step's work done: nothing is owed
  kRefused,   // a step was refused (StepReport::message says why)
  // The next call starts the p_mm solve, whose set-up (constraints, cycles: O(N + K)) is one
  // long piece of work: a driver that watches for a silent worker says so first.
  kSolveNext,
};
inline const std::array<EnumName<WorkStop>, 7>& EnumNames(WorkStop) {
  static constexpr std::array<EnumName<WorkStop>, 7> names{{{WorkStop::kNoData, "no_data"},
                                                            {WorkStop::kBudget, "budget"},
                                                            {WorkStop::kSteps, "steps"},
                                                            {WorkStop::kMeasured, "measured"},
                                                            {WorkStop::kTarget, "target"},
                                                            {WorkStop::kRefused, "refused"},
                                                            {WorkStop::kSolveNext, "solve_next"}}};
  return names;
}

// A value's name in its table ("" for a value outside it).
template <typename E>
const char* EnumKey(E value) {
  for (const EnumName<E>& entry : EnumNames(value)) {
    if (entry.value == value) return entry.name;
  }
  return "";
}
// The value named `name` in E's table; false (and *value unchanged) for no such name.
template <typename E>
bool EnumFromName(std::string_view name, E* value) {
  for (const EnumName<E>& entry : EnumNames(E{})) {
    if (name == entry.name) {
      *value = entry.value;
      return true;
    }
  }
  return false;
}

}  // namespace clslab
