// The limits' messages: each says what was counted, the limit, and the setting to lower.
#include "clslab/limits.h"

#include <climits>
#include <cstdio>

namespace clslab {

std::string WithThousands(int64_t value) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  std::string out;
  for (size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return value < 0 ? "-" + out : out;
}

Status CheckReviews(const Limits& limits, int64_t reviews) {
  if (reviews <= limits.max_reviews) return Status::Ok();
  return Status::Error(WithThousands(reviews) + " reviews is over the limit of " +
                       WithThousands(limits.max_reviews) +
                       " reviews; set max_reviews to sample at most that many");
}

Status CheckWidth(const Limits& limits, int64_t width) {
  if (width <= limits.max_width) return Status::Ok();
  return Status::Error("d = " + WithThousands(width) + " is over the limit of " +
                       WithThousands(limits.max_width) + "; lower d");
}

Status CheckVocabulary(const Limits& limits, int64_t vocabulary) {
  if (vocabulary <= limits.max_vocabulary) return Status::Ok();
  return Status::Error("the vocabulary has " + WithThousands(vocabulary) +
                       " tokens, over the limit of " + WithThousands(limits.max_vocabulary) +
                       "; lower max_vocab or raise min_count");
}

Status CheckWeights(const Limits& limits, int64_t vocabulary, int64_t width) {
  // Compared by division: vocabulary * width can overflow int64 for hostile input.
  if (width <= 0 || vocabulary <= limits.max_weights / width) return Status::Ok();
  const bool fits = vocabulary <= INT64_MAX / width;
  return Status::Error("vocabulary " + WithThousands(vocabulary) + " x d " + WithThousands(width) +
                       " = " +
                       (fits ? WithThousands(vocabulary * width) : std::string("more than 2^63")) +
                       " weights is over the limit of " + WithThousands(limits.max_weights) +
                       " weights; lower max_vocab or d");
}

std::string TokensOverLimit(int64_t max_tokens) {
  return "the reviews have more than " + WithThousands(max_tokens) +
         " tokens (the limit); lower max_reviews or max_tokens (per review)";
}

namespace {

std::string Megabytes(int64_t bytes) {
  char megabytes[32];
  std::snprintf(megabytes, sizeof(megabytes), "%.1f MB", static_cast<double>(bytes) / (1 << 20));
  return megabytes;
}

}  // namespace

std::string InputOverLimit(const std::string& source, int64_t max_input_bytes) {
  return source + ": the input is larger than the limit of " + Megabytes(max_input_bytes) + " (" +
         std::to_string(max_input_bytes) + " bytes); reading stopped there";
}

Status CheckRunFileBytes(const Limits& limits, int64_t bytes, const std::string& name) {
  if (bytes <= limits.max_run_file_bytes) return Status::Ok();
  const std::string limit = Megabytes(limits.max_run_file_bytes);
  if (name.empty()) {
    return Status::Error("the run file would be " + Megabytes(bytes) + ", over the limit of " +
                         limit +
                         " a run file can be loaded back with; its weights (vocabulary "
                         "x d, three copies under Adam) and stored rows are too many: lower d "
                         "or max_vocab, or keep the share link, which replays the run");
  }
  return Status::Error(name + " is " + Megabytes(bytes) + ", over the limit of " + limit +
                       " for a run file (reading it would not fit in memory); nothing changed");
}

}  // namespace clslab
