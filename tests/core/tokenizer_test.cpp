// Tokenizer behaviour: what becomes a token, what is cleaned away, and the options.
#include "clslab/tokenizer.h"

#include <gtest/gtest.h>

namespace clslab {
namespace {

using Tokens = std::vector<std::string>;

Tokens Tok(std::string_view text, TokenizerOptions options = {}) { return Tokenize(text, options); }

TEST(Tokenizer, SplitsOnWhitespaceAndLowercases) {
  EXPECT_EQ(Tok("A Great\tMovie\n\r  TODAY"), (Tokens{"a", "great", "movie", "today"}));
}

TEST(Tokenizer, KeepsCaseWhenLowercaseIsOff) {
  TokenizerOptions options;
  options.lowercase = false;
  EXPECT_EQ(Tok("A Great Movie", options), (Tokens{"A", "Great", "Movie"}));
}

TEST(Tokenizer, SplitsPunctuationIntoOwnTokens) {
  EXPECT_EQ(Tok("great!"), (Tokens{"great", "!"}));
  EXPECT_EQ(Tok("well,fine(ish)"), (Tokens{"well", ",", "fine", "(", "ish", ")"}));
  EXPECT_EQ(Tok("co-writer/director"), (Tokens{"co", "-", "writer", "/", "director"}));
}

TEST(Tokenizer, EllipsisIsOneTokenPerDot) {
  EXPECT_EQ(Tok("wow..."), (Tokens{"wow", ".", ".", "."}));
}

TEST(Tokenizer, KeepsApostrophesInsideWords) {
  EXPECT_EQ(Tok("I didn't like it's ending"), (Tokens{"i", "didn't", "like", "it's", "ending"}));
}

TEST(Tokenizer, LeadingAndTrailingQuotesArePunctuation) {
  EXPECT_EQ(Tok("'great' movie"), (Tokens{"'", "great", "'", "movie"}));
  EXPECT_EQ(Tok("wo n't it 's"), (Tokens{"wo", "n't", "it", "'", "s"}));
}

TEST(Tokenizer, TypographicApostropheBecomesAscii) {
  EXPECT_EQ(Tok("didn\xE2\x80\x99t"), (Tokens{"didn't"}));
}

TEST(Tokenizer, DigitsAreWordCharacters) {
  EXPECT_EQ(Tok("10/10 1930s"), (Tokens{"10", "/", "10", "1930s"}));
}

TEST(Tokenizer, RemovesHtmlTags) {
  EXPECT_EQ(Tok("good<br />bad<br>ugly <i>really</i></p>"),
            (Tokens{"good", "bad", "ugly", "really"}));
  EXPECT_EQ(Tok("<a href=\"x.html\">link</a>"), (Tokens{"link"}));
}

TEST(Tokenizer, LessThanWithoutTagIsPunctuation) {
  EXPECT_EQ(Tok("a < b"), (Tokens{"a", "<", "b"}));
  EXPECT_EQ(Tok("1<2"), (Tokens{"1", "<", "2"}));
}

TEST(Tokenizer, DecodesHtmlEntities) {
  EXPECT_EQ(Tok("rock &amp; roll"), (Tokens{"rock", "&", "roll"}));
  EXPECT_EQ(Tok("&quot;fun&quot;"), (Tokens{"\"", "fun", "\""}));
  EXPECT_EQ(Tok("didn&#39;t"), (Tokens{"didn't"}));
  EXPECT_EQ(Tok("&lt;3 &gt;"), (Tokens{"<", "3", ">"}));
}

TEST(Tokenizer, KeepsUtf8WordsWhole) {
  EXPECT_EQ(Tok("Café naïve crème brûlée"), (Tokens{"café", "naïve", "crème", "brûlée"}));
  EXPECT_EQ(Tok("日本語!"), (Tokens{"日本語", "!"}));
}

TEST(Tokenizer, LowercaseLeavesNonAsciiBytesIntact) {
  // Only ASCII is lowercased: "É" (0xC3 0x89) is kept as written.
  EXPECT_EQ(Tok("ÉCOLE"), (Tokens{"\xC3\x89"
                                  "cole"}));
}

TEST(Tokenizer, SplitsUnicodePunctuation) {
  EXPECT_EQ(Tok("\xE2\x80\x9Cgreat\xE2\x80\x9D\xE2\x80\xA6"),
            (Tokens{"\xE2\x80\x9C", "great", "\xE2\x80\x9D", "\xE2\x80\xA6"}));
}

TEST(Tokenizer, NeverSplitsAUtf8SequenceEvenWhenInvalid) {
  // A lone continuation byte and a truncated sequence stay inside the word.
  EXPECT_EQ(Tok("a\x80"
                "b c\xC3"),
            (Tokens{"a\x80"
                    "b",
                    "c\xC3"}));
}

TEST(Tokenizer, RemovesStopWordsOnlyWhenAsked) {
  EXPECT_EQ(Tok("The movie is not good"), (Tokens{"the", "movie", "is", "not", "good"}));
  TokenizerOptions options;
  options.remove_stop_words = true;
  EXPECT_EQ(Tok("The movie is not good", options), (Tokens{"movie", "not", "good"}));
  options.lowercase = false;
  EXPECT_EQ(Tok("The Movie", options), (Tokens{"Movie"}));
}

TEST(Tokenizer, MaxTokensKeepsTheFirstTokens) {
  TokenizerOptions options;
  options.max_tokens = 3;
  EXPECT_EQ(Tok("one two, three four", options), (Tokens{"one", "two", ","}));
  options.remove_stop_words = true;
  EXPECT_EQ(Tok("the one and the two three", options), (Tokens{"one", "two", "three"}));
}

TEST(Tokenizer, EmptyAndBlankTextGiveNoTokens) {
  EXPECT_TRUE(Tok("").empty());
  EXPECT_TRUE(Tok("  <br /> \n").empty());
}

}  // namespace
}  // namespace clslab
