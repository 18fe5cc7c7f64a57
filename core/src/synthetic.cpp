// Synthetic reviews: polar tokens ("good*", "bad*") carry the label, neutral ones ("word*")
// do not. Deterministic per seed (draws come only from our Rng, in a fixed order).
//
// Feasible (twin) mode makes the attention-SVM feasible by construction when the selection
// uses value = alpha (the direction the first gradient step writes, THEORY.md Result 1) on the
// reviews as generated:
//  * reviews come in twins, one positive and one negative, with the same length and the same
//    neutral token at the same positions; the polar positions hold a "good" token in the
//    positive twin and a "bad" token in the negative one (an odd last review is all polar).
//    Each neutral token therefore has the same n_s / T in a + and a - review: alpha_s = 0.
//  * every review holds at least one polar token of its class, and none of the other class,
//    with no label noise: "good" tokens occur only in + reviews (alpha > 0), "bad" tokens
//    only in - reviews (alpha < 0).
// So in a + review the selected token is a "good" token (y alpha > 0 = y alpha of neutrals);
// each constraint goes from a polar token to a neutral one or to a same-class polar token of
// strictly smaller |alpha|. Edges only descend |alpha| within a class, neutrals have no
// outgoing edge and + / - reviews never mix polar classes: the graph is acyclic.
// That holds while the vocabulary keeps every polar token. The lab's default cut (tokens in more
// than 20% of reviews dropped) removes the commonest ones ("good1", "bad1"): a review left
// with neutral tokens only selects a neutral one, and the graph has cycles (synthetic_test,
// issue 37; the setting's label says so rather than "feasible").
//
// Legend: n reviews, T_i tokens in review i, V = 1 + P + N + M (P positive, N negative,
//         M neutral token kinds).
#include "clslab/synthetic.h"

#include <algorithm>
#include <cmath>

#include "clslab/rng.h"

namespace clslab {
namespace {

// Zipf draws within a group of `size` tokens with ids first .. first + size - 1. A reversed
// group gives the last id the largest weight.
struct ZipfGroup {
  int32_t first = 0;
  bool reversed = false;
  std::vector<double> cumulative;  // size, cumulative[k] = sum_{j <= k} 1 / (j + 1)

  ZipfGroup(int32_t first_id, int32_t size, bool reverse = false)
      : first(first_id), reversed(reverse), cumulative(size) {
    double total = 0;
    for (int32_t k = 0; k < size; ++k) cumulative[k] = total += 1.0 / (k + 1);
  }
  int32_t Draw(Rng* rng) const {
    const double u = rng->Uniform() * cumulative.back();
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
    size_t k = std::min(static_cast<size_t>(it - cumulative.begin()), cumulative.size() - 1);
    if (reversed) k = cumulative.size() - 1 - k;
    return first + static_cast<int32_t>(k);
  }
};

std::string CheckOptions(const SyntheticOptions& o) {
  auto is_rate = [](double r) { return r >= 0 && r <= 1; };  // false for NaN
  if (o.reviews < 1 || o.reviews > 1000000) return "reviews must lie in [1, 1000000]";
  if (o.positive_tokens < 0 || o.negative_tokens < 0 || o.neutral_tokens < 0) {
    return "token group sizes must not be negative";
  }
  if (o.positive_tokens > 100000 || o.negative_tokens > 100000 || o.neutral_tokens > 1000000) {
    return "token groups are limited to 100000 polar and 1000000 neutral tokens";
  }
  if (o.min_length < 1) return "min_length must be at least 1";
  if (o.max_length < o.min_length) return "max_length must be at least min_length";
  if (static_cast<int64_t>(o.reviews) * o.max_length > 100000000) {
    return "reviews x max_length must not exceed 100 million tokens";
  }
  if (!is_rate(o.polar_rate) || !is_rate(o.opposite_rate) || !is_rate(o.label_noise)) {
    return "polar_rate, opposite_rate and label_noise must lie in [0, 1]";
  }
  const double opposite = o.feasible ? 0.0 : o.opposite_rate;
  if (o.polar_rate + opposite > 1) return "polar_rate + opposite_rate must not exceed 1";
  const bool polar = o.feasible || o.polar_rate + opposite > 0;
  if (polar && (o.positive_tokens < 1 || o.negative_tokens < 1)) {
    return "polar tokens are drawn: positive_tokens and negative_tokens must be at least 1";
  }
  if (o.polar_rate + opposite < 1 && o.neutral_tokens < 1) {
    return "neutral tokens are drawn: neutral_tokens must be at least 1";
  }
  return "";
}

}  // namespace

Result<SyntheticData> GenerateSynthetic(const SyntheticOptions& options) {
  const std::string problem = CheckOptions(options);
  if (!problem.empty()) return Result<SyntheticData>::Failure("synthetic data: " + problem);

  SyntheticData data;
  data.vocabulary.push_back("<unk>");
  for (int32_t k = 1; k <= options.positive_tokens; ++k)
    data.vocabulary.push_back("good" + std::to_string(k));
  for (int32_t k = 1; k <= options.negative_tokens; ++k)
    data.vocabulary.push_back("bad" + std::to_string(k));
  for (int32_t k = 1; k <= options.neutral_tokens; ++k)
    data.vocabulary.push_back("word" + std::to_string(k));
  const ZipfGroup positive(1, std::max(1, options.positive_tokens));
  const ZipfGroup negative(1 + options.positive_tokens, std::max(1, options.negative_tokens));
  const ZipfGroup neutral(1 + options.positive_tokens + options.negative_tokens,
                          std::max(1, options.neutral_tokens));
  Corpus& corpus = data.corpus;
  corpus.vocab_size = static_cast<int32_t>(data.vocabulary.size());
  corpus.offsets.reserve(options.reviews + 1);
  corpus.labels.reserve(options.reviews);
  corpus.token_ids.reserve(static_cast<size_t>(options.reviews) *
                           (options.min_length + options.max_length) / 2);
  Rng rng(options.seed);
  const uint64_t length_range = options.max_length - options.min_length + 1;
  std::vector<int32_t> ids, twin;  // T_i, scratch for one review (and its twin)
  auto own = [&](bool is_positive) {
    return is_positive ? positive.Draw(&rng) : negative.Draw(&rng);
  };
  // Opposite-class draws favour the other group's rarest tokens: "good1" is frequent and
  // almost only positive, "good12" is rare and leans less (or even the other way). Delta
  // then spreads over (-1, 1) instead of taking one value per group, as on real reviews.
  const ZipfGroup positive_reversed(1, std::max(1, options.positive_tokens), true);
  const ZipfGroup negative_reversed(1 + options.positive_tokens,
                                    std::max(1, options.negative_tokens), true);
  auto opposite = [&](bool is_positive) {
    return is_positive ? negative_reversed.Draw(&rng) : positive_reversed.Draw(&rng);
  };

  if (!options.feasible) {
    for (int32_t i = 0; i < options.reviews; ++i) {
      const bool is_positive = rng.Uniform() < 0.5;
      ids.resize(options.min_length + rng.Below(length_range));
      for (int32_t& s : ids) {
        const double u = rng.Uniform();
        s = u < options.polar_rate                           ? own(is_positive)
            : u < options.polar_rate + options.opposite_rate ? opposite(is_positive)
                                                             : neutral.Draw(&rng);
      }
      const bool flipped = rng.Uniform() < options.label_noise;
      corpus.Add(ids, is_positive != flipped ? 1 : -1);
    }
  } else {
    for (int32_t i = 0; i < options.reviews; i += 2) {
      const bool alone = i + 1 == options.reviews;  // odd last review: all polar
      const bool positive_first = rng.Uniform() < 0.5;
      ids.resize(options.min_length + rng.Below(length_range));
      twin.resize(ids.size());
      bool any_polar = false;
      for (size_t t = 0; t < ids.size(); ++t) {
        if (alone || rng.Uniform() < options.polar_rate) {
          ids[t] = own(positive_first);
          twin[t] = own(!positive_first);
          any_polar = true;
        } else {
          ids[t] = twin[t] = neutral.Draw(&rng);
        }
      }
      if (!any_polar) {  // guarantee a polar token of its class in both twins
        const size_t t = rng.Below(ids.size());
        ids[t] = own(positive_first);
        twin[t] = own(!positive_first);
      }
      corpus.Add(ids, positive_first ? 1 : -1);
      if (!alone) corpus.Add(twin, positive_first ? -1 : 1);
    }
  }

  data.texts.reserve(corpus.NumReviews());
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    std::string text;
    for (int32_t t = corpus.Begin(i); t < corpus.End(i); ++t) {
      if (t > corpus.Begin(i)) text += ' ';
      text += data.vocabulary[corpus.token_ids[t]];
    }
    data.texts.push_back(std::move(text));
  }
  return Result<SyntheticData>::Success(std::move(data));
}

}  // namespace clslab
