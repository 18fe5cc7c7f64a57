// Dataset: labelled texts to the model's input. Shuffles with a seeded Rng, samples, drops
// reviews that tokenize to nothing, splits train/test, builds the vocabulary on the train
// split only and encodes both splits as Corpus token ids. Parsing files is text_formats.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clslab/corpus.h"
#include "clslab/status.h"
#include "clslab/text_formats.h"
#include "clslab/tokenizer.h"
#include "clslab/vocabulary.h"

namespace clslab {

struct PipelineOptions {
  double test_fraction = 0.2;  // in [0, 0.9]; seeded shuffle, then split (not stratified)
  int32_t max_reviews = 0;     // 0 = all; applied after the shuffle (a random sample)
  TokenizerOptions tokenizer;  // lowercase, stop words, max tokens per review
  int32_t min_count = 2;       // vocabulary built on the TRAIN split only
  int32_t max_vocab = 20000;   // including <unk>; 0 = no limit
  double max_doc_share = 1;    // tokens in more training reviews than this share: <unk>
  bool drop_unknown = false;   // tokens outside the vocabulary are removed, not <unk>
  uint64_t seed = 1;
  // Tokens over all kept reviews (Limits::max_tokens); 0 = no limit. Checked while
  // tokenizing, so a refused dataset never holds more than this many token strings.
  int64_t max_total_tokens = 0;
};

struct Dataset {
  Vocabulary vocab;
  // Token ids; vocab_size == vocab.size(). Test tokens unseen in train are <unk> (id 0), and
  // a review made only of <unk> is kept: <unk> is a real token of the model. With
  // drop_unknown no id is 0, and a review with no vocabulary word is kept empty (the model
  // and the statistics skip it) so that texts and corpora stay aligned.
  Corpus train, test;
  std::vector<std::string> train_texts, test_texts;  // original text, same order as corpora
  int64_t dropped_empty = 0;  // sampled reviews with no tokens after tokenization
};

// Order of operations: shuffle all rows (seed), keep the first max_reviews, tokenize and drop
// empty reviews, then the first round(test_fraction * n) reviews are the test split (at
// least one review always stays in train). Same rows + options = same Dataset, bit for bit.
Result<Dataset> BuildDataset(const std::vector<LabeledText>& rows, const PipelineOptions& options);

}  // namespace clslab
