// RunConfig: every setting of a run, and the one field table that describes them. The
// table drives the web form (through wasm), validation, the share link and the CLI's
// --config JSON file: a setting is added here and nowhere else.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clslab/status.h"

namespace clslab {

enum class Protocol { kPaper, kJoint };
enum class FlowStep { kNormalized, kGrowing, kArmijo };
enum class OptimizerKind { kGradientDescent, kSgd, kAdam };

struct RunConfig {
  // Data.
  std::string dataset = "movies";  // a built-in dataset name, "synthetic", or "custom"
  double test_fraction = 0.2;
  int32_t max_reviews = 0;  // 0 = all
  int32_t max_tokens = 0;   // per review, 0 = all
  int32_t min_count = 2;
  int32_t max_vocab = 20000;
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
  uint32_t seed = 1;
  // Protocol.
  Protocol protocol = Protocol::kPaper;
  double eta = 1000;  // paper: the one GD step on E
  FlowStep flow_step = FlowStep::kArmijo;
  double flow_rate = 0.1;  // paper: step of the flow on p (per-step length or base rate)
  OptimizerKind optimizer = OptimizerKind::kAdam;  // joint
  double learning_rate = 1e-2;                     // joint
  int32_t batch_size = 0;                          // joint, 0 = full batch
  bool train_v = false;                            // joint
  int32_t steps = 300;  // how many steps Play runs
  // Attention-SVM.
  double svm_c = 1.0;
};

enum class FieldKind { kNumber, kInteger, kBoolean, kChoice, kText };

struct SettingField {
  std::string key;    // JSON key and share-link key
  std::string label;  // form label
  std::string group;  // "data", "model", "protocol", "svm"
  FieldKind kind = FieldKind::kNumber;
  double min = 0, max = 0;           // inclusive bounds for numbers
  bool log_scale = false;            // the form uses a log slider
  std::vector<std::string> choices;  // kChoice (and allowed kText values when non-empty)
  std::string help;                  // one sentence, consistent with THEORY.md
  std::string default_text;          // default rendered as text ("0.01", "true", "paper")
};

const std::vector<SettingField>& SettingFields();

// Text form of one setting ("0.01", "true", "adam"), and its inverse with validation.
std::string GetSetting(const RunConfig& config, std::string_view key);
Status SetSetting(RunConfig* config, std::string_view key, std::string_view text);

// Whole-config checks that single fields cannot express.
Status ValidateConfig(const RunConfig& config);

// JSON object {"version": 1, "<key>": value, ...}. Parsing is strict: unknown keys,
// wrong types and out-of-range values are errors naming the key.
std::string ConfigToJson(const RunConfig& config);
Result<RunConfig> ConfigFromJson(std::string_view json);

// Share link: the URL hash body "v=1&width=32&sigma=0.05", only non-default values.
// Decoding never fails: problems become warnings and the value falls back to its default.
std::string EncodeShareLink(const RunConfig& config);
struct DecodedShareLink {
  RunConfig config;
  std::vector<std::string> warnings;
};
DecodedShareLink DecodeShareLink(std::string_view hash);

}  // namespace clslab
