// DataProfile: what the recipes (recipes.h) know about the loaded training split before any
// model is drawn: its size, class balance, review lengths, and each word's occurrences and
// documents. From it the vocabulary a (min count, max vocabulary, max document share)
// choice gives is predicted exactly, by the rule BuildDataset applies
// (Vocabulary::KeptWords), and so are the tokens Result 2 selects when sigma is small
// (after the step on E, v.E_s is (eta/2) alpha_s up to noise of size sigma / sqrt(d)).
// Not a dataset: no split, no text, no vocabulary of its own.
//
// Legend: n train reviews, T_i tokens in review i, N = sum_i T_i, W distinct words,
//         V vocabulary size (<unk> included).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "clslab/corpus.h"

namespace clslab {

struct DataProfile {
  int32_t reviews = 0;  // n (reviews that tokenize to nothing are not in the split)
  int32_t positive = 0, negative = 0;
  int64_t tokens = 0;              // N
  double mean_tokens = 0;          // N / n
  int32_t median_tokens = 0;       // median T_i (the lower middle value for even n)
  std::vector<std::string> words;  // W, in order of first occurrence; never "<unk>"
  std::vector<int64_t> count;      // W, occurrences in the split
  std::vector<int64_t> documents;  // W, reviews containing the word
  // The split as word indices: vocab_size = W + 1, and index W stands for a literal "<unk>"
  // in the text (the vocabulary merges it into id 0 whatever the choice).
  Corpus corpus;
};

// One O(N) pass (one hash lookup per token), a review at a time, so that only the words
// and the ids are kept, never every token string at once. Add review i's tokens as the
// tokenizer gave them with its label (+1 or -1), then Finish (which resets the builder).
class DataProfileBuilder {
 public:
  void Add(const std::vector<std::string>& tokens, int8_t label);
  DataProfile Finish();

 private:
  DataProfile profile_;
  std::unordered_map<std::string, int32_t> index_;  // word -> its index in words
  std::vector<int64_t> last_;                       // W, the last review that counted it
  std::vector<int32_t> lengths_;                    // n, T_i
  std::vector<int32_t> ids_;                        // T_i, scratch (-1: literal "<unk>")
};

// The same over tokenized reviews already in memory (reviews[i] with labels[i]).
DataProfile ComputeDataProfile(const std::vector<std::vector<std::string>>& reviews,
                               const std::vector<int8_t>& labels);

// The pipeline settings that decide the vocabulary and what is left of each review.
struct VocabularyChoice {
  int32_t min_count = 2;
  int32_t max_vocab = 20000;  // <unk> included; 0 = no limit
  double max_doc_share = 1;
  bool drop_unknown = false;
};

// V that BuildDataset gives for this split under `choice` (<unk> included): exact.
int32_t PredictVocabularySize(const DataProfile& profile, const VocabularyChoice& choice);

// The train corpus BuildDataset gives under `choice`, ids as it assigns them. O(N + W log W).
Corpus EncodeUnder(const DataProfile& profile, const VocabularyChoice& choice);

// Result 2's selected tokens in the small-sigma limit: S_i = argmax_{s in X_i} y_i alpha_s
// (ties within 1e-9 relative, as ComputeSelectedSets), over the corpus `choice` gives.
struct PredictedToken {
  std::string token;
  double share = 0;      // share of the non-empty reviews whose S_i holds it
  double abs_delta = 0;  // its |Delta_s|
  double lean = 0;       // |Delta_s - neutral_delta|: near 0 for a token with no label information
};
struct PredictedSelection {
  int32_t reviews = 0;              // non-empty reviews under the choice
  int32_t empty_reviews = 0;        // reviews left with no token (drop_unknown)
  int32_t distinct = 0;             // distinct tokens that are some review's s*
  std::string top_token;            // the token in the most selected sets (= top[0])
  double top_share = 0;             // share of the non-empty reviews whose S_i holds it
  double top_abs_delta = 0;         // its |Delta_s|: near 0 for a stop word
  double median_abs_delta = 0;      // median |Delta_s*| over (review, s* in S_i) pairs
  std::vector<PredictedToken> top;  // the kPredictedTop most selected, most first
  // Delta over all the corpus's occurrences, (N+ - N-) / N: the Delta of a token spread as
  // every token is, which carries no label information (0 when the classes have equal token
  // counts; +0.5 when 75% of occurrences are in positive reviews).
  double neutral_delta = 0;
  // Shares of the non-empty reviews, each review's S_i weighing 1 (1/|S_i| per s*): s* with
  // lean >= kPolarDelta (leans to one class); s* without a letter or digit
  // (punctuation, IsPunctuation); s* = <unk> (the pooled words outside the vocabulary).
  double polar_share = 0;
  double punctuation_share = 0;
  double unknown_share = 0;
};
// A lean of 0.3 in a balanced corpus: P(y = +1 | s) = 0.65, nearly twice as frequent in one
// class as in the other.
constexpr double kPolarDelta = 0.3;
constexpr int32_t kPredictedTop = 3;
PredictedSelection PredictSelection(const DataProfile& profile, const VocabularyChoice& choice);

// True when `token` has no letter or digit (any byte >= 0x80 counts as a letter: UTF-8).
bool IsPunctuation(const std::string& token);

}  // namespace clslab
