// SelectionReport: "which tokens does the theory select?", a report struct of reports.h
// kept in its own header (reports.h includes it) with its one description, as there.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clslab {

// "Which tokens does the theory select?": each review's selected set S_i (its most
// label-aligned tokens by v.E_s, THEORY.md) summarized over the train split. A review
// counts for every token of S_i, so shares can add up to more than 1 when there are ties.
struct SelectedToken {
  std::string token;
  int32_t reviews = 0;        // train reviews whose S_i holds the token
  double share = 0;           // reviews / SelectionReport::reviews
  int64_t count = 0;          // occurrences in train
  double delta = 0;           // Delta_s
  double document_share = 0;  // share of the non-empty train reviews that contain it
};

template <typename Visitor>
void Describe(const SelectedToken& t, Visitor& v) {
  v("token", t.token);
  v("reviews", t.reviews);
  v("share", t.share);
  v("count", t.count);
  v("delta", t.delta);
  v("document_share", t.document_share);
}

struct SelectionReport {
  bool available = false;          // false before E has changed (p = 0, E(0) is noise)
  int32_t reviews = 0;             // non-empty train reviews
  int32_t distinct = 0;            // distinct tokens that are some review's s*
  double median_count = 0;         // median count(s*) over (review, s* in S_i) pairs
  double median_abs_delta = 0;     // median |Delta_s*| over the same pairs
  std::vector<SelectedToken> top;  // the most selected tokens, most reviews first
};
constexpr int kSelectedTokensShown = 10;

template <typename Visitor>
void Describe(const SelectionReport& r, Visitor& v) {
  v("available", r.available);
  v("reviews", r.reviews);
  v("distinct", r.distinct);
  v("median_count", r.median_count);
  v("median_abs_delta", r.median_abs_delta);
  v("top", r.top);
}

}  // namespace clslab
