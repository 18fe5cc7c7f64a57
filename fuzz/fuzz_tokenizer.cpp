// libFuzzer target for Tokenize. The first byte picks the options; the rest is the text.
// Checks the tokenizer's promises: no empty token, no whitespace inside a token, at most
// max_tokens tokens, and valid UTF-8 in gives valid UTF-8 tokens out (no split sequence).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "clslab/tokenizer.h"
#include "clslab/vocabulary.h"

namespace {

bool ValidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  clslab::TokenizerOptions options;
  options.lowercase = data[0] & 1;
  options.remove_stop_words = data[0] & 2;
  options.max_tokens = (data[0] >> 2) & 7;  // 0 (no limit) .. 7
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<std::string> tokens = clslab::Tokenize(text, options);
  if (options.max_tokens > 0 && tokens.size() > static_cast<size_t>(options.max_tokens)) abort();
  bool utf8 = ValidUtf8(text);
  for (const std::string& token : tokens) {
    if (token.empty()) abort();
    for (char c : token) {
      if (static_cast<unsigned char>(c) <= ' ') abort();
    }
    if (utf8 && !ValidUtf8(token)) abort();
  }
  clslab::Vocabulary vocab = clslab::Vocabulary::Build({tokens}, 1, 8);
  for (int32_t id : vocab.Encode(tokens)) {
    if (id < 0 || id >= vocab.size()) abort();
  }
  return 0;
}
