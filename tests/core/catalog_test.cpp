// The native renderer of the catalog: Fluent's subset parsed and resolved as @fluent/bundle
// does, numbers as Intl.NumberFormat writes them (tests/web/catalog.test.ts compares the
// two on every message and thousands of numbers; these pin the rules one by one), and the
// catalog agreeing with core's message specs.
#include "clslab/catalog.h"

#include <gtest/gtest.h>

#include <set>

#include "catalog_text.h"
#include "clslab/findings.h"
#include "clslab/messages.h"

namespace clslab {
namespace {

Catalog Parsed(const std::string& ftl, const std::string& locale = "en") {
  Result<Catalog> catalog = Catalog::Parse(ftl, locale);
  EXPECT_TRUE(catalog.ok()) << catalog.status.message();
  return std::move(catalog.value);
}

std::string Text(const Catalog& catalog, const std::string& id, const FluentArgs& args = {}) {
  Result<std::string> text = catalog.Format(id, args);
  EXPECT_TRUE(text.ok()) << text.status.message();
  return text.value;
}

NumberOptions Digits(int significant) {
  NumberOptions o;
  o.maximum_significant_digits = significant;
  return o;
}

TEST(NumberFormat, RoundsTheShortestDecimalHalfAwayFromZeroAsIntlDoes) {
  NumberOptions two;
  two.maximum_fraction_digits = 2;
  EXPECT_EQ(FormatNumber(1.005, two, "en"), "1.01");  // the double is 1.00499...; Intl: 1.01
  NumberOptions none;
  none.maximum_fraction_digits = 0;
  EXPECT_EQ(FormatNumber(2.5, none, "en"), "3");
  EXPECT_EQ(FormatNumber(-2.5, none, "en"), "-3");
  EXPECT_EQ(FormatNumber(0.995, Digits(2), "en"), "1");
  EXPECT_EQ(FormatNumber(123456, Digits(3), "en"), "123,000");
  EXPECT_EQ(FormatNumber(0.000024, Digits(3), "en"), "0.000024");
  EXPECT_EQ(FormatNumber(1234.5678, {}, "en"), "1,234.568");  // Intl's default: 3 decimals
}

TEST(NumberFormat, NeverWritesMinusZero) {
  NumberOptions three;
  three.maximum_fraction_digits = 3;
  EXPECT_EQ(FormatNumber(-0.0001, three, "en"), "0");
  EXPECT_EQ(FormatNumber(-0.0, three, "en"), "0");
  EXPECT_EQ(FormatNumber(-0.4, three, "en"), "-0.4");
}

TEST(NumberFormat, PercentagesAndScientificNotation) {
  NumberOptions percent;
  percent.percent = true;
  percent.minimum_fraction_digits = percent.maximum_fraction_digits = 1;
  EXPECT_EQ(FormatNumber(0.9996, percent, "en"), "100.0%");
  EXPECT_EQ(FormatNumber(0.25, percent, "zh-CN"), "25.0%");
  EXPECT_EQ(FormatNumber(0.25, percent, "es"), "25,0\u00a0%");
  NumberOptions scientific = Digits(2);
  scientific.scientific = true;
  EXPECT_EQ(FormatNumber(2.4e-7, scientific, "en"), "2.4E-7");
  EXPECT_EQ(FormatNumber(2.4e-7, scientific, "es"), "2,4E-7");
  EXPECT_EQ(FormatNumber(9.99e5, scientific, "en"), "1E6");
}

TEST(NumberFormat, GroupsAsEachLocaleDoes) {
  EXPECT_EQ(FormatNumber(20000, {}, "en"), "20,000");
  EXPECT_EQ(FormatNumber(1234.5, {}, "es"), "1234,5");  // Spanish groups from 5 digits
  EXPECT_EQ(FormatNumber(12345.5, {}, "es"), "12.345,5");
  EXPECT_EQ(FormatNumber(12345.5, {}, "zh-CN"), "12,345.5");
}

TEST(NumberFormat, PluralCategoriesOfEachLocale) {
  NumberOptions whole;
  whole.maximum_fraction_digits = 0;
  EXPECT_EQ(PluralCategory(1, whole, "en"), "one");
  EXPECT_EQ(PluralCategory(2, whole, "en"), "other");
  NumberOptions tenth;
  tenth.minimum_fraction_digits = 1;
  EXPECT_EQ(PluralCategory(1, tenth, "en"), "other");  // "1.0 reviews"
  EXPECT_EQ(PluralCategory(1000000, whole, "es"), "many");
  EXPECT_EQ(PluralCategory(1, whole, "zh-CN"), "other");
}

TEST(Catalog, ResolvesVariablesReferencesTermsAndSelections) {
  const Catalog catalog = Parsed(
      "# a comment\n"
      "-lab = clslab\n"
      "hello = Hello from { -lab }, { $name }!\n"
      "again = { hello } Again.\n"
      "reviews = { $n ->\n"
      "    [0] no review\n"
      "    [one] one review\n"
      "   *[other] { $n } reviews\n"
      "} here\n"
      "kind = { $kind ->\n"
      "    [paper] the paper protocol\n"
      "   *[joint] joint training\n"
      "}\n"
      "digits = { NUMBER($x, maximumSignificantDigits: 2) } and { \"{\" }literal{ \"\\u0041\" }\n");
  const FluentArgs name{{"name", FluentValue::Text("Ada")}};
  EXPECT_EQ(Text(catalog, "hello", name), "Hello from clslab, Ada!");
  EXPECT_EQ(Text(catalog, "again", name), "Hello from clslab, Ada! Again.");
  NumberOptions whole;
  whole.maximum_fraction_digits = 0;
  EXPECT_EQ(Text(catalog, "reviews", {{"n", FluentValue::Number(0, whole)}}), "no review here");
  EXPECT_EQ(Text(catalog, "reviews", {{"n", FluentValue::Number(1, whole)}}), "one review here");
  EXPECT_EQ(Text(catalog, "reviews", {{"n", FluentValue::Number(2000, whole)}}),
            "2,000 reviews here");
  EXPECT_EQ(Text(catalog, "kind", {{"kind", FluentValue::Text("paper")}}), "the paper protocol");
  EXPECT_EQ(Text(catalog, "kind", {{"kind", FluentValue::Text("other")}}), "joint training");
  EXPECT_EQ(Text(catalog, "digits", {{"x", FluentValue::Number(0.98765)}}), "0.99 and {literalA");
  EXPECT_EQ(catalog.Variables("again"), std::vector<std::string>{"name"});
  EXPECT_EQ(catalog.Ids(),
            (std::vector<std::string>{"again", "digits", "hello", "kind", "reviews"}));
}

TEST(Catalog, MultilinePatternsAreDedentedAsTheRuntimeDoes) {
  const Catalog catalog = Parsed(
      "block =\n"
      "    First line\n"
      "      indented more\n"
      "inline = Starts here\n"
      "    and goes on   \n");
  EXPECT_EQ(Text(catalog, "block"), "First line\n  indented more");
  EXPECT_EQ(Text(catalog, "inline"), "Starts here\nand goes on");
}

TEST(Catalog, AMissingVariableOrMessageIsAnErrorNotAGuess) {
  const Catalog catalog = Parsed("hello = Hello { $name }\n");
  EXPECT_FALSE(catalog.Format("hello", {}).ok());
  EXPECT_FALSE(catalog.Format("goodbye", {}).ok());
  EXPECT_FALSE(Catalog::Parse("broken = { $name\n", "en").ok());
  EXPECT_FALSE(Catalog::Parse("twice = a\ntwice = b\n", "en").ok());
  EXPECT_FALSE(Catalog::Parse("hello = a\n", "xx").ok());
}

TEST(Catalog, TokenListsAreJoinedThroughTheCatalog) {
  const Catalog catalog = Parsed(std::string(clslab_cli::kCatalogEn));
  const Result<FluentArgs> args = FluentArgsOf({Tokens("words", {"great", "bad"})}, catalog);
  ASSERT_TRUE(args.ok()) << args.status.message();
  EXPECT_EQ(args.value.at("words").text, "“great”, “bad”");
}

// A verdict and its details are sentences one after another: English and Spanish put a
// space between them, Chinese none (its full stop ends a sentence), through the catalog's
// sentence-separator, never a space of the renderer's own.
TEST(Catalog, SentencesAreJoinedAsEachLocaleWritesThem) {
  Finding verdict = FindMessage("result2-solve")->Say("result2", FindingKind::kExpect, {});
  verdict.details.push_back(FindMessage("figure1-p-zero")->Detail({}));
  for (const auto& [locale, separator] :
       std::vector<std::pair<std::string, std::string>>{{"en", " "}, {"es", " "}, {"zh-CN", ""}}) {
    const Catalog catalog = Parsed(std::string(clslab_cli::CatalogText(locale)), locale);
    const std::string first = Text(catalog, "result2-solve");
    const std::string second = Text(catalog, "figure1-p-zero");
    const Result<std::string> both = RenderFinding(verdict, catalog, true);
    ASSERT_TRUE(both.ok()) << both.status.message();
    EXPECT_EQ(both.value, first + separator + second) << locale;
  }
  // In Chinese no ASCII space stands between the two sentences.
  const Catalog zh = Parsed(std::string(clslab_cli::CatalogText("zh-CN")), "zh-CN");
  const std::string joined = RenderFinding(verdict, zh, true).value;
  EXPECT_NE(joined.find("。p"), std::string::npos) << joined;
}

TEST(Catalog, EveryMessageCoreSaysIsInEachCatalogWithExactlyItsSpecsVariables) {
  for (std::string_view locale : clslab_cli::kCatalogLocales) {
    const Result<Catalog> parsed =
        Catalog::Parse(clslab_cli::CatalogText(locale), std::string(locale));
    ASSERT_TRUE(parsed.ok()) << locale << ": " << parsed.status.message();
    const Catalog& catalog = parsed.value;
    std::set<std::string> codes;
    for (const MessageSpec* spec : MessageSpecs()) {
      EXPECT_TRUE(codes.insert(spec->code).second) << spec->code << " has two specs";
      ASSERT_TRUE(catalog.Has(spec->code)) << spec->code << " is not in catalog/" << locale;
      std::set<std::string> names;
      for (const ArgSpec& arg : spec->args) names.insert(arg.name);
      const std::vector<std::string> read = catalog.Variables(spec->code);
      EXPECT_EQ(std::vector<std::string>(names.begin(), names.end()), read)
          << locale << " " << spec->code;
    }
  }
}

}  // namespace
}  // namespace clslab
