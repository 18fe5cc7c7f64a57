// Which reviews sit on cycles of the must-beat graph, and the corpus without them. The same
// test FindCycles counts with (a pair whose two ends share a strongly connected component),
// so the flags agree with MaxMarginReport::reviews_in_cycles.
//
// Legend: n reviews, V vocabulary size, K constraints.
#include "clslab/acyclic_reviews.h"

#include "must_beat_graph.h"

namespace clslab {

std::vector<uint8_t> ReviewsOnCycles(const MarginConstraints& constraints, const Corpus& corpus,
                                     const SelectedSets& sets, int32_t vocab_size) {
  std::vector<uint8_t> on_cycle(corpus.NumReviews(), 0);
  const Graph graph = BuildGraph(constraints, vocab_size);
  int32_t components = 0;
  const std::vector<int32_t> component = StronglyConnectedComponents(graph, &components);
  // marked[c] = i + 1 iff component c holds a token of S_i; selected[s] = i + 1 iff s in
  // S_i: "does a pair (s*, s) of review i stay inside one component" is then O(1) per s.
  std::vector<int32_t> marked(components, 0);    // components
  std::vector<int32_t> selected(vocab_size, 0);  // V
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      const int32_t s = sets.token_ids[k];
      if (s < 0 || s >= vocab_size) continue;
      selected[s] = i + 1;
      marked[component[s]] = i + 1;
    }
    for (int32_t t = corpus.Begin(i); t < corpus.End(i) && !on_cycle[i]; ++t) {
      const int32_t s = corpus.token_ids[t];
      if (s < 0 || s >= vocab_size) continue;
      on_cycle[i] = selected[s] != i + 1 && marked[component[s]] == i + 1;
    }
  }
  return on_cycle;
}

std::vector<uint8_t> AcyclicReviewFlags(const Corpus& corpus, const SelectedSets& sets,
                                        const MarginConstraints& constraints) {
  // Without a cycle every flag of ReviewsOnCycles is 0, so one path serves both cases.
  std::vector<uint8_t> flags = ReviewsOnCycles(constraints, corpus, sets, corpus.vocab_size);
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) flags[i] = !flags[i] && corpus.Length(i) > 0;
  return flags;
}

Corpus KeepReviews(const Corpus& corpus, const std::vector<uint8_t>& keep) {
  Corpus out;
  out.vocab_size = corpus.vocab_size;
  out.offsets.push_back(0);
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    if (!keep[i]) continue;
    out.token_ids.insert(out.token_ids.end(), corpus.token_ids.begin() + corpus.Begin(i),
                         corpus.token_ids.begin() + corpus.End(i));
    out.offsets.push_back(static_cast<int32_t>(out.token_ids.size()));
    out.labels.push_back(corpus.labels[i]);
  }
  return out;
}

SelectedSets KeepSets(const SelectedSets& sets, const std::vector<uint8_t>& keep) {
  SelectedSets out;
  out.offsets.push_back(0);
  for (size_t i = 0; i + 1 < sets.offsets.size(); ++i) {
    if (!keep[i]) continue;
    out.token_ids.insert(out.token_ids.end(), sets.token_ids.begin() + sets.offsets[i],
                         sets.token_ids.begin() + sets.offsets[i + 1]);
    out.offsets.push_back(static_cast<int32_t>(out.token_ids.size()));
  }
  return out;
}

}  // namespace clslab
