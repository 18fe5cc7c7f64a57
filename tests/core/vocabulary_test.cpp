// Vocabulary: counting thresholds, size cap including <unk>, deterministic order, encoding.
#include "clslab/vocabulary.h"

#include <gtest/gtest.h>

namespace clslab {
namespace {

using Docs = std::vector<std::vector<std::string>>;

TEST(Vocabulary, UnknownIsIdZero) {
  Vocabulary vocab = Vocabulary::Build({{"a"}}, 1, 0);
  EXPECT_EQ(vocab.Token(Vocabulary::kUnknownId), "<unk>");
  EXPECT_EQ(vocab.Id("<unk>"), 0);
  EXPECT_EQ(vocab.size(), 2);
}

TEST(Vocabulary, KeepsTokensAtOrAboveMinCount) {
  Docs docs = {{"good", "good", "bad"}, {"good", "bad", "rare"}};
  Vocabulary vocab = Vocabulary::Build(docs, 2, 0);
  EXPECT_EQ(vocab.tokens(), (std::vector<std::string>{"<unk>", "good", "bad"}));
  EXPECT_EQ(vocab.Id("rare"), Vocabulary::kUnknownId);
}

TEST(Vocabulary, OrdersByCountThenToken) {
  Docs docs = {{"b", "a", "c", "c"}, {"d", "b", "a"}};
  Vocabulary vocab = Vocabulary::Build(docs, 1, 0);
  EXPECT_EQ(vocab.tokens(), (std::vector<std::string>{"<unk>", "a", "b", "c", "d"}));
}

TEST(Vocabulary, TiesAreBrokenDeterministicallyWhateverTheDocumentOrder) {
  Docs forward = {{"x", "y", "z"}, {"w"}};
  Docs backward = {{"w"}, {"z", "y", "x"}};
  EXPECT_EQ(Vocabulary::Build(forward, 1, 3).tokens(), Vocabulary::Build(backward, 1, 3).tokens());
  EXPECT_EQ(Vocabulary::Build(forward, 1, 3).tokens(),
            (std::vector<std::string>{"<unk>", "w", "x"}));
}

TEST(Vocabulary, MaxSizeCountsUnknown) {
  Docs docs = {{"a", "a", "a", "b", "b", "c"}};
  Vocabulary vocab = Vocabulary::Build(docs, 1, 3);
  EXPECT_EQ(vocab.size(), 3);
  EXPECT_EQ(vocab.tokens(), (std::vector<std::string>{"<unk>", "a", "b"}));
  EXPECT_EQ(vocab.counts()[0], 1);  // the one "c" became <unk>
  EXPECT_EQ(Vocabulary::Build(docs, 1, 1).size(), 1);
}

TEST(Vocabulary, EncodeMapsUnknownTokensToZero) {
  Vocabulary vocab = Vocabulary::Build({{"good", "bad"}}, 1, 0);
  EXPECT_EQ(vocab.Encode({"bad", "ugly", "good"}),
            (std::vector<int32_t>{vocab.Id("bad"), 0, vocab.Id("good")}));
}

TEST(Vocabulary, LiteralUnkTokenMergesIntoIdZero) {
  Vocabulary vocab = Vocabulary::Build({{"<unk>", "<unk>", "a"}}, 1, 0);
  EXPECT_EQ(vocab.size(), 2);
  EXPECT_EQ(vocab.Id("<unk>"), 0);
}

TEST(Vocabulary, TokenOutOfRangeIsUnknown) {
  Vocabulary vocab = Vocabulary::Build({{"a"}}, 1, 0);
  EXPECT_EQ(vocab.Token(-1), "<unk>");
  EXPECT_EQ(vocab.Token(99), "<unk>");
}

TEST(Vocabulary, FromTokensRestoresIdsAndRejectsBadLists) {
  Vocabulary vocab = Vocabulary::FromTokens({"<unk>", "good", "bad"});
  EXPECT_EQ(vocab.Id("bad"), 2);
  EXPECT_EQ(Vocabulary::FromTokens({"good", "<unk>"}).size(), 1);
  EXPECT_EQ(Vocabulary::FromTokens({"<unk>", "a", "a"}).size(), 1);
}

}  // namespace
}  // namespace clslab
