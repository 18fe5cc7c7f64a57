// Experiment, loading: sources (a file, a pair of files, a folder's texts), stored rows
// and synthetic data go through the core's parsers and pipeline; a dataset replaces the
// loaded one only once it is complete (Adopt), and previews never touch the loaded one.
#include <algorithm>
#include <cmath>

#include "clslab/experiment.h"
#include "clslab/synthetic.h"
#include "experiment_state.h"
#include "guidance_specs.h"  // kData*
#include "text_util.h"

namespace clslab {

// What a file reads as, in the catalog's words (guidance_specs.h). Said of the data, not of
// a run: no claim (the numbers are the parse's own counts).
const MessageSpec kDataEncoding{
    "data-encoding",
    {{"encoding", ArgType::kName, {"utf-8", "utf-16-le", "utf-16-be", "windows-1252"}},
     {"ends", ArgType::kName, {"lf", "cr"}}},
    nullptr};
const MessageSpec kDataLabels{"data-labels",
                              {{"scheme",
                                ArgType::kName,
                                {"zero-one", "minus-one-one", "one-two", "minus-one-zero-one",
                                 "zero-one-two", "stars", "words", "paired-files", "folders"}},
                               {"words", ArgType::kName, {"yes", "no"}},
                               {"scale", ArgType::kName, {"1-5", "1-10"}},
                               {"threshold", ArgType::kValue}},
                              nullptr};
const MessageSpec kDataDropped{
    "data-dropped",
    {{"rows", ArgType::kCount},
     {"reason", ArgType::kName, {"missing-label", "empty-text", "neutral-label", "no-tokens"}}},
    nullptr};
const MessageSpec kDataOneClass{
    "data-one-class",
    {{"rows", ArgType::kCount}, {"label", ArgType::kName, {"positive", "negative"}}},
    nullptr};
const SpecList kDataSpecs = {&kDataEncoding, &kDataLabels, &kDataDropped, &kDataOneClass};

namespace {

// `rows` rows dropped for `reason` (a data-dropped reason key).
Finding DroppedRows(const std::string& reason, int64_t rows) {
  return kDataDropped.Say("dataset", FindingKind::kNote,
                          {Count("rows", static_cast<double>(rows)), Name("reason", reason)});
}

// ParsedReviews::encoding's key ("utf-8", "windows-1252+cr", ...) as data-encoding.
Finding EncodingFinding(const std::string& key) {
  const std::string cr = "+cr";
  const bool lone_cr =
      key.size() > cr.size() && key.compare(key.size() - cr.size(), cr.size(), cr) == 0;
  const std::string encoding = lone_cr ? key.substr(0, key.size() - cr.size()) : key;
  return kDataEncoding.Detail({Name("encoding", encoding.empty() ? "utf-8" : encoding),
                               Name("ends", lone_cr ? "cr" : "lf")});
}

using Loaded = Result<DatasetSummary>;

Result<ParsedReviews> Parse(const SourceBytes& source, const ParseOptions& options) {
  switch (source.layout) {
    case SourceBytes::Layout::kText:
      return ParseReviews(source.text, options);
    case SourceBytes::Layout::kPaired:
      return ParsePairedLines(source.positive, source.negative, options);
    case SourceBytes::Layout::kTexts:
      return ParseLabeledTexts(source.texts, options);
  }
  return Result<ParsedReviews>::Failure("unknown source layout");
}

// Text that is not UTF-8 but could be Windows-1252: decoding it as Latin-1 would help.
// Bytes with a NUL are binary (or UTF-16, which the parser converts itself).
bool Latin1WouldHelp(const SourceBytes& source) {
  const auto could = [](std::string_view bytes) {
    return !IsUtf8(bytes) && bytes.find('\0') == std::string_view::npos;
  };
  switch (source.layout) {
    case SourceBytes::Layout::kText:
      return could(source.text);
    case SourceBytes::Layout::kPaired:
      return could(source.positive) || could(source.negative);
    case SourceBytes::Layout::kTexts:
      for (const LabeledText& row : source.texts) {
        if (could(row.text)) return true;
      }
      return false;
  }
  return false;
}

// The summary fields a parse decides; the pipeline's are filled by Adopt.
DatasetSummary SummaryOf(const ParsedReviews& parsed, std::string source_name) {
  DatasetSummary summary;
  summary.source_name = std::move(source_name);
  summary.format = parsed.format;
  summary.columns = parsed.columns;
  summary.text_column = parsed.text_column;
  summary.label_column = parsed.label_column;
  summary.parsed_rows = static_cast<int64_t>(parsed.rows.size());
  summary.dropped = parsed.dropped;
  for (const auto& [reason, count] : parsed.drop_reasons) {
    summary.drop_reasons.push_back(DroppedRows(reason, count));
  }
  return summary;
}

// What a dataset must hold for the model to learn and attention to select anything, and
// the refusals when it does not (issue 20, item 6; issue 43, item 2). A vocabulary of
// <unk> alone makes every review the same token; one word besides <unk> only tells that
// word from <unk> (at max_vocab 2 the step on E raised the loss from 0.69 to 3.9 and
// "selection accuracy" read 100%); and where no training review holds two different tokens,
// each review's attention falls on its one token whatever p is, so selection is vacuous.
Status CheckSomethingToLearn(const Dataset& dataset, const RunConfig& config) {
  const Corpus& train = dataset.train;
  // Words (<unk> aside) that occur in the training reviews, counted up to two, and the first
  // such word's id; and whether some training review holds two different tokens.
  std::vector<bool> seen(static_cast<size_t>(std::max(0, train.vocab_size)), false);
  int32_t words = 0, first_word = Vocabulary::kUnknownId;
  bool review_with_two_tokens = false;
  for (int32_t i = 0; i < train.NumReviews(); ++i) {
    for (int32_t k = train.Begin(i); k < train.End(i); ++k) {
      const int32_t id = train.token_ids[k];
      review_with_two_tokens = review_with_two_tokens || id != train.token_ids[train.Begin(i)];
      if (id == Vocabulary::kUnknownId || seen[id]) continue;
      seen[id] = true;
      if (++words == 1) first_word = id;
    }
    if (words >= 2 && review_with_two_tokens) return Status::Ok();
  }
  const std::string min_count = "min_count " + WithThousands(config.min_count);
  const std::string doc_share = "max_doc_share " + Significant(config.max_doc_share);
  if (words == 0) {
    return Status::Error("the vocabulary would hold no word, only <unk> (" + min_count + ", " +
                         doc_share +
                         "): every token would be unknown, so there is nothing to learn or "
                         "select; lower min_count or raise max_doc_share");
  }
  if (words == 1) {
    return Status::Error("the training reviews would hold one word besides <unk>, \"" +
                         CutAtUtf8(dataset.vocab.Token(first_word), 40, "\xE2\x80\xA6") +
                         "\" (max_vocab " + WithThousands(config.max_vocab) + ", " + min_count +
                         ", " + doc_share +
                         "): the model could only tell reviews with that word from reviews "
                         "without it, so there is nothing to learn or select; raise max_vocab, "
                         "lower min_count or raise max_doc_share");
  }
  // Each setting that cut the reviews down to one token is named, with its value.
  std::string cuts, raise = "max_vocab";
  if (config.max_tokens > 0) {
    cuts += "max_tokens " + WithThousands(config.max_tokens) + ", ";
    raise = "max_tokens, " + raise;
  }
  if (config.max_doc_share < 1) {
    cuts += doc_share + ", ";
    raise += " or max_doc_share";
  }
  cuts += min_count;
  const std::string keep_unknown = config.drop_unknown ? ", set drop_unknown to false" : "";
  return Status::Error("no training review would hold two different tokens (" + cuts +
                       (config.drop_unknown ? ", drop_unknown true" : "") +
                       "): attention would have one token to choose in every review, so there "
                       "is nothing to select; raise " +
                       raise + ", lower min_count" + keep_unknown + ", or load longer reviews");
}

bool IsUserData(const RunConfig& config) {
  const SourceKind kind = SourceKindOf(config);
  return kind == SourceKind::kFile || kind == SourceKind::kUrl || kind == SourceKind::kPreset;
}

}  // namespace

Status Experiment::CheckBeforeBuild(int64_t rows, const RunConfig& config) const {
  const Status width = CheckWidth(state_->limits, config.width);
  if (!width.ok()) return width;
  const int64_t sampled =
      config.max_reviews > 0 ? std::min<int64_t>(rows, config.max_reviews) : rows;
  return CheckReviews(state_->limits, sampled);
}

Loaded Experiment::Load(const SourceBytes& source, const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Loaded::Failure(valid.message());
  const std::string name = SourceDisplayName(config);
  if (SourceKindOf(config) == SourceKind::kSynthetic) {
    return Loaded::Failure("synthetic data is generated, not loaded: use LoadSynthetic");
  }
  // A link's data must be the very bytes it was made with: never substitute other data.
  const std::string hash = ContentHash(source);
  if (IsUserData(config) && !config.source_hash.empty() && hash != config.source_hash) {
    // Name what was given and what the run expects: two files of one name differ only by
    // their hashes, two of different names by their names first.
    const std::string given = source.name.empty() ? name : source.name;
    const std::string expected =
        given == name
            ? std::string()
            : " (" + name +
                  (config.source_rows > 0 ? ", " + WithThousands(config.source_rows) + " rows"
                                          : std::string()) +
                  ")";
    return Loaded::Failure(given + " is not the data this run was made with" + expected +
                           ": its content hash is " + hash + ", the run's is " +
                           config.source_hash);
  }
  ParseOptions options = ParseOptionsFrom(config);
  options.max_bytes = std::min(options.max_bytes, state_->limits.max_input_bytes);
  Result<ParsedReviews> parsed = Parse(source, options);
  if (!parsed.ok()) return Loaded::Failure(parsed.status.message());
  RunConfig identified = config;
  if (IsUserData(config)) {
    identified.source_hash = hash;
    const int64_t rows = static_cast<int64_t>(parsed.value.rows.size());
    if (config.source_rows > 0 && config.source_rows != rows) {
      return Loaded::Failure(name + " parses into " + WithThousands(rows) + " rows, the run's " +
                             "had " + WithThousands(config.source_rows));
    }
    identified.source_rows = static_cast<int32_t>(std::min<int64_t>(rows, INT32_MAX));
  }
  DatasetSummary summary = SummaryOf(parsed.value, name);
  summary.content_hash = hash;
  return BuildAndAdopt(std::move(parsed.value), std::move(summary), identified);
}

Loaded Experiment::LoadStoredRows(std::string_view label_tab_text, const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Loaded::Failure(valid.message());
  ParseOptions options;
  options.format = TextFormat::kLabelTabText;
  options.source_name = SourceDisplayName(config) + " (stored rows)";
  options.max_bytes = state_->limits.max_input_bytes;
  Result<ParsedReviews> parsed = ParseReviews(label_tab_text, options);
  if (!parsed.ok()) return Loaded::Failure(parsed.status.message());
  const int64_t rows = static_cast<int64_t>(parsed.value.rows.size());
  if (IsUserData(config) && config.source_rows > 0 && config.source_rows != rows) {
    return Loaded::Failure(options.source_name + " holds " + WithThousands(rows) +
                           " rows, the run's source had " + WithThousands(config.source_rows));
  }
  DatasetSummary summary = SummaryOf(parsed.value, SourceDisplayName(config));
  summary.content_hash = config.source_hash;
  return BuildAndAdopt(std::move(parsed.value), std::move(summary), config);
}

Loaded Experiment::Rebuild(const RunConfig& config) {
  ParsedReviews parsed;
  parsed.rows = state_->rows;
  DatasetSummary summary = state_->summary;  // parse fields unchanged; Adopt refills the rest
  summary.dropped -= state_->dataset.dropped_empty;
  summary.drop_reasons.erase(
      std::remove_if(summary.drop_reasons.begin(), summary.drop_reasons.end(),
                     [](const Finding& r) {
                       const FindingArg* reason = r.Arg("reason");
                       return reason != nullptr && reason->text == "no-tokens";
                     }),
      summary.drop_reasons.end());
  return BuildAndAdopt(std::move(parsed), std::move(summary), config);
}

namespace {

DatasetPreview PreviewOf(const Result<ParsedReviews>& parsed, const ParseOptions& options,
                         bool latin1_would_help) {
  DatasetPreview preview;
  preview.source_name = options.source_name;
  if (!parsed.ok()) {
    preview.message = parsed.status.message();
    // Only a failure Latin-1 decoding could cure: invalid UTF-8 that was not decoded yet.
    preview.not_utf8 = latin1_would_help && !options.latin1;
    return preview;
  }
  const ParsedReviews& p = parsed.value;
  preview.ok = true;
  preview.format = p.format;
  preview.encoding = EncodingFinding(p.encoding);
  preview.columns = p.columns;
  preview.text_column = p.text_column;
  preview.label_column = p.label_column;
  preview.label_mapping = p.label_mapping;
  preview.parsed_rows = static_cast<int64_t>(p.rows.size());
  for (const LabeledText& row : p.rows) (row.label > 0 ? preview.positive : preview.negative)++;
  for (size_t i = 0; i < p.rows.size() && i < static_cast<size_t>(kPreviewRows); ++i) {
    // U+2026 ellipsis marks a cut text.
    preview.rows.push_back(
        {CutAtUtf8(p.rows[i].text, kPreviewTextBytes, "\xE2\x80\xA6"), p.rows[i].label});
  }
  preview.dropped = p.dropped;
  for (const auto& [reason, count] : p.drop_reasons) {
    preview.drop_reasons.push_back(DroppedRows(reason, count));
  }
  if (preview.positive == 0 || preview.negative == 0) {
    preview.warnings.push_back(
        kDataOneClass.Say("dataset", FindingKind::kNote,
                          {Count("rows", static_cast<double>(preview.parsed_rows)),
                           Name("label", preview.positive > 0 ? "positive" : "negative")}));
  }
  return preview;
}

}  // namespace

DatasetPreview Experiment::Preview(const SourceBytes& source, const ParseOptions& options) {
  return PreviewOf(Parse(source, options), options, Latin1WouldHelp(source));
}

std::string Experiment::ExportLabelTabText() const {
  return state_->loaded ? WriteLabelTabText(state_->rows) : std::string();
}

Loaded Experiment::LoadSynthetic(const RunConfig& config) {
  const Status valid = ValidateConfig(config);
  if (!valid.ok()) return Loaded::Failure(valid.message());
  if (SourceKindOf(config) != SourceKind::kSynthetic) {
    return Loaded::Failure("dataset is " + config.dataset + ", not synthetic");
  }
  const Status within = CheckBeforeBuild(config.synthetic_reviews, config);
  if (!within.ok()) return Loaded::Failure("synthetic: " + within.message());
  SyntheticOptions options;
  options.reviews = config.synthetic_reviews;
  options.feasible = config.synthetic_feasible;
  options.label_noise = config.synthetic_feasible ? 0.0 : config.synthetic_label_noise;
  if (config.synthetic_feasible) options.opposite_rate = 0;
  options.seed = config.seed;
  Result<SyntheticData> data = GenerateSynthetic(options);
  if (!data.ok()) return Loaded::Failure("synthetic: " + data.status.message());
  // Through the same pipeline as a file, so split and vocabulary rules are identical.
  ParsedReviews parsed;
  parsed.rows.reserve(data.value.texts.size());
  for (int32_t i = 0; i < data.value.corpus.NumReviews(); ++i) {
    parsed.rows.push_back({data.value.texts[i], data.value.corpus.labels[i]});
  }
  DatasetSummary summary;
  summary.source_name = "synthetic";
  summary.format = config.synthetic_feasible ? "synthetic (twins)" : "synthetic";
  summary.parsed_rows = static_cast<int64_t>(parsed.rows.size());
  return BuildAndAdopt(std::move(parsed), std::move(summary), config);
}

Loaded Experiment::BuildAndAdopt(ParsedReviews parsed, DatasetSummary summary,
                                 const RunConfig& config) {
  const std::string& name = summary.source_name;
  const Status within = CheckBeforeBuild(static_cast<int64_t>(parsed.rows.size()), config);
  if (!within.ok()) return Loaded::Failure(name + ": " + within.message());
  Result<Dataset> built = BuildDataset(parsed.rows, PipelineFrom(config, state_->limits));
  if (!built.ok()) return Loaded::Failure(name + ": " + built.status.message());
  Dataset& dataset = built.value;
  // Every check before the commit (the Trainer allocates V x d weights, Adam two more
  // copies), so that the commit below cannot fail.
  Status fits = CheckVocabulary(state_->limits, dataset.vocab.size());
  if (fits.ok()) fits = CheckWeights(state_->limits, dataset.vocab.size(), config.width);
  if (!fits.ok()) return Loaded::Failure(name + ": " + fits.message());
  const Status learnable = CheckSomethingToLearn(dataset, config);
  if (!learnable.ok()) return Loaded::Failure(name + ": " + learnable.message());
  summary.dropped += dataset.dropped_empty;
  if (dataset.dropped_empty > 0) {
    summary.drop_reasons.push_back(DroppedRows("no-tokens", dataset.dropped_empty));
  }
  summary.train_reviews = dataset.train.NumReviews();
  summary.test_reviews = dataset.test.NumReviews();
  summary.train_positive = summary.train_negative = 0;
  for (int8_t y : dataset.train.labels) (y > 0 ? summary.train_positive : summary.train_negative)++;
  summary.vocab_size = dataset.vocab.size();
  summary.train_tokens = dataset.train.NumTokens();
  // Commit: the old dataset, settings and weights are replaced whole.
  State& st = *state_;
  ++st.run_version;
  st.trainer.reset();
  st.dataset = std::move(dataset);
  st.rows = std::move(parsed.rows);
  st.summary = std::move(summary);
  st.statistics = ComputeTokenStatistics(st.dataset.train);
  st.config = config;
  st.loaded = true;
  st.has_recipes = false;  // a new split or tokenizer: new profile
  st.recipes.clear();
  Reset();
  return Loaded::Success(st.summary);
}

}  // namespace clslab
