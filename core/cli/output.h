// Where the CLI's results go: standard output, or the file of --out. Every write and the
// close are checked and the first failure is kept with the path and the system's reason, so
// a full disk or a closed standard output ends in a sentence and exit 1, never in a cut
// result and exit 0. Not a library header (file I/O lives in the CLI, not in core).
#pragma once

#include <cstdio>
#include <string>

namespace clslab_cli {

class Output {
 public:
  // Standard output.
  Output();
  // The file at `path`, created or emptied; error() says why when it cannot be opened.
  explicit Output(const std::string& path);
  ~Output();  // closes without a word: call Close() to learn whether every byte arrived
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  // Appends `text`. After a failure nothing more is written; the first reason is kept.
  void Write(const std::string& text);
  void Printf(const char* format, ...) __attribute__((format(printf, 2, 3)));
  // Flushes and closes: "" when every byte was written, else error().
  std::string Close();
  // "cannot write PATH: REASON", "" while every write succeeded.
  const std::string& error() const { return error_; }

 private:
  void Failed(int error_number);

  std::FILE* file_ = nullptr;
  std::string name_;
  bool standard_ = false;
  std::string error_;
};

// Run once at the start of main: a standard stream the caller closed (`clslab train >&-`)
// gets /dev/null opened read-only in its place, so a file the CLI opens later never takes
// its number (results would land in it) and writes to it fail (EBADF) instead of vanishing.
void GuardStandardStreams();

}  // namespace clslab_cli
