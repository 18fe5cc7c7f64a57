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
  std::string error;        // what the CLI wrote to stderr
  long peak_kilobytes = 0;  // the child's maximum resident set
};

// Runs the CLI with `args`, stdout discarded and stderr captured in a file.
Outcome RunCli(const std::vector<std::string>& args) {
  const std::string error_path = ::testing::TempDir() + "/cli_input_test.err";
  const pid_t child = fork();
  if (child == 0) {
    std::freopen("/dev/null", "w", stdout);
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
  std::ifstream error(error_path);
  std::ostringstream text;
  text << error.rdbuf();
  outcome.error = text.str();
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

}  // namespace
