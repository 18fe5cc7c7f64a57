// Vocabulary construction and lookup. Determinism matters more than speed here: the same
// documents and limits must give the same ids natively and in wasm, so the order is fully
// defined by (count descending, token bytes ascending) and never by hash-map iteration.
#include "clslab/vocabulary.h"

#include <algorithm>
#include <utility>

namespace clslab {

Vocabulary::Vocabulary() : tokens_{kUnknownToken}, counts_{0} {}

Vocabulary Vocabulary::Build(const std::vector<std::vector<std::string>>& documents,
                             int32_t min_count, int32_t max_size, double max_doc_share) {
  struct Seen {
    int64_t count = 0;
    int64_t documents = 0;  // documents containing the token
    int64_t last = -1;      // index of the last document that counted it
  };
  std::unordered_map<std::string, Seen> counts;
  int64_t unknown_count = 0;
  for (size_t i = 0; i < documents.size(); ++i) {
    for (const std::string& token : documents[i]) {
      if (token == kUnknownToken) {
        ++unknown_count;
        continue;
      }
      Seen& seen = counts[token];
      ++seen.count;
      if (seen.last != static_cast<int64_t>(i))
        ++seen.documents, seen.last = static_cast<int64_t>(i);
    }
  }
  // Strictly more than the share is dropped, so max_doc_share = 1 keeps every token.
  const double max_documents = max_doc_share * static_cast<double>(documents.size());
  std::vector<std::pair<std::string, int64_t>> kept;
  for (auto& [token, seen] : counts) {
    if (seen.count >= std::max<int64_t>(min_count, 1) &&
        static_cast<double>(seen.documents) <= max_documents) {
      kept.emplace_back(token, seen.count);
    } else {
      unknown_count += seen.count;
    }
  }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  // max_size counts <unk>, so at most max_size - 1 real tokens survive.
  if (max_size > 0 && kept.size() > static_cast<size_t>(max_size - 1)) {
    for (size_t i = static_cast<size_t>(max_size - 1); i < kept.size(); ++i) {
      unknown_count += kept[i].second;
    }
    kept.resize(static_cast<size_t>(max_size - 1));
  }
  Vocabulary vocab;
  vocab.counts_[0] = unknown_count;
  vocab.tokens_.reserve(kept.size() + 1);
  vocab.counts_.reserve(kept.size() + 1);
  for (auto& entry : kept) {
    vocab.ids_.emplace(entry.first, static_cast<int32_t>(vocab.tokens_.size()));
    vocab.tokens_.push_back(std::move(entry.first));
    vocab.counts_.push_back(entry.second);
  }
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
