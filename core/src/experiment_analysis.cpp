// Experiment, measuring: the metrics of THEORY.md for the current weights, the token
// table and one review as the page draws it (the attention-SVM: experiment_max_margin.cpp).
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
namespace {

// cos(a, b) in double; 0 when either is 0 (p = 0 before the flow has moved).
double Cosine(const Eigen::VectorXf& a, const Eigen::VectorXf& b) {
  const double norms = a.cast<double>().norm() * b.cast<double>().norm();
  return norms > 0 ? Finite(a.cast<double>().dot(b.cast<double>()) / norms) : 0;
}

}  // namespace

// The metrics are measured in parts, each O(N) at most, in a fixed order; a part only adds
// to what the earlier parts left in `work`, so measuring in one go (CurrentMetrics) and in
// calls of one part each (ContinueMetrics, the page's worker yields between them so that a
// Pause waits for one part, not all) give the same numbers bit for bit. The parts up to
// kMaxMargin read the weights, the data and the settings only; the last two read the
// solutions (p_mm, p_local) too. A new solution alone (State::TouchSolutions) measures only
// those two again, from what the weights' parts found (the solve after the step on E asks
// for the metrics once more: ~70 ms at d 1024 at 25,000 reviews).
enum MetricsPart : int {
  kTrainLoss,
  kTestLoss,
  kResultOne,
  kSelectedSets,
  kSelection,
  kFlow,
  kFigureOne,
  kMaxMargin,  // the first part that reads a solution
  kLocalSvm,
  kPartCount
};

Metrics Experiment::CurrentMetrics() const {
  while (!ContinueMetrics()) {
  }
  return state_->metrics;
}

bool Experiment::ContinueMetrics() const {
  int64_t spent = 0;
  const bool measured = state_->metrics_version == state_->version;
  if (!MeasureSlice(&spent)) return false;
  // Measured outside the run's loop (the page's worker until it runs Work): each
  // measurement is a point of the history, as the worker took them.
  if (!measured && state_->trainer) RecordHistory();
  return true;
}

bool Experiment::MeasureSlice(int64_t* spent) const {
  State& st = *state_;
  if (!st.trainer) {
    st.metrics = Metrics();
    return true;
  }
  if (st.metrics_version == st.version) return true;
  State::MetricsWork& work = st.measuring;
  if (work.version != st.version) {
    if (work.weights_version != st.weights_version) {
      work = State::MetricsWork();
      work.weights_version = st.weights_version;
    } else if (work.next > kMaxMargin) {
      // The same weights, a new solution: what their parts found stands.
      work.metrics = work.of_weights;
      work.next = kMaxMargin;
    }
    work.version = st.version;
  }
  MeasurePart(work.next++);
  *spent += PassUnits(st.Sizes());
  if (work.next == kMaxMargin) work.of_weights = work.metrics;
  if (work.next < kPartCount) return false;
  CommitMetrics();
  return true;
}

void Experiment::MeasurePart(int part) const {
  const State& st = *state_;
  State::MetricsWork& work = st.measuring;
  Metrics& m = work.metrics;
  const Weights& w = st.trainer->weights();
  const Corpus& train = st.dataset.train;
  switch (part) {
    case kTrainLoss: {
      m.step = st.trainer->step();
      m.phase = PhaseName(st.trainer->phase());
      ModelWorkspace workspace;
      const LossAccuracy on_train = LossAndGradient(w, train, {}, &workspace, nullptr);
      m.train_loss = Finite(on_train.loss);
      m.train_accuracy = on_train.accuracy;
      m.train_reviews = train.NumReviews();
      m.scored_reviews = on_train.reviews;
      m.p_norm = w.p.cast<double>().norm();
      return;
    }
    case kTestLoss: {
      if (st.dataset.test.NumReviews() == 0) return;
      ModelWorkspace workspace;
      const LossAccuracy on_test = LossAndGradient(w, st.dataset.test, {}, &workspace, nullptr);
      m.has_test = on_test.reviews > 0;
      m.test_loss = Finite(on_test.loss);
      m.test_accuracy = on_test.accuracy;
      return;
    }
    case kResultOne:
      MeasureResultOne();
      return;
    case kSelectedSets:
      // Result 2: selection by the theory's selected sets S_i (from v.E_s).
      work.sets = ComputeSelectedSets(train, work.scalars.value);
      return;
    case kSelection: {
      const SelectionMetrics selection = MeasureSelection(train, work.sets, work.scalars.attention);
      m.selection_accuracy = selection.accuracy;
      m.selection_mass = Finite(selection.mean_mass);
      // The label-free baseline: the same argmax rule on |v.E_s| instead of p.E_s.
      std::vector<float> magnitude(work.scalars.value.size());  // V, |v.E_s|
      for (size_t s = 0; s < magnitude.size(); ++s) magnitude[s] = std::abs(work.scalars.value[s]);
      m.baseline_selection_accuracy = MeasureSelection(train, work.sets, magnitude).accuracy;
      return;
    }
    case kFlow:
      // Result 2 over all reviews for the tokens the flow selects (local_svm.h).
      work.flow = FlowSelection();
      if (st.config.protocol == Protocol::kPaper && st.trainer->phase() != Phase::kInitialized &&
          m.p_norm > 0) {
        work.flow = ComputeFlowSelection(train, work.scalars.attention, work.sets);
        m.has_local_selection = work.flow.reviews > 0;
        if (m.has_local_selection) {
          m.local_selection_s_star = static_cast<double>(work.flow.in_theory) / work.flow.reviews;
          m.local_selection_strict = static_cast<double>(work.flow.strict) / work.flow.reviews;
        }
      }
      m.has_test_after_step_on_e = st.has_test_after_step_on_e;
      m.test_accuracy_after_step_on_e = st.test_accuracy_after_step_on_e;
      return;
    case kFigureOne: {
      // Figure 1: the U shape of p.E_s against Delta_s.
      const UShape u = ComputeUShape(work.scalars.attention, st.statistics);
      m.u_score = Finite(u.u_score);
      m.signed_score = Finite(u.signed_score);
      m.u_contrast = Finite(u.contrast);
      m.u_tokens = u.tokens;
      m.checksum = Checksum(w, m.step);
      return;
    }
    case kMaxMargin:
      MeasureMaxMarginPart();
      return;
    case kLocalSvm:
      MeasureLocalSvmPart();
      return;
    default:
      return;
  }
}

void Experiment::MeasureResultOne() const {
  const State& st = *state_;
  State::MetricsWork& work = st.measuring;
  Metrics& m = work.metrics;
  const Weights& w = st.trainer->weights();
  // Result 1: v.E_s against alpha_s over tokens seen in train (<unk> included: it is a
  // real token of the model and obeys the same update).
  work.scalars = ComputeTokenScalars(w);
  const TokenScalars& scalars = work.scalars;
  std::vector<double> alpha, value;
  for (int32_t s = 0; s < w.vocab_size(); ++s) {
    if (st.statistics.count[s] == 0) continue;
    alpha.push_back(st.statistics.alpha[s]);
    value.push_back(scalars.value[s]);
  }
  const LinearFit fit = FitLine(alpha, value);
  m.alignment_slope = Finite(fit.slope);
  m.alignment_intercept = Finite(fit.intercept);
  m.alignment_r2 = Finite(fit.r_squared);
  if (st.config.protocol == Protocol::kPaper && st.trainer->phase() != Phase::kInitialized) {
    m.has_predicted_slope = true;
    m.predicted_slope = st.config.eta / 2 * w.v.cast<double>().squaredNorm();
  }
}

// Result 2 against the attention-SVM over all reviews and over the acyclic ones.
void Experiment::MeasureMaxMarginPart() const {
  const State& st = *state_;
  State::MetricsWork& work = st.measuring;
  Metrics& m = work.metrics;
  const Weights& w = st.trainer->weights();
  const TokenScalars& scalars = work.scalars;
  if (!st.MaxMarginIsCurrent()) return;
  const double norm_mm = st.p_mm.cast<double>().norm();
  m.has_max_margin = norm_mm > 0;
  if (m.has_max_margin) {
    m.max_margin_reference = 1 / norm_mm;
    m.cosine_to_max_margin = Cosine(w.p, st.p_mm);
    m.u_score_max_margin = Finite(st.u_max_margin.u_score);
    m.signed_score_max_margin = Finite(st.u_max_margin.signed_score);
    double smallest = INFINITY;
    for (int64_t k = 0; k < st.constraints.size(); ++k) {
      smallest =
          std::min(smallest, static_cast<double>(scalars.attention[st.constraints.winner[k]]) -
                                 scalars.attention[st.constraints.loser[k]]);
    }
    m.normalized_margin = m.p_norm > 0 && std::isfinite(smallest) ? smallest / m.p_norm : 0;
  }
  m.has_max_margin_acyclic = st.has_max_margin_acyclic;
  if (m.has_max_margin_acyclic) {
    m.cosine_to_max_margin_acyclic = Cosine(w.p, st.p_mm_acyclic);
    m.selection_accuracy_acyclic =
        MeasureSelection(st.acyclic_corpus, st.acyclic_sets, scalars.attention).accuracy;
    m.acyclic_reviews = st.max_margin_report.acyclic_reviews;
    m.u_score_max_margin_acyclic = Finite(st.u_max_margin_acyclic.u_score);
    m.signed_score_max_margin_acyclic = Finite(st.u_max_margin_acyclic.signed_score);
  }
}

// Result 2 against the attention-SVM of the flow's own selection (local_svm.h).
void Experiment::MeasureLocalSvmPart() const {
  const State& st = *state_;
  State::MetricsWork& work = st.measuring;
  Metrics& m = work.metrics;
  const Weights& w = st.trainer->weights();
  if (st.config.protocol != Protocol::kPaper || st.trainer->phase() == Phase::kInitialized ||
      !(m.p_norm > 0) || !st.LocalSvmIsCurrent()) {
    return;
  }
  const double norm_local = st.p_local.cast<double>().norm();
  m.has_local_svm = norm_local > 0;
  m.local_svm_step = st.local_report.step;
  m.local_selection_current = SameSelection(work.flow.sets, st.local_sets);
  m.cosine_to_local_svm = Cosine(w.p, st.p_local);
  m.local_svm_reference = norm_local > 0 ? 1 / norm_local : 0;
  double smallest = INFINITY;
  const MarginConstraints& c = st.local_constraints;
  for (int64_t k = 0; k < c.size(); ++k) {
    smallest = std::min(smallest, static_cast<double>(work.scalars.attention[c.winner[k]]) -
                                      work.scalars.attention[c.loser[k]]);
  }
  m.local_normalized_margin = std::isfinite(smallest) ? smallest / m.p_norm : 0;
}

// The measurement is complete: it becomes the metrics of this version.
void Experiment::CommitMetrics() const {
  const State& st = *state_;
  st.metrics = st.measuring.metrics;  // the work stays: a new solution alone reuses it
  st.metrics_version = st.version;
}

// The current metrics become the history's point of their step.
void Experiment::RecordHistory() const {
  const State& st = *state_;
  const Metrics& m = st.metrics;
  // The history keeps one point per step (the latest measurement of it), thinned by
  // dropping every other older point when full, so it spans the whole run.
  std::vector<Metrics>& history = st.history;
  if (!history.empty() && history.back().step > m.step) history.clear();
  if (!history.empty() && history.back().step == m.step) history.pop_back();
  if (history.size() >= kHistoryLength) {
    std::vector<Metrics> thinned;
    for (size_t k = 0; k < history.size(); k += 2) thinned.push_back(history[k]);
    history = std::move(thinned);
  }
  history.push_back(m);
  ++st.history_version;
}

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

MaxMarginScores Experiment::MaxMarginScoresOfTokens() const {
  MaxMarginScores scores;
  if (!state_->trainer || !state_->MaxMarginIsCurrent()) return scores;
  const RowMatrixXf& E = state_->trainer->weights().E;
  scores.all = TokenScoresOf(E, state_->p_mm);
  if (state_->has_max_margin_acyclic) scores.acyclic = TokenScoresOf(E, state_->p_mm_acyclic);
  return scores;
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
