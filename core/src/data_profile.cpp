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

DataProfile ComputeDataProfile(const std::vector<std::vector<std::string>>& reviews,
                               const std::vector<int8_t>& labels) {
  DataProfile profile;
  const size_t n = std::min(reviews.size(), labels.size());
  std::unordered_map<std::string, int32_t> index;  // word -> its index in words
  std::vector<int64_t> last;                       // W, the last review that counted the word
  std::vector<int32_t> lengths;                    // n, T_i
  std::vector<int32_t> ids;                        // T_i, scratch
  for (size_t i = 0; i < n; ++i) {
    ids.clear();
    for (const std::string& token : reviews[i]) {
      if (token == Vocabulary::kUnknownToken) {
        ids.push_back(-1);  // the literal "<unk>": index W, known once W is
        continue;
      }
      auto [it, added] = index.emplace(token, static_cast<int32_t>(profile.words.size()));
      if (added) {
        profile.words.push_back(token);
        profile.count.push_back(0), profile.documents.push_back(0), last.push_back(-1);
      }
      const int32_t k = it->second;
      ++profile.count[k];
      if (last[k] != static_cast<int64_t>(i)) {
        ++profile.documents[k];
        last[k] = static_cast<int64_t>(i);
      }
      ids.push_back(k);
    }
    profile.corpus.Add(ids, labels[i] > 0 ? 1 : -1);
    (labels[i] > 0 ? profile.positive : profile.negative) += 1;
    lengths.push_back(static_cast<int32_t>(reviews[i].size()));
  }
  const int32_t words = static_cast<int32_t>(profile.words.size());
  for (int32_t& id : profile.corpus.token_ids) id = id < 0 ? words : id;
  profile.corpus.vocab_size = words + 1;
  if (profile.corpus.offsets.empty()) profile.corpus.offsets.push_back(0);
  profile.reviews = static_cast<int32_t>(n);
  profile.tokens = profile.corpus.NumTokens();
  if (n > 0) {
    profile.mean_tokens = static_cast<double>(profile.tokens) / static_cast<double>(n);
    std::nth_element(lengths.begin(), lengths.begin() + (n - 1) / 2, lengths.end());
    profile.median_tokens = lengths[(n - 1) / 2];
  }
  return profile;
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
