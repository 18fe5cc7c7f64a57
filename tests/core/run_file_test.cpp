// Run files: a run written out and read back restores the same weights (same checksum,
// same metrics); damaged, tampered or mismatched files are refused with a reason, and a
// run that fails to apply leaves the Experiment exactly as it was.
#include "clslab/run_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace clslab {
namespace {

const char kData[] =
    "1\tgreat fun film\n0\tdull boring film\n1\tgreat cast and a fun plot\n0\tboring plot\n"
    "1\ta wonderful film\n0\tan awful dull cast\n";

RunConfig SmallConfig() {
  RunConfig config;
  // Every word kept, as in version 1's defaults: these corpora are small enough that the
  // default cut (words found in more than 20% of reviews) would leave few or none.
  config.max_doc_share = 1;
  config.drop_unknown = false;
  config.dataset = "file";
  config.source_name = "tiny.tsv";
  config.width = 16;
  config.min_count = 1;
  config.test_fraction = 0;
  return config;
}

std::string TrainedRun(std::string* checksum) {
  Experiment experiment;
  EXPECT_TRUE(experiment.Load(SourceBytes::Text(kData), SmallConfig()).ok());
  experiment.Advance(7);
  *checksum = experiment.CurrentMetrics().checksum;
  return WriteRunFile(experiment);
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The text with the first `from` replaced by `to`.
std::string Edited(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(RunFile, WrittenRunRestoresTheSameWeightsInAFreshExperiment) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  const Result<RunFile> run = ReadRunFile(text);
  ASSERT_TRUE(run.ok()) << run.status.message();
  EXPECT_EQ(run.value.step, 7);
  EXPECT_EQ(run.value.config.source_hash, ContentHash(SourceBytes::Text(kData)));
  Experiment fresh;
  ASSERT_TRUE(ApplyRunFile(&fresh, run.value, nullptr).ok());
  EXPECT_EQ(fresh.CurrentMetrics().checksum, checksum);
  EXPECT_EQ(fresh.step(), 7);
  EXPECT_EQ(fresh.config().source_name, "tiny.tsv");
}

// Adam's moments, the mini-batch order and the Rng (joint), the Armijo step length (paper):
// without them a loaded run would continue on another path than the one that saved it.
TEST(RunFile, ALoadedRunContinuesExactlyAsTheSavedOneWould) {
  for (const bool joint : {true, false}) {
    RunConfig config = SmallConfig();
    if (joint) {
      config.protocol = Protocol::kJoint;
      config.optimizer = OptimizerKind::kAdam;
      config.batch_size = 2;
    }
    Experiment saved;
    ASSERT_TRUE(saved.Load(SourceBytes::Text(kData), config).ok());
    saved.Advance(5);
    const Result<RunFile> run = ReadRunFile(WriteRunFile(saved));
    ASSERT_TRUE(run.ok()) << run.status.message();
    Experiment loaded;
    ASSERT_TRUE(ApplyRunFile(&loaded, run.value, nullptr).ok());
    saved.Advance(6);
    loaded.Advance(6);
    EXPECT_EQ(loaded.CurrentMetrics().checksum, saved.CurrentMetrics().checksum)
        << (joint ? "joint Adam, mini-batches" : "paper, Armijo flow");
  }
}

TEST(RunFile, DamagedWeightsAreCaughtByTheChecksumAndNothingIsApplied) {
  std::string checksum;
  std::string text = TrainedRun(&checksum);
  const size_t e = text.find("\"E\":\"") + 5;
  text[e] = text[e] == 'A' ? 'B' : 'A';  // one base64 digit of E
  const Result<RunFile> run = ReadRunFile(text);
  ASSERT_TRUE(run.ok());
  Experiment other;
  RunConfig config = SmallConfig();
  config.source_name = "other.tsv";
  // Two words a review: with one, attention cannot change f, the gradient on p is exactly
  // zero and the flow stops at step 1 saying so.
  ASSERT_TRUE(other.Load(SourceBytes::Text("1\tyes fine\n0\tno bad\n"), config).ok());
  other.Advance(2);
  ASSERT_EQ(other.step(), 2);
  const std::string before = other.CurrentMetrics().checksum;
  const Status status = ApplyRunFile(&other, run.value, nullptr);
  EXPECT_FALSE(status.ok());
  EXPECT_TRUE(Contains(status.message(), "checksum")) << status.message();
  // A failed run import keeps the old data, settings, weights and step.
  EXPECT_EQ(other.config().source_name, "other.tsv");
  EXPECT_EQ(other.CurrentMetrics().checksum, before);
  EXPECT_EQ(other.step(), 2);
}

TEST(RunFile, TheChecksumCoversTheStep) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  // Step 8 in a joint... here the default paper protocol: step 8 is still "flow", so
  // the phase agrees and only the checksum can tell the step was changed.
  const Result<RunFile> run = ReadRunFile(Edited(text, "\"step\":7", "\"step\":8"));
  ASSERT_TRUE(run.ok()) << run.status.message();
  Experiment fresh;
  const Status status = ApplyRunFile(&fresh, run.value, nullptr);
  EXPECT_FALSE(status.ok());
  EXPECT_TRUE(Contains(status.message(), "checksum")) << status.message();
  EXPECT_FALSE(fresh.has_dataset());
}

TEST(RunFile, StepsOutOfRangeOrAgainstThePhaseAreRefused) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  for (const char* step : {"9223372036854775807", "18446744073709551615", "-1", "1000000001"}) {
    const Result<RunFile> run =
        ReadRunFile(Edited(text, "\"step\":7", "\"step\":" + std::string(step)));
    ASSERT_FALSE(run.ok()) << step;
    EXPECT_TRUE(Contains(run.status.message(), "step")) << run.status.message();
  }
  const Result<RunFile> early = ReadRunFile(Edited(text, "\"step\":7", "\"step\":1"));
  ASSERT_FALSE(early.ok());
  EXPECT_TRUE(Contains(early.status.message(), "\"embeddings_stepped\" expected"))
      << early.status.message();
}

TEST(RunFile, ThePhaseIsWrittenByItsNameAndAnEarlierFilesSpellingStillReads) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);  // the paper protocol at step 7
  ASSERT_TRUE(Contains(text, "\"phase\":\"flow\"")) << "enums.h's name, not a display string";
  // Files written before the phase had one name said "flow on p": they replay the same.
  const Result<RunFile> earlier =
      ReadRunFile(Edited(text, "\"phase\":\"flow\"", "\"phase\":\"flow on p\""));
  ASSERT_TRUE(earlier.ok()) << earlier.status.message();
  Experiment fresh;
  ASSERT_TRUE(ApplyRunFile(&fresh, earlier.value, nullptr).ok());
  EXPECT_EQ(fresh.CurrentMetrics().checksum, checksum);
  EXPECT_EQ(fresh.CurrentMetrics().phase, Phase::kFlow);
  EXPECT_FALSE(ReadRunFile(Edited(text, "\"phase\":\"flow\"", "\"phase\":\"Flow\"")).ok());
}

TEST(RunFile, AbsurdShapesAreRefusedWithoutOverflowOrAllocation) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  const std::string shape = "\"vocab_size\":";
  const size_t at = text.find(shape) + shape.size();
  const size_t end = text.find(',', at);
  std::string huge = text;
  huge.replace(at, end - at, "4000000000000000000");  // x width 16 overflows int64
  const Result<RunFile> run = ReadRunFile(huge);
  ASSERT_FALSE(run.ok());
  EXPECT_TRUE(Contains(run.status.message(), "weight shape")) << run.status.message();
}

TEST(RunFile, DamagedTrainingStateIsCaughtByItsChecksum) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  const Result<RunFile> run =
      ReadRunFile(Edited(text, "\"order_position\":0", "\"order_position\":1"));
  ASSERT_FALSE(run.ok());
  EXPECT_TRUE(Contains(run.status.message(), "training state")) << run.status.message();
}

TEST(RunFile, RefusesFilesThatAreNotRunsOrAreTooDeep) {
  EXPECT_FALSE(ReadRunFile("{}").ok());
  EXPECT_FALSE(ReadRunFile("not json").ok());
  const Result<RunFile> deep = ReadRunFile(std::string(100000, '[') + std::string(100000, ']'));
  ASSERT_FALSE(deep.ok());
  EXPECT_TRUE(Contains(deep.status.message(), "nested")) << deep.status.message();
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  std::string bad_base64 = text;
  bad_base64.replace(bad_base64.find("\"p\":\"") + 5, 1, "*");
  EXPECT_TRUE(Contains(ReadRunFile(bad_base64).status.message(), "base64"));
  // User data travels with the run: a file without its rows cannot be applied.
  const size_t rows = text.find("\"stored_rows\":");
  ASSERT_NE(rows, std::string::npos);
  const std::string without = text.substr(0, rows) + text.substr(text.find("\",", rows) + 2);
  EXPECT_TRUE(Contains(ReadRunFile(without).status.message(), "does not store its rows"));
}

// Issue 43, item 4: a run file over the limit is refused unread, naming its size and the limit.
TEST(RunFile, AFileOverTheRunFileLimitIsRefusedUnread) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  Limits small;
  small.max_run_file_bytes = static_cast<int64_t>(text.size()) - 1;
  const Result<RunFile> refused = ReadRunFile(text, small);
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(Contains(refused.status.message(),
                       "the run file is 0.0 MB, over the limit of 0.0 MB "
                       "for a run file"))
      << refused.status.message();
  small.max_run_file_bytes = static_cast<int64_t>(text.size());
  EXPECT_TRUE(ReadRunFile(text, small).ok());
  // Saving says what to lower.
  EXPECT_TRUE(Contains(CheckRunFileBytes(Limits(), 300 << 20, "").message(),
                       "the run file would be 300.0 MB, over the limit of 128.0 MB a run file can "
                       "be loaded back with"));
}

// Issue 43, item 8: a run file with a key given twice loaded without comment (JSON keeps
// the last value): which one was meant is unknown, so it is refused, naming the key.
TEST(RunFile, AKeyGivenTwiceIsRefusedNamingIt) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  ASSERT_TRUE(ReadRunFile(text).ok());
  // A second "step" in the top object, and a second "seed" inside the config.
  const Result<RunFile> step = ReadRunFile(Edited(text, "\"step\":7", "\"step\":7,\"step\":7"));
  ASSERT_FALSE(step.ok());
  EXPECT_EQ(step.status.message(),
            "the run file gives the key \"step\" twice in one object (edited or damaged), so "
            "which value was meant is unknown");
  const Result<RunFile> nested =
      ReadRunFile(Edited(text, "\"config\":{", "\"config\":{\"seed\":2,\"seed\":1,"));
  ASSERT_FALSE(nested.ok());
  EXPECT_TRUE(Contains(nested.status.message(), "\"seed\" twice")) << nested.status.message();
}

TEST(RunFile, BuiltInDataIsNamedNotStoredAndNeedsItsBytes) {
  RunConfig config = SmallConfig();
  config.dataset = "movies";
  config.source_name = "";
  Experiment experiment;
  ASSERT_TRUE(experiment.Load(SourceBytes::Text(kData), config).ok());
  experiment.Advance(3);
  const std::string text = WriteRunFile(experiment);
  EXPECT_FALSE(Contains(text, "stored_rows"));
  const Result<RunFile> run = ReadRunFile(text);
  ASSERT_TRUE(run.ok()) << run.status.message();
  Experiment fresh;
  EXPECT_FALSE(ApplyRunFile(&fresh, run.value, nullptr).ok());
  const SourceBytes bytes = SourceBytes::Text(kData);
  ASSERT_TRUE(ApplyRunFile(&fresh, run.value, &bytes).ok());
  EXPECT_EQ(fresh.CurrentMetrics().checksum, experiment.CurrentMetrics().checksum);
}

// A run file's shape: each key path with its JSON type, one line each, sorted (arrays by
// their elements' types). The config is versioned by its own settings version (ConfigFromJson
// reads every version's keys), and the metrics are written for a reader, not read back:
// for both, only that they are there.
void CollectShape(const nlohmann::json& value, const std::string& path,
                  std::map<std::string, std::string>* shape) {
  (*shape)[path] = value.type_name();
  if (path == "/config" || path == "/metrics") return;
  if (value.is_object()) {
    for (const auto& [key, child] : value.items()) CollectShape(child, path + "/" + key, shape);
  } else if (value.is_array()) {
    for (const nlohmann::json& child : value) CollectShape(child, path + "/[]", shape);
  }
}

std::string ShapeOf(const std::string& text) {
  std::map<std::string, std::string> shape;
  CollectShape(nlohmann::json::parse(text), "", &shape);
  std::string lines;
  for (const auto& [path, type] : shape) lines += path + " " + type + "\n";
  return lines;
}

std::string StoredRunFile(int version) {
  std::ifstream in(std::string(CLSLAB_RUN_FILES_DIR) + "/v" + std::to_string(version) + ".json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The joint protocol's run on the user's rows: the shape with every optional part (the stored
// rows, Adam's moments).
std::string JointRun() {
  RunConfig config = SmallConfig();
  config.protocol = Protocol::kJoint;
  Experiment experiment;
  EXPECT_TRUE(experiment.Load(SourceBytes::Text(kData), config).ok());
  experiment.Advance(7);
  return WriteRunFile(experiment);
}

// The run file's version follows from its shape: this build writes the shape of the file
// stored for its version, so a new key, a renamed one or a new type in the file or its
// training state cannot ship under the old number.
TEST(RunFile, ThisBuildWritesTheShapeOfTheFileStoredForItsVersion) {
  const std::string stored = StoredRunFile(kRunFileVersion);
  ASSERT_FALSE(stored.empty()) << "no tests/fixtures/run-files/v" << kRunFileVersion
                               << ".json: store a file written at this version";
  const std::string written = JointRun();
  EXPECT_EQ(nlohmann::json::parse(written)["clslab_run"], kRunFileVersion);
  EXPECT_EQ(ShapeOf(written), ShapeOf(stored))
      << "the run file's shape changed: bump kRunFileVersion (core/include/clslab/run_file.h), "
         "say in ReadRunFile what an earlier version means, and store a file of the new "
         "version in tests/fixtures/run-files/";
}

// A file stored at this version is no fixture of the test's making: it reads, and its weights
// restore to its checksum on a fresh Experiment, as a user's saved file would.
TEST(RunFile, TheFileStoredForThisVersionStillReadsAndRestores) {
  const Result<RunFile> run = ReadRunFile(StoredRunFile(kRunFileVersion));
  ASSERT_TRUE(run.ok()) << run.status.message();
  Experiment fresh;
  ASSERT_TRUE(ApplyRunFile(&fresh, run.value, nullptr).ok());
  EXPECT_EQ(fresh.CurrentMetrics().checksum, run.value.checksum);
  EXPECT_EQ(fresh.step(), run.value.step);
}

}  // namespace
}  // namespace clslab
