// The settings table, the strict JSON config and the lenient share-link codec.
#include "clslab/config.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace clslab {
namespace {

// The last warning of a link older than version 3: it replays with version 3's arithmetic.
bool IsArithmeticNote(const std::string& warning, int version) {
  return warning.find("made with settings version " + std::to_string(version)) !=
             std::string::npos &&
         warning.find("checksum differ") != std::string::npos;
}

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
  EXPECT_FALSE(ConfigFromJson("{\"version\": 4}").ok());
  EXPECT_FALSE(ConfigFromJson("{\"version\": 0}").ok());
  EXPECT_FALSE(ConfigFromJson("[1,2]").ok());
  EXPECT_FALSE(ConfigFromJson("{").ok());
}

TEST(Config, ShareLinkCarriesOnlyNonDefaultValuesAndRoundTrips) {
  RunConfig config;
  EXPECT_EQ(EncodeShareLink(config), "v=3");
  config.width = 32;
  config.sigma = 0.05;
  config.flow_step = FlowStep::kArmijo;
  const std::string link = EncodeShareLink(config);
  EXPECT_EQ(link, "v=3&width=32&sigma=0.05&flow_step=armijo");
  const DecodedShareLink decoded = DecodeShareLink("#" + link);
  EXPECT_TRUE(decoded.warnings.empty());
  EXPECT_EQ(ConfigToJson(decoded.config), ConfigToJson(config));
}

TEST(Config, TamperedShareLinkFallsBackToDefaultsWithWarnings) {
  const DecodedShareLink decoded = DecodeShareLink(
      "v=3&width=99999&sigma=nan&protocol=<script>&evil=1&seed=1e400&lowercase=maybe");
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
      DecodeShareLink("#%&v=3&width=%zz&sigma=0.5&sigma=0.7&%E2%9C%93=1&seed=9");
  ASSERT_EQ(decoded.warnings.size(), 4u);
  EXPECT_NE(decoded.warnings[0].find("\"%\""), std::string::npos) << decoded.warnings[0];
  EXPECT_NE(decoded.warnings[1].find("malformed"), std::string::npos) << decoded.warnings[1];
  EXPECT_NE(decoded.warnings[2].find("sigma is given twice"), std::string::npos);
  EXPECT_NE(decoded.warnings[3].find("unknown setting"), std::string::npos);
  EXPECT_EQ(decoded.config.sigma, 0.5);
  EXPECT_EQ(decoded.config.seed, 9u);
  EXPECT_EQ(decoded.config.width, RunConfig().width);
}

// Issue 43, item 7: a link whose data settings the data refuses (#v=2&min_count=1000) left
// the page on "Loading the dataset..." for ever; it opens on those settings' defaults, as a
// bad value does, and keeps the link's other settings.
TEST(Config, ALinksRefusedDataSettingsGoBackToTheirDefaultsWithOneWarning) {
  const DecodedShareLink link =
      DecodeShareLink("v=3&dataset=movies&min_count=1000&max_vocab=2&width=64&seed=7");
  ASSERT_TRUE(link.warnings.empty());
  const DecodedShareLink fallback =
      WithDefaultDataSettings(link.config, "movies.tsv: nothing to learn");
  ASSERT_EQ(fallback.warnings.size(), 1u);
  EXPECT_EQ(fallback.warnings[0],
            "movies.tsv: nothing to learn; the link's data settings went back to their "
            "defaults (it had min_count 1000, max_vocab 2)");
  EXPECT_EQ(fallback.config.min_count, RunConfig().min_count);
  EXPECT_EQ(fallback.config.max_vocab, RunConfig().max_vocab);
  // The data, the seed and the model stay the link's.
  EXPECT_EQ(fallback.config.dataset, "movies");
  EXPECT_EQ(fallback.config.seed, 7u);
  EXPECT_EQ(fallback.config.width, 64);
  // With every data setting at its default there is nothing to fall back on.
  EXPECT_TRUE(WithDefaultDataSettings(RunConfig(), "refused").warnings.empty());
}

TEST(Config, CustomIsNotADatasetALinkCanSelect) {
  const DecodedShareLink decoded = DecodeShareLink("v=1&dataset=custom&width=64");
  ASSERT_EQ(decoded.warnings.size(), 2u);
  EXPECT_TRUE(IsArithmeticNote(decoded.warnings[1], 1)) << decoded.warnings[1];
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
  ASSERT_EQ(unchecked.warnings.size(), 2u);  // and the arithmetic's note, last
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

TEST(Config, JsonFormsAreErrorsNamingTheSettingWhenAConfigDoesNotParse) {
  const std::string good = ConfigToJson(RunConfig());
  RunConfig wider;
  wider.width = 64;
  const Result<SettingEffect> effect = EffectOfChangeJson(good, ConfigToJson(wider));
  ASSERT_TRUE(effect.ok());
  EXPECT_EQ(effect.value, SettingEffect::kWeights);
  const Result<SettingEffect> bad = EffectOfChangeJson(good, R"({"width": -1})");
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.status.message().find("width"), std::string::npos) << bad.status.message();
  EXPECT_EQ(EncodeShareLinkJson(ConfigToJson(wider)).value, "v=3&width=64");
  EXPECT_FALSE(EncodeShareLinkJson("{").ok());
}

// Version 1's defaults, as `clslab settings` printed them before version 2 (issue 18).
constexpr char kVersion1Defaults[] = R"({
  "version": 3,
  "dataset": "movies",
  "source_name": "",
  "source_rows": 0.0,
  "source_hash": "",
  "source_seed": 0.0,
  "source_format": "auto",
  "source_text_column": "",
  "source_label_column": "",
  "source_header": -1.0,
  "source_stars": 3.0,
  "source_latin1": false,
  "test_fraction": 0.2,
  "max_reviews": 0.0,
  "max_tokens": 0.0,
  "min_count": 2.0,
  "max_vocab": 20000.0,
  "max_doc_share": 1.0,
  "drop_unknown": false,
  "lowercase": true,
  "remove_stop_words": false,
  "synthetic_reviews": 600.0,
  "synthetic_feasible": true,
  "synthetic_label_noise": 0.0,
  "width": 1024.0,
  "sigma": 1.0,
  "seed": 1.0,
  "protocol": "paper",
  "eta": 1000.0,
  "flow_step": "armijo",
  "flow_rate": 0.1,
  "flow_acyclic_only": false,
  "optimizer": "adam",
  "learning_rate": 0.01,
  "batch_size": 0.0,
  "train_v": false,
  "steps": 300.0,
  "svm_c": 1.0
})";

// Changing the defaults must not change what an existing link means: a v=1 link holds only
// what differed from version 1's defaults, so it is read against them.
TEST(Config, AVersion1LinkDecodesToTheConfigItMeantUnderTheVersion1Defaults) {
  const DecodedShareLink bare = DecodeShareLink("v=1");
  ASSERT_EQ(bare.warnings.size(), 1u);
  EXPECT_TRUE(IsArithmeticNote(bare.warnings[0], 1)) << bare.warnings[0];
  EXPECT_EQ(ConfigToJson(bare.config), kVersion1Defaults);
  // The link the version 1 encoder wrote for d 32, sigma 0.05 and normalized flow steps:
  // everything else is version 1's (movies, eta 1000, flow rate 0.1, every word kept).
  const DecodedShareLink old = DecodeShareLink("#v=1&width=32&sigma=0.05&flow_step=normalized");
  ASSERT_EQ(old.warnings.size(), 1u);
  EXPECT_TRUE(IsArithmeticNote(old.warnings[0], 1)) << old.warnings[0];
  Result<RunConfig> expected = ConfigFromJson(kVersion1Defaults);
  ASSERT_TRUE(expected.ok()) << expected.status.message();
  expected.value.width = 32;
  expected.value.sigma = 0.05;
  expected.value.flow_step = FlowStep::kNormalized;
  EXPECT_EQ(ConfigToJson(old.config), ConfigToJson(expected.value));
  // Shared again, the same run gets a version 3 link that names what differs from the new
  // defaults, and it opens the same config.
  const std::string relinked = EncodeShareLink(old.config);
  EXPECT_EQ(relinked.rfind("v=3&", 0), 0u) << relinked;
  EXPECT_NE(relinked.find("dataset=movies"), std::string::npos) << relinked;
  EXPECT_NE(relinked.find("eta=1000"), std::string::npos) << relinked;
  EXPECT_EQ(relinked.find("flow_step"), std::string::npos) << relinked;  // now the default
  EXPECT_EQ(ConfigToJson(DecodeShareLink(relinked).config), ConfigToJson(old.config));
  // The version may stand anywhere in the link; its broken parts fall back to its defaults.
  const DecodedShareLink late = DecodeShareLink("sigma=0.5&width=%zz&v=1");
  EXPECT_EQ(late.config.sigma, 0.5);
  EXPECT_EQ(late.config.width, 1024);
  EXPECT_EQ(late.config.dataset, "movies");
  // Without a version a link is this build's; an unknown version is said and read as 3.
  EXPECT_EQ(ConfigToJson(DecodeShareLink("width=64").config), [] {
    RunConfig c;
    c.width = 64;
    return ConfigToJson(c);
  }());
  const DecodedShareLink future = DecodeShareLink("v=7&width=64");
  ASSERT_EQ(future.warnings.size(), 1u);
  EXPECT_NE(future.warnings[0].find("\"7\""), std::string::npos) << future.warnings[0];
  EXPECT_EQ(future.config.dataset, RunConfig().dataset);
}

// Version 3 changed the flow's arithmetic, not the defaults (issue 37): a version 2 link opens
// the same config, replayed with today's arithmetic, and its last warning says that its
// checksum can differ from the one it was made with; a version 3 link has no such warning.
TEST(Config, AVersion2LinkOpensItsConfigAndSaysItsChecksumCanDiffer) {
  RunConfig config;
  config.width = 32;
  config.sigma = 0.05;
  const DecodedShareLink older = DecodeShareLink("#v=2&width=32&sigma=0.05");
  EXPECT_EQ(ConfigToJson(older.config), ConfigToJson(config));
  ASSERT_EQ(older.warnings.size(), 1u);
  EXPECT_TRUE(IsArithmeticNote(older.warnings[0], 2)) << older.warnings[0];
  // Its own broken parts are named first, the note last.
  const DecodedShareLink broken = DecodeShareLink("v=2&width=%zz");
  ASSERT_EQ(broken.warnings.size(), 2u);
  EXPECT_NE(broken.warnings[0].find("malformed"), std::string::npos);
  EXPECT_TRUE(IsArithmeticNote(broken.warnings[1], 2)) << broken.warnings[1];
  EXPECT_TRUE(DecodeShareLink(EncodeShareLink(config)).warnings.empty());
  EXPECT_TRUE(DecodeShareLink("v=3&width=32").warnings.empty());
  // A JSON config of version 1 or 2 carries the same sentence, about a config (the CLI's
  // --config prints it on stderr); version 3, no version, or no config: none.
  const std::string note = ConfigReplayNote(R"({"version": 2, "width": 32})");
  EXPECT_TRUE(IsArithmeticNote(note, 2)) << note;
  EXPECT_EQ(note.rfind("this config was made", 0), 0u) << note;
  EXPECT_EQ(older.warnings[0].rfind("this link was made", 0), 0u) << older.warnings[0];
  EXPECT_TRUE(IsArithmeticNote(ConfigReplayNote(R"({"version": 1})"), 1));
  EXPECT_EQ(ConfigReplayNote(R"({"version": 3, "width": 32})"), "");
  EXPECT_EQ(ConfigReplayNote(R"({"width": 32})"), "");
  EXPECT_EQ(ConfigReplayNote(R"({"version": 9})"), "");
  EXPECT_EQ(ConfigReplayNote("{"), "");
}

// The same for a JSON config (the CLI's --config, a run file's settings): the keys it leaves
// out mean its version's defaults.
TEST(Config, AVersion1JsonConfigLeavesOutVersion1Defaults) {
  const Result<RunConfig> v1 = ConfigFromJson(R"({"version": 1, "width": 32})");
  ASSERT_TRUE(v1.ok()) << v1.status.message();
  EXPECT_EQ(v1.value.width, 32);
  EXPECT_EQ(v1.value.dataset, "movies");
  EXPECT_EQ(v1.value.eta, 1000);
  EXPECT_EQ(v1.value.flow_step, FlowStep::kArmijo);
  EXPECT_EQ(v1.value.max_doc_share, 1);
  const Result<RunConfig> v2 = ConfigFromJson(R"({"version": 2, "width": 32})");
  ASSERT_TRUE(v2.ok()) << v2.status.message();
  RunConfig expected;
  expected.width = 32;
  EXPECT_EQ(ConfigToJson(v2.value), ConfigToJson(expected));
  // A whole version 1 config (every key, as run files hold it) means exactly what it says.
  const Result<RunConfig> full = ConfigFromJson(kVersion1Defaults);
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(full.value.max_vocab, 20000);
}

// The default opens on the twins, whose reviews the page fetches by name like any built-in.
TEST(Config, TheDefaultDatasetIsTheBuiltInTwins) {
  const RunConfig defaults;
  EXPECT_EQ(defaults.dataset, "twins");
  EXPECT_EQ(SourceKindOf(defaults), SourceKind::kBuiltin);
  EXPECT_EQ(BuiltinDatasets().front(), "twins");
  // d >= V on every dataset under the defaults: the vocabulary is capped at d.
  EXPECT_LE(defaults.max_vocab, defaults.width);
}

}  // namespace
}  // namespace clslab

namespace clslab {
namespace {

// Issue 20, item 7: "0x10" was read as 16, a key given twice in a config passed silently,
// and an empty number field said "sigma: wrong type (string)".
TEST(Config, OnlyDecimalNumbersAKeyOnceAndAnEmptyNumberSaidAsMissing) {
  RunConfig config;
  EXPECT_EQ(SetSetting(&config, "width", "0x10").message(), "width: \"0x10\" is not a number");
  EXPECT_EQ(SetSetting(&config, "width", "infinity").message(),
            "width: \"infinity\" is not a number");
  EXPECT_TRUE(SetSetting(&config, "width", "1.6e1").ok());
  EXPECT_EQ(config.width, 16);
  EXPECT_EQ(ConfigFromJson(R"({"sigma": 1, "sigma": 2})").status.message(),
            "\"sigma\" is given twice in the config; give it once");
  EXPECT_EQ(ConfigFromJson(R"({"sigma": ""})").status.message(),
            "sigma: no value; type a number in [0, 10]");
  EXPECT_TRUE(ConfigFromJson(R"({"sigma": 1, "width": 8})").ok());
}

// Issue 20, item 7: a dataset=url link with an http: URL offered a download the page's
// security policy can never allow.
TEST(Config, AUrlDatasetNeedsHttps) {
  RunConfig config;
  config.dataset = "url";
  config.source_name = "http://example.org/reviews.csv";
  EXPECT_EQ(ValidateConfig(config).message(),
            "source_name: a URL dataset needs an https:// URL (no other download is allowed), "
            "got \"http://example.org/reviews.csv\"");
  config.source_name = "https://example.org/reviews.csv";
  EXPECT_TRUE(ValidateConfig(config).ok());
}

}  // namespace
}  // namespace clslab
