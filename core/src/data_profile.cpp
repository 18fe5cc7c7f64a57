// The data profile and its predictions: the vocabulary size (exact, through the very rule
// Vocabulary::Build applies) and Result 2's selected tokens in the small-sigma limit
// (through the same statistics and selection code the Experiment measures with).
//
// Legend: n train reviews, T_i tokens in review i, N = sum_i T_i, W distinct words,
//         V vocabulary size (<unk> included).
#include "clslab/data_profile.h"

#include <algorithm>
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

PredictedSelection PredictSelection(const DataProfile& profile, const VocabularyChoice& choice) {
  const Corpus corpus = EncodeUnder(profile, choice);
  const TokenStatistics statistics = ComputeTokenStatistics(corpus);
  // alpha_s in float, as v.E_s is stored: the ties are those the Experiment would see.
  const std::vector<float> alpha(statistics.alpha.begin(), statistics.alpha.end());
  const SelectedSets sets = ComputeSelectedSets(corpus, alpha);
  const SelectionSummary summary = SummarizeSelection(corpus, sets, statistics, 1);
  PredictedSelection out;
  out.reviews = summary.reviews;
  out.empty_reviews = corpus.NumReviews() - summary.reviews;
  out.distinct = summary.distinct;
  out.median_abs_delta = summary.median_abs_delta;
  if (summary.top.empty()) return out;
  // Token ids map back to words through the kept order: id s > 0 is kept[s - 1].
  const int32_t top = summary.top[0];
  const std::vector<int32_t> kept =
      Vocabulary::KeptWords(profile.words, profile.count, profile.documents, profile.reviews,
                            choice.min_count, choice.max_vocab, choice.max_doc_share);
  out.top_token = top == 0 ? Vocabulary::kUnknownToken : profile.words[kept[top - 1]];
  out.top_share = static_cast<double>(summary.wins[0]) / summary.reviews;
  out.top_abs_delta = std::abs(statistics.delta[top]);
  return out;
}

}  // namespace clslab
