// The class activity's messages (activity_words.h): each spec with the claim its words make,
// and SayActivity, which picks them for a report. A claim reads the run's numbers (the
// settings, the metrics of the step the words name, the review) and never the settlement it
// was made from: a reveal claims that the number it quotes is the run's at that step and that
// its yes or no is what the question's words ask of that number.
#include "clslab/activity_words.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "clslab/statistics.h"

namespace clslab {

namespace {

// Collects the first failed part of a claim.
class Claims {
 public:
  explicit Claims(std::string* why) : why_(why) {}
  Claims& If(bool holds, const char* what) {
    if (ok && !holds) {
      ok = false;
      *why_ = what;
    }
    return *this;
  }
  bool ok = true;

 private:
  std::string* why_;
};

const ArgSpec kAnswerArg{"answer", ArgType::kName, {"yes", "no"}};
const ArgSpec kStepArg{"step", ArgType::kCount};

bool Yes(const Finding& f) {
  const FindingArg* answer = f.Arg("answer");
  return answer != nullptr && answer->text == "yes";
}

// "at step N": the step the words name is the run's step now and the end of the run.
Claims& AtTheEnd(Claims& c, const SettleInputs& run, const Finding& f) {
  return c.If(f.Number("step") == static_cast<double>(run.metrics.step), "the step is the run's")
      .If(f.Number("step") == static_cast<double>(run.config.steps), "the end of the run");
}

// ---- The questions as the student reads them: the thresholds of the rules, at the step
// ---- that settles them (the `steps` setting: the end of the run).

bool EndOfRunStep(const SettleInputs& run, const Finding& f, std::string* why) {
  return Claims(why)
      .If(f.Number("step") == static_cast<double>(run.config.steps), "the run's steps setting")
      .ok;
}

const MessageSpec kAskSlope{"activity-ask-slope",
                            {{"tolerance", ArgType::kShare}, {"r2", ArgType::kRatio}}};
bool AskSlope(const SettleInputs&, const Finding& f, std::string* why) {
  return Claims(why)
      .If(f.Number("tolerance") == kSlopeTolerance, "the rule's tolerance")
      .If(f.Number("r2") == kSlopeR2, "the rule's R²")
      .ok;
}
const MessageSpec kAskCosine{"activity-ask-cosine", {{"threshold", ArgType::kRatio}, kStepArg}};
const MessageSpec kAskSelection{"activity-ask-selection",
                                {{"threshold", ArgType::kShare}, kStepArg}};
const MessageSpec kAskWord{"activity-ask-word", {{"review", ArgType::kCount}, kStepArg}};
const MessageSpec kAskUShape{"activity-ask-ushape",
                             {{"threshold", ArgType::kRatio}, {"flat", ArgType::kRatio}, kStepArg}};
const MessageSpec kAskAccuracy{"activity-ask-accuracy", {{"points", ArgType::kValue}, kStepArg}};

// ---- The reveals: the number the rule read, at the step it was read, and the answer.

// "The fitted slope is S against the predicted P, R² R: yes." Yes: S within 1% of P and
// R² at least 0.99, as the question asked; S, P and R are the run's after the step on E.
bool RevealSlope(const SettleInputs& run, const Finding& f, std::string* why) {
  const Metrics& m = run.metrics;
  const double slope = f.Number("slope"), predicted = f.Number("predicted"), r2 = f.Number("r2");
  const bool matches = predicted != 0 &&
                       std::abs(slope - predicted) <= kSlopeTolerance * std::abs(predicted) &&
                       r2 >= kSlopeR2;
  return Claims(why)
      .If(run.config.protocol == Protocol::kPaper && m.has_predicted_slope && m.step >= 1,
          "a step on E of the paper protocol")
      .If(slope == m.alignment_slope, "the run's fitted slope")
      .If(predicted == m.predicted_slope, "the run's predicted slope")
      .If(r2 == m.alignment_r2, "the run's R²")
      .If(Yes(f) == matches, "yes exactly when the slope matches")
      .ok;
}
const MessageSpec kRevealSlope{"activity-reveal-slope",
                               {{"slope", ArgType::kValue},
                                {"predicted", ArgType::kValue},
                                {"r2", ArgType::kValue},
                                kAnswerArg}};

// "cos(p, p_mm) is C at step N: yes." Yes: C at least 0.9.
bool RevealCosine(const SettleInputs& run, const Finding& f, std::string* why) {
  Claims c(why);
  return AtTheEnd(c, run, f)
      .If(run.metrics.has_max_margin, "a p_mm")
      .If(f.Number("cos") == run.metrics.cosine_to_max_margin, "the run's cos(p, p_mm)")
      .If(Yes(f) == (f.Number("cos") >= kCosinePass), "yes exactly when cos >= 0.9")
      .ok;
}
const MessageSpec kRevealCosine{"activity-reveal-cosine",
                                {{"cos", ArgType::kValue}, kStepArg, kAnswerArg}};

// "Attention selects s* in X of the training reviews at step N: yes." Yes: X at least 95%.
bool RevealSelection(const SettleInputs& run, const Finding& f, std::string* why) {
  Claims c(why);
  return AtTheEnd(c, run, f)
      .If(f.Number("selection") == run.metrics.selection_accuracy, "the run's selection")
      .If(Yes(f) == (f.Number("selection") >= kSelectionPass), "yes exactly when >= 95%")
      .ok;
}
const MessageSpec kRevealSelection{"activity-reveal-selection",
                                   {{"selection", ArgType::kShare}, kStepArg, kAnswerArg}};

// "Attention weighs “w” most at step N, with X of the review's attention." No position of
// the review holds more attention than w's, and X is w's weight.
bool RevealWord(const SettleInputs& run, const Finding& f, std::string* why) {
  const ReviewView& review = run.review;
  const FindingArg* word = f.Arg("word");
  double most = -1, of_word = -1;
  for (size_t t = 0; t < review.tokens.size() && t < review.attention.size(); ++t) {
    if (review.tokens[t].empty()) continue;
    most = std::max(most, static_cast<double>(review.attention[t]));
    if (word != nullptr && review.tokens[t] == word->text)
      of_word = std::max(of_word, static_cast<double>(review.attention[t]));
  }
  const FindingArg* answer = f.Arg("answer");
  const bool unknown = answer != nullptr && answer->text == "unknown";
  Claims c(why);
  return AtTheEnd(c, run, f)
      .If(most >= 0 && of_word == most, "no word of the review weighs more")
      .If(f.Number("weight") == of_word, "the word's attention")
      .If(unknown == (word != nullptr && word->text == "<unk>"), "an unknown word is <unk>")
      .ok;
}
const MessageSpec kRevealWord{"activity-reveal-word",
                              {{"word", ArgType::kToken},
                               {"answer", ArgType::kName, {"word", "unknown"}},
                               {"weight", ArgType::kShare},
                               kStepArg}};

// "U-score U, signed score S at step N: yes." Yes: U above 0.5 and |S| below 0.3.
bool RevealUShape(const SettleInputs& run, const Finding& f, std::string* why) {
  const double u = f.Number("u"), signed_score = f.Number("signed");
  Claims c(why);
  return AtTheEnd(c, run, f)
      .If(run.metrics.u_tokens > 0, "tokens to measure the U on")
      .If(u == run.metrics.u_score, "the run's U-score")
      .If(signed_score == run.metrics.signed_score, "the run's signed score")
      .If(Yes(f) == (u > kUPass && std::abs(signed_score) < kUFlat), "yes exactly for a U")
      .ok;
}
const MessageSpec kRevealUShape{
    "activity-reveal-ushape",
    {{"u", ArgType::kRatio}, {"signed", ArgType::kRatio}, kStepArg, kAnswerArg}};

// "Test accuracy is A at step N, from B after the step on E: yes." Yes: A above B by more
// than one point.
bool RevealAccuracy(const SettleInputs& run, const Finding& f, std::string* why) {
  const Metrics& m = run.metrics;
  const double now = f.Number("accuracy"), before = f.Number("before");
  Claims c(why);
  return AtTheEnd(c, run, f)
      .If(m.has_test && m.has_test_after_step_on_e, "test accuracies")
      .If(now == m.test_accuracy, "the run's test accuracy")
      .If(before == m.test_accuracy_after_step_on_e, "the one after the step on E")
      .If(Yes(f) == (now - before > kAccuracyGain), "yes exactly for a rise of a point")
      .ok;
}
const MessageSpec kRevealAccuracy{
    "activity-reveal-accuracy",
    {{"accuracy", ArgType::kShare}, {"before", ArgType::kShare}, kStepArg, kAnswerArg}};

// ---- Why a question is not scored.

const MessageSpec kVoidJoint{"activity-void-joint", {}};
bool VoidJoint(const SettleInputs& run, const Finding&, std::string* why) {
  return Claims(why).If(run.config.protocol == Protocol::kJoint, "joint training").ok;
}
const MessageSpec kVoidNoPmm{"activity-void-no-p-mm", {}};
bool VoidNoPmm(const SettleInputs& run, const Finding&, std::string* why) {
  return Claims(why).If(!run.metrics.has_max_margin, "no p_mm").ok;
}
const MessageSpec kVoidNoTest{"activity-void-no-test", {}};
bool VoidNoTest(const SettleInputs& run, const Finding&, std::string* why) {
  const Metrics& m = run.metrics;
  return Claims(why).If(!m.has_test || !m.has_test_after_step_on_e, "no test accuracy").ok;
}
const MessageSpec kVoidNoUTokens{"activity-void-no-u-tokens", {{"count", ArgType::kCount}}};
bool VoidNoUTokens(const SettleInputs& run, const Finding& f, std::string* why) {
  return Claims(why)
      .If(f.Number("count") == static_cast<double>(kUShapeMinCount), "Figure 1's least count")
      .If(run.metrics.u_tokens == 0, "no token that frequent")
      .ok;
}
const MessageSpec kVoidNoAttention{"activity-void-no-attention", {}};
bool VoidNoAttention(const SettleInputs& run, const Finding&, std::string* why) {
  const auto& tokens = run.review.tokens;
  const bool none = std::all_of(tokens.begin(), tokens.end(), [](auto& t) { return t.empty(); });
  return Claims(why).If(none, "no token the model sees").ok;
}
const MessageSpec kVoidBeforeCommit{"activity-void-before-commit", {}};

// ---- When a question will be revealed: a step the run has not reached.

const MessageSpec kPendingStepOnE{"activity-pending-step-on-e", {}};
bool PendingStepOnE(const SettleInputs& run, const Finding&, std::string* why) {
  return Claims(why).If(run.metrics.step < 1, "before the step on E").ok;
}
const MessageSpec kPending{"activity-pending", {kStepArg}};
bool Pending(const SettleInputs& run, const Finding& f, std::string* why) {
  return Claims(why)
      .If(f.Number("step") == static_cast<double>(run.config.steps), "the end of the run")
      .If(static_cast<double>(run.metrics.step) < f.Number("step"), "a step not reached")
      .ok;
}

// ---- The student's side and the grades (no number of the run).

const MessageSpec kResponse{
    "activity-response",
    {{"response", ArgType::kName, {"yes", "no", "word", "unknown"}}, {"word", ArgType::kToken}}};
const MessageSpec kResult{"activity-result", {{"result", ArgType::kName, {"correct", "wrong"}}}};
const MessageSpec kCommitted{"activity-status-committed", {}};
const MessageSpec kScore{"activity-score",
                         {{"correct", ArgType::kCount}, {"scored", ArgType::kCount}}};
const MessageSpec kScoreNone{"activity-score-none", {}};
const MessageSpec kPromptPredict{"activity-prompt-predict", {{"questions", ArgType::kCount}}};
const MessageSpec kPromptReveal{
    "activity-prompt-reveal",
    {{"left", ArgType::kCount}, {"moment", ArgType::kName, {"step-on-e", "end"}}, kStepArg}};
const MessageSpec kPromptDone{
    "activity-prompt-done", {{"correct", ArgType::kCount}, {"scored", ArgType::kCount}, kStepArg}};
const MessageSpec kPromptDoneNone{"activity-prompt-done-none", {}};
const MessageSpec kRefusedCommitted{"activity-refused-committed", {}};
const MessageSpec kRefusedMissing{"activity-refused-missing", {}};
const MessageSpec kRefusedResponses{"activity-refused-responses", {}};
const MessageSpec kRefusedChoice{"activity-refused-choice", {{"response", ArgType::kToken}}};

// ---- Notes on the link's value (activity.h ActivityNote codes).

const ArgSpec kSubjectArg{"subject", ArgType::kToken};
const ArgSpec kMinArg{"min", ArgType::kCount};
const ArgSpec kMaxArg{"max", ArgType::kCount};
const MessageSpec kNoteUnknown{"activity-note-unknown-question", {kSubjectArg}};
const MessageSpec kNoteRepeated{"activity-note-repeated-question", {kSubjectArg}};
const MessageSpec kNoteBadReview{"activity-note-bad-review", {kSubjectArg}};
const MessageSpec kNoteEmpty{"activity-note-empty", {kSubjectArg}};
const MessageSpec kNoteOutOfRange{"activity-note-review-out-of-range", {kSubjectArg}};
const MessageSpec kNoteChoices{"activity-note-review-choices",
                               {{"choices", ArgType::kCount}, kMinArg, kMaxArg}};
const MessageSpec kNoteNoReview{"activity-note-no-review", {kMinArg, kMaxArg}};
const MessageSpec kNoteState{"activity-note-state-unreadable", {}};

Finding Say(const MessageSpec& spec, std::vector<FindingArg> args = {}) {
  return spec.Say("activity", FindingKind::kNote, std::move(args));
}

FindingArg Answer(const std::string& truth) {
  return Name("answer", truth == "true" ? "yes" : "no");
}

Finding Ask(const ActivityQuestion& q) {
  const auto step = Count("step", static_cast<double>(q.settle_step));
  if (q.id == "slope")
    return Say(kAskSlope, {Share("tolerance", q.threshold), Ratio("r2", kSlopeR2)});
  if (q.id == "cosine") return Say(kAskCosine, {Ratio("threshold", q.threshold), step});
  if (q.id == "selection") return Say(kAskSelection, {Share("threshold", q.threshold), step});
  if (q.id == "word") return Say(kAskWord, {Count("review", q.review + 1.0), step});
  if (q.id == "ushape")
    return Say(kAskUShape, {Ratio("threshold", q.threshold), Ratio("flat", kUFlat), step});
  return Say(kAskAccuracy, {Value("points", 100 * q.threshold), step});
}

Finding Reveal(const ActivityQuestion& q, const Settlement& s) {
  const auto step = Count("step", static_cast<double>(s.step));
  if (q.id == "slope")
    return Say(kRevealSlope, {Value("slope", s.measured), Value("predicted", s.reference),
                              Value("r2", s.detail), Answer(s.answer)});
  if (q.id == "cosine")
    return Say(kRevealCosine, {Value("cos", s.measured), step, Answer(s.answer)});
  if (q.id == "selection")
    return Say(kRevealSelection, {Share("selection", s.measured), step, Answer(s.answer)});
  if (q.id == "word")
    return Say(kRevealWord,
               {Token("word", s.answer), Name("answer", s.answer == "<unk>" ? "unknown" : "word"),
                Share("weight", s.measured), step});
  if (q.id == "ushape")
    return Say(kRevealUShape,
               {Ratio("u", s.measured), Ratio("signed", s.detail), step, Answer(s.answer)});
  return Say(kRevealAccuracy,
             {Share("accuracy", s.measured), Share("before", s.reference), step, Answer(s.answer)});
}

Finding NotScored(const std::string& reason) {
  if (reason == "joint_protocol") return Say(kVoidJoint);
  if (reason == "no_max_margin") return Say(kVoidNoPmm);
  if (reason == "no_test") return Say(kVoidNoTest);
  if (reason == "no_u_tokens")
    return Say(kVoidNoUTokens, {Count("count", static_cast<double>(kUShapeMinCount))});
  if (reason == "no_attention") return Say(kVoidNoAttention);
  return Say(kVoidBeforeCommit);
}

Finding Response(const ActivityQuestion& q, const std::string& response) {
  if (q.response_type != "choice")
    return Say(kResponse, {Name("response", response == "true" ? "yes" : "no"), Token("word", "")});
  return Say(kResponse,
             {Name("response", response == "<unk>" ? "unknown" : "word"), Token("word", response)});
}

Finding Note(const ActivityNote& note) {
  const std::vector<FindingArg> subject = {Token("subject", note.subject)};
  const FindingArg min = Count("min", kWordChoicesMin), max = Count("max", kWordChoicesMax);
  if (note.code == "unknown_question") return Say(kNoteUnknown, subject);
  if (note.code == "repeated_question") return Say(kNoteRepeated, subject);
  if (note.code == "bad_review") return Say(kNoteBadReview, subject);
  if (note.code == "empty") return Say(kNoteEmpty, subject);
  if (note.code == "review_out_of_range") return Say(kNoteOutOfRange, subject);
  if (note.code == "review_choices")
    return Say(kNoteChoices,
               {Count("choices", std::strtod(note.subject.c_str(), nullptr)), min, max});
  if (note.code == "no_review") return Say(kNoteNoReview, {min, max});
  return Say(kNoteState);
}

// The prompt: commit first; then what Play reveals next (the questions still pending that
// settle soonest); once every question is settled, the score and the step that settled the
// last one.
Finding Prompt(const ActivityReport& r) {
  int32_t open = 0;
  for (const ActivityQuestion& q : r.questions) open += q.not_applicable.empty() ? 1 : 0;
  if (!r.committed) return Say(kPromptPredict, {Count("questions", open)});
  int64_t next = -1, last = 0;
  int32_t left = 0;
  bool at_e = false;
  for (size_t k = 0; k < r.questions.size() && k < r.settlements.size(); ++k) {
    const Settlement& s = r.settlements[k];
    if (s.state == "settled") last = std::max(last, s.step);
    if (s.state != "pending") continue;
    const int64_t at = r.questions[k].settle_step;
    if (next < 0 || at < next) {
      next = at;
      left = 0;
      at_e = r.questions[k].moment == "step_on_embeddings";
    }
    if (at == next) left += 1;
  }
  if (next >= 0)
    return Say(kPromptReveal, {Count("left", left), Name("moment", at_e ? "step-on-e" : "end"),
                               Count("step", static_cast<double>(next))});
  if (r.scored == 0) return Say(kPromptDoneNone);
  return Say(kPromptDone, {Count("correct", r.correct), Count("scored", r.scored),
                           Count("step", static_cast<double>(last))});
}

}  // namespace

const std::vector<ActivityMessage>& ActivityMessages() {
  static const std::vector<ActivityMessage> all = {
      {&kAskSlope, AskSlope},
      {&kAskCosine, EndOfRunStep},
      {&kAskSelection, EndOfRunStep},
      {&kAskWord, EndOfRunStep},
      {&kAskUShape, EndOfRunStep},
      {&kAskAccuracy, EndOfRunStep},
      {&kRevealSlope, RevealSlope},
      {&kRevealCosine, RevealCosine},
      {&kRevealSelection, RevealSelection},
      {&kRevealWord, RevealWord},
      {&kRevealUShape, RevealUShape},
      {&kRevealAccuracy, RevealAccuracy},
      {&kVoidJoint, VoidJoint},
      {&kVoidNoPmm, VoidNoPmm},
      {&kVoidNoTest, VoidNoTest},
      {&kVoidNoUTokens, VoidNoUTokens},
      {&kVoidNoAttention, VoidNoAttention},
      {&kVoidBeforeCommit, nullptr},
      {&kPendingStepOnE, PendingStepOnE},
      {&kPending, Pending},
      {&kResponse, nullptr},
      {&kResult, nullptr},
      {&kCommitted, nullptr},
      {&kScore, nullptr},
      {&kScoreNone, nullptr},
      {&kPromptPredict, nullptr},
      {&kPromptReveal, nullptr},
      {&kPromptDone, nullptr},
      {&kPromptDoneNone, nullptr},
      {&kRefusedCommitted, nullptr},
      {&kRefusedMissing, nullptr},
      {&kRefusedResponses, nullptr},
      {&kRefusedChoice, nullptr},
      {&kNoteUnknown, nullptr},
      {&kNoteRepeated, nullptr},
      {&kNoteBadReview, nullptr},
      {&kNoteEmpty, nullptr},
      {&kNoteOutOfRange, nullptr},
      {&kNoteChoices, nullptr},
      {&kNoteNoReview, nullptr},
      {&kNoteState, nullptr},
  };
  return all;
}

const std::vector<const MessageSpec*>& ActivitySpecs() {
  static const std::vector<const MessageSpec*> specs = [] {
    std::vector<const MessageSpec*> list;
    for (const ActivityMessage& m : ActivityMessages()) list.push_back(m.spec);
    return list;
  }();
  return specs;
}

bool ActivityClaimHolds(const SettleInputs& run, const Finding& said, std::string* why) {
  if (!KeepsSpec(said, why)) return false;
  for (const ActivityMessage& m : ActivityMessages()) {
    if (m.spec->code != said.code || m.claim == nullptr) continue;
    if (!m.claim(run, said, why)) {
      *why = said.code + ": " + *why;
      return false;
    }
  }
  for (const Finding& detail : said.details)
    if (!ActivityClaimHolds(run, detail, why)) return false;
  return true;
}

void SayActivity(ActivityReport* report) {
  ActivityReport& r = *report;
  r.said.clear();
  for (size_t k = 0; k < r.questions.size(); ++k) {
    const ActivityQuestion& q = r.questions[k];
    QuestionWords words;
    words.ask = Ask(q);
    const Settlement* s = k < r.settlements.size() ? &r.settlements[k] : nullptr;
    const std::string result = k < r.results.size() ? r.results[k] : "pending";
    Finding about;  // the reveal, why not scored, or when it will be revealed
    if (s != nullptr && s->state == "void")
      about = NotScored(s->reason);
    else if (s != nullptr && s->state == "settled" && r.committed)
      about = Reveal(q, *s);
    else if (r.committed)
      about = q.moment == "step_on_embeddings"
                  ? Say(kPendingStepOnE)
                  : Say(kPending, {Count("step", static_cast<double>(q.settle_step))});
    const auto response = std::find_if(r.responses.begin(), r.responses.end(),
                                       [&](const ActivityResponse& a) { return a.id == q.id; });
    if (r.committed && response != r.responses.end()) {
      words.outcome = Response(q, response->response);
      if (!about.code.empty()) words.outcome.details.push_back(about);
      if (result == "correct" || result == "wrong")
        words.outcome.details.push_back(Say(kResult, {Name("result", result)}));
    } else {
      words.outcome = about;
    }
    r.said.push_back(std::move(words));
  }
  r.notes_said.clear();
  for (const ActivityNote& note : r.notes) r.notes_said.push_back(Note(note));
  r.status = !r.committed   ? Finding()
             : !r.done      ? Say(kCommitted)
             : r.scored > 0 ? Say(kScore, {Count("correct", r.correct), Count("scored", r.scored)})
                            : Say(kScoreNone);
  r.prompt = Prompt(r);
}

Finding RefuseCommit(const std::string& why, const std::string& response) {
  if (why == "committed") return Say(kRefusedCommitted);
  if (why == "missing") return Say(kRefusedMissing);
  if (why == "choice") return Say(kRefusedChoice, {Token("response", response)});
  return Say(kRefusedResponses);
}

}  // namespace clslab
