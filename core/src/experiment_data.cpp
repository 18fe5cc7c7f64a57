// Experiment, loading: files, paired files, labelled texts and synthetic data go through
// the core's parsers and pipeline; a dataset replaces the loaded one only once it is
// complete (Adopt), and previews never touch the loaded one.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "clslab/experiment.h"
#include "clslab/synthetic.h"
#include "experiment_state.h"

namespace clslab {

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

}  // namespace clslab
