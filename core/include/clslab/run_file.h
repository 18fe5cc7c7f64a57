// Run files: a finished or paused run as one JSON document that the page and the CLI both
// write and read back. It holds the config (with the dataset's identity), the rows of the
// user's data (built-in and synthetic data are named, not stored), the step and phase, the
// weights bit for bit, the training state (Adam's moments, the batch order, the Rng, the
// flow's step length: a loaded run continues exactly as the saved one would have), and the
// metrics at export.
#pragma once

#include <string>
#include <string_view>

#include "clslab/config.h"
#include "clslab/dataset_source.h"
#include "clslab/experiment.h"
#include "clslab/limits.h"
#include "clslab/model.h"
#include "clslab/status.h"

namespace clslab {

struct RunFile {
  RunConfig config;
  std::string source_name;  // the dataset's name as loaded ("movies.tsv", "reviews.csv")
  std::string stored_rows;  // label<TAB>text of the user's data; empty for built-in/synthetic
  int64_t step = 0;         // in [0, kMaxStep], and agreeing with the phase
  std::string phase;
  Weights weights;
  std::string checksum;     // of step and weights (Metrics::checksum), checked on restore
  std::string resume_json;  // the training state, read once the data fixes its shapes
};

// The version WriteRunFile writes, and the only one ReadRunFile reads. A version is a shape:
// the keys of the file and of its training state and their JSON types (the config carries
// its own settings version, and the metrics are not read back). tests/fixtures/run-files/
// holds a file written at each version, and run_file_test fails when this build writes
// another shape under the same number: a change of the shape bumps this and stores a file of
// the new version beside the old ones.
inline constexpr int kRunFileVersion = 2;

std::string WriteRunFile(const Experiment& experiment);

// Strict: a file over limits.max_run_file_bytes, wrong version, missing fields, a key given
// twice, nesting deeper than 64, shapes that overflow or do not match the config, a step out
// of range, bad base64 or non-finite weights are errors that say which.
Result<RunFile> ReadRunFile(std::string_view json, const Limits& limits = Limits());

// Applies a run as one transaction: its settings, then its data (the stored rows; for a
// built-in dataset `source` must hold its bytes; synthetic data is generated), then its
// weights, whose checksum must match the file's. On any failure `experiment` is untouched
// and the message says which part failed.
Status ApplyRunFile(Experiment* experiment, const RunFile& run, const SourceBytes* source);

}  // namespace clslab
