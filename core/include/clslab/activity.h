// A class activity: predictions a student commits before Play, each settled by the run.
// Every question is a claim about a number the run measures, with the rule that settles it
// written here, beside the question: which metric, at which step, against which threshold.
// The page and a course platform only show the questions, keep the answers and report the
// grades; no rule lives there, and no English lives here: what the activity says is
// findings (findings.h), worded by the message catalog (catalog/en.ftl), each reveal
// with its claim, a predicate over the numbers that settled it (activity_words.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/config.h"
#include "clslab/findings.h"
#include "clslab/reports.h"
#include "clslab/status.h"

namespace clslab {

class Experiment;

// The questions a teacher may ask, in the order an activity lists them by default.
enum class QuestionId {
  kSlope,      // Result 1: the slope of v.E_s on alpha_s matches (eta/2)||v||^2
  kCosine,     // Result 2: cos(p, p_mm) at the end of the run is at least kCosinePass
  kSelection,  // Result 2: selection accuracy at the end of the run is at least kSelectionPass
  kWord,       // which word of a shown review the attention selects at the end of the run
  kUShape,     // Figure 1: a U at the end of the run (U-score and signed score)
  kAccuracy,   // the flow on p raises test accuracy above its value after the step on E
};

// How a question is answered: SCORM's interaction types of the same names.
enum class ResponseType { kTrueFalse, kChoice };

// When the run settles a question: right after the step on E (the paper protocol freezes E
// then, so any later step reads the same Result 1), or at the end of the run (the `steps`
// setting: Play's budget).
enum class SettleMoment { kStepOnEmbeddings, kEndOfRun };

// The thresholds of the rules, named so the words, the tests and the docs quote them.
constexpr double kSlopeTolerance = 0.01;  // |slope / predicted - 1| at most this, R^2 >= kGoodR2
constexpr double kSlopeR2 = 0.99;         // the same R^2 as Result 1's verdict (guidance.h)
constexpr double kCosinePass = 0.9;
constexpr double kSelectionPass = 0.95;
constexpr double kUPass = 0.5;  // U-score above, and |signed score| below kUFlat
constexpr double kUFlat = 0.3;
constexpr double kAccuracyGain = 0.01;         // test accuracy up by more than one point
constexpr int32_t kWordChoicesMax = 24;        // a review offered as the word question has
constexpr int32_t kWordChoicesMin = 3;         // between these many distinct tokens
constexpr int32_t kDefaultReviewSearch = 400;  // training reviews searched for the default

struct QuestionSpec {
  QuestionId id;
  const char* name;  // the link's and SCORM's identifier
  ResponseType response;
  SettleMoment moment;
  bool paper_only;  // needs the paper protocol (the step on E, p_mm, the flow on p)
  double threshold;
};

// Every question, in the default order. The one table the parser, the page and the tests read.
const std::array<QuestionSpec, 6>& QuestionSpecs();
const QuestionSpec* FindQuestion(std::string_view name);
const char* ResponseTypeName(ResponseType type);    // "true-false", "choice"
const char* SettleMomentName(SettleMoment moment);  // "step_on_embeddings", "end_of_run"

// The link's value, `activity=slope,cosine,word:12`: question names in order; the word
// question may name a training review by its number as the page shows it (1-based).
struct ActivityRequest {
  std::vector<QuestionId> questions;
  int32_t review = -1;  // 0-based training review the word question asks about; -1: core picks
};

// A problem with the link's value, by code: "unknown_question" (subject: the name),
// "repeated_question" (the name), "bad_review" (the text after "word:"), "empty" (nothing
// asked; the default questions are used), "review_out_of_range", "review_choices" (the
// named review's distinct token count, outside [kWordChoicesMin, kWordChoicesMax]),
// "no_review" (no training review fits the word question: it is left out), and
// "state_unreadable" (the kept state is not one this lab wrote: the activity starts afresh).
struct ActivityNote {
  std::string code;
  std::string subject;
};

template <typename Visitor>
void Describe(const ActivityNote& n, Visitor& v) {
  v("code", n.code);
  v("subject", n.subject);
}

// Parses the link's value; unknown or repeated names are left out with a note. An empty
// value asks every question that applies (the default activity).
ActivityRequest ParseActivity(std::string_view value, std::vector<ActivityNote>* notes);
// The value that asks `request` again (the normalized link value).
std::string ActivityValue(const ActivityRequest& request);

// A question as the loaded run asks it.
struct ActivityQuestion {
  std::string id;             // QuestionSpec::name
  std::string response_type;  // ResponseTypeName
  std::string moment;         // SettleMomentName
  int64_t settle_step = 0;    // the step whose metrics settle it (1, or the `steps` setting)
  double threshold = 0;       // QuestionSpec::threshold (for the words)
  // "" when the question applies to this run; else why not: "joint_protocol".
  std::string not_applicable;
  // The responses a student may give: "true", "false"; for the word question the review's
  // distinct tokens, in order of first occurrence.
  std::vector<std::string> choices;
  // The word question's review: its 0-based training index, its words as written and the
  // token each word is (parallel; "" for a word the model does not see).
  int32_t review = -1;
  std::vector<std::string> review_words;
  std::vector<std::string> review_tokens;
};

template <typename Visitor>
void Describe(const ActivityQuestion& q, Visitor& v) {
  v("id", q.id);
  v("response_type", q.response_type);
  v("moment", q.moment);
  v("settle_step", q.settle_step);
  v("threshold", q.threshold);
  v("not_applicable", q.not_applicable);
  v("choices", q.choices);
  v("review", q.review);
  v("review_words", q.review_words);
  v("review_tokens", q.review_tokens);
}

// What the run says about one question.
struct Settlement {
  std::string id;
  // "pending": the run has not reached settle_step; "settled": `answer` is the right
  // response; "void": the run cannot settle it (`reason`), and it is not scored.
  std::string state = "pending";
  // For "void": "joint_protocol", "no_max_margin" (p_mm was not solved), "no_test" (no test
  // split, or no accuracy after the step on E), "no_u_tokens" (no token with count >= 20),
  // "no_attention" (the review has no token the model sees).
  std::string reason;
  std::string answer;  // the right response, one of the question's choices
  int64_t step = 0;    // the step whose metrics settled it
  // The numbers the rule read (the words quote them):
  //   slope:     measured = fitted slope, reference = (eta/2)||v||^2, detail = R^2
  //   cosine:    measured = cos(p, p_mm)
  //   selection: measured = selection accuracy
  //   word:      measured = the attention weight s_t of the answer's first position
  //   ushape:    measured = U-score, detail = signed score
  //   accuracy:  measured = test accuracy now, reference = after the step on E
  double measured = 0, reference = 0, detail = 0;
};

template <typename Visitor>
void Describe(const Settlement& s, Visitor& v) {
  v("id", s.id);
  v("state", s.state);
  v("reason", s.reason);
  v("answer", s.answer);
  v("step", s.step);
  v("measured", s.measured);
  v("reference", s.reference);
  v("detail", s.detail);
}

// What settles a question: the run's settings, its metrics now, and for the word question
// its review as the current weights attend to it.
struct SettleInputs {
  RunConfig config;
  Metrics metrics;
  ReviewView review;
};

// The rule: pending before the question's settle step, else settled or void from the
// metrics of the step read. Pure; tests build the inputs.
Settlement Settle(const ActivityQuestion& question, const SettleInputs& inputs);

// A student's committed response to one question.
struct ActivityResponse {
  std::string id;
  std::string response;
};

template <typename Visitor>
void Describe(const ActivityResponse& r, Visitor& v) {
  v("id", r.id);
  v("response", r.response);
}

// What the activity says about one question: the question as the student reads it, and its
// outcome: the response given with, as details, the reveal (the numbers that settled it),
// why it is not scored or when it will be revealed, and whether the response was right.
// Without a response the outcome is that second finding alone; a code "" says nothing.
struct QuestionWords {
  Finding ask;
  Finding outcome;
};

template <typename Visitor>
void Describe(const QuestionWords& w, Visitor& v) {
  v("ask", w.ask);
  v("outcome", w.outcome);
}

// Where an activity stands: its questions for this run, what the run settled, and the
// grades. The page keeps `state_json` (responses and settlements: what a course platform
// stores to resume) and gives it back; settlements in it are kept, never settled again.
struct ActivityReport {
  std::string value;  // the normalized link value
  std::vector<ActivityNote> notes;
  std::vector<ActivityQuestion> questions;
  std::vector<Settlement> settlements;  // one per question, in the same order
  bool committed = false;               // the student has committed responses
  std::vector<ActivityResponse> responses;
  // Per question: "correct", "wrong", "pending" (not settled yet), "void" (not scored).
  std::vector<std::string> results;
  int32_t correct = 0, scored = 0;  // scored: questions settled (not void)
  bool done = false;                // committed, and every question settled or void
  double scaled = 0;                // correct / scored once done (0 when nothing was scored)
  std::string state_json;
  // The words (findings; code "" says nothing): one per question, in the same order; each
  // note of the link's value; the card's status (committed, the score); the prompt above
  // the charts (what to do next in the activity); and, when a commit was refused (nothing
  // committed), why.
  std::vector<QuestionWords> said;
  std::vector<Finding> notes_said;
  Finding status;
  Finding prompt;
  Finding refusal;
};

template <typename Visitor>
void Describe(const ActivityReport& r, Visitor& v) {
  v("value", r.value);
  v("notes", r.notes);
  v("questions", r.questions);
  v("settlements", r.settlements);
  v("committed", r.committed);
  v("responses", r.responses);
  v("results", r.results);
  v("correct", r.correct);
  v("scored", r.scored);
  v("done", r.done);
  v("scaled", r.scaled);
  v("state_json", r.state_json);
  v("said", r.said);
  v("notes_said", r.notes_said);
  v("status", r.status);
  v("prompt", r.prompt);
  v("refusal", r.refusal);
}

// The questions of `request` for the run `experiment` holds (the word question's review
// picked or checked against the loaded data).
std::vector<ActivityQuestion> ComposeActivity(const Experiment& experiment,
                                              const ActivityRequest& request,
                                              std::vector<ActivityNote>* notes);

// The activity for the link value and the kept state: settles what the run now can (pure
// from the metrics and the review), grades committed responses, and says it (the words).
// `state_json` "" is a fresh activity, and so is a state this lab did not write (noted).
Result<ActivityReport> EvaluateActivity(const Experiment& experiment, std::string_view value,
                                        std::string_view state_json);
// As EvaluateActivity, committing `responses_json` ({"slope": "true", ...}: one response
// for each question that applies) first. Refused (`refusal` set, nothing committed, the
// kept state unchanged) when already committed, incomplete, or a response is not a choice.
// A kept state this lab did not write is left for a fresh activity, with a note.
Result<ActivityReport> CommitActivity(const Experiment& experiment, std::string_view value,
                                      std::string_view state_json, std::string_view responses_json);

// Grading alone, for tests: the results of `responses` against `settlements`.
void Grade(ActivityReport* report);

}  // namespace clslab
