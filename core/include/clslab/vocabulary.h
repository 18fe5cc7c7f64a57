// Vocabulary: the map between token strings and the integer ids the model sees. Built once
// from the training split; id 0 is always "<unk>", so every token of any text has an id.
// Not a tokenizer (tokenizer.h) and not persisted here (the CLI/wasm layers serialize tokens()).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace clslab {

class Vocabulary {
 public:
  static constexpr int32_t kUnknownId = 0;  // "<unk>"
  static constexpr const char* kUnknownToken = "<unk>";

  // A vocabulary holding only <unk>.
  Vocabulary();

  // Counts tokens over documents; keeps tokens with count >= min_count that occur in at
  // most max_doc_share of the documents (1 keeps all; 0.1 drops stop words and punctuation),
  // at most max_size entries including <unk> (max_size 0 = no limit), most frequent first,
  // ties broken by token string (byte order) so the result is deterministic. A literal
  // "<unk>" in the documents is merged into id 0 rather than given a second id.
  static Vocabulary Build(const std::vector<std::vector<std::string>>& documents, int32_t min_count,
                          int32_t max_size, double max_doc_share = 1.0);
  // The rule Build applies, on counts already taken: for W candidate words with their
  // occurrences and documents (out of `num_documents`), the indices of the kept ones in id
  // order (id k + 1 for the k-th). One rule, so that a data profile predicts the vocabulary
  // size exactly (data_profile.h).
  static std::vector<int32_t> KeptWords(const std::vector<std::string>& words /* W */,
                                        const std::vector<int64_t>& count /* W */,
                                        const std::vector<int64_t>& documents /* W */,
                                        int64_t num_documents, int32_t min_count, int32_t max_size,
                                        double max_doc_share);
  // tokens[0] must be "<unk>" and tokens must be distinct; used to restore a saved vocabulary.
  // Returns a vocabulary holding only <unk> if that does not hold.
  static Vocabulary FromTokens(std::vector<std::string> tokens);

  int32_t Id(std::string_view token) const;    // kUnknownId when absent
  const std::string& Token(int32_t id) const;  // "<unk>" for an id outside [0, size())
  int32_t size() const { return static_cast<int32_t>(tokens_.size()); }
  std::vector<int32_t> Encode(const std::vector<std::string>& tokens) const;
  const std::vector<std::string>& tokens() const { return tokens_; }
  // Training-split count of each id (counts()[0] = tokens that became <unk>); empty when the
  // vocabulary came from FromTokens.
  const std::vector<int64_t>& counts() const { return counts_; }

 private:
  std::vector<std::string> tokens_;               // id -> token, tokens_[0] == "<unk>"
  std::vector<int64_t> counts_;                   // id -> count in the documents Build saw
  std::unordered_map<std::string, int32_t> ids_;  // token -> id, for every id > 0
};

}  // namespace clslab
