// The settings table: one row per RunConfig member with its kind, bounds, effect and help,
// and the text form of every value. A setting is added here and nowhere else.
#include "config_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "clslab/run_plan.h"
#include "clslab/text_formats.h"
#include "text_util.h"

namespace clslab {
namespace config_internal {
namespace {

constexpr size_t kMaxNumberBytes = 64;  // "1e-3", "4294967295": anything longer is not ours

SettingField Field(std::string key, std::string label, std::string group, FieldKind kind,
                   SettingEffect effect, std::string help) {
  SettingField f;
  f.key = std::move(key), f.label = std::move(label), f.group = std::move(group);
  f.kind = kind, f.effect = effect, f.help = std::move(help);
  f.reloads = effect == SettingEffect::kSource || effect == SettingEffect::kPipeline;
  return f;
}
SettingField Number(std::string key, std::string label, std::string group, SettingEffect effect,
                    double min, double max, bool log_scale, std::string help) {
  SettingField f = Field(std::move(key), std::move(label), std::move(group), FieldKind::kNumber,
                         effect, std::move(help));
  f.min = min, f.max = max, f.log_scale = log_scale;
  return f;
}
SettingField Integer(std::string key, std::string label, std::string group, SettingEffect effect,
                     double min, double max, std::string help) {
  SettingField f = Number(std::move(key), std::move(label), std::move(group), effect, min, max,
                          false, std::move(help));
  f.kind = FieldKind::kInteger;
  return f;
}
SettingField Boolean(std::string key, std::string label, std::string group, SettingEffect effect,
                     std::string help) {
  SettingField f = Field(std::move(key), std::move(label), std::move(group), FieldKind::kBoolean,
                         effect, std::move(help));
  f.max = 1;
  return f;
}
SettingField Choice(std::string key, std::string label, std::string group, SettingEffect effect,
                    std::vector<std::string> choices, std::string help) {
  SettingField f = Field(std::move(key), std::move(label), std::move(group), FieldKind::kChoice,
                         effect, std::move(help));
  f.choices = std::move(choices);
  return f;
}
SettingField Text(std::string key, std::string label, size_t max_length, std::string help) {
  SettingField f = Field(std::move(key), std::move(label), "source", FieldKind::kText,
                         SettingEffect::kSource, std::move(help));
  f.max_length = max_length;
  return f;
}

std::vector<std::string> DatasetChoices() {
  std::vector<std::string> choices = BuiltinDatasets();
  for (SourceKind kind : SourceKinds()) {
    if (kind != SourceKind::kBuiltin) choices.push_back(SourceKindName(kind));
  }
  return choices;
}

std::vector<std::string> FormatChoices() {
  std::vector<std::string> choices;
  for (TextFormat format : TextFormats()) choices.push_back(TextFormatName(format));
  return choices;
}

std::vector<Binding> MakeBindings() {
  using E = SettingEffect;
  std::vector<Binding> b = {
      {Choice("dataset", "Dataset", "data", E::kSource, DatasetChoices(),
              "A built-in set, the synthetic generator, or your own data (a file, a URL or a "
              "Hugging Face sample), which a link names by its content hash."),
       &RunConfig::dataset},
      {Text("source_name", "Source", 2048,
            "The file's name, the URL, or the Hugging Face preset the data came from."),
       &RunConfig::source_name},
      {Integer("source_rows", "Source rows", "source", E::kSource, 0, 2147483647.0,
               "Rows the source parsed into (a preset: rows sampled)."),
       &RunConfig::source_rows},
      {Text("source_hash", "Content hash", 16,
            "FNV-1a hash of the source's bytes: a link reloads only data with this hash."),
       &RunConfig::source_hash},
      {Integer("source_seed", "Sample seed", "source", E::kSource, 0, 4294967295.0,
               "The seed a Hugging Face sample's pages were drawn with."),
       &RunConfig::source_seed},
      {Choice("source_format", "Format", "source", E::kSource, FormatChoices(),
              "How the source's bytes were parsed (auto: detected)."),
       &RunConfig::source_format},
      {Text("source_text_column", "Text column", 200, "The column read as the review's text."),
       &RunConfig::source_text_column},
      {Text("source_label_column", "Label column", 200, "The column read as the label."),
       &RunConfig::source_label_column},
      {Integer("source_header", "Header row", "source", E::kSource, -1, 1,
               "-1 detect, 0 no header row, 1 the first row names the columns."),
       &RunConfig::source_header},
      {Number("source_stars", "Star threshold", "source", E::kSource, 1, 5, false,
              "Star ratings above are positive, below negative, equal dropped (1-5 scale)."),
       &RunConfig::source_stars},
      {Boolean("source_latin1", "Decoded as Latin-1", "source", E::kSource,
               "The source's bytes were decoded as Windows-1252, not UTF-8."),
       &RunConfig::source_latin1},
      {Number("test_fraction", "Test share", "data", E::kPipeline, 0, 0.9, false,
              "Share of reviews held out for testing (seeded split)."),
       &RunConfig::test_fraction},
      {Integer("max_reviews", "Max reviews", "data", E::kPipeline, 0, 1000000,
               "Random sample of at most this many reviews; 0 keeps all."),
       &RunConfig::max_reviews},
      {Integer("max_tokens", "Max tokens per review", "data", E::kPipeline, 0, 100000,
               "Keep the first tokens of each review; 0 keeps all."),
       &RunConfig::max_tokens},
      {Integer("min_count", "Min count", "data", E::kPipeline, 1, 1000000,
               "Words seen fewer times in the training split become <unk>."),
       &RunConfig::min_count},
      {Integer("max_vocab", "Max vocabulary", "data", E::kPipeline, 2, 500000,
               "At most this many tokens (most frequent first), <unk> included."),
       &RunConfig::max_vocab},
      {Number("max_doc_share", "Max document share", "data", E::kPipeline, 0.001, 1, false,
              "Words found in more than this share of training reviews become <unk> (1 keeps "
              "all); 0.1 drops stop words and punctuation, so each review's selected token is "
              "a real word."),
       &RunConfig::max_doc_share},
      {Boolean("drop_unknown", "Drop unknown words", "data", E::kPipeline,
               "Words outside the vocabulary are removed from the reviews instead of becoming "
               "<unk>, so no pooled <unk> token wins each review's selected token."),
       &RunConfig::drop_unknown},
      {Boolean("lowercase", "Lower-case", "data", E::kPipeline,
               "Fold ASCII letters to lower case."),
       &RunConfig::lowercase},
      {Boolean("remove_stop_words", "Remove stop words", "data", E::kPipeline,
               "Drop common English function words (the, and, of ...) before counting."),
       &RunConfig::remove_stop_words},
      {Integer("synthetic_reviews", "Synthetic reviews", "synthetic", E::kPipeline, 10, 100000,
               "Number of reviews the synthetic generator draws."),
       &RunConfig::synthetic_reviews},
      {Boolean("synthetic_feasible", "Twin reviews, one class's polar words", "synthetic",
               E::kPipeline,
               "Reviews in twins (the same neutral words, polar words of the review's class "
               "only), no label noise. With every word kept the must-beat graph is acyclic and "
               "the attention-SVM feasible (d >= V); a cut that drops a polar word (the default "
               "max_doc_share 0.2 drops the commonest) puts reviews on cycles. The max-margin "
               "panel says which holds."),
       &RunConfig::synthetic_feasible},
      {Number("synthetic_label_noise", "Label noise", "synthetic", E::kPipeline, 0, 0.5, false,
              "Probability that a synthetic review's label is flipped (non-feasible mode)."),
       &RunConfig::synthetic_label_noise},
      {Integer("width", "d (embedding width)", "model", E::kWeights, 1, 4096,
               "Width of the token embeddings E_s, of p and of v."),
       &RunConfig::width},
      {Number("sigma", "σ (initial scale)", "model", E::kWeights, 0, 10, true,
              "E(0) entries are N(0, σ²/d). Small σ makes the one-step alignment exact."),
       &RunConfig::sigma},
      {Integer("seed", "Seed", "model", E::kPipeline, 0, 4294967295.0,
               "Seeds the split, E(0), v and mini-batches: same seed, same run."),
       &RunConfig::seed},
      {Choice("protocol", "Protocol", "protocol", E::kWeights, {"paper", "joint"},
              "paper: one GD step on E, then the flow on p with E frozen. joint: train E and "
              "p together."),
       &RunConfig::protocol},
      {Number("eta", "η (step on E)", "protocol", E::kWeights, 0, 1e7, true,
              "Size of the paper's single gradient step on E; predicted slope is η/2 ‖v‖²."),
       &RunConfig::eta},
      {Choice("flow_step", "Flow step rule", "protocol", E::kWeights,
              {"normalized", "growing", "armijo"},
              "How the gradient flow on p is discretized: constant length, step r/L, or "
              "backtracking line search."),
       &RunConfig::flow_step},
      {Number("flow_rate", "Flow rate r", "protocol", E::kWeights, 1e-9, 1e6, true,
              "Step length of the flow on p (the base step for the growing and Armijo rules)."),
       &RunConfig::flow_rate},
      {Boolean("flow_acyclic_only", "Flow on acyclic reviews only", "protocol", E::kWeights,
               "The flow on p trains only on the reviews whose attention-SVM constraints are "
               "not on cycles, where the theory predicts its limit p_mm."),
       &RunConfig::flow_acyclic_only},
      {Choice("optimizer", "Optimizer", "protocol", E::kWeights, {"gd", "sgd", "adam"},
              "Joint protocol: full-batch gradient descent, mini-batch SGD, or Adam."),
       &RunConfig::optimizer},
      {Number("learning_rate", "Learning rate", "protocol", E::kWeights, 1e-9, 1e6, true,
              "Joint protocol: step size of the optimizer."),
       &RunConfig::learning_rate},
      {Integer("batch_size", "Batch size", "protocol", E::kWeights, 0, 1000000,
               "Joint protocol, SGD and Adam: reviews per step; 0 means full batch."),
       &RunConfig::batch_size},
      {Boolean("train_v", "Train v", "protocol", E::kWeights,
               "Joint protocol: also train the output vector v (fixed in the theory)."),
       &RunConfig::train_v},
      {Integer("steps", "Steps per run", "protocol", E::kRunLength, 1, kMaxRunSteps,
               "How many steps Play runs before it stops."),
       &RunConfig::steps},
      {Number("svm_c", "C (soft margin)", "svm", E::kSolver, 1e-6, 1e9, true,
              "Penalty on violated constraints when the attention-SVM is infeasible."),
       &RunConfig::svm_c},
  };
  const RunConfig defaults;
  for (Binding& binding : b) binding.field.default_text = TextOf(binding, defaults);
  return b;
}

// Version 1's defaults, frozen: every setting that version had, as text. A v=1 link holds
// only the values that differed from these, so these are what the rest of it means. Never
// edit this table; a setting added later keeps its own default in a version 1 link.
const std::vector<std::pair<const char*, const char*>>& Version1Defaults() {
  static const std::vector<std::pair<const char*, const char*>> table = {
      {"dataset", "movies"},
      {"source_name", ""},
      {"source_rows", "0"},
      {"source_hash", ""},
      {"source_seed", "0"},
      {"source_format", "auto"},
      {"source_text_column", ""},
      {"source_label_column", ""},
      {"source_header", "-1"},
      {"source_stars", "3"},
      {"source_latin1", "false"},
      {"test_fraction", "0.2"},
      {"max_reviews", "0"},
      {"max_tokens", "0"},
      {"min_count", "2"},
      {"max_vocab", "20000"},
      {"max_doc_share", "1"},
      {"drop_unknown", "false"},
      {"lowercase", "true"},
      {"remove_stop_words", "false"},
      {"synthetic_reviews", "600"},
      {"synthetic_feasible", "true"},
      {"synthetic_label_noise", "0"},
      {"width", "1024"},
      {"sigma", "1"},
      {"seed", "1"},
      {"protocol", "paper"},
      {"eta", "1000"},
      {"flow_step", "armijo"},
      {"flow_rate", "0.1"},
      {"flow_acyclic_only", "false"},
      {"optimizer", "adam"},
      {"learning_rate", "0.01"},
      {"batch_size", "0"},
      {"train_v", "false"},
      {"steps", "300"},
      {"svm_c", "1"},
  };
  return table;
}

}  // namespace

std::string OlderArithmeticNote(int version, const char* what) {
  if (version >= 3) return "";
  const std::string it = what;
  return "this " + it + " was made with settings version " + std::to_string(version) +
         ", before the flow on p was computed relative to each review's leading word; it " +
         "replays with today's arithmetic, so once a review's attention concentrates on one " +
         "word (on the default twins about step 150) the weights and their checksum differ " +
         "from those the " + it + " was made with";
}

RunConfig DefaultsOfVersion(int version) {
  RunConfig defaults;
  if (version != 1) return defaults;
  for (const auto& [key, text] : Version1Defaults()) {
    const Binding* binding = Find(key);
    // Every version 1 key is still a setting and its value still valid (config_test).
    if (binding != nullptr) SetFromText(*binding, &defaults, text);
  }
  return defaults;
}

const std::vector<Binding>& Bindings() {
  static const std::vector<Binding> bindings = MakeBindings();
  return bindings;
}

const Binding* Find(std::string_view key) {
  for (const Binding& b : Bindings()) {
    if (b.field.key == key) return &b;
  }
  return nullptr;
}

std::string ShortestText(double x) {
  char text[32];
  if (x == std::floor(x) && std::abs(x) < 1e15) {  // whole numbers read as written: 20000
    std::snprintf(text, sizeof text, "%.0f", x);
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, x);
    if (std::strtod(text, nullptr) == x) break;
  }
  return text;
}

std::string TextOf(const Binding& binding, const RunConfig& config) {
  return std::visit(
      [&](auto member) -> std::string {
        using T = std::decay_t<decltype(config.*member)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return config.*member;
        } else if constexpr (std::is_same_v<T, bool>) {
          return config.*member ? "true" : "false";
        } else if constexpr (std::is_enum_v<T>) {
          return binding.field.choices[static_cast<size_t>(config.*member)];
        } else {
          return ShortestText(static_cast<double>(config.*member));
        }
      },
      binding.member);
}

Status SetFromText(const Binding& binding, RunConfig* config, std::string_view text) {
  const SettingField& f = binding.field;
  const size_t longest = f.kind == FieldKind::kText ? f.max_length : kMaxNumberBytes;
  if (text.size() > longest) {
    return Status::Error(f.key + ": the value is longer than " + std::to_string(longest) +
                         " bytes");
  }
  const std::string value(text);
  return std::visit(
      [&](auto member) -> Status {
        using T = std::decay_t<decltype(config->*member)>;
        if constexpr (std::is_same_v<T, bool>) {
          if (value != "true" && value != "false") {
            return Status::Error(f.key + ": expected true or false, got " + QuoteForMessage(value));
          }
          config->*member = value == "true";
          return Status::Ok();
        } else if constexpr (std::is_same_v<T, std::string> || std::is_enum_v<T>) {
          if (f.kind == FieldKind::kText) {
            // Text is shown in messages and on the page: no control characters, valid UTF-8.
            for (unsigned char c : value) {
              if (c < 0x20 || c == 0x7f) {
                return Status::Error(f.key + ": control characters are not allowed");
              }
            }
            if (!IsUtf8(value)) return Status::Error(f.key + ": the value is not UTF-8");
            if constexpr (std::is_same_v<T, std::string>) config->*member = value;
            return Status::Ok();
          }
          for (size_t k = 0; k < f.choices.size(); ++k) {
            if (f.choices[k] != value) continue;
            if constexpr (std::is_enum_v<T>) {
              config->*member = static_cast<T>(k);
            } else {
              config->*member = value;
            }
            return Status::Ok();
          }
          std::string allowed;
          for (const std::string& c : f.choices) allowed += (allowed.empty() ? "" : ", ") + c;
          return Status::Error(f.key + ": " + QuoteForMessage(value) + " is not one of " + allowed);
        } else {
          if (value.empty()) {
            return Status::Error(f.key + ": no value; type a number in [" + ShortestText(f.min) +
                                 ", " + ShortestText(f.max) + "]");
          }
          // Decimal only: strtod also reads "0x10" as 16 and "infinity", which a link or a
          // config should not mean.
          const bool decimal = std::all_of(value.begin(), value.end(), [](char c) {
            return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' ||
                   c == 'E';
          });
          char* end = nullptr;
          const double x = decimal ? std::strtod(value.c_str(), &end) : NAN;
          if (!std::isfinite(x) || end != value.c_str() + value.size()) {
            return Status::Error(f.key + ": " + QuoteForMessage(value) + " is not a number");
          }
          if (x < f.min || x > f.max) {
            return Status::Error(f.key + ": " + ShortestText(x) + " is outside [" +
                                 ShortestText(f.min) + ", " + ShortestText(f.max) + "]");
          }
          if (f.kind == FieldKind::kInteger && x != std::floor(x)) {
            return Status::Error(f.key + ": " + ShortestText(x) + " is not a whole number");
          }
          config->*member = static_cast<T>(x);
          return Status::Ok();
        }
      },
      binding.member);
}

}  // namespace config_internal
}  // namespace clslab
