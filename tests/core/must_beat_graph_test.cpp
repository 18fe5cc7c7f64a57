// The structure report of the must-beat graph (max_margin.h FindCycles): its strongly
// connected components of two or more tokens, the largest one's tokens, and the reviews
// whose s* lies inside it, on a graph built by hand.
#include <gtest/gtest.h>

#include "clslab/max_margin.h"

namespace clslab {
namespace {

TEST(MustBeatGraph, ReportsTheNontrivialComponentsAndTheReviewsWhoseSStarIsInTheLargest) {
  // Reviews (s* first): 0 beats 1, 1 beats 2, 2 beats 0 (a 3-cycle); 3 beats 4 and 4 beats 3
  // (a 2-cycle); 5 beats 0 (5 alone: a trivial component). 0 also wins a second review.
  Corpus corpus;
  corpus.vocab_size = 6;
  const std::vector<std::vector<int32_t>> reviews = {{0, 1}, {1, 2}, {2, 0}, {3, 4},
                                                     {4, 3}, {5, 0}, {0, 2}};
  SelectedSets sets;
  sets.offsets = {0};
  for (const std::vector<int32_t>& r : reviews) {
    corpus.Add(r, 1);
    sets.token_ids.push_back(r[0]);
    sets.offsets.push_back(static_cast<int32_t>(sets.token_ids.size()));
  }
  const MarginConstraints constraints = BuildConstraints(corpus, sets);
  const CycleReport report = FindCycles(constraints, corpus, sets, corpus.vocab_size);
  EXPECT_FALSE(report.acyclic);
  EXPECT_EQ(report.nontrivial_components, 2);
  // Token 0 is s* of two reviews, 1 and 2 of one each: most selected first.
  EXPECT_EQ(report.largest_component, (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(report.reviews_in_largest, 4);  // reviews 0, 1, 2 and 6; not 5 (its s* is 5)
}

TEST(MustBeatGraph, AnAcyclicGraphHasNoComponentToReport) {
  Corpus corpus;
  corpus.vocab_size = 3;
  corpus.Add({0, 1}, 1);
  corpus.Add({1, 2}, 1);
  SelectedSets sets;
  sets.token_ids = {0, 1};
  sets.offsets = {0, 1, 2};
  const CycleReport report =
      FindCycles(BuildConstraints(corpus, sets), corpus, sets, corpus.vocab_size);
  EXPECT_TRUE(report.acyclic);
  EXPECT_EQ(report.nontrivial_components, 0);
  EXPECT_TRUE(report.largest_component.empty());
  EXPECT_EQ(report.reviews_in_largest, 0);
}

}  // namespace
}  // namespace clslab
