// The data profile and its predictions: the vocabulary size (exact, through the very rule
// Vocabulary::Build applies) and Result 2's selected tokens in the small-sigma limit
// (through the same statistics and selection code the Experiment measures with).
//
// Legend: n train reviews, T_i tokens in review i, N = sum_i T_i, W distinct words,
//         V vocabulary size (<unk> included).
#include "clslab/data_profile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_map>

#include "clslab/selection.h"
#include "clslab/statistics.h"
#include "clslab/vocabulary.h"

namespace clslab {

void DataProfileBuilder::Add(const std::vector<std::string>& tokens, int8_t label) {
  const int64_t review = profile_.corpus.NumReviews();
  ids_.clear();
  for (const std::string& token : tokens) {
    if (token == Vocabulary::kUnknownToken) {
      ids_.push_back(-1);  // the literal "<unk>": index W, known once W is (Finish)
      continue;
    }
    auto [it, added] = index_.emplace(token, static_cast<int32_t>(profile_.words.size()));
    if (added) {
      profile_.words.push_back(token);
      profile_.count.push_back(0), profile_.documents.push_back(0), last_.push_back(-1);
    }
    const int32_t k = it->second;
    ++profile_.count[k];
    if (last_[k] != review) ++profile_.documents[k], last_[k] = review;
    ids_.push_back(k);
  }
  profile_.corpus.Add(ids_, label > 0 ? 1 : -1);
  (label > 0 ? profile_.positive : profile_.negative) += 1;
  lengths_.push_back(static_cast<int32_t>(tokens.size()));
}

DataProfile DataProfileBuilder::Finish() {
  DataProfile profile = std::move(profile_);
  const int32_t words = static_cast<int32_t>(profile.words.size());
  for (int32_t& id : profile.corpus.token_ids) id = id < 0 ? words : id;
  profile.corpus.vocab_size = words + 1;
  if (profile.corpus.offsets.empty()) profile.corpus.offsets.push_back(0);
  const size_t n = lengths_.size();
  profile.reviews = static_cast<int32_t>(n);
  profile.tokens = profile.corpus.NumTokens();
  if (n > 0) {
    profile.mean_tokens = static_cast<double>(profile.tokens) / static_cast<double>(n);
    std::nth_element(lengths_.begin(), lengths_.begin() + (n - 1) / 2, lengths_.end());
    profile.median_tokens = lengths_[(n - 1) / 2];
  }
  *this = DataProfileBuilder();
  return profile;
}

DataProfile ComputeDataProfile(const std::vector<std::vector<std::string>>& reviews,
                               const std::vector<int8_t>& labels) {
  DataProfileBuilder builder;
  for (size_t i = 0; i < std::min(reviews.size(), labels.size()); ++i) {
    builder.Add(reviews[i], labels[i]);
  }
  return builder.Finish();
}

namespace {

// id[k] = the vocabulary id word k gets under `choice` (0 = <unk>), for k in [0, W]; the
// last entry is the literal "<unk>".
std::vector<int32_t> IdsUnder(const DataProfile& profile, const VocabularyChoice& choice,
                              int32_t* vocab_size) {
  const std::vector<int32_t> kept =
      Vocabulary::KeptWords(profile.words, profile.count, profile.documents, profile.reviews,
                            choice.min_count, choice.max_vocab, choice.max_doc_share);
  std::vector<int32_t> id(profile.words.size() + 1, Vocabulary::kUnknownId);
  for (size_t k = 0; k < kept.size(); ++k) id[kept[k]] = static_cast<int32_t>(k + 1);
  *vocab_size = static_cast<int32_t>(kept.size() + 1);
  return id;
}

}  // namespace

int32_t PredictVocabularySize(const DataProfile& profile, const VocabularyChoice& choice) {
  int32_t vocab_size = 0;
  IdsUnder(profile, choice, &vocab_size);
  return vocab_size;
}

Corpus EncodeUnder(const DataProfile& profile, const VocabularyChoice& choice) {
  int32_t vocab_size = 0;
  const std::vector<int32_t> id = IdsUnder(profile, choice, &vocab_size);
  const Corpus& words = profile.corpus;
  Corpus out;
  out.vocab_size = vocab_size;
  out.offsets.reserve(words.offsets.size());
  out.offsets.push_back(0);
  out.token_ids.reserve(words.token_ids.size());
  out.labels = words.labels;
  for (int32_t i = 0; i < words.NumReviews(); ++i) {
    for (int32_t t = words.Begin(i); t < words.End(i); ++t) {
      const int32_t s = id[words.token_ids[t]];
      if (s != Vocabulary::kUnknownId || !choice.drop_unknown) out.token_ids.push_back(s);
    }
    out.offsets.push_back(static_cast<int32_t>(out.token_ids.size()));
  }
  return out;
}

bool IsPunctuation(const std::string& token) {
  for (unsigned char c : token) {
    if (c >= 0x80 || std::isalnum(c)) return false;
  }
  return true;
}

PredictedSelection PredictSelection(const DataProfile& profile, const VocabularyChoice& choice) {
  const Corpus corpus = EncodeUnder(profile, choice);
  const TokenStatistics statistics = ComputeTokenStatistics(corpus);
  // alpha_s in float, as v.E_s is stored: the ties are those the Experiment would see.
  const std::vector<float> alpha(statistics.alpha.begin(), statistics.alpha.end());
  const SelectedSets sets = ComputeSelectedSets(corpus, alpha);
  const SelectionSummary summary = SummarizeSelection(corpus, sets, statistics, kPredictedTop);
  PredictedSelection out;
  out.reviews = summary.reviews;
  out.empty_reviews = corpus.NumReviews() - summary.reviews;
  out.distinct = summary.distinct;
  out.median_abs_delta = summary.median_abs_delta;
  if (summary.top.empty()) return out;
  // Token ids map back to words through the kept order: id s > 0 is kept[s - 1].
  const std::vector<int32_t> kept =
      Vocabulary::KeptWords(profile.words, profile.count, profile.documents, profile.reviews,
                            choice.min_count, choice.max_vocab, choice.max_doc_share);
  auto word = [&](int32_t s) {
    return s == Vocabulary::kUnknownId ? std::string(Vocabulary::kUnknownToken)
                                       : profile.words[kept[s - 1]];
  };
  double signed_tokens = 0;
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    signed_tokens += corpus.labels[i] * static_cast<double>(corpus.End(i) - corpus.Begin(i));
  }
  out.neutral_delta = signed_tokens / std::max<int64_t>(1, corpus.NumTokens());
  auto lean = [&](int32_t s) { return std::abs(statistics.delta[s] - out.neutral_delta); };
  for (size_t k = 0; k < summary.top.size(); ++k) {
    const int32_t s = summary.top[k];
    out.top.push_back({word(s), static_cast<double>(summary.wins[k]) / summary.reviews,
                       std::abs(statistics.delta[s]), lean(s)});
  }
  out.top_token = out.top[0].token;
  out.top_share = out.top[0].share;
  out.top_abs_delta = out.top[0].abs_delta;
  // Each non-empty review weighs 1, shared among its S_i.
  std::vector<int8_t> punctuation(corpus.vocab_size, 0);
  for (int32_t s = 1; s < corpus.vocab_size; ++s) punctuation[s] = IsPunctuation(word(s));
  double polar = 0, punct = 0, unknown = 0;
  for (size_t i = 0; i + 1 < sets.offsets.size(); ++i) {
    const int32_t begin = sets.offsets[i], end = sets.offsets[i + 1];
    if (end == begin) continue;
    const double weight = 1.0 / (end - begin);
    for (int32_t k = begin; k < end; ++k) {
      const int32_t s = sets.token_ids[k];
      if (lean(s) >= kPolarDelta) polar += weight;
      if (punctuation[s]) punct += weight;
      if (s == Vocabulary::kUnknownId) unknown += weight;
    }
  }
  out.polar_share = polar / summary.reviews;
  out.punctuation_share = punct / summary.reviews;
  out.unknown_share = unknown / summary.reviews;
  return out;
}

}  // namespace clslab
