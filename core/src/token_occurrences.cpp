// TokenOccurrences: the corpus transposed (for every token, the review of each of its
// occurrences), so that a full-batch gradient gathers per token (model.cpp).
// Legend: V vocabulary, n reviews, N tokens.
#include <vector>

#include "clslab/model.h"

namespace clslab {

TokenOccurrences TransposeCorpus(const Corpus& corpus) {
  TokenOccurrences out;
  out.offsets.assign(static_cast<size_t>(corpus.vocab_size) + 1, 0);
  for (int32_t s : corpus.token_ids) ++out.offsets[s + 1];
  for (int32_t s = 0; s < corpus.vocab_size; ++s) out.offsets[s + 1] += out.offsets[s];
  out.reviews.resize(corpus.token_ids.size());
  std::vector<int32_t> fill(out.offsets.begin(), out.offsets.end() - 1);  // V
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t)
      out.reviews[fill[corpus.token_ids[t]]++] = i;
  }
  return out;
}

}  // namespace clslab
