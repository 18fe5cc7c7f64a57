// Attention-SVM: constraints from selected sets and the cycle analysis of the "must beat"
// graph (the graph itself is in must_beat_graph.cpp). The solver is in svm_solver.cpp and
// svm_setup.cpp.
//
// Legend: n reviews, V vocabulary size, d embedding width, K constraints.
#include "clslab/max_margin.h"

#include <algorithm>

#include "must_beat_graph.h"

namespace clslab {

// The pairs come out sorted by (winner, loser), deduplicated, with their review counts:
// what sorting the review_constraints keys winner << 32 | loser and counting equal runs
// gives (tests/core/max_margin_test.cpp keeps that definition and compares), without the
// sort of millions of keys (3.2 M at 25,000 reviews, 60% of the solve's set-up). Pass 1
// lists each review's distinct losers once; pass 2 writes them into one bucket per winner;
// each bucket is then counted with a V-long array and emitted in loser order.
MarginConstraints BuildConstraints(const Corpus& corpus, const SelectedSets& sets) {
  MarginConstraints out;
  const int32_t vocab_size = corpus.vocab_size, reviews = corpus.NumReviews();
  std::vector<int32_t> selected(vocab_size, 0);  // V, = i + 1 iff s in S_i
  std::vector<int32_t> seen(vocab_size, 0);      // V, = i + 1 once s visited in X_i
  // Pass 1: review i's distinct losers are losers[loser_offsets[i] .. loser_offsets[i+1]),
  // in order of first occurrence; each winner's bucket size.
  std::vector<int32_t> losers;                             // sum_i |distinct X_i \ S_i|
  std::vector<int64_t> loser_offsets(reviews + 1, 0);      // n + 1
  std::vector<int64_t> bucket_offsets(vocab_size + 1, 0);  // V + 1, by winner
  for (int32_t i = 0; i < reviews; ++i) {
    const int32_t set_begin = sets.offsets[i], set_end = sets.offsets[i + 1];
    for (int32_t k = set_begin; k < set_end; ++k) selected[sets.token_ids[k]] = i + 1;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      const int32_t s = corpus.token_ids[t];
      if (selected[s] == i + 1 || seen[s] == i + 1) continue;
      seen[s] = i + 1;
      losers.push_back(s);
    }
    loser_offsets[i + 1] = static_cast<int64_t>(losers.size());
    const int64_t distinct = loser_offsets[i + 1] - loser_offsets[i];
    for (int32_t k = set_begin; k < set_end; ++k) bucket_offsets[sets.token_ids[k] + 1] += distinct;
    const int64_t pairs = distinct * (set_end - set_begin);
    out.review_constraints += pairs;
    out.constraint_reviews += pairs > 0;
  }
  for (int32_t w = 0; w < vocab_size; ++w) bucket_offsets[w + 1] += bucket_offsets[w];
  // Pass 2: every (winner, loser) instance, grouped by winner.
  std::vector<int32_t> buckets(out.review_constraints);                         // losers, by winner
  std::vector<int64_t> fill(bucket_offsets.begin(), bucket_offsets.end() - 1);  // V
  for (int32_t i = 0; i < reviews; ++i) {
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      int64_t& at = fill[sets.token_ids[k]];
      std::copy(losers.begin() + loser_offsets[i], losers.begin() + loser_offsets[i + 1],
                buckets.begin() + at);
      at += loser_offsets[i + 1] - loser_offsets[i];
    }
  }
  // Each winner's losers in ascending order with their counts: sort the distinct ones when
  // few, else scan the count array (a sort of m ids costs about m log m, a scan V).
  std::vector<int32_t> count(vocab_size, 0);  // V, instances of (w, s) in this bucket
  std::vector<int32_t> distinct;              // this bucket's distinct losers
  for (int32_t w = 0; w < vocab_size; ++w) {
    distinct.clear();
    for (int64_t e = bucket_offsets[w]; e < bucket_offsets[w + 1]; ++e) {
      if (count[buckets[e]]++ == 0) distinct.push_back(buckets[e]);
    }
    if (distinct.empty()) continue;
    const bool scan = static_cast<int64_t>(distinct.size()) * 16 >= vocab_size;
    if (scan) {
      distinct.clear();
      for (int32_t s = 0; s < vocab_size; ++s) {
        if (count[s] > 0) distinct.push_back(s);
      }
    } else {
      std::sort(distinct.begin(), distinct.end());
    }
    for (int32_t s : distinct) {
      out.winner.push_back(w);
      out.loser.push_back(s);
      out.reviews.push_back(count[s]);
      count[s] = 0;
    }
  }
  return out;
}

CycleReport FindCycles(const MarginConstraints& constraints, const Corpus& corpus,
                       const SelectedSets& sets, int32_t vocab_size, int32_t max_examples) {
  CycleReport report;
  const Graph graph = BuildGraph(constraints, vocab_size);
  int32_t components = 0;
  const std::vector<int32_t> component = StronglyConnectedComponents(graph, &components);
  for (int64_t k = 0; k < constraints.size(); ++k) {
    const int32_t a = constraints.winner[k], b = constraints.loser[k];
    if (a < 0 || a >= vocab_size || b < 0 || b >= vocab_size) continue;
    report.constraints_in_cycles += component[a] == component[b];
  }
  report.acyclic = report.constraints_in_cycles == 0;
  if (report.acyclic) return report;

  // A review is in a cycle when one of its pairs (s*, s) has both ends in one SCC: mark S_i
  // and the components of S_i, then test each other token of X_i in O(1).
  std::vector<int32_t> size(components, 0);  // components
  for (int32_t u = 0; u < vocab_size; ++u) ++size[component[u]];
  const int32_t largest = static_cast<int32_t>(std::max_element(size.begin(), size.end()) -
                                               size.begin());  // the largest SCC
  std::vector<int64_t> won(vocab_size, 0);                     // V, reviews whose S_i holds s
  std::vector<int32_t> marked(components, 0);    // components, = i + 1 iff a comp. of S_i
  std::vector<int32_t> selected(vocab_size, 0);  // V, = i + 1 iff s in S_i
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    bool in_largest = false;
    for (int32_t k = sets.offsets[i]; k < sets.offsets[i + 1]; ++k) {
      const int32_t s = sets.token_ids[k];
      if (s < 0 || s >= vocab_size) continue;
      selected[s] = i + 1;
      marked[component[s]] = i + 1;
      ++won[s];
      in_largest = in_largest || component[s] == largest;
    }
    report.reviews_in_largest += in_largest;
    bool in_cycle = false;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i) && !in_cycle; ++t) {
      const int32_t s = corpus.token_ids[t];
      if (s < 0 || s >= vocab_size) continue;
      in_cycle = selected[s] != i + 1 && marked[component[s]] == i + 1;
    }
    report.reviews_in_cycles += in_cycle;
  }

  for (int32_t c = 0; c < components; ++c) report.nontrivial_components += size[c] >= 2;
  for (int32_t u = 0; u < vocab_size; ++u) {
    if (component[u] == largest) report.largest_component.push_back(u);
  }
  std::stable_sort(report.largest_component.begin(), report.largest_component.end(),
                   [&](int32_t a, int32_t b) { return won[a] > won[b]; });

  // Members of each non-trivial SCC in ascending token id: round r takes the r-th member of
  // every SCC as BFS root, so the first examples come from different SCCs.
  std::vector<std::vector<int32_t>> members;
  std::vector<int32_t> slot(components, -1);  // components, index into members
  for (int32_t u = 0; u < vocab_size; ++u) {
    if (size[component[u]] < 2) continue;
    if (slot[component[u]] == -1) {
      slot[component[u]] = static_cast<int32_t>(members.size());
      members.emplace_back();
    }
    members[slot[component[u]]].push_back(u);
  }
  std::vector<int32_t> parent(vocab_size);  // V, BFS scratch
  int32_t attempts = 0;                     // bounds the BFS work at O(4 max_examples K)
  for (size_t round = 0; attempts < 4 * max_examples; ++round) {
    bool any = false;
    for (const std::vector<int32_t>& scc : members) {
      if (round >= scc.size() ||
          static_cast<int32_t>(report.example_cycles.size()) >= max_examples ||
          attempts >= 4 * max_examples) {
        continue;
      }
      any = true;
      ++attempts;
      std::vector<int32_t> cycle = ShortestCycleThrough(graph, component, scc[round], &parent);
      if (cycle.empty()) continue;
      // Canonical rotation (smallest id first) so the same cycle is not reported twice.
      std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
      if (std::find(report.example_cycles.begin(), report.example_cycles.end(), cycle) ==
          report.example_cycles.end()) {
        report.example_cycles.push_back(std::move(cycle));
      }
    }
    if (!any) break;
  }
  return report;
}

}  // namespace clslab
