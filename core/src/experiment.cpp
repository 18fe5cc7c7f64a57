// Experiment: glue from bytes to numbers. Parsing, pipeline, trainer and analysis are
// each in their own file; this one only sequences them and fills the plain structs the
// front ends show. Legend: V vocabulary, d width, n train reviews, K constraints.
#include "clslab/experiment.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "clslab/dataset.h"
#include "clslab/max_margin.h"
#include "clslab/selection.h"
#include "clslab/statistics.h"
#include "clslab/synthetic.h"
#include "clslab/text_formats.h"
#include "clslab/trainer.h"

namespace clslab {
namespace {

// FNV-1a over the bytes of E, p and v: equal weights give equal checksums, and a single
// flipped bit changes it. Not cryptographic; it lets two people compare runs by eye.
std::string Checksum(const Weights& w) {
  uint64_t hash = 1469598103934665603ull;
  auto mix = [&](const float* data, int64_t count) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(data);
    for (int64_t k = 0; k < count * static_cast<int64_t>(sizeof(float)); ++k) {
      hash = (hash ^ bytes[k]) * 1099511628211ull;
    }
  };
  mix(w.E.data(), w.E.size());
  mix(w.p.data(), w.p.size());
  mix(w.v.data(), w.v.size());
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

PipelineOptions PipelineFrom(const RunConfig& config, const Limits& limits = Limits()) {
  PipelineOptions options;
  options.test_fraction = config.test_fraction;
  options.max_reviews = config.max_reviews;
  options.tokenizer.lowercase = config.lowercase;
  options.tokenizer.remove_stop_words = config.remove_stop_words;
  options.tokenizer.max_tokens = config.max_tokens;
  options.min_count = config.min_count;
  options.max_vocab = config.max_vocab;
  options.seed = config.seed;
  options.max_total_tokens = limits.max_tokens;
  return options;
}

double Finite(double x) { return std::isfinite(x) ? x : 0.0; }

}  // namespace

struct Experiment::State {
  Limits limits;
  RunConfig config;
  bool loaded = false;
  Dataset dataset;
  std::vector<LabeledText> rows;  // as parsed, for ExportLabelTabText
  DatasetSummary summary;
  TokenStatistics statistics;  // of the train split
  std::unique_ptr<Trainer> trainer;
  Metrics last_stop;  // carries the stop message until the next reset
  // Attention-SVM solution, valid while E is unchanged since `solved_at_step`.
  bool has_max_margin = false;
  int64_t solved_at_step = -1;
  Eigen::VectorXf p_mm;  // d
  MarginConstraints constraints;

  // The step at which E last changed: 1 after the paper's step on E, every joint step.
  int64_t EmbeddingVersion() const {
    if (trainer->phase() == Phase::kInitialized) return 0;
    return config.protocol == Protocol::kPaper ? 1 : trainer->step();
  }
};

Experiment::Experiment(const Limits& limits) : state_(std::make_unique<State>()) {
  state_->limits = limits;
}
Experiment::~Experiment() = default;

const Limits& Experiment::limits() const { return state_->limits; }

ParseOptions Experiment::Bounded(const ParseOptions& options) const {
  ParseOptions bounded = options;
  bounded.max_bytes = std::min(bounded.max_bytes, state_->limits.max_input_bytes);
  return bounded;
}

Status Experiment::CheckBeforeBuild(int64_t rows, const RunConfig& config) const {
  const Status width = CheckWidth(state_->limits, config.width);
  if (!width.ok()) return width;
  const int64_t sampled = config.max_reviews > 0 ? std::min<int64_t>(rows, config.max_reviews) : rows;
  return CheckReviews(state_->limits, sampled);
}

const DatasetSummary& Experiment::summary() const { return state_->summary; }
bool Experiment::has_dataset() const { return state_->loaded; }
const RunConfig& Experiment::config() const { return state_->config; }
int64_t Experiment::step() const { return state_->trainer ? state_->trainer->step() : 0; }

Result<DatasetSummary> Experiment::LoadText(std::string_view bytes, std::string_view source_name,
                                            const RunConfig& config) {
  ParseOptions parse;
  parse.source_name = std::string(source_name);
  return LoadText(bytes, parse, config);
}

Result<DatasetSummary> Experiment::LoadText(std::string_view bytes, const ParseOptions& options,
                                            const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Result<DatasetSummary>::Failure(valid.message());
  return LoadParsed(ParseReviews(bytes, Bounded(options)), options.source_name, config);
}

Result<DatasetSummary> Experiment::LoadPairedLines(std::string_view positive_bytes,
                                                   std::string_view negative_bytes,
                                                   const ParseOptions& options,
                                                   const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Result<DatasetSummary>::Failure(valid.message());
  return LoadParsed(ParsePairedLines(positive_bytes, negative_bytes, Bounded(options)),
                    options.source_name, config);
}

Result<DatasetSummary> Experiment::LoadLabeledTexts(std::vector<LabeledText> rows,
                                                    const ParseOptions& options,
                                                    const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Result<DatasetSummary>::Failure(valid.message());
  return LoadParsed(ParseLabeledTexts(std::move(rows), Bounded(options)), options.source_name,
                    config);
}

Result<DatasetSummary> Experiment::LoadParsed(Result<ParsedReviews> parsed,
                                              const std::string& source_name,
                                              const RunConfig& config) {
  if (!parsed.ok()) return Result<DatasetSummary>::Failure(parsed.status.message());
  const Status within = CheckBeforeBuild(static_cast<int64_t>(parsed.value.rows.size()), config);
  if (!within.ok()) return Result<DatasetSummary>::Failure(source_name + ": " + within.message());
  Result<Dataset> built = BuildDataset(parsed.value.rows, PipelineFrom(config, state_->limits));
  if (!built.ok()) {
    return Result<DatasetSummary>::Failure(source_name + ": " + built.status.message());
  }
  DatasetSummary summary;
  summary.source_name = source_name;
  summary.format = parsed.value.format;
  summary.columns = parsed.value.columns;
  summary.text_column = parsed.value.text_column;
  summary.label_column = parsed.value.label_column;
  summary.parsed_rows = static_cast<int64_t>(parsed.value.rows.size());
  summary.dropped = parsed.value.dropped;
  for (const auto& [reason, count] : parsed.value.drop_reasons) {
    summary.drop_reasons.push_back(std::to_string(count) + " rows: " + reason);
  }
  return Adopt(std::move(built.value), std::move(summary), config, std::move(parsed.value.rows));
}

namespace {

// At most kPreviewTextBytes of text, cut at a UTF-8 boundary.
std::string Shortened(const std::string& text) {
  if (text.size() <= kPreviewTextBytes) return text;
  size_t cut = kPreviewTextBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  return text.substr(0, cut) + "\xE2\x80\xA6";  // U+2026 ellipsis
}

DatasetPreview PreviewOf(const Result<ParsedReviews>& parsed, const ParseOptions& options,
                         bool not_utf8) {
  DatasetPreview preview;
  preview.source_name = options.source_name;
  if (!parsed.ok()) {
    preview.message = parsed.status.message();
    // Only a failure Latin-1 decoding could cure: invalid UTF-8 that was not decoded yet.
    preview.not_utf8 = not_utf8 && !options.latin1;
    return preview;
  }
  const ParsedReviews& p = parsed.value;
  preview.ok = true;
  preview.format = p.format;
  preview.columns = p.columns;
  preview.text_column = p.text_column;
  preview.label_column = p.label_column;
  preview.label_mapping = p.label_mapping;
  preview.parsed_rows = static_cast<int64_t>(p.rows.size());
  for (const LabeledText& row : p.rows) (row.label > 0 ? preview.positive : preview.negative)++;
  for (size_t i = 0; i < p.rows.size() && i < static_cast<size_t>(kPreviewRows); ++i) {
    preview.rows.push_back({Shortened(p.rows[i].text), p.rows[i].label});
  }
  preview.dropped = p.dropped;
  for (const auto& [reason, count] : p.drop_reasons) {
    preview.drop_reasons.push_back(std::to_string(count) + " rows: " + reason);
  }
  if (preview.positive == 0 || preview.negative == 0) {
    preview.warnings.push_back(std::string("only one class: all ") +
                               std::to_string(preview.parsed_rows) + " rows are " +
                               (preview.positive > 0 ? "positive" : "negative") +
                               "; a classifier needs both, so loading will be refused");
  }
  return preview;
}

}  // namespace

DatasetPreview Experiment::Preview(std::string_view bytes, const ParseOptions& options) {
  return PreviewOf(ParseReviews(bytes, options), options, !IsUtf8(bytes));
}

DatasetPreview Experiment::PreviewPairedLines(std::string_view positive_bytes,
                                              std::string_view negative_bytes,
                                              const ParseOptions& options) {
  return PreviewOf(ParsePairedLines(positive_bytes, negative_bytes, options), options,
                   !IsUtf8(positive_bytes) || !IsUtf8(negative_bytes));
}

DatasetPreview Experiment::PreviewLabeledTexts(std::vector<LabeledText> rows,
                                               const ParseOptions& options) {
  bool not_utf8 = false;
  for (const LabeledText& row : rows) not_utf8 = not_utf8 || !IsUtf8(row.text);
  return PreviewOf(ParseLabeledTexts(std::move(rows), options), options, not_utf8);
}

std::string Experiment::ExportLabelTabText() const {
  return state_->loaded ? WriteLabelTabText(state_->rows) : std::string();
}

Result<DatasetSummary> Experiment::LoadSynthetic(const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Result<DatasetSummary>::Failure(valid.message());
  const Status within = CheckBeforeBuild(config.synthetic_reviews, config);
  if (!within.ok()) return Result<DatasetSummary>::Failure("synthetic: " + within.message());
  SyntheticOptions options;
  options.reviews = config.synthetic_reviews;
  options.feasible = config.synthetic_feasible;
  options.label_noise = config.synthetic_feasible ? 0.0 : config.synthetic_label_noise;
  if (config.synthetic_feasible) options.opposite_rate = 0;
  options.seed = config.seed;
  Result<SyntheticData> data = GenerateSynthetic(options);
  if (!data.ok()) return Result<DatasetSummary>::Failure("synthetic: " + data.status.message());
  // Through the same pipeline as a file, so split and vocabulary rules are identical.
  std::vector<LabeledText> rows;
  rows.reserve(data.value.texts.size());
  for (int32_t i = 0; i < data.value.corpus.NumReviews(); ++i) {
    rows.push_back({data.value.texts[i], data.value.corpus.labels[i]});
  }
  Result<Dataset> built = BuildDataset(rows, PipelineFrom(config, state_->limits));
  if (!built.ok()) return Result<DatasetSummary>::Failure("synthetic: " + built.status.message());
  DatasetSummary summary;
  summary.source_name = "synthetic";
  summary.format = config.synthetic_feasible ? "synthetic (feasible)" : "synthetic";
  summary.parsed_rows = static_cast<int64_t>(rows.size());
  return Adopt(std::move(built.value), std::move(summary), config, std::move(rows));
}

Result<DatasetSummary> Experiment::Adopt(Dataset&& dataset, DatasetSummary summary,
                                         const RunConfig& config, std::vector<LabeledText> rows) {
  // Before the Trainer allocates V x d weights (and Adam two more copies).
  Status within = CheckVocabulary(state_->limits, dataset.vocab.size());
  if (within.ok()) within = CheckWeights(state_->limits, dataset.vocab.size(), config.width);
  if (!within.ok()) {
    const std::string& name = summary.source_name;
    return Result<DatasetSummary>::Failure(name + ": " + within.message());
  }
  summary.dropped += dataset.dropped_empty;
  if (dataset.dropped_empty > 0) {
    summary.drop_reasons.push_back(std::to_string(dataset.dropped_empty) +
                                   " rows: no tokens after tokenization");
  }
  summary.train_reviews = dataset.train.NumReviews();
  summary.test_reviews = dataset.test.NumReviews();
  for (int8_t y : dataset.train.labels) (y > 0 ? summary.train_positive : summary.train_negative)++;
  summary.vocab_size = dataset.vocab.size();
  summary.train_tokens = dataset.train.NumTokens();
  // Commit: from here on nothing can fail, so the old dataset is replaced whole.
  state_->trainer.reset();
  state_->dataset = std::move(dataset);
  state_->rows = std::move(rows);
  state_->summary = std::move(summary);
  state_->statistics = ComputeTokenStatistics(state_->dataset.train);
  state_->loaded = true;
  const Status reset = Reset(config);
  if (!reset.ok()) return Result<DatasetSummary>::Failure(reset.message());
  return Result<DatasetSummary>::Success(state_->summary);
}

Status Experiment::Reset(const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return valid;
  if (!state_->loaded) return Status::Error("no dataset is loaded");
  const Status width = CheckWidth(state_->limits, config.width);
  if (!width.ok()) return width;
  const Status weights = CheckWeights(state_->limits, state_->dataset.vocab.size(), config.width);
  if (!weights.ok()) return weights;
  state_->config = config;
  state_->trainer = std::make_unique<Trainer>(&state_->dataset.train, config);
  state_->last_stop = Metrics();
  state_->has_max_margin = false;
  state_->solved_at_step = -1;
  return Status::Ok();
}

namespace {

Metrics Refused(std::string message) {
  Metrics metrics;
  metrics.stopped = true;
  metrics.message = std::move(message);
  return metrics;
}

}  // namespace

Metrics Experiment::Advance(int32_t steps) {
  if (!state_->trainer) return Refused("no dataset is loaded");
  const StepOutcome outcome = state_->trainer->Advance(steps);
  Metrics metrics = CurrentMetrics();
  if (outcome.stopped) {
    metrics.stopped = true;
    metrics.message = outcome.message;
  }
  return metrics;
}

Metrics Experiment::StepEmbeddings() {
  if (!state_->trainer) return Refused("no dataset is loaded");
  const StepOutcome outcome = state_->trainer->StepEmbeddings();
  Metrics metrics = CurrentMetrics();
  metrics.stopped = outcome.stopped || outcome.taken == 0;
  metrics.message = outcome.message;
  return metrics;
}

Metrics Experiment::StepAttention(int32_t steps) {
  if (!state_->trainer) return Refused("no dataset is loaded");
  const StepOutcome outcome = state_->trainer->StepFlow(steps);
  Metrics metrics = CurrentMetrics();
  metrics.stopped = outcome.stopped || outcome.taken == 0;
  metrics.message = outcome.message;
  return metrics;
}

Metrics Experiment::CurrentMetrics() {
  Metrics m;
  if (!state_->trainer) return Refused("no dataset is loaded");
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
  if (st.has_max_margin && st.solved_at_step >= st.EmbeddingVersion()) {
    const double norm_mm = st.p_mm.cast<double>().norm();
    m.has_max_margin = norm_mm > 0;
    if (m.has_max_margin) {
      m.max_margin_reference = 1 / norm_mm;
      m.cosine_to_max_margin =
          m.p_norm > 0 ? w.p.cast<double>().dot(st.p_mm.cast<double>()) / (m.p_norm * norm_mm) : 0;
      double smallest = INFINITY;
      for (int64_t k = 0; k < st.constraints.size(); ++k) {
        smallest = std::min(smallest, static_cast<double>(scalars.attention[st.constraints.winner[k]]) -
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
  m.checksum = Checksum(w);
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
  const TokenScalars scalars = ComputeTokenScalars(weights);
  const SelectedSets sets = ComputeSelectedSets(one, scalars.value);
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

const Weights* Experiment::weights() const {
  return state_->trainer ? &state_->trainer->weights() : nullptr;
}

Status Experiment::RestoreWeights(const Weights& weights, int64_t step, std::string_view phase) {
  if (!state_->trainer) return Status::Error("load the run's dataset first");
  const Weights& current = state_->trainer->weights();
  if (weights.E.rows() != current.E.rows() || weights.E.cols() != current.E.cols() ||
      weights.p.size() != current.p.size() || weights.v.size() != current.v.size()) {
    return Status::Error("the run's weights are " + std::to_string(weights.E.rows()) + " x " +
                         std::to_string(weights.E.cols()) + " but the dataset and settings give " +
                         std::to_string(current.E.rows()) + " x " +
                         std::to_string(current.E.cols()));
  }
  if (!AllFinite(weights)) return Status::Error("the run's weights are not all finite");
  Phase restored = Phase::kInitialized;
  bool known = false;
  for (Phase candidate :
       {Phase::kInitialized, Phase::kEmbeddingsStepped, Phase::kFlow, Phase::kJoint}) {
    if (phase == PhaseName(candidate)) restored = candidate, known = true;
  }
  if (!known || step < 0) return Status::Error("the run's step or phase is not valid");
  state_->trainer->Restore(weights, step, restored);
  state_->has_max_margin = false;
  state_->solved_at_step = -1;
  return Status::Ok();
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
  report.review_constraints = st.constraints.review_constraints;
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
