// The class activity's rules (activity.h): each question settles from constructed metrics
// exactly as its rule says, on both sides of its threshold and at its settle step; the link
// value parses with notes for what it refuses; grades count only settled questions; the
// kept state brings back responses and settlements; a run settles every question.
#include "clslab/activity.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "activity_run.h"
#include "clslab/experiment.h"

namespace clslab {
namespace {

ActivityQuestion Question(const char* name, int64_t settle_step = 300) {
  ActivityQuestion q;
  q.id = name;
  q.settle_step = FindQuestion(name)->moment == SettleMoment::kStepOnEmbeddings ? 1 : settle_step;
  q.choices = {"true", "false"};
  return q;
}

SettleInputs At(int64_t step) {
  SettleInputs inputs;
  inputs.metrics.step = step;
  return inputs;
}

TEST(Activity, SlopeSettlesAfterTheStepOnEFromSlopeAndR2) {
  const ActivityQuestion q = Question("slope");
  SettleInputs inputs = At(0);
  EXPECT_EQ(Settle(q, inputs).state, "pending") << "before the step on E";
  inputs = At(1);
  inputs.metrics.has_predicted_slope = true;
  inputs.metrics.predicted_slope = 1500;
  inputs.metrics.alignment_slope = 1500 * (1 + 0.009);
  inputs.metrics.alignment_r2 = 0.995;
  Settlement s = Settle(q, inputs);
  EXPECT_EQ(s.state, "settled");
  EXPECT_EQ(s.answer, "true");
  EXPECT_EQ(s.step, 1);
  EXPECT_DOUBLE_EQ(s.reference, 1500);
  inputs.metrics.alignment_slope = 1500 * (1 + 0.011);  // just outside the 1% tolerance
  EXPECT_EQ(Settle(q, inputs).answer, "false");
  inputs.metrics.alignment_slope = 1500;
  inputs.metrics.alignment_r2 = 0.98;  // the right slope through noise is not a match
  EXPECT_EQ(Settle(q, inputs).answer, "false");
  inputs.metrics.has_predicted_slope = false;  // metrics without the prediction wait
  EXPECT_EQ(Settle(q, inputs).state, "pending");
}

TEST(Activity, EndOfRunQuestionsWaitForTheStepsSetting) {
  SettleInputs inputs = At(299);
  inputs.metrics.has_max_margin = true;
  inputs.metrics.cosine_to_max_margin = 0.99;
  for (const QuestionSpec& spec : QuestionSpecs()) {
    if (spec.moment != SettleMoment::kEndOfRun) continue;
    EXPECT_EQ(Settle(Question(spec.name, 300), inputs).state, "pending") << spec.name;
  }
  inputs.metrics.step = 300;
  EXPECT_EQ(Settle(Question("cosine", 300), inputs).state, "settled");
}

TEST(Activity, CosineSettlesAtItsThresholdAndIsVoidWithoutPmm) {
  const ActivityQuestion q = Question("cosine", 300);
  SettleInputs inputs = At(300);
  EXPECT_EQ(Settle(q, inputs).reason, "no_max_margin");
  inputs.metrics.has_max_margin = true;
  inputs.metrics.cosine_to_max_margin = kCosinePass;
  EXPECT_EQ(Settle(q, inputs).answer, "true") << "at the threshold it passes";
  inputs.metrics.cosine_to_max_margin = 0.8999;
  const Settlement s = Settle(q, inputs);
  EXPECT_EQ(s.answer, "false");
  EXPECT_DOUBLE_EQ(s.measured, 0.8999);
}

TEST(Activity, SelectionUShapeAndAccuracyFollowTheirRules) {
  SettleInputs inputs = At(300);
  inputs.metrics.selection_accuracy = 0.95;
  EXPECT_EQ(Settle(Question("selection"), inputs).answer, "true");
  inputs.metrics.selection_accuracy = 0.949;
  EXPECT_EQ(Settle(Question("selection"), inputs).answer, "false");

  EXPECT_EQ(Settle(Question("ushape"), inputs).reason, "no_u_tokens");
  inputs.metrics.u_tokens = 40;
  inputs.metrics.u_score = 0.6;
  inputs.metrics.signed_score = 0.1;
  EXPECT_EQ(Settle(Question("ushape"), inputs).answer, "true");
  inputs.metrics.signed_score = -0.35;  // a monotone picture is no U, however high the U-score
  EXPECT_EQ(Settle(Question("ushape"), inputs).answer, "false");
  inputs.metrics.signed_score = 0;
  inputs.metrics.u_score = 0.5;  // the U-score must pass 0.5
  EXPECT_EQ(Settle(Question("ushape"), inputs).answer, "false");

  EXPECT_EQ(Settle(Question("accuracy"), inputs).reason, "no_test");
  inputs.metrics.has_test = true;
  inputs.metrics.has_test_after_step_on_e = true;
  inputs.metrics.test_accuracy_after_step_on_e = 0.70;
  inputs.metrics.test_accuracy = 0.72;
  const Settlement rose = Settle(Question("accuracy"), inputs);
  EXPECT_EQ(rose.answer, "true");
  EXPECT_DOUBLE_EQ(rose.reference, 0.70);
  inputs.metrics.test_accuracy = 0.705;  // half a point is no rise
  EXPECT_EQ(Settle(Question("accuracy"), inputs).answer, "false");
}

TEST(Activity, WordSettlesOnTheAttendedTokenOfTheReview) {
  ActivityQuestion q = Question("word");
  q.choices = {"a", "great", "film"};
  SettleInputs inputs = At(300);
  inputs.review.tokens = {"a", "great", "", "film"};
  inputs.review.attention = {0.1f, 0.7f, 0.0f, 0.2f};
  inputs.review.attended = 1;
  const Settlement s = Settle(q, inputs);
  EXPECT_EQ(s.answer, "great");
  EXPECT_FLOAT_EQ(static_cast<float>(s.measured), 0.7f);
  inputs.review.attended = -1;
  EXPECT_EQ(Settle(q, inputs).reason, "no_attention");
}

TEST(Activity, AQuestionThatDoesNotApplyIsVoidAtOnce) {
  ActivityQuestion q = Question("cosine");
  q.not_applicable = "joint_protocol";
  const Settlement s = Settle(q, At(0));
  EXPECT_EQ(s.state, "void");
  EXPECT_EQ(s.reason, "joint_protocol");
}

TEST(Activity, TheLinkValueParsesWithNotesForWhatItRefuses) {
  std::vector<ActivityNote> notes;
  ActivityRequest r = ParseActivity("cosine,word:12,slope", &notes);
  ASSERT_EQ(r.questions.size(), 3u);
  EXPECT_EQ(r.questions[0], QuestionId::kCosine);
  EXPECT_EQ(r.review, 11) << "1-based in the link, 0-based in core";
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(ActivityValue(r), "cosine,word:12,slope");

  notes.clear();
  r = ParseActivity("slope,banana,slope,word:0", &notes);
  ASSERT_EQ(r.questions.size(), 2u);
  EXPECT_EQ(r.review, -1);
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_EQ(notes[0].code, "unknown_question");
  EXPECT_EQ(notes[0].subject, "banana");
  EXPECT_EQ(notes[1].code, "repeated_question");
  EXPECT_EQ(notes[2].code, "bad_review");

  notes.clear();
  r = ParseActivity("", &notes);
  EXPECT_EQ(r.questions.size(), QuestionSpecs().size()) << "empty asks every question";
  EXPECT_TRUE(notes.empty());
  r = ParseActivity("nothing", &notes);
  EXPECT_EQ(r.questions.size(), QuestionSpecs().size());
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[1].code, "empty");
}

TEST(Activity, GradesCountOnlySettledQuestionsAndTheActivityIsDoneWhenAllAre) {
  ActivityReport report;
  report.committed = true;
  report.responses = {{"slope", "true"}, {"cosine", "true"}, {"ushape", "false"}};
  Settlement slope{"slope", "settled", "", "true", 1};
  Settlement cosine{"cosine", "pending"};
  Settlement ushape{"ushape", "void", "no_u_tokens"};
  report.settlements = {slope, cosine, ushape};
  Grade(&report);
  EXPECT_EQ(report.results, (std::vector<std::string>{"correct", "pending", "void"}));
  EXPECT_FALSE(report.done);
  EXPECT_EQ(report.scaled, 0) << "no score before the end";
  report.settlements[1] = {"cosine", "settled", "", "false", 300};
  Grade(&report);
  EXPECT_EQ(report.results, (std::vector<std::string>{"correct", "wrong", "void"}));
  EXPECT_TRUE(report.done);
  EXPECT_EQ(report.correct, 1);
  EXPECT_EQ(report.scored, 2);
  EXPECT_DOUBLE_EQ(report.scaled, 0.5);
  report.committed = false;
  Grade(&report);
  EXPECT_FALSE(report.done) << "nothing is graded before the student commits";
}

RunConfig SmallPaperRun() { return ActivityRun(40); }

TEST(Activity, ARunSettlesEveryQuestionAndTheKeptStateResumesIt) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallPaperRun()).ok());
  Result<ActivityReport> fresh = EvaluateActivity(experiment, "", "");
  ASSERT_TRUE(fresh.ok()) << fresh.status.message();
  ASSERT_EQ(fresh.value.questions.size(), QuestionSpecs().size());
  const ActivityQuestion& word = fresh.value.questions[3];
  ASSERT_EQ(word.id, "word");
  ASSERT_GE(word.review, 0);
  EXPECT_GE(static_cast<int32_t>(word.choices.size()), kWordChoicesMin);
  EXPECT_EQ(word.review_words.size(), word.review_tokens.size());
  EXPECT_EQ(fresh.value.questions[1].settle_step, 40);
  EXPECT_FALSE(fresh.value.committed);

  // Incomplete or foreign responses are refused in words, nothing committed; a full set
  // commits.
  const Result<ActivityReport> incomplete =
      CommitActivity(experiment, "", "", R"({"slope": "true"})");
  ASSERT_TRUE(incomplete.ok());
  EXPECT_FALSE(incomplete.value.committed);
  EXPECT_EQ(incomplete.value.refusal.code, "activity-refused-missing");
  EXPECT_EQ(incomplete.value.state_json, fresh.value.state_json);
  const Result<ActivityReport> foreign =
      CommitActivity(experiment, "slope", "", R"({"slope": "maybe"})");
  EXPECT_FALSE(foreign.value.committed);
  EXPECT_EQ(foreign.value.refusal.code, "activity-refused-choice");
  EXPECT_EQ(foreign.value.refusal.args.at(0).text, "maybe");
  EXPECT_EQ(CommitActivity(experiment, "", "", "[]").value.refusal.code,
            "activity-refused-responses");
  const std::string responses =
      R"({"slope": "true", "cosine": "true", "selection": "false", "word": ")" + word.choices[0] +
      R"(", "ushape": "false", "accuracy": "true"})";
  Result<ActivityReport> committed = CommitActivity(experiment, "", "", responses);
  ASSERT_TRUE(committed.ok()) << committed.status.message();
  EXPECT_TRUE(committed.value.committed);
  const Result<ActivityReport> twice =
      CommitActivity(experiment, "", committed.value.state_json, responses);
  EXPECT_EQ(twice.value.refusal.code, "activity-refused-committed") << "committed once";
  EXPECT_EQ(twice.value.state_json, committed.value.state_json);
  EXPECT_EQ(committed.value.refusal.code, "");

  ASSERT_FALSE(experiment.StepEmbeddings().refused);
  Result<ActivityReport> after_e = EvaluateActivity(experiment, "", committed.value.state_json);
  ASSERT_TRUE(after_e.ok());
  EXPECT_EQ(after_e.value.settlements[0].state, "settled") << "the slope, after the step on E";
  EXPECT_EQ(after_e.value.settlements[1].state, "pending");
  experiment.SolveMaxMargin();
  ASSERT_FALSE(experiment.StepAttention(39).refused);
  Result<ActivityReport> end = EvaluateActivity(experiment, "", after_e.value.state_json);
  ASSERT_TRUE(end.ok());
  EXPECT_TRUE(end.value.done);
  for (const Settlement& s : end.value.settlements) {
    EXPECT_NE(s.state, "pending") << s.id;
    if (s.state == "settled") EXPECT_EQ(s.step, s.id == "slope" ? 1 : 40) << s.id;
  }
  EXPECT_EQ(
      end.value.scored + 0,
      static_cast<int32_t>(
          std::count(end.value.results.begin(), end.value.results.end(), std::string("correct")) +
          std::count(end.value.results.begin(), end.value.results.end(), std::string("wrong"))));

  // A relaunch with the kept state reads the same grades without settling again, even on
  // weights that moved on (the settlements are those of their steps).
  ASSERT_FALSE(experiment.StepAttention(25).refused);
  Result<ActivityReport> resumed = EvaluateActivity(experiment, "", end.value.state_json);
  ASSERT_TRUE(resumed.ok());
  EXPECT_EQ(resumed.value.results, end.value.results);
  EXPECT_EQ(resumed.value.correct, end.value.correct);
  EXPECT_EQ(resumed.value.state_json, end.value.state_json);
  EXPECT_LT(end.value.state_json.size(), 1000u) << "room in SCORM 1.2's 4,096 characters";
  // A state this lab did not write starts a fresh activity and says so.
  const Result<ActivityReport> unreadable = EvaluateActivity(experiment, "", "{not json");
  ASSERT_TRUE(unreadable.ok());
  EXPECT_FALSE(unreadable.value.committed);
  ASSERT_EQ(unreadable.value.notes_said.size(), 1u);
  EXPECT_EQ(unreadable.value.notes_said[0].code, "activity-note-state-unreadable");
}

TEST(Activity, QuestionsSettledBeforeTheCommitAreNotScored) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallPaperRun()).ok());
  ASSERT_FALSE(experiment.StepEmbeddings().refused);  // Result 1 is on screen already
  Result<ActivityReport> committed =
      CommitActivity(experiment, "slope,selection", "", R"({"slope":"true","selection":"true"})");
  ASSERT_TRUE(committed.ok()) << committed.status.message();
  EXPECT_EQ(committed.value.settlements[0].state, "void");
  EXPECT_EQ(committed.value.settlements[0].reason, "settled_before_commit");
  EXPECT_EQ(committed.value.settlements[1].state, "pending");
}

TEST(Activity, ATeachersReviewIsCheckedAgainstTheData) {
  Experiment experiment;
  ASSERT_TRUE(experiment.LoadSynthetic(SmallPaperRun()).ok());
  Result<ActivityReport> report = EvaluateActivity(experiment, "word:100000", "");
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report.value.notes.size(), 1u);
  EXPECT_EQ(report.value.notes[0].code, "review_out_of_range");
  ASSERT_EQ(report.value.questions.size(), 1u);
  EXPECT_GE(report.value.questions[0].review, 0) << "core's own pick instead";
  EXPECT_EQ(report.value.value, "word");
}

}  // namespace
}  // namespace clslab
