// The CLI's checked output (output.h).
#include "output.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstring>

namespace clslab_cli {

Output::Output() : file_(stdout), name_("standard output"), standard_(true) {}

Output::Output(const std::string& path) : name_(path) {
  file_ = std::fopen(path.c_str(), "wb");
  if (file_ == nullptr) error_ = "cannot write " + path + ": " + std::strerror(errno);
}

Output::~Output() {
  if (file_ != nullptr && !standard_) std::fclose(file_);
}

void Output::Failed(int error_number) {
  if (!error_.empty()) return;
  // A failure that left errno unset (a stream error flag set earlier) still names the path.
  error_ = "cannot write " + name_ + ": " +
           (error_number != 0 ? std::strerror(error_number) : "the write failed");
  if (!standard_) error_ += " (the file is incomplete)";
}

void Output::Write(const std::string& text) {
  if (file_ == nullptr || !error_.empty()) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) Failed(errno);
}

void Output::Printf(const char* format, ...) {
  if (file_ == nullptr || !error_.empty()) return;
  std::va_list arguments;
  va_start(arguments, format);
  errno = 0;
  if (std::vfprintf(file_, format, arguments) < 0) Failed(errno);
  va_end(arguments);
}

std::string Output::Close() {
  if (file_ == nullptr) return error_;
  errno = 0;
  if (std::fflush(file_) != 0 || std::ferror(file_)) Failed(errno);
  // fclose reports what only the close learns (NFS, a quota); standard output is closed
  // too, so that nothing after it can write there unchecked.
  errno = 0;
  if (std::fclose(file_) != 0) Failed(errno);
  file_ = nullptr;
  return error_;
}

void GuardStandardStreams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    // open returns the lowest free number: this one.
    const int opened = open("/dev/null", O_RDONLY);
    if (opened != -1 && opened != fd) close(opened);
  }
}

}  // namespace clslab_cli
