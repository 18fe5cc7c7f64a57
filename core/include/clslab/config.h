// RunConfig: every setting of a run, and the one field table that describes them. The
// table drives the web form (through wasm), validation, the share link, the run file and
// the CLI's --config JSON file: a setting is added here and nowhere else. The dataset the
// run used is part of it (dataset + source_*), so a link names its data as well.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/optimizer.h"
#include "clslab/status.h"
#include "clslab/text_formats.h"
#include "clslab/trainer.h"

namespace clslab {

struct RunConfig {
  // Data source: which data the run uses, so that a link or a run file can load exactly it.
  // dataset: a built-in set ("movies", "restaurants"), "synthetic", or where the user's data
  // came from: "file" (a file, a *.pos/*.neg pair or a folder), "url", "preset" (a Hugging
  // Face sample). For those, source_name names it (file name, URL, preset id), source_rows
  // counts its parsed rows, source_hash is ContentHash of its bytes (dataset_source.h), and
  // source_seed is the seed a preset's pages were sampled with.
  std::string dataset = "movies";
  std::string source_name;
  int32_t source_rows = 0;
  std::string source_hash;
  uint32_t source_seed = 0;
  // How the source's bytes were parsed (text_formats.h ParseOptions): the preview's choices,
  // with ParseOptions' defaults.
  std::string source_format = TextFormatName(ParseOptions().format);
  std::string source_text_column, source_label_column;
  int32_t source_header = ParseOptions().has_header;  // -1 detect, 0 no, 1 yes
  double source_stars = ParseOptions().star_threshold;
  bool source_latin1 = ParseOptions().latin1;
  // Pipeline: how the parsed rows become the split and the vocabulary.
  double test_fraction = 0.2;
  int32_t max_reviews = 0;  // 0 = all
  int32_t max_tokens = 0;   // per review, 0 = all
  int32_t min_count = 2;
  int32_t max_vocab = 20000;
  double max_doc_share = 1;  // drop tokens found in more than this share of training reviews
  // Words outside the vocabulary leave the reviews instead of becoming <unk>: pooled, the
  // cut words form one frequent token that wins the selection of Result 2 (RESULTS.md).
  bool drop_unknown = false;
  bool lowercase = true;
  bool remove_stop_words = false;
  // Synthetic generator (used when dataset == "synthetic").
  int32_t synthetic_reviews = 600;
  bool synthetic_feasible = true;
  double synthetic_label_noise = 0.0;
  // Model and initialization.
  // Defaults chosen on the built-in movie reviews (docs/RESULTS.md): with d >= V the rows
  // of E(0) are independent, so p can separate tokens, and sigma = 1 gives the directions
  // orthogonal to v enough size for the flow on p to use them within a few hundred steps,
  // while v.E0_s ~ N(0, 1/d) stays small next to the step on E (R^2 ~ 0.996).
  int32_t width = 1024;  // d
  double sigma = 1.0;    // E(0) entries ~ N(0, sigma^2 / d)
  uint32_t seed = 1;     // E(0), v, the split, the mini-batches
  // Protocol.
  Protocol protocol = Protocol::kPaper;
  double eta = 1000;  // paper: the one GD step on E
  FlowStep flow_step = FlowStep::kArmijo;
  double flow_rate = 0.1;  // paper: step of the flow on p (per-step length or base rate)
  // paper: the flow on p trains on the acyclic reviews of E(1) only (acyclic_reviews.h), the
  // reviews where the attention-SVM is feasible and the theory predicts the flow's limit.
  bool flow_acyclic_only = false;
  OptimizerKind optimizer = OptimizerKind::kAdam;  // joint
  double learning_rate = 1e-2;                     // joint
  int32_t batch_size = 0;                          // joint, 0 = full batch
  bool train_v = false;                            // joint
  int32_t steps = 300;                             // how many steps Play runs
  // Attention-SVM.
  double svm_c = 1.0;
};

// The built-in datasets a front end can fetch by name (web/public/datasets/<name>.tsv).
const std::vector<std::string>& BuiltinDatasets();
// Where a run's data comes from, as named by RunConfig::dataset.
enum class SourceKind { kBuiltin, kSynthetic, kFile, kUrl, kPreset };
SourceKind SourceKindOf(const RunConfig& config);
// Every kind, kBuiltin first: the one list the settings' choices and the bindings read.
const std::vector<SourceKind>& SourceKinds();
// The `dataset` value that names the kind ("synthetic", "file", "url", "preset"); "builtin"
// for kBuiltin, whose datasets go by their own names (BuiltinDatasets).
const char* SourceKindName(SourceKind kind);
// The user's own data (a file, a URL, a Hugging Face sample): loaded, never chosen.
bool IsUserData(SourceKind kind);

// The trainer's own options, from the settings (the one place this mapping is written).
TrainerOptions TrainerOptionsFrom(const RunConfig& config);

enum class FieldKind { kNumber, kInteger, kBoolean, kChoice, kText };

// What changing a setting does to a loaded run, from the most to the least drastic:
//   kSource:    another dataset: its bytes must be loaded (built-in fetched, file supplied)
//   kPipeline:  the split and vocabulary are rebuilt from the rows already loaded
//   kWeights:   new weights from the seed, same data
//   kSolver:    only the attention-SVM is solved again
//   kRunLength: nothing changes but how far Play runs
enum class SettingEffect { kSource, kPipeline, kWeights, kSolver, kRunLength };

struct SettingField {
  std::string key;    // JSON key and share-link key
  std::string label;  // form label
  // "source" (the dataset's identity: set by loading, not typed), "data", "synthetic",
  // "model", "protocol", "svm".
  std::string group;
  FieldKind kind = FieldKind::kNumber;
  SettingEffect effect = SettingEffect::kWeights;
  bool reloads = false;              // effect is kSource or kPipeline: the data is rebuilt
  double min = 0, max = 0;           // inclusive bounds for numbers
  bool log_scale = false;            // the form uses a log slider
  std::vector<std::string> choices;  // kChoice
  size_t max_length = 0;             // kText: longest value in bytes
  std::string help;                  // one sentence, consistent with THEORY.md
  std::string default_text;          // default rendered as text ("0.01", "true", "paper")
};

const std::vector<SettingField>& SettingFields();
const char* FieldKindName(FieldKind kind);            // "number", "integer", ...
const char* SettingEffectName(SettingEffect effect);  // "source", "pipeline", ...

template <typename Visitor>
void Describe(const SettingField& f, Visitor& v) {
  v("key", f.key);
  v("label", f.label);
  v("group", f.group);
  v("kind", std::string(FieldKindName(f.kind)));
  v("effect", std::string(SettingEffectName(f.effect)));
  v("reloads", f.reloads);
  v("min", f.min);
  v("max", f.max);
  v("log_scale", f.log_scale);
  v("choices", f.choices);
  v("max_length", f.max_length);
  v("help", f.help);
  v("default_text", f.default_text);
}

// Text form of one setting ("0.01", "true", "adam"), and its inverse with validation.
std::string GetSetting(const RunConfig& config, std::string_view key);
Status SetSetting(RunConfig* config, std::string_view key, std::string_view text);

// The keys whose values differ between two configs, in table order, and the most drastic
// effect among them (kRunLength when nothing differs).
std::vector<std::string> ChangedSettings(const RunConfig& before, const RunConfig& after);
SettingEffect EffectOfChange(const RunConfig& before, const RunConfig& after);

// Whole-config checks that single fields cannot express (a file source names its file and
// hash; a built-in source carries no file identity; the paper protocol needs eta > 0).
Status ValidateConfig(const RunConfig& config);

// JSON object {"version": 1, "<key>": value, ...}. Parsing is strict: unknown keys,
// wrong types and out-of-range values are errors naming the key.
std::string ConfigToJson(const RunConfig& config);
Result<RunConfig> ConfigFromJson(std::string_view json);

// Share link: the URL hash body "v=1&width=32&sigma=0.05", only non-default values, text
// values percent-encoded. Decoding never fails: each problem (a bad escape, an unknown or
// repeated key, a value out of range) becomes one warning naming the part that was dropped,
// and that value falls back to its default.
std::string EncodeShareLink(const RunConfig& config);
struct DecodedShareLink {
  RunConfig config;
  std::vector<std::string> warnings;
};
DecodedShareLink DecodeShareLink(std::string_view hash);

}  // namespace clslab
