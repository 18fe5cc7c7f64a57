// Vocabulary construction and lookup. Determinism matters more than speed here: the same
// documents and limits must give the same ids natively and in wasm, so the order is fully
// defined by (count descending, token bytes ascending) and never by hash-map iteration.
#include "clslab/vocabulary.h"

#include <algorithm>
#include <utility>

namespace clslab {

Vocabulary::Vocabulary() : tokens_{kUnknownToken}, counts_{0} {}

std::vector<int32_t> Vocabulary::KeptWords(const std::vector<std::string>& words,
                                           const std::vector<int64_t>& count,
                                           const std::vector<int64_t>& documents,
                                           int64_t num_documents, int32_t min_count,
                                           int32_t max_size, double max_doc_share) {
  // Strictly more than the share is dropped, so max_doc_share = 1 keeps every word.
  const double max_documents = max_doc_share * static_cast<double>(num_documents);
  std::vector<int32_t> kept;
  for (size_t k = 0; k < words.size(); ++k) {
    if (count[k] >= std::max<int64_t>(min_count, 1) &&
        static_cast<double>(documents[k]) <= max_documents) {
      kept.push_back(static_cast<int32_t>(k));
    }
  }
  std::sort(kept.begin(), kept.end(), [&](int32_t a, int32_t b) {
    return count[a] != count[b] ? count[a] > count[b] : words[a] < words[b];
  });
  // max_size counts <unk>, so at most max_size - 1 real words survive.
  if (max_size > 0 && kept.size() > static_cast<size_t>(max_size - 1)) {
    kept.resize(static_cast<size_t>(max_size - 1));
  }
  return kept;
}

Vocabulary Vocabulary::Build(const std::vector<std::vector<std::string>>& documents,
                             int32_t min_count, int32_t max_size, double max_doc_share) {
  std::unordered_map<std::string, int32_t> index;  // word -> k
  std::vector<std::string> words;                  // W, in order of first occurrence
  std::vector<int64_t> count, seen_in, last;       // W; last: the last document counted
  int64_t total = 0;                               // occurrences, literal "<unk>" included
  for (size_t i = 0; i < documents.size(); ++i) {
    for (const std::string& token : documents[i]) {
      ++total;
      if (token == kUnknownToken) continue;  // merged into id 0
      auto [it, added] = index.emplace(token, static_cast<int32_t>(words.size()));
      if (added) {
        words.push_back(token);
        count.push_back(0), seen_in.push_back(0), last.push_back(-1);
      }
      const int32_t k = it->second;
      ++count[k];
      if (last[k] != static_cast<int64_t>(i)) ++seen_in[k], last[k] = static_cast<int64_t>(i);
    }
  }
  const std::vector<int32_t> kept =
      KeptWords(words, count, seen_in, static_cast<int64_t>(documents.size()), min_count, max_size,
                max_doc_share);
  Vocabulary vocab;
  vocab.tokens_.reserve(kept.size() + 1);
  vocab.counts_.reserve(kept.size() + 1);
  int64_t kept_count = 0;
  for (int32_t k : kept) {
    vocab.ids_.emplace(words[k], static_cast<int32_t>(vocab.tokens_.size()));
    vocab.tokens_.push_back(std::move(words[k]));
    vocab.counts_.push_back(count[k]);
    kept_count += count[k];
  }
  vocab.counts_[0] = total - kept_count;  // every occurrence not kept became <unk>
  return vocab;
}

Vocabulary Vocabulary::FromTokens(std::vector<std::string> tokens) {
  Vocabulary vocab;
  if (tokens.empty() || tokens[0] != kUnknownToken) return vocab;
  for (size_t i = 1; i < tokens.size(); ++i) {
    if (!vocab.ids_.emplace(tokens[i], static_cast<int32_t>(i)).second ||
        tokens[i] == kUnknownToken) {
      return Vocabulary();
    }
  }
  vocab.tokens_ = std::move(tokens);
  vocab.counts_.clear();
  return vocab;
}

int32_t Vocabulary::Id(std::string_view token) const {
  auto it = ids_.find(std::string(token));
  return it == ids_.end() ? kUnknownId : it->second;
}

const std::string& Vocabulary::Token(int32_t id) const {
  if (id < 0 || id >= size()) return tokens_[kUnknownId];
  return tokens_[static_cast<size_t>(id)];
}

std::vector<int32_t> Vocabulary::Encode(const std::vector<std::string>& tokens) const {
  std::vector<int32_t> ids;
  ids.reserve(tokens.size());
  for (const std::string& token : tokens) ids.push_back(Id(token));
  return ids;
}

}  // namespace clslab
