// RunConfig: every setting of a run, and the one field table that describes them. The
// table drives the web form (through wasm), validation, the share link, the run file and
// the CLI's --config JSON file: a setting is added here and nowhere else. The dataset the
// run used is part of it (dataset + source_*), so a link names its data as well.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/enums.h"
#include "clslab/optimizer.h"
#include "clslab/status.h"
#include "clslab/text_formats.h"
#include "clslab/trainer.h"

namespace clslab {

struct RunConfig {
  // Data source: which data the run uses, so that a link or a run file can load exactly it.
  // dataset: a built-in set ("twins", "movies", "restaurants"), "synthetic", or where the user's
  // data came from: "file" (a file, a *.pos/*.neg pair or a folder), "url", "preset" (a Hugging
  // Face sample). For those, source_name names it (file name, URL, preset id), source_rows
  // counts its parsed rows, source_hash is ContentHash of its bytes (dataset_source.h), and
  // source_seed is the seed a preset's pages were sampled with.
  // The defaults are chosen so that the lab as it opens shows all three results, Result 2
  // over every training review: the built-in twins, whose must-beat graph is acyclic, so the
  // attention-SVM is feasible (docs/RESULTS.md, "The defaults"). They are version 2 of the
  // settings: a version 1 link or config means the version 1 defaults for what it leaves out
  // (config_fields.cpp keeps them).
  std::string dataset = "twins";
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
  // 4,096 = the default d: every dataset is in the theorem's regime d >= V, and V x d stays
  // within Limits::max_weights, so no upload is refused for its size under the defaults.
  int32_t max_vocab = 4096;
  // Drop tokens found in more than this share of training reviews: at 0.2 punctuation and
  // stop words leave, so a review's selected token s* is a word that carries its label.
  double max_doc_share = 0.2;
  // Words outside the vocabulary leave the reviews instead of becoming <unk>: pooled, the
  // cut words form one frequent token that wins the selection of Result 2 (RESULTS.md).
  bool drop_unknown = true;
  bool lowercase = true;
  bool remove_stop_words = false;
  // Synthetic generator (used when dataset == "synthetic").
  int32_t synthetic_reviews = 600;
  bool synthetic_feasible = true;
  double synthetic_label_noise = 0.0;
  // Model and initialization.
  // Defaults measured on the built-in twins (docs/RESULTS.md): with d >= V the rows of E(0)
  // are independent, so p can separate tokens, and sigma = 1 gives the directions orthogonal
  // to v enough size for the flow on p to use them within a few hundred steps. Result 1's R^2
  // needs eta sqrt(d) / sigma large, while eta / sigma above ~400 makes the flow grow along v
  // first (the "v trap": one class selected): hence d = 4,096 (R^2 0.99 at eta 400).
  int32_t width = 4096;  // d
  double sigma = 1.0;    // E(0) entries ~ N(0, sigma^2 / d)
  uint32_t seed = 1;     // E(0), v, the split, the mini-batches
  // Protocol.
  Protocol protocol = Protocol::kPaper;
  double eta = 400;  // paper: the one GD step on E
  // Normalized steps of length 1: ||p|| grows steadily (the Armijo rule's step reaches float
  // resolution within ~150 steps and ||p|| stalls).
  FlowStep flow_step = FlowStep::kNormalized;
  double flow_rate = 1;  // paper: step of the flow on p (per-step length or base rate)
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
// Where a run's data comes from (SourceKind, enums.h), as named by RunConfig::dataset.
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
// The same between two configs in their JSON form (the page's): a config that does not
// parse is an error naming it and its problem.
Result<SettingEffect> EffectOfChangeJson(std::string_view before, std::string_view after);

// Whole-config checks that single fields cannot express (a file source names its file and
// hash; a built-in source carries no file identity; the paper protocol needs eta > 0).
Status ValidateConfig(const RunConfig& config);

// JSON object {"version": 3, "<key>": value, ...}. Parsing is strict: unknown keys,
// wrong types and out-of-range values are errors naming the key. A key left out takes the
// default of the config's version (1, 2 or 3; no version: this build's).
std::string ConfigToJson(const RunConfig& config);
Result<RunConfig> ConfigFromJson(std::string_view json);
// What a config ConfigFromJson reads cannot promise: one of version 1 or 2 was made before the
// flow on p was computed relative to each review's leading word (version 3), so it runs with
// today's arithmetic and, once a review's softmax saturates, its weights and their checksum
// differ from those it was made with. The sentence says so (a link of that version warns with
// the same); empty for a version 3 config, one without a version, or text that is no config.
std::string ConfigReplayNote(std::string_view json);

// Share link: the URL hash body "v=3&width=32&sigma=0.05", only non-default values, text
// values percent-encoded. A v=1 link is read against the version 1 defaults, so it opens
// the config it opened when it was made; a v=1 or v=2 link's last warning is the note of
// ConfigReplayNote (it replays with version 3's arithmetic). Decoding never fails: each problem (a
// bad escape, an unknown or repeated key, a value out of range) becomes one warning naming the part
// that was dropped, and that value falls back to its default.
std::string EncodeShareLink(const RunConfig& config);
// The link of a config in its JSON form; one that does not parse is an error.
Result<std::string> EncodeShareLinkJson(std::string_view json);
struct DecodedShareLink {
  RunConfig config;
  std::vector<std::string> warnings;
};
DecodedShareLink DecodeShareLink(std::string_view hash);
// A link whose data its data settings do not fit (the load was refused, `refusal` says why)
// opens as other bad link values do, on defaults: every setting of the "data" and
// "synthetic" groups (how reviews become the split and vocabulary) goes back to this build's
// default; the seed, the model and the protocol stay the link's. The decoded link then holds that
// config and one warning, the refusal and what went back; no warning when no such setting differed
// from its default (nothing to fall back on: the refusal stands).
DecodedShareLink WithDefaultDataSettings(const RunConfig& config, const std::string& refusal);

}  // namespace clslab
