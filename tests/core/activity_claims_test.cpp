// Every sentence the class activity says keeps its claim (activity_words.h): runs are played
// step by step under several settings (the paper protocol with and without p_mm, joint
// training, no test split, a large sigma that hides Result 1, other run lengths), the
// activity is evaluated at every step, and each question's words and each reveal are
// checked against the run's numbers at the step they speak of; a reveal kept from an earlier
// step reads exactly as it did when the run settled it. The claims are shown to fail on a
// wrong number, a flipped answer and another step, and each claim is met on some run.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "activity_run.h"
#include "clslab/activity.h"
#include "clslab/activity_words.h"
#include "clslab/experiment.h"
#include "clslab/json_report.h"

namespace clslab {
namespace {

RunConfig SmallRun() { return ActivityRun(30); }

struct Case {
  const char* name;
  RunConfig config;
  bool solve = true;  // solve for p_mm after the step on E (paper protocol)
};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  cases.push_back({"paper", SmallRun()});
  cases.push_back({"paper without p_mm", SmallRun(), false});
  RunConfig joint = SmallRun();
  joint.protocol = Protocol::kJoint;
  joint.steps = 25;
  cases.push_back({"joint", joint});
  RunConfig no_test = SmallRun();
  no_test.test_fraction = 0;
  cases.push_back({"no test split", no_test});
  RunConfig noisy = SmallRun();
  noisy.sigma = 3;  // the initial E hides the step on E: the slope does not match
  noisy.steps = 12;
  cases.push_back({"large sigma", noisy});
  RunConfig rare = SmallRun();
  rare.synthetic_reviews = 10;  // no token occurs 20 times: Figure 1 has nothing to measure
  rare.test_fraction = 0.3;
  cases.push_back({"few reviews", rare});
  return cases;
}

SettleInputs RunNow(const Experiment& experiment, const ActivityQuestion& q) {
  SettleInputs run;
  run.config = experiment.config();
  run.metrics = experiment.CurrentMetrics();
  if (q.review >= 0) run.review = experiment.Review(false, q.review);
  return run;
}

std::string Text(const Finding& f) { return ToJson(f).dump(); }

// The committed responses: "true" to every yes/no question, the first choice of the word.
std::string Responses(const ActivityReport& report) {
  std::string json = "{";
  for (const ActivityQuestion& q : report.questions) {
    if (!q.not_applicable.empty()) continue;
    if (json.size() > 1) json += ",";
    json += "\"" + q.id + "\":\"" + (q.choices.empty() ? "" : q.choices[0]) + "\"";
  }
  return json + "}";
}

TEST(ActivityClaims, EverySentenceOfEveryRunKeepsItsClaimAtTheStepItSpeaksOf) {
  std::set<std::string> met;  // codes whose claim held on some run
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.name);
    Experiment experiment;
    ASSERT_TRUE(experiment.LoadSynthetic(c.config).ok());
    Result<ActivityReport> report = EvaluateActivity(experiment, "", "");
    ASSERT_TRUE(report.ok());
    report = CommitActivity(experiment, "", "", Responses(report.value));
    ASSERT_TRUE(report.value.committed) << Text(report.value.refusal);
    std::map<std::string, std::string> revealed;  // question -> its outcome when settled
    const bool paper = c.config.protocol == Protocol::kPaper;
    for (int64_t step = 0; step <= c.config.steps; ++step) {
      if (step == 1 && paper) {
        ASSERT_FALSE(experiment.StepEmbeddings().refused);
        if (c.solve) experiment.SolveMaxMargin();
      } else if (step > 0) {
        ASSERT_FALSE((paper ? experiment.StepAttention(1) : experiment.Advance(1)).refused);
      }
      report = EvaluateActivity(experiment, "", report.value.state_json);
      ASSERT_TRUE(report.ok());
      const ActivityReport& r = report.value;
      ASSERT_EQ(r.said.size(), r.questions.size());
      for (size_t k = 0; k < r.questions.size(); ++k) {
        const ActivityQuestion& q = r.questions[k];
        const Settlement& s = r.settlements[k];
        const SettleInputs run = RunNow(experiment, q);
        std::string why;
        EXPECT_TRUE(ActivityClaimHolds(run, r.said[k].ask, &why)) << q.id << ": " << why;
        met.insert(r.said[k].ask.code);
        const std::string outcome = Text(r.said[k].outcome);
        if (s.state == "settled" && revealed.count(q.id) > 0) {
          // Kept from the step that settled it: the same words, not settled again.
          EXPECT_EQ(outcome, revealed[q.id]) << q.id << " at step " << step;
          continue;
        }
        if (s.state == "settled") {
          EXPECT_EQ(s.step, step) << q.id << " is settled at the step it is first read";
          revealed[q.id] = outcome;
        }
        if (s.state == "void" && revealed.count(q.id) > 0) continue;
        if (s.state == "void") revealed[q.id] = outcome;
        EXPECT_TRUE(ActivityClaimHolds(run, r.said[k].outcome, &why))
            << q.id << " at step " << step << ": " << why << "\n"
            << outcome;
        met.insert(r.said[k].outcome.code);
        for (const Finding& detail : r.said[k].outcome.details) met.insert(detail.code);
      }
    }
    EXPECT_TRUE(report.value.done) << "every question settled by the end of the run";
  }
  for (const ActivityMessage& m : ActivityMessages()) {
    const std::string code = m.spec->code;
    // Said only by a run this test does not play: a review of no token the model sees
    // (core never offers one), a question settled before the commit (activity_test.cpp).
    if (m.claim == nullptr || code == "activity-void-no-attention") continue;
    EXPECT_TRUE(met.count(code) > 0) << code << " was never said on a run";
  }
}

TEST(ActivityClaims, AClaimFailsOnAnotherNumberAnotherAnswerOrAnotherStep) {
  Experiment experiment;
  RunConfig config = SmallRun();
  config.steps = 10;
  ASSERT_TRUE(experiment.LoadSynthetic(config).ok());
  Result<ActivityReport> report = EvaluateActivity(experiment, "cosine,word,ushape", "");
  report = CommitActivity(experiment, "cosine,word,ushape", "", Responses(report.value));
  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  experiment.SolveMaxMargin();
  ASSERT_FALSE(experiment.StepAttention(9).refused);
  report = EvaluateActivity(experiment, "cosine,word,ushape", report.value.state_json);
  ASSERT_TRUE(report.value.done);
  const ActivityReport& r = report.value;
  std::string why;
  for (size_t k = 0; k < r.questions.size(); ++k) {
    const SettleInputs run = RunNow(experiment, r.questions[k]);
    const Finding& reveal = r.said[k].outcome.details.at(0);
    ASSERT_TRUE(ActivityClaimHolds(run, reveal, &why)) << why;

    // The first number it quotes, a little off.
    Finding off = reveal;
    for (FindingArg& arg : off.args)
      if (arg.type != ArgType::kName && arg.type != ArgType::kToken && arg.name != "step") {
        arg.number += 1e-3;
        break;
      }
    EXPECT_FALSE(ActivityClaimHolds(run, off, &why)) << reveal.code << " with a wrong number";

    // Its answer flipped (the word: another token of the review).
    Finding flipped = reveal;
    for (FindingArg& arg : flipped.args) {
      if (arg.name == "answer" && arg.text != "word" && arg.text != "unknown")
        arg.text = arg.text == "yes" ? "no" : "yes";
      if (arg.name == "word")
        for (const std::string& choice : r.questions[k].choices)
          if (choice != arg.text) {
            arg.text = choice;
            break;
          }
    }
    EXPECT_FALSE(ActivityClaimHolds(run, flipped, &why)) << reveal.code << " flipped";
  }
  // The same reveals read on the next step's numbers: not the step they name.
  ASSERT_FALSE(experiment.StepAttention(1).refused);
  for (size_t k = 0; k < r.questions.size(); ++k) {
    const SettleInputs later = RunNow(experiment, r.questions[k]);
    EXPECT_FALSE(ActivityClaimHolds(later, r.said[k].outcome.details.at(0), &why))
        << r.questions[k].id << " on step 11";
  }
}

}  // namespace
}  // namespace clslab
