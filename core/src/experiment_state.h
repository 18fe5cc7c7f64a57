// Internal to the Experiment's three source files (not installed, not globbed): the state
// they share and the small helpers they all use. experiment.cpp holds the lifecycle and
// training, experiment_data.cpp the loading, experiment_analysis.cpp what is measured.
#pragma once

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "clslab/dataset.h"
#include "clslab/experiment.h"
#include "clslab/max_margin.h"
#include "clslab/statistics.h"
#include "clslab/text_formats.h"
#include "clslab/trainer.h"

namespace clslab {

// FNV-1a over the bytes of E, p and v: equal weights give equal checksums, and a single
// flipped bit changes it. Not cryptographic; it lets two people compare runs by eye.
inline std::string Checksum(const Weights& w) {
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

inline PipelineOptions PipelineFrom(const RunConfig& config, const Limits& limits = Limits()) {
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

// Metrics promise finite numbers: a value that is not becomes 0 (its flag says n/a).
inline double Finite(double x) { return std::isfinite(x) ? x : 0.0; }

// Metrics that only say why nothing was computed.
inline Metrics Refused(std::string message) {
  Metrics metrics;
  metrics.stopped = true;
  metrics.message = std::move(message);
  return metrics;
}

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

}  // namespace clslab
