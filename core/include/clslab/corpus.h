// Corpus: tokenized, labelled reviews as flat token-id arrays (CSR layout). This is what
// the model, the statistics and the solvers read; text never reaches them.
//
// Legend: n reviews, T_i tokens in review i, N = sum_i T_i tokens, V vocabulary size.
#pragma once

#include <cstdint>
#include <vector>

namespace clslab {

struct Corpus {
  std::vector<int32_t> token_ids;  // N, review i is token_ids[offsets[i] .. offsets[i+1])
  std::vector<int32_t> offsets;    // n + 1, offsets[0] = 0, non-decreasing
  std::vector<int8_t> labels;      // n, each -1 or +1
  int32_t vocab_size = 0;          // V: every token id lies in [0, V)

  int32_t NumReviews() const { return static_cast<int32_t>(labels.size()); }
  int32_t NumTokens() const { return static_cast<int32_t>(token_ids.size()); }
  int32_t Begin(int32_t i) const { return offsets[i]; }
  int32_t End(int32_t i) const { return offsets[i + 1]; }
  int32_t Length(int32_t i) const { return offsets[i + 1] - offsets[i]; }

  // Appends one review; an empty review is allowed by the layout but the model skips it.
  void Add(const std::vector<int32_t>& ids, int8_t label) {
    if (offsets.empty()) offsets.push_back(0);
    token_ids.insert(token_ids.end(), ids.begin(), ids.end());
    offsets.push_back(static_cast<int32_t>(token_ids.size()));
    labels.push_back(label);
  }
};

}  // namespace clslab
