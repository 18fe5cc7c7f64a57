// Experiment, the data's story: the profile the recipes read, which tokens the theory
// selects, the recipes and the guidance for the current run. Each is a pure function of
// core state (data_profile.h, recipes.h, guidance.h); this file only gathers the inputs.
// Legend: n train reviews, V vocabulary, d width.
#include <algorithm>

#include "clslab/experiment.h"
#include "experiment_state.h"

namespace clslab {

DataProfile Experiment::Profile() const {
  if (!state_->loaded) return {};
  // One review's token strings at a time: a split near Limits::max_tokens would not fit
  // twice in a browser's heap beside the loaded dataset.
  const TokenizerOptions tokenizer = PipelineFrom(state_->config).tokenizer;
  const Dataset& dataset = state_->dataset;
  DataProfileBuilder builder;
  for (size_t i = 0; i < dataset.train_texts.size(); ++i) {
    builder.Add(Tokenize(dataset.train_texts[i], tokenizer), dataset.train.labels[i]);
  }
  return builder.Finish();
}

SelectionReport Experiment::Selection() const {
  const State& st = *state_;
  // The weights' own report: a new solution alone leaves it as it is.
  if (st.selection_version == st.run_version) return st.selection;
  st.selection_version = st.run_version;
  SelectionReport& report = st.selection;
  report = SelectionReport();
  if (!st.trainer || st.trainer->phase() == Phase::kInitialized) return report;
  const Corpus& train = st.dataset.train;
  const TokenScalars scalars = ComputeTokenScalars(st.trainer->weights());
  const SelectedSets sets = ComputeSelectedSets(train, scalars.value);
  const SelectionSummary summary =
      SummarizeSelection(train, sets, st.statistics, kSelectedTokensShown);
  report.available = true;
  report.reviews = summary.reviews;
  report.distinct = summary.distinct;
  report.median_count = summary.median_count;
  report.median_abs_delta = summary.median_abs_delta;
  // Reviews containing each shown token: one pass over the train tokens.
  std::vector<int32_t> documents(summary.top.size(), 0);  // top_k
  std::vector<int32_t> slot(train.vocab_size, -1);        // V, index into top or -1
  std::vector<int32_t> seen(summary.top.size(), -1);      // top_k, last review counted
  for (size_t k = 0; k < summary.top.size(); ++k) slot[summary.top[k]] = static_cast<int32_t>(k);
  for (int32_t i = 0; i < train.NumReviews(); ++i) {
    for (int32_t t = train.Begin(i); t < train.End(i); ++t) {
      const int32_t k = slot[train.token_ids[t]];
      if (k < 0 || seen[k] == i) continue;
      seen[k] = i;
      ++documents[k];
    }
  }
  for (size_t k = 0; k < summary.top.size(); ++k) {
    const int32_t s = summary.top[k];
    SelectedToken token;
    token.token = st.dataset.vocab.Token(s);
    token.reviews = summary.wins[k];
    token.share = summary.reviews > 0 ? static_cast<double>(summary.wins[k]) / summary.reviews : 0;
    token.count = st.statistics.count[s];
    token.delta = st.statistics.delta[s];
    token.document_share =
        summary.reviews > 0 ? static_cast<double>(documents[k]) / summary.reviews : 0;
    report.top.push_back(std::move(token));
  }
  return report;
}

std::vector<Recipe> Experiment::Recipes() const {
  State& st = *state_;
  if (!st.loaded) return {};
  if (!st.has_recipes) {
    st.recipes = ComputeRecipes(Profile(), st.limits);
    st.has_recipes = true;
  }
  return st.recipes;
}

Guidance Experiment::Explain() const {
  const State& st = *state_;
  if (!st.trainer) return clslab::Explain(GuidanceInputs());
  // One state's guidance is computed once (the run's loop computes it when a driver asks,
  // and the driver reads it here).
  const MetricsKey version = st.MetricsVersion();
  if (st.guidance_version == version && st.guidance_history == st.metrics.history_version()) {
    return st.guidance;
  }
  st.guidance = clslab::Explain(ExplainInputs());
  st.guidance_version = version;  // measuring (ExplainInputs) changes no version
  st.guidance_history = st.metrics.history_version();
  return st.guidance;
}

GuidanceInputs Experiment::ExplainInputs() const {
  const State& st = *state_;
  GuidanceInputs in;
  if (!st.trainer) return in;
  in.config = st.config;
  in.metrics = CurrentMetrics();
  const RunView view = st.View();
  if (st.max_margin.Current(view)) in.max_margin = st.max_margin.report();
  in.selection = Selection();
  in.vocab_size = st.dataset.vocab.size();
  in.train_reviews = st.dataset.train.NumReviews();
  in.scored_reviews = in.metrics.scored_reviews;
  in.flow_reviews = st.flow_on_acyclic ? st.flow_corpus.NumReviews() : in.scored_reviews;
  in.alpha_spread = AlphaSpread(st.statistics);
  std::vector<double> counts;  // of the tokens seen in train
  for (int64_t count : st.statistics.count) {
    if (count > 0) counts.push_back(static_cast<double>(count));
  }
  if (!counts.empty()) {
    std::nth_element(counts.begin(), counts.begin() + (counts.size() - 1) / 2, counts.end());
    in.token_median_count = counts[(counts.size() - 1) / 2];
  }
  in.recipes = Recipes();
  in.history = st.metrics.history();
  if (st.local_svm.Current(view)) in.local_svm = st.local_svm.report();
  return in;
}

}  // namespace clslab
