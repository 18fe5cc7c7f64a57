// Experiment, measuring: the token table and one review as the page draws it (the metrics:
// run/metrics_job.cpp; the attention-SVMs: run/max_margin_job.cpp, run/local_svm_job.cpp).
// Every number is finite.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "clslab/experiment.h"
#include "clslab/guidance.h"
#include "clslab/local_svm.h"
#include "clslab/messages.h"
#include "clslab/selection.h"
#include "experiment_state.h"
#include "guidance_specs.h"
#include "text_util.h"

namespace clslab {

TokenTable Experiment::Tokens() const {
  TokenTable table;
  if (!state_->trainer) return table;
  const TokenStatistics& stats = state_->statistics;
  table.tokens = state_->dataset.vocab.tokens();
  table.count.assign(stats.count.begin(), stats.count.end());
  table.alpha = stats.alpha;
  table.delta = stats.delta;
  TokenScalars scalars = ComputeTokenScalars(state_->trainer->weights());
  table.value = std::move(scalars.value);
  table.attention = std::move(scalars.attention);
  MaxMarginScores p_mm = MaxMarginScoresOfTokens();
  table.max_margin_attention = std::move(p_mm.all);
  table.max_margin_attention_acyclic = std::move(p_mm.acyclic);
  return table;
}

TokenScores Experiment::Scores() const {
  TokenScores scores;
  if (!state_->trainer) return scores;
  TokenScalars scalars = ComputeTokenScalars(state_->trainer->weights());
  scores.value = std::move(scalars.value);
  scores.attention = std::move(scalars.attention);
  return scores;
}

namespace {

// Why the model attends to another token than the theory's s*, from the view's numbers:
// attention follows a_t alone, s* follows y b_t alone, and until p ranks s* first (or when
// no p can, the constraints being on a cycle) the two differ. No finding when they agree.
// Each message's claim is over the view it is said of (ReviewClaimHolds).
}  // namespace

const MessageSpec kReviewSpread{"review-spread", {{"star", ArgType::kToken}}, nullptr};
const MessageSpec kReviewDisagrees{"review-disagrees",
                                   {{"top", ArgType::kToken},
                                    {"star", ArgType::kToken},
                                    {"a_top", ArgType::kRatio},
                                    {"a_star", ArgType::kRatio},
                                    {"b_star", ArgType::kRatio},
                                    {"b_top", ArgType::kRatio}},
                                   nullptr};
const SpecList kReviewSpecs = {&kReviewSpread, &kReviewDisagrees};

// "p scores “top” above the theory's s* “star” (a_t A against B), though s* has the larger
// y·b_t (C against D)": the view's own numbers, in that order.
bool ReviewClaimHolds(const ReviewView& view, const Finding& said, std::string* why) {
  const int32_t top = view.attended, star = view.chosen;
  if (said.code.empty()) {
    *why = "an empty finding claims they agree";
    return top < 0 || star < 0 || view.selected[top] == 1;
  }
  *why = said.code + ": the view's numbers";
  if (top < 0 || star < 0 || view.selected[top] == 1) return false;
  if (said.Arg("star") == nullptr || said.Arg("star")->text != view.tokens[star]) return false;
  const double y = view.label != 0 ? view.label : view.prediction;
  if (said.code == "review-spread") return view.score[top] == view.score[star];
  return said.Arg("top")->text == view.tokens[top] && said.Number("a_top") == view.score[top] &&
         said.Number("a_star") == view.score[star] &&
         said.Number("a_top") > said.Number("a_star") &&
         said.Number("b_star") == y * view.value[star] &&
         said.Number("b_top") == y * view.value[top] &&
         said.Number("b_star") >= said.Number("b_top");
}

namespace {

Finding Disagreement(const ReviewView& view, int32_t y) {
  const int32_t top = view.attended, star = view.chosen;
  if (top < 0 || star < 0 || view.selected[top] == 1) return {};
  if (view.score[top] == view.score[star]) {
    return kReviewSpread.Say("review", FindingKind::kNote, {Token("star", view.tokens[star])});
  }
  return kReviewDisagrees.Say(
      "review", FindingKind::kNote,
      {Token("top", view.tokens[top]), Token("star", view.tokens[star]),
       Ratio("a_top", view.score[top]), Ratio("a_star", view.score[star]),
       Ratio("b_star", y * view.value[star]), Ratio("b_top", y * view.value[top])});
}

// The view's breakdown of f for a page that draws the largest weights first: s_t b_t per
// position, the model's positions by s_t (stable: earlier first on ties), and the sums of
// s_t and s_t b_t from each rank on (suffix sums in double, so a page never adds them).
void RankByAttention(ReviewView* view) {
  const size_t positions = view->tokens.size();
  view->contribution.assign(positions, 0.0f);
  for (size_t t = 0; t < positions; ++t) {
    view->contribution[t] = view->attention[t] * view->value[t];
    if (!view->tokens[t].empty()) view->order.push_back(static_cast<int32_t>(t));
    if (view->selected[t] == 1) view->selected_attention += view->attention[t];
  }
  std::stable_sort(view->order.begin(), view->order.end(),
                   [&](int32_t i, int32_t j) { return view->attention[i] > view->attention[j]; });
  const size_t n = view->order.size();
  view->rest_attention.assign(n + 1, 0.0);
  view->rest_contribution.assign(n + 1, 0.0);
  for (size_t k = n; k-- > 0;) {
    const int32_t t = view->order[k];
    view->rest_attention[k] = view->rest_attention[k + 1] + view->attention[t];
    view->rest_contribution[k] =
        view->rest_contribution[k + 1] + static_cast<double>(view->attention[t]) * view->value[t];
  }
}

// Fills a view of one tokenized review: attention weights, logit and the selected set
// S_i for label y (the predicted sign when the text has no label). With drop_unknown the
// words outside the vocabulary are not part of the model's review: they are shown with
// token "" and attention 0, the rest exactly as the model scores them.
ReviewView View(const Weights& weights, const Vocabulary& vocab, const RunConfig& config,
                std::string_view text, int32_t label) {
  ReviewView view;
  view.text = std::string(text);
  view.label = label;
  view.words = Tokenize(text, PipelineFrom(config).tokenizer);
  const std::vector<int32_t> all_ids = vocab.Encode(view.words);  // T
  std::vector<int32_t> ids;                                       // the model's review
  for (int32_t id : all_ids) {
    const bool seen = id != Vocabulary::kUnknownId || !config.drop_unknown;
    view.tokens.push_back(seen ? vocab.Token(id) : std::string());
    if (seen) ids.push_back(id);
  }
  Corpus one;
  one.vocab_size = vocab.size();
  one.Add(ids, label >= 0 ? 1 : -1);
  std::vector<float> attention, score, value_of;  // one per id of the model's review
  view.logit = Finite(ReviewLogit(weights, one, 0, &attention, &score, &value_of));
  if (label == 0) one.labels[0] = view.logit >= 0 ? 1 : -1;
  // v.E_s for this review's tokens only (O(T d), not the whole table's O(V d): this runs
  // on every keystroke of the typed review); the selection reads no other entry.
  std::vector<float> value(vocab.size(), 0.0f);
  for (int32_t id : ids) value[id] = TokenValue(weights, id);
  const SelectedSets sets = ComputeSelectedSets(one, value);
  view.attention.assign(all_ids.size(), 0.0f);
  view.selected.assign(all_ids.size(), 0);
  view.score.assign(all_ids.size(), 0.0f);
  view.value.assign(all_ids.size(), 0.0f);
  for (size_t t = 0, k = 0; t < all_ids.size(); ++t) {
    if (view.tokens[t].empty()) continue;  // dropped: not attended to
    if (k < attention.size()) {
      view.attention[t] = attention[k];
      view.score[t] = score[k];
      view.value[t] = value_of[k];
    }
    ++k;
    for (int32_t j = sets.offsets[0]; j < sets.offsets[1]; ++j) {
      if (sets.token_ids[j] == all_ids[t]) view.selected[t] = 1;
    }
    const int32_t at = static_cast<int32_t>(t);
    if (view.chosen < 0 && view.selected[t] == 1) view.chosen = at;
    if (view.attended < 0 || view.attention[t] > view.attention[view.attended]) view.attended = at;
  }
  RankByAttention(&view);
  if (ids.empty()) return view;
  view.prediction = view.logit >= 0 ? 1 : -1;
  view.disagreement = Disagreement(view, one.labels[0]);
  return view;
}

}  // namespace

ReviewView Experiment::Review(bool test_split, int32_t index) const {
  if (!state_->trainer) return {};
  const Corpus& corpus = test_split ? state_->dataset.test : state_->dataset.train;
  const std::vector<std::string>& texts =
      test_split ? state_->dataset.test_texts : state_->dataset.train_texts;
  if (index < 0 || index >= corpus.NumReviews()) return {};
  return View(state_->trainer->weights(), state_->dataset.vocab, state_->config, texts[index],
              corpus.labels[index]);
}

ReviewView Experiment::ScoreText(std::string_view text) const {
  if (!state_->trainer) return {};
  return View(state_->trainer->weights(), state_->dataset.vocab, state_->config,
              text.substr(0, 100000), 0);
}

}  // namespace clslab
