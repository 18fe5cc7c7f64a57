// Run files: a run written out and read back restores the same weights (same checksum,
// same metrics); damaged or mismatched files are refused with a reason.
#include <gtest/gtest.h>

#include "clslab/run_file.h"

namespace clslab {
namespace {

const char kData[] =
    "1\tgreat fun film\n0\tdull boring film\n1\tgreat cast and a fun plot\n0\tboring plot\n"
    "1\ta wonderful film\n0\tan awful dull cast\n";

RunConfig SmallConfig() {
  RunConfig config;
  config.width = 16;
  config.min_count = 1;
  config.test_fraction = 0;
  return config;
}

std::string TrainedRun(std::string* checksum) {
  Experiment experiment;
  EXPECT_TRUE(experiment.LoadText(kData, "tiny.tsv", SmallConfig()).ok());
  experiment.Advance(7);
  *checksum = experiment.CurrentMetrics().checksum;
  return WriteRunFile(experiment, kData);
}

TEST(RunFile, WrittenRunRestoresTheSameWeightsInAFreshExperiment) {
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  const Result<RunFile> run = ReadRunFile(text);
  ASSERT_TRUE(run.ok()) << run.status.message();
  EXPECT_EQ(run.value.step, 7);
  EXPECT_EQ(run.value.dataset_text, kData);
  Experiment fresh;
  ASSERT_TRUE(fresh.LoadText(run.value.dataset_text, run.value.source_name, run.value.config).ok());
  ASSERT_TRUE(RestoreRunFile(&fresh, run.value).ok());
  EXPECT_EQ(fresh.CurrentMetrics().checksum, checksum);
  EXPECT_EQ(fresh.step(), 7);
}

TEST(RunFile, DamagedWeightsAreCaughtByTheChecksum) {
  std::string checksum;
  std::string text = TrainedRun(&checksum);
  const size_t e = text.find("\"E\":\"") + 5;
  text[e] = text[e] == 'A' ? 'B' : 'A';  // one base64 digit of E
  const Result<RunFile> run = ReadRunFile(text);
  ASSERT_TRUE(run.ok());
  Experiment fresh;
  ASSERT_TRUE(fresh.LoadText(kData, "tiny.tsv", run.value.config).ok());
  const Status status = RestoreRunFile(&fresh, run.value);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("checksum"), std::string::npos);
}

TEST(RunFile, RefusesFilesThatAreNotRunsOrDoNotFitTheData) {
  EXPECT_FALSE(ReadRunFile("{}").ok());
  EXPECT_FALSE(ReadRunFile("not json").ok());
  std::string checksum;
  const std::string text = TrainedRun(&checksum);
  std::string bad_base64 = text;
  bad_base64.replace(bad_base64.find("\"p\":\"") + 5, 1, "*");
  EXPECT_NE(ReadRunFile(bad_base64).status.message().find("base64"), std::string::npos);
  // The same run against a dataset with another vocabulary: shapes differ.
  const Result<RunFile> run = ReadRunFile(text);
  ASSERT_TRUE(run.ok());
  Experiment other;
  ASSERT_TRUE(other.LoadText("1\tyes\n0\tno\n", "other.tsv", run.value.config).ok());
  const Status status = RestoreRunFile(&other, run.value);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find(" x "), std::string::npos);
}

}  // namespace
}  // namespace clslab
