// JSON of any struct in reports.h, from its Describe: the keys are the description's
// snake_case names, in its order. The CLI prints these and the run file stores them, so
// the CLI's JSON and the page's objects (wasm/marshal.h, same description, camelCase)
// carry the same fields.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "clslab/reports.h"

namespace clslab {

template <typename T>
nlohmann::ordered_json ToJson(const T& report);

namespace json_internal {

template <typename T, typename = void>
struct IsDescribed : std::false_type {};
struct Probe {
  template <typename F>
  void operator()(const char*, const F&) {}
};
template <typename T>
struct IsDescribed<
    T, std::void_t<decltype(Describe(std::declval<const T&>(), std::declval<Probe&>()))>>
    : std::true_type {};

template <typename T>
nlohmann::ordered_json Value(const T& value) {
  if constexpr (IsDescribed<T>::value) {
    return ToJson(value);
  } else if constexpr (std::is_enum_v<T>) {
    return EnumKey(value);  // its name in run_plan.h's tables: "paper", "embeddings_stepped"
  } else if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>) {
    return static_cast<int>(value);  // a number, not a character
  } else {
    return value;
  }
}

template <typename T>
nlohmann::ordered_json Value(const std::vector<T>& values) {
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  for (const T& value : values) array.push_back(Value(value));
  return array;
}

struct Writer {
  nlohmann::ordered_json object = nlohmann::ordered_json::object();
  template <typename F>
  void operator()(const char* key, const F& value) {
    object[key] = Value(value);
  }
};

}  // namespace json_internal

template <typename T>
nlohmann::ordered_json ToJson(const T& report) {
  json_internal::Writer writer;
  Describe(report, writer);
  return std::move(writer.object);
}

}  // namespace clslab
