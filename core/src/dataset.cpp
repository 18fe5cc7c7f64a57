// BuildDataset: shuffle, sample, tokenize, split, vocabulary from train, encode. The only
// randomness is the Fisher-Yates shuffle drawn from Rng(options.seed), so a seed names a split.
#include "clslab/dataset.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "clslab/limits.h"
#include "clslab/rng.h"
#include "text_util.h"

namespace clslab {
namespace {

std::string ClassCounts(int64_t positive, int64_t negative) {
  return std::to_string(positive) + " positive, " + std::to_string(negative) + " negative";
}

}  // namespace

Result<Dataset> BuildDataset(const std::vector<LabeledText>& rows, const PipelineOptions& options) {
  using Failure = Result<Dataset>;
  if (!(options.test_fraction >= 0 && options.test_fraction <= 0.9)) {
    return Failure::Failure("test fraction " + std::to_string(options.test_fraction) +
                            " is outside [0, 0.9]");
  }
  if (rows.empty()) return Failure::Failure("no rows: the dataset is empty");

  std::vector<size_t> order(rows.size());
  std::iota(order.begin(), order.end(), 0);
  Rng rng(options.seed);
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.Below(i)]);
  if (options.max_reviews > 0 && order.size() > static_cast<size_t>(options.max_reviews)) {
    order.resize(static_cast<size_t>(options.max_reviews));
  }

  Dataset dataset;
  std::vector<size_t> kept;  // row index of each kept review, in shuffled order
  std::vector<std::vector<std::string>> tokens;
  int64_t positive = 0, negative = 0, total_tokens = 0;
  for (size_t index : order) {
    std::vector<std::string> review = Tokenize(rows[index].text, options.tokenizer);
    if (review.empty()) {
      ++dataset.dropped_empty;
      continue;
    }
    total_tokens += static_cast<int64_t>(review.size());
    if (options.max_total_tokens > 0 && total_tokens > options.max_total_tokens) {
      return Failure::Failure(TokensOverLimit(options.max_total_tokens));
    }
    (rows[index].label > 0 ? positive : negative) += 1;
    kept.push_back(index);
    tokens.push_back(std::move(review));
  }
  if (kept.empty()) {
    return Failure::Failure("no reviews left after tokenization: " +
                            AllOf(dataset.dropped_empty, "sampled review", "are") + " empty");
  }
  if (positive == 0 || negative == 0) {
    return Failure::Failure(
        "only one class present: " + AllOf(static_cast<int64_t>(kept.size()), "review", "are") +
        " " + (positive > 0 ? "positive" : "negative") + " (" + ClassCounts(positive, negative) +
        "); training needs both classes");
  }

  const size_t n = kept.size();
  size_t n_test = static_cast<size_t>(std::llround(options.test_fraction * static_cast<double>(n)));
  n_test = std::min(n_test, n - 1);  // train is never empty
  std::vector<std::vector<std::string>> train_tokens(tokens.begin() + n_test, tokens.end());
  dataset.vocab =
      Vocabulary::Build(train_tokens, options.min_count, options.max_vocab, options.max_doc_share);

  dataset.train.vocab_size = dataset.test.vocab_size = dataset.vocab.size();
  dataset.train.offsets = dataset.test.offsets = {0};
  for (size_t i = 0; i < n; ++i) {
    const LabeledText& row = rows[kept[i]];
    bool is_test = i < n_test;
    std::vector<int32_t> ids = dataset.vocab.Encode(tokens[i]);
    if (options.drop_unknown) {
      ids.erase(std::remove(ids.begin(), ids.end(), Vocabulary::kUnknownId), ids.end());
    }
    (is_test ? dataset.test : dataset.train).Add(ids, row.label > 0 ? 1 : -1);
    (is_test ? dataset.test_texts : dataset.train_texts).push_back(row.text);
  }
  return Result<Dataset>::Success(std::move(dataset));
}

}  // namespace clslab
