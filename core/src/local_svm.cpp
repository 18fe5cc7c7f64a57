// The flow's own selection (argmax of p.E_s per review) and the warm start that carries
// an attention-SVM solution from one selection's constraints to the next.
// Legend: n reviews, N = sum_i T_i, V vocabulary, K constraints.
#include "clslab/local_svm.h"

#include <algorithm>
#include <limits>

namespace clslab {

FlowSelection ComputeFlowSelection(const Corpus& corpus, const std::vector<float>& attention,
                                   const SelectedSets& theory) {
  FlowSelection out;
  const int32_t n = corpus.NumReviews();
  out.sets.offsets.assign(1, 0);
  std::vector<int32_t> mark(corpus.vocab_size, 0);    // V, = i + 1 once s is a top token of i
  std::vector<int32_t> theirs(corpus.vocab_size, 0);  // V, = i + 1 iff s in the theory's S_i
  for (int32_t i = 0; i < n; ++i) {
    float best = -std::numeric_limits<float>::infinity();
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      best = std::max(best, attention[corpus.token_ids[t]]);
    }
    const size_t first = out.sets.token_ids.size();
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      if (attention[s] != best || mark[s] == i + 1) continue;
      mark[s] = i + 1;
      out.sets.token_ids.push_back(s);
    }
    out.sets.offsets.push_back(static_cast<int32_t>(out.sets.token_ids.size()));
    if (corpus.Length(i) == 0) continue;
    ++out.reviews;
    const size_t chosen = out.sets.token_ids.size() - first;
    out.strict += chosen == 1;
    for (int32_t k = theory.offsets[i]; k < theory.offsets[i + 1]; ++k) {
      theirs[theory.token_ids[k]] = i + 1;
    }
    bool inside = chosen > 0;
    for (size_t k = first; k < out.sets.token_ids.size(); ++k) {
      inside = inside && theirs[out.sets.token_ids[k]] == i + 1;
    }
    out.in_theory += inside;
  }
  return out;
}

bool SameSelection(const SelectedSets& a, const SelectedSets& b) {
  return a.offsets == b.offsets && a.token_ids == b.token_ids;
}

std::vector<float> CarryOverWeights(const MarginConstraints& from, const std::vector<float>& lambda,
                                    const MarginConstraints& to) {
  std::vector<float> out(to.size(), 0.0f);  // K_to
  auto key = [](const MarginConstraints& c, int64_t k) {
    return static_cast<uint64_t>(static_cast<uint32_t>(c.winner[k])) << 32 |
           static_cast<uint32_t>(c.loser[k]);
  };
  if (static_cast<int64_t>(lambda.size()) != from.size()) return out;
  for (int64_t j = 0, k = 0; j < from.size() && k < to.size();) {
    const uint64_t a = key(from, j), b = key(to, k);
    if (a == b)
      out[k++] = lambda[j++];
    else if (a < b)
      ++j;
    else
      ++k;
  }
  return out;
}

}  // namespace clslab
