// Tokenizer: review text (UTF-8) to a list of word and punctuation tokens. It cleans what
// review files really contain (HTML tags, entities) and nothing more: no stemming, no
// vocabulary, no ids (see vocabulary.h), no file reading.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clslab {

struct TokenizerOptions {
  bool lowercase = true;           // ASCII only; non-ASCII letters are kept as written
  bool remove_stop_words = false;  // drop IsStopWord tokens (matched case-insensitively)
  int32_t max_tokens = 0;          // 0 = no limit; keep the first max_tokens (after stop words)
};

// Rules, in order:
//  - HTML tags (`<br />`, `<i>`, `</p>`, `<a href="...">`) become a space; the entities
//    &amp; &quot; &#39; &apos; &lt; &gt; &nbsp; are decoded and then tokenized like typed text.
//  - Word characters are ASCII letters and digits and every non-ASCII UTF-8 sequence except a
//    few punctuation code points (curly quotes, dashes, ellipsis, guillemets, inverted ! ?), so
//    "café" is one token and a UTF-8 sequence is never split.
//  - An apostrophe (' or U+2019) between two word characters stays in the word ("didn't",
//    "it's"); anywhere else it is punctuation.
//  - Every other punctuation character is its own token: "great!!" -> "great" "!" "!", and
//    "..." -> "." "." "." (one token per character keeps the rule simple and the vocab small).
//  - ASCII whitespace and control characters separate tokens and are never part of one.
std::vector<std::string> Tokenize(std::string_view text, const TokenizerOptions& options);

// A small English stop-word list (articles, pronouns, auxiliaries, prepositions). Negations
// ("not", "no", "nor", "n't") are deliberately absent: they carry sentiment.
bool IsStopWord(std::string_view lowercase_token);

}  // namespace clslab
