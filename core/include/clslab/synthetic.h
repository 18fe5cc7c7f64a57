// Seeded generator of token-level reviews with known important tokens: a corpus the whole
// pipeline (statistics, training, att-SVM) can run on without any file. Not a text
// tokenizer: the texts are produced from the token ids, never parsed back.
//
// Legend: n reviews, T_i tokens in review i, V = 1 + positive + negative + neutral tokens.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/status.h"

namespace clslab {

struct SyntheticOptions {
  int32_t reviews = 600;
  int32_t positive_tokens = 12;  // "good1".."goodP", ids 1..P
  int32_t negative_tokens = 12;  // "bad1".."badN", ids P+1..P+N
  int32_t neutral_tokens = 120;  // "word1".."wordM", ids P+N+1..P+N+M
  int32_t min_length = 6;        // T_i uniform in [min_length, max_length]
  int32_t max_length = 24;
  double polar_rate = 0.15;     // probability a position holds a polar token of the review's class
  double opposite_rate = 0.03;  // probability of a polar token of the other class (0 if feasible)
  double label_noise = 0.0;     // probability a label is flipped after drawing the text
  bool feasible = false;        // twins: att-SVM feasible as generated (see synthetic.cpp)
  uint64_t seed = 1;
};

struct SyntheticData {
  std::vector<std::string> vocabulary;  // V, id -> token; id 0 = "<unk>", never generated
  Corpus corpus;                        // n reviews, vocab_size = V
  std::vector<std::string> texts;       // n, the review as space-joined token strings
};

// Within each group token k (1-based) has frequency proportional to 1/k (Zipf), so counts
// vary across tokens. Fails with a message naming the first invalid option.
Result<SyntheticData> GenerateSynthetic(const SyntheticOptions& options);

}  // namespace clslab
