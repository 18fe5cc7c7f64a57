// The activity's questions, the rule that settles each one, and the grades (activity.h).
// A rule reads the run's metrics at or after its settle step and nothing else; the state a
// course platform keeps (responses, settlements) is JSON written and read here.
#include "clslab/activity.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "clslab/activity_words.h"
#include "clslab/experiment.h"

namespace clslab {

namespace {

using Json = nlohmann::json;

constexpr const char* kTrue = "true";
constexpr const char* kFalse = "false";

const char* Truth(bool value) { return value ? kTrue : kFalse; }

const QuestionSpec& SpecOf(QuestionId id) {
  for (const QuestionSpec& spec : QuestionSpecs())
    if (spec.id == id) return spec;
  return QuestionSpecs()[0];
}

// The review's distinct tokens the model sees, in order of first occurrence.
std::vector<std::string> DistinctTokens(const ReviewView& review) {
  std::vector<std::string> tokens;
  for (const std::string& token : review.tokens) {
    if (token.empty()) continue;
    if (std::find(tokens.begin(), tokens.end(), token) == tokens.end()) tokens.push_back(token);
  }
  return tokens;
}

bool FitsWordQuestion(const ReviewView& review) {
  const auto choices = static_cast<int32_t>(DistinctTokens(review).size());
  return choices >= kWordChoicesMin && choices <= kWordChoicesMax;
}

Settlement Void(Settlement s, const char* reason) {
  s.state = "void";
  s.reason = reason;
  return s;
}

Settlement Settled(Settlement s, std::string answer, int64_t step) {
  s.state = "settled";
  s.answer = std::move(answer);
  s.step = step;
  return s;
}

// The state as kept between launches (a course platform's suspend data): short keys, since
// SCORM 1.2 allows 4,096 characters for it together with the run's link.
Json StateJson(const ActivityReport& report, int64_t committed_step) {
  Json responses = Json::object();
  for (const ActivityResponse& r : report.responses) responses[r.id] = r.response;
  Json settled = Json::object();
  for (const Settlement& s : report.settlements) {
    if (s.state == "pending") continue;
    settled[s.id] = Json::array({s.state == "void" ? s.reason : s.answer, s.state == "void", s.step,
                                 s.measured, s.reference, s.detail});
  }
  Json state = Json::object();
  state["c"] = report.committed;
  state["k"] = committed_step;
  state["r"] = responses;
  state["s"] = settled;
  return state;
}

struct KeptState {
  bool committed = false;
  int64_t committed_step = 0;
  std::vector<ActivityResponse> responses;
  std::vector<Settlement> settlements;
};

Result<KeptState> ReadState(std::string_view text) {
  KeptState kept;
  if (text.empty()) return Result<KeptState>::Success(kept);
  const Json state = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  // A state this lab did not write: the caller starts afresh and says so (a note).
  const auto bad = [] { return Result<KeptState>::Failure("state_unreadable"); };
  if (!state.is_object()) return bad();
  const Json committed = state.value("c", Json(false));
  const Json step = state.value("k", Json(0));
  const Json responses = state.value("r", Json::object());
  const Json settled = state.value("s", Json::object());
  if (!committed.is_boolean() || !step.is_number_integer() || !responses.is_object() ||
      !settled.is_object())
    return bad();
  kept.committed = committed.get<bool>();
  kept.committed_step = step.get<int64_t>();
  for (const auto& [id, response] : responses.items()) {
    if (!response.is_string()) return bad();
    kept.responses.push_back({id, response.get<std::string>()});
  }
  for (const auto& [id, entry] : settled.items()) {
    if (!entry.is_array() || entry.size() != 6 || !entry[0].is_string() || !entry[1].is_boolean() ||
        !entry[2].is_number_integer() || !entry[3].is_number() || !entry[4].is_number() ||
        !entry[5].is_number())
      return bad();
    Settlement s;
    s.id = id;
    const bool is_void = entry[1].get<bool>();
    s.state = is_void ? "void" : "settled";
    (is_void ? s.reason : s.answer) = entry[0].get<std::string>();
    s.step = entry[2].get<int64_t>();
    s.measured = entry[3].get<double>();
    s.reference = entry[4].get<double>();
    s.detail = entry[5].get<double>();
    kept.settlements.push_back(s);
  }
  return Result<KeptState>::Success(kept);
}

const std::string* ResponseTo(const std::vector<ActivityResponse>& responses,
                              const std::string& id) {
  for (const ActivityResponse& r : responses)
    if (r.id == id) return &r.response;
  return nullptr;
}

Result<ActivityReport> Evaluate(const Experiment& experiment, std::string_view value,
                                const KeptState& kept, bool kept_unreadable = false) {
  ActivityReport report;
  const ActivityRequest request = ParseActivity(value, &report.notes);
  if (kept_unreadable) report.notes.push_back({"state_unreadable", ""});
  report.questions = ComposeActivity(experiment, request, &report.notes);
  ActivityRequest composed;
  for (const ActivityQuestion& q : report.questions) {
    const QuestionSpec* spec = FindQuestion(q.id);
    if (spec != nullptr) composed.questions.push_back(spec->id);
    // The link names the review only when the teacher's was taken (core's pick stays
    // implicit, so it follows the data).
    if (q.review >= 0 && q.review == request.review) composed.review = q.review;
  }
  report.value = ActivityValue(composed);
  report.committed = kept.committed;
  for (const ActivityQuestion& q : report.questions) {
    if (const std::string* response = ResponseTo(kept.responses, q.id))
      report.responses.push_back({q.id, *response});
  }

  SettleInputs inputs;
  bool measured = false;
  for (const ActivityQuestion& q : report.questions) {
    const auto kept_one = std::find_if(kept.settlements.begin(), kept.settlements.end(),
                                       [&](const Settlement& s) { return s.id == q.id; });
    if (kept_one != kept.settlements.end()) {
      report.settlements.push_back(*kept_one);
      continue;
    }
    Settlement fresh;
    fresh.id = q.id;
    // Settling waits for the student's responses: a question the run had already settled
    // when they were committed was answered with the answer in view, and is not scored.
    if (kept.committed && q.not_applicable.empty() && q.settle_step <= kept.committed_step) {
      report.settlements.push_back(Void(fresh, "settled_before_commit"));
      continue;
    }
    if (!kept.committed) {
      report.settlements.push_back(fresh);
      continue;
    }
    if (!measured) {
      inputs.config = experiment.config();
      inputs.metrics = experiment.CurrentMetrics();
      measured = true;
    }
    inputs.review = q.review >= 0 ? experiment.Review(false, q.review) : ReviewView();
    report.settlements.push_back(Settle(q, inputs));
  }
  Grade(&report);
  report.state_json = StateJson(report, kept.committed_step).dump();
  SayActivity(&report);
  return Result<ActivityReport>::Success(std::move(report));
}

// The activity as it stands, with the commit refused for `why` (nothing committed).
Result<ActivityReport> Refused(const Experiment& experiment, std::string_view value,
                               const KeptState& kept, bool unreadable, const std::string& why,
                               const std::string& response = "") {
  Result<ActivityReport> report = Evaluate(experiment, value, kept, unreadable);
  report.value.refusal = RefuseCommit(why, response);
  return report;
}

}  // namespace

const std::array<QuestionSpec, 6>& QuestionSpecs() {
  static constexpr std::array<QuestionSpec, 6> specs{{
      {QuestionId::kSlope, "slope", ResponseType::kTrueFalse, SettleMoment::kStepOnEmbeddings, true,
       kSlopeTolerance},
      {QuestionId::kCosine, "cosine", ResponseType::kTrueFalse, SettleMoment::kEndOfRun, true,
       kCosinePass},
      {QuestionId::kSelection, "selection", ResponseType::kTrueFalse, SettleMoment::kEndOfRun,
       false, kSelectionPass},
      {QuestionId::kWord, "word", ResponseType::kChoice, SettleMoment::kEndOfRun, false, 0},
      {QuestionId::kUShape, "ushape", ResponseType::kTrueFalse, SettleMoment::kEndOfRun, false,
       kUPass},
      {QuestionId::kAccuracy, "accuracy", ResponseType::kTrueFalse, SettleMoment::kEndOfRun, true,
       kAccuracyGain},
  }};
  return specs;
}

const QuestionSpec* FindQuestion(std::string_view name) {
  for (const QuestionSpec& spec : QuestionSpecs())
    if (name == spec.name) return &spec;
  return nullptr;
}

const char* ResponseTypeName(ResponseType type) {
  return type == ResponseType::kChoice ? "choice" : "true-false";
}

const char* SettleMomentName(SettleMoment moment) {
  return moment == SettleMoment::kStepOnEmbeddings ? "step_on_embeddings" : "end_of_run";
}

ActivityRequest ParseActivity(std::string_view value, std::vector<ActivityNote>* notes) {
  ActivityRequest request;
  size_t start = 0;
  while (start <= value.size()) {
    const size_t comma = std::min(value.find(',', start), value.size());
    std::string_view item = value.substr(start, comma - start);
    start = comma + 1;
    if (item.empty()) continue;
    std::string_view name = item;
    const size_t colon = item.find(':');
    if (colon != std::string_view::npos) name = item.substr(0, colon);
    const QuestionSpec* spec = FindQuestion(name);
    if (spec == nullptr) {
      notes->push_back({"unknown_question", std::string(item)});
      continue;
    }
    if (std::find(request.questions.begin(), request.questions.end(), spec->id) !=
        request.questions.end()) {
      notes->push_back({"repeated_question", std::string(name)});
      continue;
    }
    if (colon != std::string_view::npos) {
      const std::string_view number = item.substr(colon + 1);
      int64_t review = 0;
      const bool digits =
          spec->id == QuestionId::kWord && !number.empty() && number.size() <= 9 &&
          std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (digits)
        for (char c : number) review = review * 10 + (c - '0');
      if (!digits || review < 1)
        notes->push_back({"bad_review", std::string(number)});
      else
        request.review = static_cast<int32_t>(review - 1);
    }
    request.questions.push_back(spec->id);
  }
  if (request.questions.empty()) {
    if (!value.empty()) notes->push_back({"empty", std::string(value)});
    for (const QuestionSpec& spec : QuestionSpecs()) request.questions.push_back(spec.id);
  }
  return request;
}

std::string ActivityValue(const ActivityRequest& request) {
  std::string value;
  for (QuestionId id : request.questions) {
    if (!value.empty()) value += ',';
    value += SpecOf(id).name;
    if (id == QuestionId::kWord && request.review >= 0)
      value += ':' + std::to_string(request.review + 1);
  }
  return value;
}

std::vector<ActivityQuestion> ComposeActivity(const Experiment& experiment,
                                              const ActivityRequest& request,
                                              std::vector<ActivityNote>* notes) {
  const RunConfig& config = experiment.config();
  const int32_t reviews = experiment.has_dataset() ? experiment.summary().train_reviews : 0;
  std::vector<ActivityQuestion> questions;
  for (QuestionId id : request.questions) {
    const QuestionSpec& spec = SpecOf(id);
    ActivityQuestion q;
    q.id = spec.name;
    q.response_type = ResponseTypeName(spec.response);
    q.moment = SettleMomentName(spec.moment);
    q.settle_step = spec.moment == SettleMoment::kStepOnEmbeddings ? 1 : config.steps;
    q.threshold = spec.threshold;
    if (spec.paper_only && config.protocol != Protocol::kPaper) q.not_applicable = "joint_protocol";
    if (spec.response == ResponseType::kTrueFalse) q.choices = {kTrue, kFalse};
    if (id == QuestionId::kWord) {
      int32_t chosen = -1;
      if (request.review >= 0) {
        if (request.review >= reviews) {
          notes->push_back({"review_out_of_range", std::to_string(request.review + 1)});
        } else if (!FitsWordQuestion(experiment.Review(false, request.review))) {
          notes->push_back(
              {"review_choices",
               std::to_string(DistinctTokens(experiment.Review(false, request.review)).size())});
        } else {
          chosen = request.review;
        }
      }
      // Core's pick: the first training review whose distinct tokens make a short list.
      for (int32_t i = 0; chosen < 0 && i < std::min(reviews, kDefaultReviewSearch); ++i)
        if (FitsWordQuestion(experiment.Review(false, i))) chosen = i;
      if (chosen < 0) {
        notes->push_back({"no_review", ""});
        continue;
      }
      const ReviewView review = experiment.Review(false, chosen);
      q.review = chosen;
      q.review_words = review.words;
      q.review_tokens = review.tokens;
      q.choices = DistinctTokens(review);
    }
    questions.push_back(std::move(q));
  }
  return questions;
}

Settlement Settle(const ActivityQuestion& question, const SettleInputs& inputs) {
  Settlement s;
  s.id = question.id;
  if (!question.not_applicable.empty()) return Void(s, question.not_applicable.c_str());
  const Metrics& m = inputs.metrics;
  if (m.step < question.settle_step) return s;
  const QuestionSpec* spec = FindQuestion(question.id);
  if (spec == nullptr) return s;
  switch (spec->id) {
    case QuestionId::kSlope: {
      // The paper protocol's E is frozen after the step on E: every later step reads it.
      if (!m.has_predicted_slope) return s;
      s.measured = m.alignment_slope;
      s.reference = m.predicted_slope;
      s.detail = m.alignment_r2;
      const bool matches = m.predicted_slope != 0 && m.alignment_r2 >= kSlopeR2 &&
                           std::abs(m.alignment_slope / m.predicted_slope - 1) <= kSlopeTolerance;
      return Settled(s, Truth(matches), m.step);
    }
    case QuestionId::kCosine:
      if (!m.has_max_margin) return Void(s, "no_max_margin");
      s.measured = m.cosine_to_max_margin;
      return Settled(s, Truth(m.cosine_to_max_margin >= kCosinePass), m.step);
    case QuestionId::kSelection:
      s.measured = m.selection_accuracy;
      return Settled(s, Truth(m.selection_accuracy >= kSelectionPass), m.step);
    case QuestionId::kWord: {
      const ReviewView& review = inputs.review;
      if (review.attended < 0 || review.attended >= static_cast<int32_t>(review.tokens.size()) ||
          review.tokens[review.attended].empty())
        return Void(s, "no_attention");
      s.measured = review.attention[review.attended];
      return Settled(s, review.tokens[review.attended], m.step);
    }
    case QuestionId::kUShape:
      if (m.u_tokens == 0) return Void(s, "no_u_tokens");
      s.measured = m.u_score;
      s.detail = m.signed_score;
      return Settled(s, Truth(m.u_score > kUPass && std::abs(m.signed_score) < kUFlat), m.step);
    case QuestionId::kAccuracy:
      if (!m.has_test || !m.has_test_after_step_on_e) return Void(s, "no_test");
      s.measured = m.test_accuracy;
      s.reference = m.test_accuracy_after_step_on_e;
      return Settled(s, Truth(m.test_accuracy - m.test_accuracy_after_step_on_e > kAccuracyGain),
                     m.step);
  }
  return s;
}

void Grade(ActivityReport* report) {
  report->results.clear();
  report->correct = 0;
  report->scored = 0;
  bool open = !report->committed;
  for (const Settlement& s : report->settlements) {
    if (s.state == "void") {
      report->results.push_back("void");
      continue;
    }
    const std::string* response = ResponseTo(report->responses, s.id);
    if (s.state == "pending" || !report->committed || response == nullptr) {
      report->results.push_back("pending");
      open = true;
      continue;
    }
    const bool right = *response == s.answer;
    report->results.push_back(right ? "correct" : "wrong");
    report->scored += 1;
    report->correct += right ? 1 : 0;
  }
  report->done = !open;
  report->scaled = report->done && report->scored > 0
                       ? static_cast<double>(report->correct) / report->scored
                       : 0;
}

Result<ActivityReport> EvaluateActivity(const Experiment& experiment, std::string_view value,
                                        std::string_view state_json) {
  const Result<KeptState> kept = ReadState(state_json);
  return Evaluate(experiment, value, kept.ok() ? kept.value : KeptState(), !kept.ok());
}

Result<ActivityReport> CommitActivity(const Experiment& experiment, std::string_view value,
                                      std::string_view state_json,
                                      std::string_view responses_json) {
  const Result<KeptState> read = ReadState(state_json);
  const bool unreadable = !read.ok();
  const KeptState kept = unreadable ? KeptState() : read.value;
  if (kept.committed) return Refused(experiment, value, kept, unreadable, "committed");
  const Json given = Json::parse(responses_json, nullptr, /*allow_exceptions=*/false);
  if (!given.is_object()) return Refused(experiment, value, kept, unreadable, "responses");
  std::vector<ActivityNote> notes;
  const std::vector<ActivityQuestion> questions =
      ComposeActivity(experiment, ParseActivity(value, &notes), &notes);
  KeptState next;
  next.committed = true;
  next.committed_step = experiment.step();
  for (const ActivityQuestion& q : questions) {
    if (!q.not_applicable.empty()) continue;
    const auto found = given.find(q.id);
    if (found == given.end() || !found->is_string())
      return Refused(experiment, value, kept, unreadable, "missing");
    const std::string response = found->get<std::string>();
    if (std::find(q.choices.begin(), q.choices.end(), response) == q.choices.end())
      return Refused(experiment, value, kept, unreadable, "choice", response);
    next.responses.push_back({q.id, response});
  }
  return Evaluate(experiment, value, next, unreadable);
}

}  // namespace clslab
