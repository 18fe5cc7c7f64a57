// The settings table, the strict JSON config and the lenient share-link codec.
#include "clslab/config.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace clslab {
namespace {

// A `dataset` value that names a kind reads back as that kind; any other is a built-in set.
// The Dataset setting offers each kind, and the parse settings default to ParseOptions'.
TEST(SourceKinds, NamesRoundTripAndTheSettingsOfferThem) {
  const SettingField* dataset = nullptr;
  for (const SettingField& field : SettingFields())
    if (field.key == "dataset") dataset = &field;
  ASSERT_NE(dataset, nullptr);
  for (SourceKind kind : SourceKinds()) {
    if (kind == SourceKind::kBuiltin) continue;
    RunConfig config;
    config.dataset = SourceKindName(kind);
    EXPECT_EQ(SourceKindOf(config), kind) << config.dataset;
    EXPECT_NE(std::find(dataset->choices.begin(), dataset->choices.end(), config.dataset),
              dataset->choices.end())
        << config.dataset;
  }
  RunConfig builtin;
  builtin.dataset = BuiltinDatasets().front();
  EXPECT_EQ(SourceKindOf(builtin), SourceKind::kBuiltin);
  EXPECT_FALSE(IsUserData(SourceKind::kSynthetic));
  EXPECT_TRUE(IsUserData(SourceKind::kPreset));
  const ParseOptions parse;
  const RunConfig defaults;
  EXPECT_EQ(defaults.source_format, TextFormatName(parse.format));
  EXPECT_EQ(defaults.source_header, parse.has_header);
  EXPECT_EQ(defaults.source_stars, parse.star_threshold);
  EXPECT_EQ(defaults.source_latin1, parse.latin1);
}

TEST(Config, EveryFieldDefaultIsValidAndRoundTripsThroughText) {
  const RunConfig defaults;
  for (const SettingField& field : SettingFields()) {
    EXPECT_EQ(GetSetting(defaults, field.key), field.default_text) << field.key;
    RunConfig copy;
    EXPECT_TRUE(SetSetting(&copy, field.key, field.default_text).ok()) << field.key;
  }
  EXPECT_TRUE(ValidateConfig(defaults).ok());
}

TEST(Config, JsonRoundTripKeepsEveryValue) {
  RunConfig config;
  config.width = 17;
  config.sigma = 0.123456789;
  config.protocol = Protocol::kJoint;
  config.optimizer = OptimizerKind::kSgd;
  config.train_v = true;
  config.dataset = "restaurants";
  config.seed = 4000000000u;
  const Result<RunConfig> parsed = ConfigFromJson(ConfigToJson(config));
  ASSERT_TRUE(parsed.ok()) << parsed.status.message();
  EXPECT_EQ(ConfigToJson(parsed.value), ConfigToJson(config));
  EXPECT_EQ(parsed.value.sigma, 0.123456789);
  EXPECT_EQ(parsed.value.seed, 4000000000u);
}

TEST(Config, StrictJsonNamesTheOffendingKey) {
  EXPECT_NE(ConfigFromJson("{\"widht\": 3}").status.message().find("widht"), std::string::npos);
  EXPECT_NE(ConfigFromJson("{\"width\": 0}").status.message().find("outside"), std::string::npos);
  EXPECT_NE(ConfigFromJson("{\"width\": 2.5}").status.message().find("whole"), std::string::npos);
  EXPECT_NE(ConfigFromJson("{\"width\": \"8\"}").status.message().find("wrong type"),
            std::string::npos);
  EXPECT_NE(ConfigFromJson("{\"protocol\": \"magic\"}").status.message().find("paper, joint"),
            std::string::npos);
  EXPECT_FALSE(ConfigFromJson("{\"version\": 2}").ok());
  EXPECT_FALSE(ConfigFromJson("[1,2]").ok());
  EXPECT_FALSE(ConfigFromJson("{").ok());
}

TEST(Config, ShareLinkCarriesOnlyNonDefaultValuesAndRoundTrips) {
  RunConfig config;
  EXPECT_EQ(EncodeShareLink(config), "v=1");
  config.width = 32;
  config.sigma = 0.05;
  config.flow_step = FlowStep::kNormalized;
  const std::string link = EncodeShareLink(config);
  EXPECT_EQ(link, "v=1&width=32&sigma=0.05&flow_step=normalized");
  const DecodedShareLink decoded = DecodeShareLink("#" + link);
  EXPECT_TRUE(decoded.warnings.empty());
  EXPECT_EQ(ConfigToJson(decoded.config), ConfigToJson(config));
}

TEST(Config, TamperedShareLinkFallsBackToDefaultsWithWarnings) {
  const DecodedShareLink decoded = DecodeShareLink(
      "v=1&width=99999&sigma=nan&protocol=<script>&evil=1&seed=1e400&lowercase=maybe");
  EXPECT_EQ(decoded.warnings.size(), 6u);
  EXPECT_EQ(ConfigToJson(decoded.config), ConfigToJson(RunConfig()));
  // Hostile text is quoted as a JSON string, not echoed raw into the message.
  bool quoted = false;
  for (const std::string& w : decoded.warnings)
    quoted |= w.find("\"<script>\"") != std::string::npos;
  EXPECT_TRUE(quoted);
}

TEST(Config, MalformedLinksDropOnlyTheBadPartWithOneWarningEach) {
  // A bad escape in a key or a value, a repeated key, an unknown key: each is named.
  const DecodedShareLink decoded =
      DecodeShareLink("#%&v=1&width=%zz&sigma=0.5&sigma=0.7&%E2%9C%93=1&seed=9");
  ASSERT_EQ(decoded.warnings.size(), 4u);
  EXPECT_NE(decoded.warnings[0].find("\"%\""), std::string::npos) << decoded.warnings[0];
  EXPECT_NE(decoded.warnings[1].find("malformed"), std::string::npos) << decoded.warnings[1];
  EXPECT_NE(decoded.warnings[2].find("sigma is given twice"), std::string::npos);
  EXPECT_NE(decoded.warnings[3].find("unknown setting"), std::string::npos);
  EXPECT_EQ(decoded.config.sigma, 0.5);
  EXPECT_EQ(decoded.config.seed, 9u);
  EXPECT_EQ(decoded.config.width, RunConfig().width);
}

TEST(Config, CustomIsNotADatasetALinkCanSelect) {
  const DecodedShareLink decoded = DecodeShareLink("v=1&dataset=custom&width=64");
  ASSERT_EQ(decoded.warnings.size(), 1u);
  EXPECT_NE(decoded.warnings[0].find("\"custom\""), std::string::npos) << decoded.warnings[0];
  EXPECT_EQ(decoded.config.dataset, "movies");
  EXPECT_EQ(decoded.config.width, 64);
}

TEST(Config, UserDataInALinkNeedsItsHashAndTextValuesAreEscaped) {
  RunConfig config;
  config.dataset = "file";
  config.source_name = "my reviews & more #1.csv";
  config.source_hash = "0123456789abcdef";
  config.source_rows = 5000;
  ASSERT_TRUE(ValidateConfig(config).ok());
  const std::string link = EncodeShareLink(config);
  EXPECT_NE(link.find("source_name=my%20reviews%20%26%20more%20%231.csv"), std::string::npos)
      << link;
  const DecodedShareLink decoded = DecodeShareLink(link);
  EXPECT_TRUE(decoded.warnings.empty());
  EXPECT_EQ(ConfigToJson(decoded.config), ConfigToJson(config));
  // Without its hash the link cannot check the data: the source is dropped, with a warning.
  const DecodedShareLink unchecked = DecodeShareLink("v=1&dataset=file&source_name=a.csv");
  ASSERT_EQ(unchecked.warnings.size(), 1u);
  EXPECT_NE(unchecked.warnings[0].find("content hash"), std::string::npos);
  EXPECT_EQ(unchecked.config.dataset, "movies");
  EXPECT_EQ(unchecked.config.source_name, "");
  // A built-in dataset carries no source.
  RunConfig builtin;
  builtin.source_name = "x.csv";
  EXPECT_FALSE(ValidateConfig(builtin).ok());
}

TEST(Config, TheTableDeclaresWhichSettingsRebuildTheData) {
  for (const SettingField& field : SettingFields()) {
    const bool data = field.group == "data" || field.group == "synthetic" ||
                      field.group == "source" || field.key == "seed";
    EXPECT_EQ(field.reloads, data) << field.key;
  }
  RunConfig before, after;
  after.min_count = 5;
  EXPECT_EQ(EffectOfChange(before, after), SettingEffect::kPipeline);
  after = before;
  after.synthetic_reviews = 50;  // the generator's settings do not touch a file's data
  EXPECT_EQ(EffectOfChange(before, after), SettingEffect::kRunLength);
  after.dataset = "synthetic";
  EXPECT_EQ(EffectOfChange(before, after), SettingEffect::kSource);
  EXPECT_EQ(ChangedSettings(before, after),
            (std::vector<std::string>{"dataset", "synthetic_reviews"}));
}

TEST(Config, OverlongShareLinkIsRefusedWhole) {
  const DecodedShareLink decoded = DecodeShareLink("v=1&width=8" + std::string(9000, 'x'));
  ASSERT_EQ(decoded.warnings.size(), 1u);
  EXPECT_EQ(decoded.config.width, RunConfig().width);
}

}  // namespace
}  // namespace clslab
