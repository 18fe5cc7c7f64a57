// Data profiles the recipe tests and the claims tests compute recipes from
// (recipes_test.cpp, claims_test.cpp): long reviews whose words seen 20 times outnumber half
// the reviews, balanced or with one class the larger.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clslab/data_profile.h"

namespace clslab {

// `reviews` long reviews (label alternating, or positive for the first `positive` of them):
// each holds a polar word of its class out of 5 and `words` distinct words out of a pool of
// 10 * `words`, every one seen about 25 times over the corpus, so that the words seen 20
// times outnumber half the reviews, as in full-length reviews.
inline DataProfile LongReviews(int32_t reviews, int32_t words, int32_t positive = -1) {
  std::vector<std::vector<std::string>> tokens;
  std::vector<int8_t> labels;
  for (int32_t i = 0; i < reviews; ++i) {
    const bool is_positive = positive < 0 ? i % 2 == 0 : i < positive;
    std::vector<std::string> review = {(is_positive ? "pos" : "neg") + std::to_string(i % 5)};
    for (int32_t k = 0; k < words; ++k) {
      review.push_back("w" + std::to_string((i * 7 + k * 13) % (words * reviews / 25)));
    }
    tokens.push_back(review);
    labels.push_back(is_positive ? 1 : -1);
  }
  return ComputeDataProfile(tokens, labels);
}

}  // namespace clslab
