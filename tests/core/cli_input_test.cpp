// The command line's input reading (core/cli/main.cpp): every input is refused at its limit
// while it is read, so a stream with no size (a pipe, /dev/zero) never grows the process
// past the limit, and a folder is named as one. Runs the built CLI as a child process and
// reads its exit status, its message and its peak memory (getrusage of the child).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Outcome {
  int exit_code = -1;
  std::string output;       // what the CLI wrote to stdout
  std::string error;        // what the CLI wrote to stderr
  long peak_kilobytes = 0;  // the child's maximum resident set
};

std::string ReadAll(const std::string& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// Runs the CLI with `args`, stdout and stderr captured in files.
Outcome RunCli(const std::vector<std::string>& args) {
  const std::string error_path = ::testing::TempDir() + "/cli_input_test.err";
  const std::string output_path = ::testing::TempDir() + "/cli_input_test.out";
  const pid_t child = fork();
  if (child == 0) {
    std::freopen(output_path.c_str(), "w", stdout);
    std::freopen(error_path.c_str(), "w", stderr);
    std::vector<char*> argv{const_cast<char*>(CLSLAB_CLI)};
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(CLSLAB_CLI, argv.data());
    std::_Exit(127);
  }
  Outcome outcome;
  int status = 0;
  rusage usage{};
  wait4(child, &status, 0, &usage);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.peak_kilobytes = usage.ru_maxrss;
  outcome.output = ReadAll(output_path);
  outcome.error = ReadAll(error_path);
  return outcome;
}

constexpr long kInputLimitKilobytes = 256 * 1024;  // Limits::max_input_bytes

// Issue 20, item 2: `clslab train --data /dev/zero` grew to 16-22 GB until killed.
TEST(CliInput, AnEndlessStreamIsRefusedAtTheInputLimitWithoutReadingPastIt) {
  const Outcome outcome = RunCli({"train", "--data", "/dev/zero", "--steps", "1"});
  EXPECT_EQ(outcome.exit_code, 1);
  EXPECT_NE(outcome.error.find("clslab: /dev/zero: the input is larger than the limit of 256.0 "
                               "MB (268435456 bytes); reading stopped there"),
            std::string::npos)
      << outcome.error;
  // The limit's buffer plus one read piece and the program itself: far below twice the limit.
  EXPECT_LT(outcome.peak_kilobytes, kInputLimitKilobytes + 128 * 1024);
}

// A pipe of real reviews that goes on forever: refused at the limit, like a device.
TEST(CliInput, AnEndlessPipeOfReviewsIsRefusedAtTheInputLimit) {
  const std::string fifo = ::testing::TempDir() + "/cli_input_test.fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const pid_t writer = fork();
  if (writer == 0) {
    std::FILE* out = std::fopen(fifo.c_str(), "w");
    const char line[] = "1\ta fine film with a good plot\n0\ta dull film with a bad plot\n";
    while (out != nullptr && std::fputs(line, out) >= 0) {
    }
    std::_Exit(0);  // the reader closed the pipe
  }
  const Outcome outcome = RunCli({"train", "--data", fifo, "--steps", "1"});
  kill(writer, SIGKILL);
  waitpid(writer, nullptr, 0);
  std::remove(fifo.c_str());
  EXPECT_EQ(outcome.exit_code, 1);
  EXPECT_NE(outcome.error.find("the input is larger than the limit of 256.0 MB"), std::string::npos)
      << outcome.error;
  EXPECT_LT(outcome.peak_kilobytes, kInputLimitKilobytes + 128 * 1024);
}

// A settings JSON is a few kilobytes: a config of a megabyte and more is refused there.
TEST(CliInput, AnEndlessConfigIsRefusedAtOneMegabyte) {
  const Outcome outcome = RunCli({"train", "--data", "synthetic", "--config", "/dev/zero"});
  EXPECT_EQ(outcome.exit_code, 1);
  EXPECT_NE(outcome.error.find("/dev/zero: the input is larger than the limit of 1.0 MB "
                               "(1048576 bytes); reading stopped there"),
            std::string::npos)
      << outcome.error;
  EXPECT_LT(outcome.peak_kilobytes, 64 * 1024);
}

// Issue 20, item 7: `--data` of a folder said "no rows at all (empty input)".
TEST(CliInput, AFolderIsNamedAsAFolder) {
  const std::string folder = ::testing::TempDir();
  const Outcome outcome = RunCli({"train", "--data", folder});
  EXPECT_EQ(outcome.exit_code, 1);
  EXPECT_NE(outcome.error.find(folder + " is a folder, not a file"), std::string::npos)
      << outcome.error;
}

// Issue 18: the summary printed "1600" where the guidance prints "1,600": one number format.
TEST(CliSummary, CountsAreWrittenWithThousandsSeparatorsAsTheGuidanceWritesThem) {
  const std::string data = ::testing::TempDir() + "/cli_summary.tsv";
  {
    std::ofstream file(data);
    // 1,500 reviews, each with one of ten words of its class (each in 5% of reviews).
    for (int i = 0; i < 1500; ++i) {
      file << (i % 2) << "\t" << (i % 2 ? "good" : "bad") << (i / 2) % 10 << " film" << i % 97
           << "\n";
    }
  }
  const std::string out = ::testing::TempDir() + "/cli_summary.json";
  const Outcome run =
      RunCli({"reproduce", "--data", data, "--set", "width=16", "--steps", "2", "--out", out});
  ASSERT_EQ(run.exit_code, 0) << run.error;
  EXPECT_NE(run.output.find("1,200 train / 300 test reviews"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("1200"), std::string::npos) << run.output;
}

}  // namespace
