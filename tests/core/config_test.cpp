// The settings table, the strict JSON config and the lenient share-link codec.
#include <gtest/gtest.h>

#include "clslab/config.h"

namespace clslab {
namespace {

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
  for (const std::string& w : decoded.warnings) quoted |= w.find("\"<script>\"") != std::string::npos;
  EXPECT_TRUE(quoted);
}

TEST(Config, OverlongShareLinkIsRefusedWhole) {
  const DecodedShareLink decoded = DecodeShareLink("v=1&width=8" + std::string(5000, 'x'));
  ASSERT_EQ(decoded.warnings.size(), 1u);
  EXPECT_EQ(decoded.config.width, RunConfig().width);
}

}  // namespace
}  // namespace clslab
