#pragma once
// A value or an error message: the engine's channel for bad input (never exceptions).
#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace carc {

struct Error {
  std::string message;
  std::string code{};  // a reason code (PROTOCOL.md) when one names the refusal, else empty
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(Error e) : v_(std::move(e)) {}      // NOLINT(google-explicit-constructor)
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const {
    assert(ok());
    return std::get<0>(v_);
  }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const {
    assert(!ok());
    return std::get<1>(v_).message;
  }
  // The reason code of the error, empty when the refusal has none.
  const std::string& error_code() const {
    assert(!ok());
    return std::get<1>(v_).code;
  }
  // The error with `prefix` before its message, its code kept.
  Error error_in(const std::string& prefix) const {
    assert(!ok());
    return Error{prefix + std::get<1>(v_).message, std::get<1>(v_).code};
  }

 private:
  std::variant<T, Error> v_;
};

inline Error fail(std::string message) { return Error{std::move(message), {}}; }
// A refusal named by a reason code (`check` shows the code beside the message).
inline Error fail_coded(std::string_view code, std::string message) {
  return Error{std::move(message), std::string(code)};
}

}  // namespace carc
