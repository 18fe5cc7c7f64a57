// Marshalling for bindings.cpp (kept apart so that file stays a table of calls): core's
// plain structs to JS objects through their one description (reports.h Describe), with
// snake_case keys turned camelCase here and nowhere else; the page's sources, parse
// choices and limits back to core types. Copying and renaming only; every rule (defaults,
// detection, validation) is core's. Included once, by bindings.cpp.
#pragma once

#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "clslab/config.h"
#include "clslab/dataset_source.h"
#include "clslab/limits.h"
#include "clslab/reports.h"
#include "clslab/text_formats.h"
#include "clslab/work.h"

namespace marshal {

using emscripten::val;

// "alignment_r2" -> "alignmentR2": the one place the two spellings meet (with the .d.ts).
inline std::string CamelCase(const char* key) {
  std::string out;
  bool upper = false;
  for (const char* c = key; *c != '\0'; ++c) {
    if (*c == '_') {
      upper = true;
      continue;
    }
    out += upper && *c >= 'a' && *c <= 'z' ? static_cast<char>(*c - 'a' + 'A') : *c;
    upper = false;
  }
  return out;
}

template <typename T>
inline val TypedArray(const std::vector<T>& data) {
  // A view for the copy only; slice() copies before anything can grow the heap.
  return val(emscripten::typed_memory_view(data.size(), data.data())).call<val>("slice");
}

inline val Strings(const std::vector<std::string>& items) {
  val array = val::array();
  for (const std::string& item : items) array.call<void>("push", item);
  return array;
}

template <typename T>
val ToVal(const T& report);

namespace internal {

struct Probe {
  template <typename F>
  void operator()(const char*, const F&) {}
};
template <typename T, typename = void>
struct IsDescribed : std::false_type {};
template <typename T>
struct IsDescribed<
    T, std::void_t<decltype(Describe(std::declval<const T&>(), std::declval<Probe&>()))>>
    : std::true_type {};

template <typename T>
val Value(const T& value) {
  if constexpr (IsDescribed<T>::value) {
    return ToVal(value);
  } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
    return val(value);
  } else if constexpr (std::is_enum_v<T>) {
    // By its name in core's one table (enums.h EnumNames): the same spelling as the
    // JSON, and a string survives postMessage (an Embind enum_ value does not).
    return val(std::string(clslab::EnumKey(value)));
  } else {
    static_assert(std::is_arithmetic_v<T>, "a field type marshal.h does not know");
    return val(static_cast<double>(value));  // int64 counts fit a double exactly below 2^53
  }
}

template <typename T>
val Value(const std::vector<T>& values) {
  if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
    return TypedArray(values);  // Float32Array, Float64Array, Uint8Array ...
  } else if constexpr (std::is_same_v<T, std::string>) {
    return Strings(values);
  } else {
    val array = val::array();
    for (const T& value : values) array.call<void>("push", Value(value));
    return array;
  }
}

struct Writer {
  val object = val::object();
  template <typename F>
  void operator()(const char* key, const F& value) {
    object.set(CamelCase(key), Value(value));
  }
};

struct Names {
  val array = val::array();
  template <typename F>
  void operator()(const char* key, const F&) {
    val field = val::object();
    field.set("key", CamelCase(key));
    field.set("column", std::string(key));
    array.call<void>("push", field);
  }
};

// A JS value as a field of a described struct (FromVal): numbers clamped to the field's
// type (a budget of Infinity is kUnbounded), enums by name; undefined keeps the default.
template <typename T>
bool Read(const val& from, T* field) {
  if (from.isUndefined() || from.isNull()) return true;
  if constexpr (std::is_same_v<T, bool>) {
    *field = from.as<bool>();
  } else if constexpr (std::is_enum_v<T>) {
    return clslab::EnumFromName(from.as<std::string>(), field);
  } else if constexpr (std::is_integral_v<T>) {
    const double x = from.as<double>();
    if (std::isnan(x)) return false;
    const double most = static_cast<double>(clslab::kUnbounded);
    *field = static_cast<T>(std::max(std::min(x, most), -most));
  } else {
    static_assert(std::is_arithmetic_v<T>, "a field type marshal.h cannot read");
    *field = static_cast<T>(from.as<double>());
  }
  return true;
}

struct Reader {
  const val& object;
  std::string error;
  template <typename F>
  void operator()(const char* key, const F& value) {
    // Describe names the fields of a const struct; the struct FromVal fills is its own.
    if (!Read(object[CamelCase(key)], const_cast<F*>(&value)) && error.empty()) {
      error = "no such " + CamelCase(key) + " value";
    }
  }
};

}  // namespace internal

// A JS object with a described struct's camelCase keys as that struct (work.h WorkOrder);
// *error names a value it could not read.
template <typename T>
T FromVal(const val& object, std::string* error) {
  T out;
  internal::Reader reader{object, ""};
  Describe(out, reader);
  *error = reader.error;
  return out;
}

// Any struct of reports.h as a JS object with camelCase keys.
template <typename T>
val ToVal(const T& report) {
  internal::Writer writer;
  Describe(report, writer);
  return writer.object;
}

// A described struct's fields in Describe order, each {key: camelCase, column: snake_case}:
// the page reads both spellings from here instead of converting back.
template <typename T>
val FieldNames() {
  internal::Names names;
  Describe(T(), names);
  return names.array;
}

inline val StatusObject(bool ok, const std::string& message) {
  val object = val::object();
  object.set("ok", ok);
  object.set("message", message);
  return object;
}

// {ok, message, value}: a core Result as the page sees it (value null on failure).
template <typename T>
val ResultObject(const clslab::Result<T>& result) {
  val object = StatusObject(result.ok(), result.status.message());
  object.set("value", result.ok() ? ToVal(result.value) : val::null());
  return object;
}

// {maxReviews, maxTokens, maxVocabulary, maxWidth, maxWeights, maxInputBytes,
//  maxRunFileBytes} <-> Limits.
inline val LimitsObject(const clslab::Limits& l) {
  val o = val::object();
  o.set("maxReviews", static_cast<double>(l.max_reviews));
  o.set("maxTokens", static_cast<double>(l.max_tokens));
  o.set("maxVocabulary", static_cast<double>(l.max_vocabulary));
  o.set("maxWidth", static_cast<double>(l.max_width));
  o.set("maxWeights", static_cast<double>(l.max_weights));
  o.set("maxInputBytes", static_cast<double>(l.max_input_bytes));
  o.set("maxRunFileBytes", static_cast<double>(l.max_run_file_bytes));
  return o;
}

inline clslab::Limits LimitsFrom(const val& o) {
  clslab::Limits l;
  l.max_reviews = static_cast<int64_t>(o["maxReviews"].as<double>());
  l.max_tokens = static_cast<int64_t>(o["maxTokens"].as<double>());
  l.max_vocabulary = static_cast<int64_t>(o["maxVocabulary"].as<double>());
  l.max_width = static_cast<int64_t>(o["maxWidth"].as<double>());
  l.max_weights = static_cast<int64_t>(o["maxWeights"].as<double>());
  l.max_input_bytes = static_cast<int64_t>(o["maxInputBytes"].as<double>());
  l.max_run_file_bytes = static_cast<int64_t>(o["maxRunFileBytes"].as<double>());
  return l;
}

// {sourceName, format, textColumn, labelColumn, hasHeader, starThreshold, latin1}: every key
// is required (the .d.ts says so); `format` is a TextFormatName. False when the name is none.
inline bool ParseOptionsFrom(const val& choice, clslab::ParseOptions* options, std::string* error) {
  const std::string format = choice["format"].as<std::string>();
  if (!clslab::TextFormatFromName(format, &options->format)) {
    *error = "unknown format \"" + format + "\"";
    return false;
  }
  options->source_name = choice["sourceName"].as<std::string>();
  options->text_column = choice["textColumn"].as<std::string>();
  options->label_column = choice["labelColumn"].as<std::string>();
  options->has_header = choice["hasHeader"].as<int>();
  options->star_threshold = choice["starThreshold"].as<double>();
  options->latin1 = choice["latin1"].as<bool>();
  return true;
}

// ParseOptions as the page's ParseChoice (the inverse of ParseOptionsFrom).
inline val ParseChoiceObject(const clslab::ParseOptions& options) {
  val choice = val::object();
  choice.set("sourceName", options.source_name);
  choice.set("format", std::string(clslab::TextFormatName(options.format)));
  choice.set("textColumn", options.text_column);
  choice.set("labelColumn", options.label_column);
  choice.set("hasHeader", options.has_header);
  choice.set("starThreshold", options.star_threshold);
  choice.set("latin1", options.latin1);
  return choice;
}

// The page's source: {layout: 'text', text} | {layout: 'paired', positive, negative} |
// {layout: 'texts', texts, labels} with Uint8Array bytes (labels an Int8Array of +1/-1),
// and optionally the `name` it was supplied under. The bytes are copied into `storage`
// (Embind copies a Uint8Array into a std::string); the returned SourceBytes views them.
inline clslab::SourceBytes SourceFrom(const val& source, std::vector<std::string>* storage) {
  clslab::SourceBytes bytes;
  const std::string layout = source["layout"].as<std::string>();
  if (layout == "paired") {
    storage->push_back(source["positive"].as<std::string>());
    storage->push_back(source["negative"].as<std::string>());
    bytes = clslab::SourceBytes::Paired((*storage)[0], (*storage)[1]);
  } else if (layout == "texts") {
    const val texts = source["texts"];
    const std::vector<int8_t> labels =
        emscripten::convertJSArrayToNumberVector<int8_t>(source["labels"]);
    std::vector<clslab::LabeledText> rows(labels.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      rows[i].text = texts[i].as<std::string>();
      rows[i].label = labels[i];
    }
    bytes = clslab::SourceBytes::Texts(std::move(rows));
  } else {
    storage->push_back(source["text"].as<std::string>());
    bytes = clslab::SourceBytes::Text(storage->back());
  }
  if (source.hasOwnProperty("name")) bytes.name = source["name"].as<std::string>();
  return bytes;
}

}  // namespace marshal
