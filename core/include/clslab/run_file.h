// Run files: a finished or paused run as one JSON document that the page and the CLI both
// write and read back. It holds the config, the dataset it used (by name, or its text for
// a custom file), the step and phase, the weights bit for bit, and the metrics at export.
// Not saved: optimizer moments and the mini-batch order (training resumes from zero there).
#pragma once

#include <string>
#include <string_view>

#include "clslab/config.h"
#include "clslab/experiment.h"
#include "clslab/model.h"
#include "clslab/status.h"

namespace clslab {

struct RunFile {
  RunConfig config;
  std::string source_name;   // the dataset's name as loaded ("movies.tsv", "synthetic")
  std::string dataset_text;  // label<TAB>text of a custom dataset; empty for built-ins
  int64_t step = 0;
  std::string phase;
  Weights weights;
  std::string checksum;  // of the weights, checked again after RestoreRunFile
};

// `dataset_text` is stored as given (the front end passes the custom file's text).
std::string WriteRunFile(Experiment& experiment, std::string_view dataset_text);

// Strict: wrong version, missing fields, shapes that do not match the data, bad base64 or
// non-finite weights are errors that say which.
Result<RunFile> ReadRunFile(std::string_view json);

// Call after the run's dataset is loaded with run.config: restores the weights and checks
// that the checksum matches the file's.
Status RestoreRunFile(Experiment* experiment, const RunFile& run);

}  // namespace clslab
