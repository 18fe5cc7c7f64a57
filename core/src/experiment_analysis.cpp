// Experiment, measuring: the metrics of THEORY.md for the current weights, the token
// table, one review as the page draws it, and the attention-SVM. Every number is finite.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "clslab/experiment.h"
#include "clslab/selection.h"
#include "experiment_state.h"

namespace clslab {

Metrics Experiment::CurrentMetrics() const {
  Metrics m;
  if (!state_->trainer) return m;
  const State& st = *state_;
  const Weights& w = st.trainer->weights();
  const Corpus& train = st.dataset.train;
  m.step = st.trainer->step();
  m.phase = PhaseName(st.trainer->phase());
  ModelWorkspace workspace;
  const LossAccuracy on_train = LossAndGradient(w, train, {}, &workspace, nullptr);
  m.train_loss = Finite(on_train.loss);
  m.train_accuracy = on_train.accuracy;
  if (st.dataset.test.NumReviews() > 0) {
    const LossAccuracy on_test = LossAndGradient(w, st.dataset.test, {}, &workspace, nullptr);
    m.has_test = on_test.reviews > 0;
    m.test_loss = Finite(on_test.loss);
    m.test_accuracy = on_test.accuracy;
  }
  m.p_norm = w.p.cast<double>().norm();

  // Result 1: v.E_s against alpha_s over tokens seen in train (<unk> included: it is a
  // real token of the model and obeys the same update).
  const TokenScalars scalars = ComputeTokenScalars(w);
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

  // Result 2: selection by the theory's selected sets S_i (from v.E_s), and p_mm.
  const SelectedSets sets = ComputeSelectedSets(train, scalars.value);
  const SelectionMetrics selection = MeasureSelection(train, sets, scalars.attention);
  m.selection_accuracy = selection.accuracy;
  m.selection_mass = Finite(selection.mean_mass);
  if (max_margin_current()) {
    const double norm_mm = st.p_mm.cast<double>().norm();
    m.has_max_margin = norm_mm > 0;
    if (m.has_max_margin) {
      m.max_margin_reference = 1 / norm_mm;
      m.cosine_to_max_margin =
          m.p_norm > 0 ? w.p.cast<double>().dot(st.p_mm.cast<double>()) / (m.p_norm * norm_mm) : 0;
      double smallest = INFINITY;
      for (int64_t k = 0; k < st.constraints.size(); ++k) {
        smallest =
            std::min(smallest, static_cast<double>(scalars.attention[st.constraints.winner[k]]) -
                                   scalars.attention[st.constraints.loser[k]]);
      }
      m.normalized_margin = m.p_norm > 0 && std::isfinite(smallest) ? smallest / m.p_norm : 0;
    }
  }

  // Figure 1: the U shape of p.E_s against Delta_s.
  const UShape u = ComputeUShape(scalars.attention, st.statistics);
  m.u_score = Finite(u.u_score);
  m.signed_score = Finite(u.signed_score);
  m.u_contrast = Finite(u.contrast);
  m.u_tokens = u.tokens;
  m.checksum = Checksum(w, m.step);
  return m;
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

// Fills a view of one tokenized review: attention weights, logit and the selected set
// S_i for label y (the predicted sign when the text has no label).
ReviewView View(const Weights& weights, const Vocabulary& vocab, const TokenizerOptions& tokenizer,
                std::string_view text, int32_t label) {
  ReviewView view;
  view.text = std::string(text);
  view.label = label;
  view.words = Tokenize(text, tokenizer);
  Corpus one;
  one.vocab_size = vocab.size();
  const std::vector<int32_t> ids = vocab.Encode(view.words);
  for (int32_t id : ids) view.tokens.push_back(vocab.Token(id));
  one.Add(ids, label >= 0 ? 1 : -1);
  view.logit = Finite(ReviewLogit(weights, one, 0, &view.attention));
  if (label == 0) one.labels[0] = view.logit >= 0 ? 1 : -1;
  // v.E_s for this review's tokens only (O(T d), not the whole table's O(V d): this runs
  // on every keystroke of the typed review); the selection reads no other entry.
  std::vector<float> value(vocab.size(), 0.0f);
  for (int32_t id : ids) value[id] = TokenValue(weights, id);
  const SelectedSets sets = ComputeSelectedSets(one, value);
  view.selected.assign(ids.size(), 0);
  for (size_t t = 0; t < ids.size(); ++t) {
    for (int32_t k = sets.offsets[0]; k < sets.offsets[1]; ++k) {
      if (sets.token_ids[k] == ids[t]) view.selected[t] = 1;
    }
  }
  return view;
}

TokenizerOptions TokenizerFrom(const RunConfig& config) { return PipelineFrom(config).tokenizer; }

}  // namespace

ReviewView Experiment::Review(bool test_split, int32_t index) const {
  if (!state_->trainer) return {};
  const Corpus& corpus = test_split ? state_->dataset.test : state_->dataset.train;
  const std::vector<std::string>& texts =
      test_split ? state_->dataset.test_texts : state_->dataset.train_texts;
  if (index < 0 || index >= corpus.NumReviews()) return {};
  return View(state_->trainer->weights(), state_->dataset.vocab, TokenizerFrom(state_->config),
              texts[index], corpus.labels[index]);
}

ReviewView Experiment::ScoreText(std::string_view text) const {
  if (!state_->trainer) return {};
  return View(state_->trainer->weights(), state_->dataset.vocab, TokenizerFrom(state_->config),
              text.substr(0, 100000), 0);
}

bool Experiment::max_margin_current() const {
  const State& st = *state_;
  return st.trainer && st.has_max_margin && st.solved_at_step >= st.EmbeddingVersion();
}

MaxMarginReport Experiment::SolveMaxMargin() {
  MaxMarginReport report;
  if (!state_->trainer) {
    report.message = "no dataset is loaded";
    return report;
  }
  State& st = *state_;
  if (st.trainer->phase() == Phase::kInitialized) {
    report.message = "take the step on E first: the selected tokens come from E(1)";
    return report;
  }
  const Weights& w = st.trainer->weights();
  const Corpus& train = st.dataset.train;
  const TokenScalars scalars = ComputeTokenScalars(w);
  const SelectedSets sets = ComputeSelectedSets(train, scalars.value);
  st.constraints = BuildConstraints(train, sets);
  report.constraints = st.constraints.size();
  report.constraint_instances = st.constraints.review_constraints;
  report.reviews = st.constraints.constraint_reviews;
  const CycleReport cycles = FindCycles(st.constraints, train, sets, w.vocab_size());
  report.acyclic = cycles.acyclic;
  report.constraints_in_cycles = cycles.constraints_in_cycles;
  report.reviews_in_cycles = cycles.reviews_in_cycles;
  for (const std::vector<int32_t>& cycle : cycles.example_cycles) {
    std::string text;
    for (int32_t id : cycle) text += (text.empty() ? "" : " -> ") + st.dataset.vocab.Token(id);
    if (!cycle.empty()) text += " -> " + st.dataset.vocab.Token(cycle.front());
    report.cycles.push_back(text);
  }
  SvmOptions options;
  options.C = st.config.svm_c;
  options.seed = st.config.seed;
  options.tolerance = 1e-3;
  Result<SvmSolution> solution = Result<SvmSolution>::Failure("not attempted");
  if (cycles.acyclic) {
    // Acyclic is necessary but, when d < V, not sufficient: try the hard margin first.
    options.hard_margin = true;
    solution = SolveAttentionSvm(w.E, st.constraints, options);
    report.hard_margin = solution.ok() && solution.value.converged;
  }
  if (!report.hard_margin) {
    options.hard_margin = false;
    solution = SolveAttentionSvm(w.E, st.constraints, options);
  }
  if (!solution.ok()) {
    report.message = solution.status.message();
    return report;
  }
  const SvmSolution& svm = solution.value;
  report.solved = true;
  report.norm = Finite(svm.norm);
  report.gap = Finite(svm.gap);
  report.min_margin = Finite(svm.min_margin);
  report.violated = svm.violated;
  report.epochs = svm.epochs;
  report.converged = svm.converged;
  report.message = report.hard_margin ? "hard margin: every review can select its tokens"
                                      : "soft margin (C = " + GetSetting(st.config, "svm_c") +
                                            "): the hard-margin problem is infeasible";
  st.p_mm = svm.p;
  st.has_max_margin = true;
  st.solved_at_step = st.EmbeddingVersion();
  return report;
}

}  // namespace clslab
