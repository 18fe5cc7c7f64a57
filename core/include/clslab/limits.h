// Limits: the largest dataset and model an Experiment accepts, as data. Each is checked
// before the memory it bounds is allocated, and a refusal names the limit and the setting
// that gets under it. The defaults are sized for a browser tab: the wasm module may grow to
// 2 GB, and the input, its parsed rows, the tokens and the weights all share that heap.
#pragma once

#include <cstdint>
#include <string>

#include "clslab/status.h"

namespace clslab {

struct Limits {
  // Reviews after sampling (max_reviews), train + test. Field table bound of max_reviews.
  int64_t max_reviews = 1000000;
  // Tokens over all kept reviews, train + test. While tokenizing, each token is a
  // std::string (12 bytes in wasm32, short words inline) plus a 4-byte id later: 32 M
  // tokens peak near 640 MB, which leaves room for a 256 MB input and its parsed rows.
  int64_t max_tokens = 32 << 20;
  // Vocabulary entries including <unk> (the token table and statistics are V rows each).
  int64_t max_vocabulary = 500000;
  // Embedding width d (E is V x d; the attention-SVM solver keeps d-long rows per constraint).
  int64_t max_width = 4096;
  // V x d floats: 32 M is 128 MB per copy of E, and Adam keeps two more copies.
  int64_t max_weights = 32 << 20;
  // Bytes of one input (a file, a pair of files, a folder's texts together).
  int64_t max_input_bytes = 256 << 20;
  // Bytes of one run file, for the page and the CLI alike. Reading one holds its text,
  // its parsed JSON and the decoded rows and weights at once, next to the run already
  // loaded: in wasm a 192 MB file of stored rows peaked at the 2 GB heap (rows cost about
  // 10 bytes of heap per byte, base64 weights about 6.5), and a 270 MB file of a joint Adam
  // run at d 4,096 (E and its two moments) aborted the page's module. At 128 MB the worst
  // case peaked at 1.24 GB, leaving room for the run in memory (issue 43).
  int64_t max_run_file_bytes = 128 << 20;
};

// "1,000,000": limits are quoted to users, who should not count zeros.
std::string WithThousands(int64_t value);

// Each refusal names the limit and the setting to lower; Ok when within the limit.
Status CheckReviews(const Limits& limits, int64_t reviews);
Status CheckWidth(const Limits& limits, int64_t width);
Status CheckVocabulary(const Limits& limits, int64_t vocabulary);
Status CheckWeights(const Limits& limits, int64_t vocabulary, int64_t width);
// The tokens limit is checked while tokenizing (PipelineOptions::max_total_tokens): this is
// its message, shared so that both places say the same.
std::string TokensOverLimit(int64_t max_tokens);
// A front end that reads an input of unknown size (a pipe, a device, a growing file) stops
// at the limit and refuses with this: `source` names the input.
std::string InputOverLimit(const std::string& source, int64_t max_input_bytes);
// A run file of `bytes` (a file named `name`, or "" for the run about to be saved): why it
// cannot be read, or saved, within Limits::max_run_file_bytes; Ok when it fits.
Status CheckRunFileBytes(const Limits& limits, int64_t bytes, const std::string& name);

}  // namespace clslab
