// Word-level tokenizer for review text. Two passes: CleanMarkup removes HTML tags and decodes
// entities into a plain string; the scanner then classifies bytes into words, punctuation
// and separators. Not a Unicode segmenter: only the code points listed below are special.
#include "clslab/tokenizer.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "text_util.h"

namespace clslab {
namespace {

// Longest tag we accept; a '<' without a closing '>' within this window is punctuation.
constexpr size_t kMaxTagLength = 256;

bool IsAsciiAlnum(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsSeparator(unsigned char c) { return c <= ' ' || c == 0x7f; }
bool IsAsciiAlpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Length of the HTML tag starting at text[i] == '<', or 0 if it is not a tag.
size_t TagLength(std::string_view text, size_t i) {
  size_t j = i + 1;
  if (j < text.size() && text[j] == '/') ++j;
  if (j >= text.size() || !IsAsciiAlpha(static_cast<unsigned char>(text[j]))) return 0;
  size_t limit = std::min(text.size(), i + kMaxTagLength);
  for (; j < limit; ++j) {
    if (text[j] == '>') return j - i + 1;
    if (text[j] == '<') return 0;
  }
  return 0;
}

struct Entity {
  const char* name;
  const char* replacement;
};
constexpr std::array<Entity, 8> kEntities = {{{"&amp;", "&"},
                                              {"&quot;", "\""},
                                              {"&#39;", "'"},
                                              {"&#039;", "'"},
                                              {"&apos;", "'"},
                                              {"&lt;", "<"},
                                              {"&gt;", ">"},
                                              {"&nbsp;", " "}}};

// Tags -> one space; entities decoded once (so "&amp;lt;" becomes "&lt;", as a browser does).
std::string CleanMarkup(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '<') {
      size_t length = TagLength(text, i);
      if (length > 0) {
        out.push_back(' ');
        i += length;
        continue;
      }
    } else if (c == '&') {
      bool decoded = false;
      for (const Entity& entity : kEntities) {
        size_t length = std::strlen(entity.name);
        if (text.compare(i, length, entity.name) == 0) {
          out.append(entity.replacement);
          i += length;
          decoded = true;
          break;
        }
      }
      if (decoded) continue;
    }
    out.push_back(c);
    ++i;
  }
  return out;
}

enum class Kind { kWord, kApostrophe, kPunctuation, kSeparator };

// Classifies the character at text[i] and sets *length to its byte length. Invalid UTF-8
// bytes are single-byte word characters, so the scanner never reads past the end.
Kind Classify(std::string_view text, size_t i, size_t* length) {
  unsigned char c = static_cast<unsigned char>(text[i]);
  *length = 1;
  if (c < 0x80) {
    if (IsAsciiAlnum(c)) return Kind::kWord;
    if (IsSeparator(c)) return Kind::kSeparator;
    return c == '\'' ? Kind::kApostrophe : Kind::kPunctuation;
  }
  size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
  if (n == 1 || i + n > text.size()) return Kind::kWord;
  uint32_t code = c & (0xff >> (n + 1));
  for (size_t k = 1; k < n; ++k) {
    unsigned char next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xc0) != 0x80) return Kind::kWord;
    code = (code << 6) | (next & 0x3f);
  }
  *length = n;
  switch (code) {
    case 0x2019:  // right single quotation mark, the usual typographic apostrophe
      return Kind::kApostrophe;
    case 0x00a0:  // no-break space
    case 0x2009:  // thin space
      return Kind::kSeparator;
    case 0x00a1:
    case 0x00ab:
    case 0x00bb:
    case 0x00bf:
    case 0x2013:
    case 0x2014:
    case 0x2018:
    case 0x201c:
    case 0x201d:
    case 0x2026:
      return Kind::kPunctuation;
    default:
      return Kind::kWord;
  }
}

// Sorted for binary search.
constexpr std::array<std::string_view, 121> kStopWords = {
    "a",          "about", "above",   "after",   "again", "all",     "am",     "an",
    "and",        "any",   "are",     "as",      "at",    "be",      "been",   "before",
    "being",      "below", "between", "both",    "but",   "by",      "can",    "could",
    "did",        "do",    "does",    "doing",   "down",  "during",  "each",   "few",
    "for",        "from",  "further", "had",     "has",   "have",    "having", "he",
    "her",        "here",  "hers",    "herself", "him",   "himself", "his",    "how",
    "i",          "if",    "in",      "into",    "is",    "it",      "it's",   "its",
    "itself",     "just",  "me",      "more",    "most",  "my",      "myself", "of",
    "off",        "on",    "once",    "only",    "or",    "other",   "our",    "ours",
    "ourselves",  "out",   "over",    "own",     "same",  "she",     "should", "so",
    "some",       "such",  "than",    "that",    "the",   "their",   "theirs", "them",
    "themselves", "then",  "there",   "these",   "they",  "this",    "those",  "through",
    "to",         "too",   "under",   "until",   "up",    "very",    "was",    "we",
    "were",       "what",  "when",    "where",   "which", "while",   "who",    "whom",
    "why",        "will",  "with",    "would",   "you",   "your",    "yours",  "yourself",
    "yourselves"};

// U+2019 is spelled as ASCII ' so "didn’t" and "didn't" are one vocabulary entry.
std::string AsciiApostrophes(std::string s) {
  for (size_t k = s.find("\xE2\x80\x99"); k != std::string::npos; k = s.find("\xE2\x80\x99", k)) {
    s.replace(k, 3, "'");
  }
  return s;
}

}  // namespace

bool IsStopWord(std::string_view lowercase_token) {
  return std::binary_search(kStopWords.begin(), kStopWords.end(), lowercase_token);
}

std::vector<std::string> Tokenize(std::string_view raw_text, const TokenizerOptions& options) {
  const std::string text = CleanMarkup(raw_text);
  std::vector<std::string> tokens;
  const size_t limit = options.max_tokens > 0 ? static_cast<size_t>(options.max_tokens) : 0;
  auto emit = [&](std::string_view token) {
    std::string lower = AsciiApostrophes(AsciiLowercase(token));
    if (options.remove_stop_words && IsStopWord(lower)) return;
    tokens.push_back(options.lowercase ? std::move(lower) : AsciiApostrophes(std::string(token)));
  };

  std::string_view view(text);
  size_t word_begin = std::string::npos;  // start of the word being scanned, if any
  for (size_t i = 0; i < view.size();) {
    if (limit > 0 && tokens.size() >= limit) break;
    size_t length = 0;
    Kind kind = Classify(view, i, &length);
    if (kind == Kind::kApostrophe && word_begin != std::string::npos && i + length < view.size()) {
      size_t next_length = 0;
      if (Classify(view, i + length, &next_length) == Kind::kWord) kind = Kind::kWord;
    }
    if (kind == Kind::kWord) {
      if (word_begin == std::string::npos) word_begin = i;
      i += length;
      continue;
    }
    if (word_begin != std::string::npos) {
      emit(view.substr(word_begin, i - word_begin));
      word_begin = std::string::npos;
      if (limit > 0 && tokens.size() >= limit) break;
    }
    if (kind != Kind::kSeparator) emit(view.substr(i, length));
    i += length;
  }
  if (word_begin != std::string::npos && (limit == 0 || tokens.size() < limit)) {
    emit(view.substr(word_begin));
  }
  return tokens;
}

}  // namespace clslab
