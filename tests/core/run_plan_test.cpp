// The run plan (run_plan.h): the rules every driver follows. PlanRun alone (budget, the
// step on E, the due solve, per protocol, the data a run needs), then the plan the
// Experiment reports as a run goes (with its step reports).
#include "clslab/run_plan.h"

#include <gtest/gtest.h>

#include "clslab/experiment.h"
#include "clslab/json_report.h"

namespace clslab {
namespace {

RunConfig Config(Protocol protocol, int32_t steps) {
  RunConfig config;
  config.protocol = protocol;
  config.steps = steps;
  return config;
}

RunState At(int64_t step, Phase phase, bool settled = false) {
  RunState state;
  state.loaded = true;
  state.step = step;
  state.phase = phase;
  state.max_margin_settled = settled;
  return state;
}

TEST(RunPlan, ABudgetNotSpentRunsToTheStepsSetting) {
  const RunPlan plan = PlanRun(Config(Protocol::kJoint, 300), At(120, Phase::kJoint));
  EXPECT_FALSE(plan.budget_spent);
  EXPECT_EQ(plan.target_step, 300);
}

TEST(RunPlan, ASpentBudgetRunsThatManyStepsMore) {
  const RunPlan at = PlanRun(Config(Protocol::kJoint, 300), At(300, Phase::kJoint));
  EXPECT_TRUE(at.budget_spent);
  EXPECT_EQ(at.target_step, 600);
  const RunPlan past = PlanRun(Config(Protocol::kPaper, 50), At(420, Phase::kFlow, true));
  EXPECT_TRUE(past.budget_spent);
  EXPECT_EQ(past.target_step, 470);
}

TEST(RunPlan, PaperAtStepZeroTakesTheStepOnEAloneAndOwesNoSolveYet) {
  const RunPlan plan = PlanRun(Config(Protocol::kPaper, 300), At(0, Phase::kInitialized));
  EXPECT_TRUE(plan.step_on_embeddings_due);
  EXPECT_EQ(plan.max_chunk, 1);
  EXPECT_EQ(plan.solve_due, DueSolve::kNone);
}

TEST(RunPlan, PaperOwesTheSolveRightAfterTheStepOnEUntilOneSettles) {
  const RunConfig paper = Config(Protocol::kPaper, 300);
  const RunPlan owed = PlanRun(paper, At(1, Phase::kEmbeddingsStepped));
  EXPECT_FALSE(owed.step_on_embeddings_due);
  EXPECT_EQ(owed.solve_due, DueSolve::kMaxMargin);
  EXPECT_EQ(owed.max_chunk, kMaxStep);
  EXPECT_EQ(PlanRun(paper, At(1, Phase::kEmbeddingsStepped, true)).solve_due, DueSolve::kNone);
  // Once the flow started without it (a cancelled solve), the run does not stop for it.
  EXPECT_EQ(PlanRun(paper, At(2, Phase::kFlow)).solve_due, DueSolve::kNone);
}

TEST(RunPlan, JointTrainingHasNoStepOnEAndNoSolveOfItsOwn) {
  const RunConfig joint = Config(Protocol::kJoint, 300);
  for (const RunState& state : {At(0, Phase::kInitialized), At(1, Phase::kJoint)}) {
    const RunPlan plan = PlanRun(joint, state);
    EXPECT_FALSE(plan.step_on_embeddings_due);
    EXPECT_EQ(plan.solve_due, DueSolve::kNone);
    EXPECT_EQ(plan.max_chunk, kMaxStep);
  }
}

TEST(RunPlan, AStepsOwnWorkComesInOrderBeforeTheNextStep) {
  const RunConfig paper = Config(Protocol::kPaper, 300);
  // Step 7 of the flow (a record step): its share of p_local, then its history point.
  RunState state = At(7, Phase::kFlow, true);
  state.local_share_left = 100;
  EXPECT_EQ(PlanRun(paper, state).next, RunItem::kLocalSvmShare);
  EXPECT_FALSE(PlanRun(paper, state).settled);
  // A p_mm solve the user asked for comes after the share, before the record.
  state.max_margin_settled = false;
  state.max_margin_requested = true;
  EXPECT_EQ(PlanRun(paper, state).next, RunItem::kLocalSvmShare);
  state.local_share_left = 0;
  EXPECT_EQ(PlanRun(paper, state).next, RunItem::kMaxMargin);
  EXPECT_EQ(PlanRun(paper, state).solve_due, DueSolve::kMaxMargin);
  state.max_margin_settled = true;
  EXPECT_EQ(PlanRun(paper, state).next, RunItem::kRecordMetrics);
  state.recorded = true;
  const RunPlan done = PlanRun(paper, state);
  EXPECT_EQ(done.next, RunItem::kStep);
  EXPECT_TRUE(done.settled);
  // Step 8 is not a record step... 11 is, 21 is not (the grid goes 20, 22, ...).
  EXPECT_EQ(PlanRun(paper, At(21, Phase::kFlow, true)).next, RunItem::kStep);
  EXPECT_EQ(PlanRun(paper, At(22, Phase::kFlow, true)).next, RunItem::kRecordMetrics);
}

TEST(RunPlan, ARunsEndSolvesTheFlowsFinalSelectionInsteadOfAShare) {
  const RunConfig paper = Config(Protocol::kPaper, 300);
  RunState end = At(300, Phase::kFlow, true);
  end.local_share_left = 100;  // the end's own solve replaces the background share
  const RunPlan plan = PlanRun(paper, end);
  EXPECT_TRUE(plan.run_end);
  EXPECT_EQ(plan.next, RunItem::kLocalSvmFinish);
  end.local_finished = true;
  EXPECT_EQ(PlanRun(paper, end).next, RunItem::kRecordMetrics);  // every run end is recorded
  // Play past the budget runs to the next multiple: 600 is a run's end too.
  EXPECT_TRUE(PlanRun(paper, At(600, Phase::kFlow, true)).run_end);
  EXPECT_FALSE(PlanRun(paper, At(450, Phase::kFlow, true)).run_end);
  // The step on E's run (steps = 1) has nothing of its own to solve: p is still 0.
  const RunPlan one = PlanRun(Config(Protocol::kPaper, 1), At(1, Phase::kEmbeddingsStepped, true));
  EXPECT_TRUE(one.run_end);
  EXPECT_EQ(one.next, RunItem::kRecordMetrics);
}

TEST(RunPlan, AJointRunsEndOwesPmmOfItsFinalE) {
  const RunConfig joint = Config(Protocol::kJoint, 300);
  EXPECT_EQ(PlanRun(joint, At(299, Phase::kJoint)).solve_due, DueSolve::kNone);
  const RunPlan end = PlanRun(joint, At(300, Phase::kJoint));
  EXPECT_EQ(end.solve_due, DueSolve::kMaxMargin);
  EXPECT_EQ(end.next, RunItem::kMaxMargin);
  EXPECT_EQ(PlanRun(joint, At(300, Phase::kJoint, true)).solve_due, DueSolve::kNone);
  // Joint training has no flow of its own to solve for.
  RunState share = At(5, Phase::kJoint);
  share.local_share_left = 100;
  EXPECT_NE(PlanRun(joint, share).next, RunItem::kLocalSvmShare);
}

TEST(RunPlan, TheHistoryIsRecordedAtLogSpacedStepsAndAtEveryRunEnd) {
  const RunConfig config = Config(Protocol::kPaper, 250);
  std::vector<int64_t> steps;
  for (int64_t step = 0; step <= 300; ++step) {
    if (IsRecordStep(config, step)) steps.push_back(step);
  }
  const std::vector<int64_t> expected = {
      0,  1,  2,  3,   4,   5,   6,   7,   8,   9,   10,  11,  12,  13,  14,  15, 16, 17,
      18, 19, 20, 22,  24,  26,  28,  30,  33,  36,  39,  42,  46,  50,  55,  60, 66, 72,
      79, 86, 94, 103, 113, 124, 136, 149, 163, 179, 196, 215, 236, 250, 259, 284};
  EXPECT_EQ(steps, expected);
  int64_t step = 0;
  for (int64_t next : std::vector<int64_t>(expected.begin() + 1, expected.end())) {
    EXPECT_EQ(NextRecordStep(config, step), next) << step;
    step = next;
  }
  EXPECT_EQ(NextRecordStep(config, 284), 312);
  EXPECT_EQ(NextRecordStep(config, 490), 500);  // the second run's end
}

TEST(RunPlan, TheFlowsOwnSvmGetsAQuarterOfEachStepsWork) {
  EXPECT_EQ(LocalSvmShare(4000), 1000);
  EXPECT_EQ(LocalSvmShare(2), 1);  // never nothing: a solve under way always moves
}

TEST(RunPlan, WithoutDataNothingIsDueAndTheNeedNamesTheData) {
  RunConfig config = Config(Protocol::kPaper, 300);
  config.dataset = "url";
  config.source_name = "https://example.org/reviews.csv";
  config.source_rows = 120;
  config.source_hash = "abc";
  const RunPlan plan = PlanRun(config, RunState());
  EXPECT_FALSE(plan.step_on_embeddings_due);
  EXPECT_EQ(plan.solve_due, DueSolve::kNone);
  EXPECT_EQ(plan.target_step, 300);
  EXPECT_EQ(plan.data.kind, SourceKind::kUrl);
  EXPECT_TRUE(plan.data.user_data);
  EXPECT_FALSE(plan.data.loaded);
  EXPECT_EQ(plan.data.name, config.source_name);
  EXPECT_EQ(plan.data.rows, 120);
  EXPECT_EQ(plan.data.hash, "abc");
  const RunPlan builtin = PlanRun(Config(Protocol::kPaper, 300), RunState());
  EXPECT_EQ(builtin.data.kind, SourceKind::kBuiltin);
  EXPECT_EQ(builtin.data.name, "twins");
  EXPECT_FALSE(builtin.data.user_data);
}

TEST(RunPlan, ALinkReplaysAWholeNumberOfStepsUpToTheLongestRun) {
  EXPECT_TRUE(CheckReplayStep(0).ok());
  EXPECT_TRUE(CheckReplayStep(kMaxRunSteps).ok());
  for (double step : {-1.0, 2.5, kMaxRunSteps + 1.0, 1e300}) {
    EXPECT_FALSE(CheckReplayStep(step).ok()) << step;
  }
  EXPECT_NE(CheckReplayStep(-1).message().find("1000000"), std::string::npos);
  // The `steps` setting has the same bound: a run's budget is a run a link can replay.
  for (const SettingField& field : SettingFields()) {
    if (field.key == "steps") EXPECT_EQ(field.max, kMaxRunSteps);
  }
}

TEST(RunPlan, EnumsCrossAsTheirNames) {
  const nlohmann::ordered_json json =
      ToJson(PlanRun(Config(Protocol::kPaper, 300), At(1, Phase::kEmbeddingsStepped)));
  EXPECT_EQ(json["protocol"], "paper");
  EXPECT_EQ(json["phase"], "embeddings_stepped");
  EXPECT_EQ(json["solve_due"], "max_margin");
  EXPECT_EQ(json["next"], "max_margin");
  EXPECT_EQ(json["data"]["kind"], "builtin");
}

TEST(RunPlan, TheExperimentReportsThePlanWithEveryStep) {
  RunConfig config;
  config.dataset = "synthetic";
  config.synthetic_reviews = 200;
  config.width = 128;
  config.steps = 3;
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(config).ok());
  EXPECT_TRUE(experiment.Plan().step_on_embeddings_due);
  const StepReport first = experiment.Advance(1);
  EXPECT_EQ(first.plan.phase, Phase::kEmbeddingsStepped);
  EXPECT_EQ(first.plan.solve_due, DueSolve::kMaxMargin);
  ASSERT_TRUE(experiment.SolveMaxMargin().solved);
  EXPECT_EQ(experiment.Plan().solve_due, DueSolve::kNone) << "a finished solve is not owed";
  const StepReport rest = experiment.Advance(2);
  EXPECT_EQ(rest.plan.phase, Phase::kFlow);
  EXPECT_TRUE(rest.plan.budget_spent);
  EXPECT_EQ(rest.plan.target_step, 6);
  // A new seed draws new weights: back to step 0, the step on E due again.
  config.seed = 9;
  ASSERT_TRUE(experiment.Configure(config).ok());
  EXPECT_TRUE(experiment.Plan().step_on_embeddings_due);
}

}  // namespace
}  // namespace clslab
