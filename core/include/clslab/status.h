// Status: how core reports a failure without exceptions. Exceptions cannot cross the
// wasm boundary (they arrive in JS as a bare pointer), so every fallible core call
// returns a Status or a Result<T> whose message is meant for a person to read.
#pragma once

#include <string>
#include <utility>

namespace clslab {

class Status {
 public:
  static Status Ok() { return Status(); }
  static Status Error(std::string message) { return Status(std::move(message)); }

  bool ok() const { return message_.empty(); }
  // Empty when ok(); otherwise one sentence naming what went wrong and where.
  const std::string& message() const { return message_; }

 private:
  Status() = default;
  explicit Status(std::string message)
      : message_(message.empty() ? std::string("unknown error") : std::move(message)) {}
  std::string message_;
};

// A value or an error. `value` is meaningful only when status.ok().
template <typename T>
struct Result {
  T value{};
  Status status = Status::Ok();

  static Result Success(T v) { return Result{std::move(v), Status::Ok()}; }
  static Result Failure(std::string message) {
    return Result{T{}, Status::Error(std::move(message))};
  }
  bool ok() const { return status.ok(); }
};

}  // namespace clslab
