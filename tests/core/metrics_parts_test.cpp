// The metrics measured in parts (Experiment::ContinueMetrics, what the page's worker calls
// during Play so that a Pause waits for one part, not for all) are the one-call metrics bit
// for bit, a change of the weights between parts starts the measurement over, and a new
// solution alone measures only the parts that read it.
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "clslab/experiment.h"

namespace clslab {
namespace {

// Every field of a Metrics as exact text: a double by its bits.
struct ExactFields {
  std::vector<std::string> fields;
  void operator()(const char* name, double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    fields.push_back(std::string(name) + "=" + std::to_string(bits));
  }
  void operator()(const char* name, const std::string& value) {
    fields.push_back(std::string(name) + "=" + value);
  }
  void operator()(const char* name, Phase value) {
    fields.push_back(std::string(name) + "=" + EnumKey(value));
  }
  template <typename Integer>
  void operator()(const char* name, Integer value) {
    fields.push_back(std::string(name) + "=" + std::to_string(value));
  }
};

std::vector<std::string> Exact(const Metrics& m) {
  ExactFields visitor;
  Describe(m, visitor);
  return visitor.fields;
}

// A paper run on a synthetic set whose attention-SVM is infeasible (so p_mm over the acyclic
// reviews exists too). Every word kept, as in version 1's defaults.
RunConfig InfeasibleSynthetic() {
  RunConfig config;
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "synthetic";
  config.synthetic_reviews = 300;
  config.synthetic_feasible = false;
  config.min_count = 1;
  config.width = 64;
  config.eta = 1000;
  return config;
}

// That run after the step on E, the solve and `flow_steps` steps of the flow.
void RunToTheFlow(Experiment* experiment, int32_t flow_steps) {
  ASSERT_TRUE(experiment->LoadSynthetic(InfeasibleSynthetic()).ok());
  ASSERT_FALSE(experiment->StepEmbeddings().refused);
  experiment->SolveMaxMargin();
  ASSERT_TRUE(experiment->max_margin_current());
  ASSERT_FALSE(experiment->StepAttention(flow_steps).refused);
}

// Calls ContinueMetrics until it says the metrics are complete; returns how many calls.
int MeasureInParts(const Experiment& experiment) {
  int calls = 1;
  while (!experiment.ContinueMetrics()) ++calls;
  return calls;
}

TEST(MetricsParts, InPartsTheyAreTheOneCallMetricsBitForBit) {
  Experiment in_parts, at_once;
  RunToTheFlow(&in_parts, 3);
  RunToTheFlow(&at_once, 3);
  EXPECT_GT(MeasureInParts(in_parts), 2);
  const Metrics parts = in_parts.CurrentMetrics();  // complete: read, not measured again
  const Metrics once = at_once.CurrentMetrics();
  EXPECT_TRUE(parts.has_max_margin && parts.has_max_margin_acyclic && parts.has_test);
  EXPECT_EQ(Exact(parts), Exact(once));
  EXPECT_TRUE(in_parts.ContinueMetrics());  // nothing left to measure at this step
}

TEST(MetricsParts, WeightsThatMoveBetweenPartsStartItOver) {
  Experiment moved, reference;
  RunToTheFlow(&moved, 3);
  RunToTheFlow(&reference, 4);
  EXPECT_FALSE(moved.ContinueMetrics());  // one part of step 4's metrics (step 1 + 3)
  ASSERT_FALSE(moved.StepAttention(1).refused);
  MeasureInParts(moved);
  const Metrics after = moved.CurrentMetrics();
  EXPECT_EQ(after.step, reference.CurrentMetrics().step);
  EXPECT_EQ(Exact(after), Exact(reference.CurrentMetrics()));
}

// A new solution alone (the solve after the step on E, the flow's own att-SVM) measures
// only the parts that read a solution again, and gives the metrics measured from scratch.
TEST(MetricsParts, ANewSolutionAloneMeasuresOnlyWhatReadsIt) {
  const RunConfig config = InfeasibleSynthetic();
  Experiment measured_before, solved_first;
  for (Experiment* e : {&measured_before, &solved_first}) {
    ASSERT_TRUE(e->LoadSynthetic(config).ok());
    ASSERT_FALSE(e->StepEmbeddings().refused);
    ASSERT_FALSE(e->StepAttention(3).refused);
  }
  const int all_parts = MeasureInParts(measured_before);
  EXPECT_FALSE(measured_before.CurrentMetrics().has_max_margin);
  measured_before.SolveMaxMargin();
  solved_first.SolveMaxMargin();
  ASSERT_TRUE(measured_before.max_margin_current());
  const int solution_parts = MeasureInParts(measured_before);
  EXPECT_LT(solution_parts, all_parts);
  EXPECT_GE(solution_parts, 1);
  const Metrics again = measured_before.CurrentMetrics();
  EXPECT_TRUE(again.has_max_margin);
  EXPECT_EQ(Exact(again), Exact(solved_first.CurrentMetrics()));
  // The weights move: every part is measured again.
  ASSERT_FALSE(measured_before.StepAttention(1).refused);
  EXPECT_EQ(MeasureInParts(measured_before), all_parts);
}

TEST(MetricsParts, WithoutDataThereIsNothingToMeasure) {
  Experiment empty;
  EXPECT_TRUE(empty.ContinueMetrics());
  EXPECT_EQ(empty.CurrentMetrics().step, 0);
}

}  // namespace
}  // namespace clslab
