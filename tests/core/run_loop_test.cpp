// The run's one loop (Experiment::Work, work.h): one run, whatever the driver's budget, does
// the same work and so gives the same numbers at every step, bit for bit: the weights, the
// p_mm solve, the flow's own att-SVM solved in the background and at the run's end, the
// metrics history and the guidance read from it. And what a driver asks of it (a target, a
// measurement, a cancel) it answers as work.h says.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clslab/experiment.h"
#include "clslab/json_report.h"
#include "clslab/work.h"

namespace clslab {
namespace {

// An infeasible synthetic set (cycles in the constraints of s*), small enough that a run
// solves p_local several times: its selection changes as p grows, and each solve takes a
// few steps' shares.
RunConfig SmallRun(Protocol protocol) {
  RunConfig config;
  config.dataset = "synthetic";
  config.synthetic_reviews = 40;
  config.synthetic_feasible = false;
  config.min_count = 1;
  config.width = 48;
  config.eta = 1000;
  config.protocol = protocol;
  config.steps = 12;  // two run ends in the 24 steps below
  return config;
}

// Everything one step shows, as JSON text: the metrics (with the checksum of the weights),
// both solves' reports and the guidance.
std::string StepText(const Experiment& experiment) {
  nlohmann::ordered_json json;
  json["metrics"] = ToJson(experiment.CurrentMetrics());
  json["max_margin"] = ToJson(experiment.max_margin_report());
  json["local_svm"] = ToJson(experiment.local_svm_report());
  json["guidance"] = ToJson(experiment.Explain());
  return json.dump();
}

// The run with no budget to `step` and that step's own work, measured there (as `clslab
// train` runs it): the last call's report.
WorkReport RunTo(Experiment* experiment, int64_t step) {
  WorkOrder order;
  order.target_step = step;
  order.measure_at = step;
  WorkReport report = experiment->Work(order);
  while (!report.metrics_ready && !report.steps.refused) report = experiment->Work(order);
  return report;
}

// The run to `steps`, measured at every step, with calls of at most `budget` units each.
std::vector<std::string> RunWithBudget(Protocol protocol, int64_t budget, int64_t steps,
                                       int64_t* calls) {
  Experiment experiment;
  EXPECT_TRUE(experiment.LoadSynthetic(SmallRun(protocol)).ok());
  std::vector<std::string> seen;
  *calls = 0;
  for (int64_t at = 0; at <= steps; ++at) {
    WorkOrder order;
    order.target_step = steps;
    order.budget = budget;
    order.measure_at = at;
    order.explain = true;
    for (;;) {
      const WorkReport report = experiment.Work(order);
      ++*calls;
      EXPECT_FALSE(report.steps.refused) << report.steps.message;
      if (report.metrics_ready) {
        EXPECT_TRUE(report.guidance_ready);
        EXPECT_TRUE(report.plan.settled);
        break;
      }
      if (report.steps.refused) return seen;
    }
    EXPECT_EQ(experiment.step(), at);
    seen.push_back(StepText(experiment));
  }
  return seen;
}

TEST(RunLoop, OneRunGivesTheSameNumbersBitForBitWhateverTheBudget) {
  for (Protocol protocol : {Protocol::kPaper, Protocol::kJoint}) {
    int64_t calls_one = 0, calls_thousand = 0, calls_unbounded = 0;
    const std::vector<std::string> unbounded =
        RunWithBudget(protocol, kUnbounded, 24, &calls_unbounded);
    const std::vector<std::string> thousand = RunWithBudget(protocol, 1000, 24, &calls_thousand);
    const std::vector<std::string> one = RunWithBudget(protocol, 1, 24, &calls_one);
    ASSERT_EQ(unbounded.size(), 25u);
    // The budgets did cut the work into pieces (a call per item with a budget of 1).
    EXPECT_GT(calls_thousand, calls_unbounded);
    EXPECT_GT(calls_one, calls_thousand);
    for (size_t step = 0; step < unbounded.size(); ++step) {
      EXPECT_EQ(thousand.at(step), unbounded[step]) << "budget 1,000, step " << step;
      EXPECT_EQ(one.at(step), unbounded[step]) << "budget 1, step " << step;
    }
  }
}

TEST(RunLoop, ThePaperRunSolvesItsOwnSelectionInTheBackgroundAndAtEachRunEnd) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  const WorkReport first = RunTo(&experiment, 1);
  EXPECT_EQ(first.stopped, WorkStop::kTarget);
  EXPECT_TRUE(first.metrics_ready);
  // The step on E's own work: p_mm, solved before the step's metrics.
  EXPECT_TRUE(experiment.CurrentMetrics().has_max_margin);
  int32_t solves_before_end = 0;
  for (int64_t at = 2; at <= 12; ++at) {
    RunTo(&experiment, at);
    const Metrics m = experiment.CurrentMetrics();
    if (at < 12) solves_before_end = experiment.local_svm_report().solves;
    if (at == 12) {
      // A run's end: p_local is of the selection the flow ends with.
      ASSERT_TRUE(m.has_local_svm);
      EXPECT_EQ(m.local_svm_step, 12);
      EXPECT_TRUE(m.local_selection_current);
    }
  }
  EXPECT_GT(solves_before_end, 0) << "p_local was solved during the run, not only at its end";
}

TEST(RunLoop, ABudgetStopsACallAndTheNextGoesOnWhereItStopped) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  WorkOrder order;
  order.target_step = 5;
  order.budget = 1;
  const WorkReport first = experiment.Work(order);
  EXPECT_EQ(first.stopped, WorkStop::kBudget);
  EXPECT_GE(first.spent, 1);
  int32_t calls = 1;
  WorkReport report = first;
  while (report.stopped != WorkStop::kTarget) {
    report = experiment.Work(order);
    ASSERT_NE(report.stopped, WorkStop::kRefused);
    ASSERT_LT(++calls, 1000000);
  }
  EXPECT_EQ(report.steps.step, 5);
  EXPECT_TRUE(report.plan.settled);
  // At the target with its work done: nothing is owed, and a call says so at once.
  const WorkReport idle = experiment.Work(order);
  EXPECT_EQ(idle.stopped, WorkStop::kTarget);
  EXPECT_EQ(idle.spent, 0);
  EXPECT_EQ(idle.steps.taken, 0);
}

TEST(RunLoop, MaxStepsPacesTheStepsAndTheSolveStartsACallOfItsOwn) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  WorkOrder order;
  order.target_step = 10;
  order.max_steps = 1;
  // Step 0's history point, then the step on E; the solve it owes starts the next call.
  const WorkReport first = experiment.Work(order);
  EXPECT_EQ(first.steps.taken, 1);
  EXPECT_EQ(first.stopped, WorkStop::kSolveNext);
  EXPECT_EQ(first.plan.next, RunItem::kMaxMargin);
  const WorkReport solve = experiment.Work(order);
  EXPECT_TRUE(solve.max_margin_ended);
  EXPECT_EQ(solve.steps.taken, 1);
  EXPECT_EQ(solve.stopped, WorkStop::kSteps);
  EXPECT_EQ(experiment.step(), 2);
}

TEST(RunLoop, AMeasurementBeforeTheSolvesShowsTheStepOnEAtOnce) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  WorkOrder order;
  order.target_step = 1;
  order.measure_at = 1;
  order.measure_before_solves = true;
  WorkReport report = experiment.Work(order);
  while (!report.metrics_ready) report = experiment.Work(order);
  EXPECT_EQ(report.stopped, WorkStop::kMeasured);
  EXPECT_FALSE(report.plan.settled);
  EXPECT_EQ(report.plan.next, RunItem::kMaxMargin);
  EXPECT_FALSE(experiment.CurrentMetrics().has_max_margin);
  order.measure_before_solves = false;
  report = experiment.Work(order);
  EXPECT_EQ(report.stopped, WorkStop::kTarget);
  EXPECT_TRUE(experiment.CurrentMetrics().has_max_margin);
}

TEST(RunLoop, ACancelledSolveIsNoLongerOwedUntilAskedForAgain) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  WorkOrder order;
  order.target_step = 1;
  order.max_steps = 1;
  experiment.Work(order);
  ASSERT_EQ(experiment.Plan().next, RunItem::kMaxMargin);
  order.budget = 1;
  const WorkReport started = experiment.Work(order);
  EXPECT_TRUE(started.max_margin.active);
  EXPECT_EQ(experiment.Cancel(), RunItem::kMaxMargin);
  EXPECT_EQ(experiment.Plan().solve_due, DueSolve::kNone);
  EXPECT_NE(experiment.Plan().next, RunItem::kMaxMargin);
  EXPECT_EQ(RunTo(&experiment, 3).stopped, WorkStop::kTarget);
  EXPECT_FALSE(experiment.CurrentMetrics().has_max_margin) << "the run went on without it";
  // Asked for again (the page's Solve button): owed now, and solved.
  experiment.RequestMaxMargin();
  EXPECT_EQ(experiment.Plan().next, RunItem::kMaxMargin);
  EXPECT_EQ(RunTo(&experiment, 3).stopped, WorkStop::kTarget);
  EXPECT_TRUE(experiment.CurrentMetrics().has_max_margin);
  EXPECT_EQ(experiment.Cancel(), RunItem::kNone) << "nothing is owed now";
}

bool SaysCode(const Finding& f, const std::string& code) {
  if (f.code == code) return true;
  for (const Finding& d : f.details) {
    if (SaysCode(d, code)) return true;
  }
  return false;
}

TEST(RunLoop, ACancelledRunEndSolveOfPlocalIsRecordedNamedAndNoLongerOwed) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  // The run's end (step 12), measured before its blocking solve, as the page shows a stop.
  WorkOrder order;
  order.target_step = 12;
  order.measure_at = 12;
  order.measure_before_solves = true;
  WorkReport report = experiment.Work(order);
  while (!report.metrics_ready) report = experiment.Work(order);
  ASSERT_EQ(report.plan.next, RunItem::kLocalSvmFinish);
  EXPECT_FALSE(experiment.CurrentMetrics().local_svm_cancelled);
  EXPECT_EQ(experiment.Cancel(), RunItem::kLocalSvmFinish);
  EXPECT_NE(experiment.Plan().next, RunItem::kLocalSvmFinish) << "no longer owed";
  EXPECT_EQ(RunTo(&experiment, 12).stopped, WorkStop::kTarget);
  const Metrics& cancelled = experiment.CurrentMetrics();
  EXPECT_TRUE(cancelled.local_svm_cancelled);
  EXPECT_FALSE(cancelled.has_local_svm && cancelled.local_selection_current)
      << "no p_local of the selection at the cancelled step";
  // The verdict names the cancellation and claims nothing about p_local.
  const Guidance g = experiment.Explain();
  const Finding& result2 = g.panels[2];
  ASSERT_EQ(result2.panel, "result2");
  EXPECT_TRUE(SaysCode(result2, "result2-off-cancelled") ||
              SaysCode(result2, "result2-local-cancelled"));
  EXPECT_FALSE(SaysCode(result2, "result2-instead"));
  EXPECT_FALSE(SaysCode(result2, "result2-local"));
  for (const Finding& f : g.diagnostics) EXPECT_NE(f.code, "why-own-svm");
  EXPECT_EQ(experiment.Cancel(), RunItem::kNone) << "nothing is owed now";
  // The next run's end solves its p_local: the cancellation was of step 12 alone.
  EXPECT_EQ(RunTo(&experiment, 24).stopped, WorkStop::kTarget);
  EXPECT_FALSE(experiment.CurrentMetrics().local_svm_cancelled);
  const Finding after = experiment.Explain().panels[2];
  EXPECT_FALSE(SaysCode(after, "result2-local-cancelled") ||
               SaysCode(after, "result2-off-cancelled"));
}

TEST(RunLoop, AJointRunSolvesPmmOfItsFinalE) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kJoint)).ok());
  RunTo(&experiment, 11);
  EXPECT_FALSE(experiment.CurrentMetrics().has_max_margin);
  RunTo(&experiment, 12);
  EXPECT_TRUE(experiment.CurrentMetrics().has_max_margin);
  EXPECT_TRUE(experiment.max_margin_current());
}

TEST(RunLoop, AStepKindTakesOnlyItsKindOfStepAndRefusesAnotherInWords) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallRun(Protocol::kPaper)).ok());
  WorkOrder order;
  order.target_step = 1;
  order.step_kind = StepKind::kFlow;  // "Step p" before the step on E
  const WorkReport flow_first = experiment.Work(order);
  EXPECT_EQ(flow_first.stopped, WorkStop::kRefused);
  EXPECT_FALSE(flow_first.steps.message.empty());
  EXPECT_EQ(experiment.step(), 0);
  order.step_kind = StepKind::kEmbeddings;  // "Step E": the step, then the p_mm it owes
  WorkReport on_e = experiment.Work(order);
  EXPECT_EQ(on_e.stopped, WorkStop::kSolveNext) << "the solve starts a call of its own";
  on_e = experiment.Work(order);
  EXPECT_EQ(on_e.stopped, WorkStop::kTarget);
  EXPECT_EQ(experiment.step(), 1);
  EXPECT_TRUE(experiment.max_margin_current());
  order.target_step = 2;  // a second step on E: the paper protocol takes one
  const WorkReport again = experiment.Work(order);
  EXPECT_EQ(again.stopped, WorkStop::kRefused);
  EXPECT_EQ(experiment.step(), 1);
  order.step_kind = StepKind::kFlow;
  EXPECT_EQ(experiment.Work(order).stopped, WorkStop::kTarget);
  EXPECT_EQ(experiment.step(), 2);
}

TEST(RunLoop, WithoutDataACallSaysSo) {
  Experiment experiment;
  const WorkReport report = experiment.Work(WorkOrder());
  EXPECT_EQ(report.stopped, WorkStop::kNoData);
  EXPECT_TRUE(report.steps.refused);
  EXPECT_EQ(report.plan.next, RunItem::kNone);
}

}  // namespace
}  // namespace clslab
