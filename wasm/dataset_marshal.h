// Marshalling for the dataset calls of bindings.cpp (kept apart so that file stays a table):
// the page's parse choices to ParseOptions, labelled texts in, DatasetPreview out. Copying
// and renaming only; every rule (defaults, detection, validation) is core's. Included once,
// by bindings.cpp.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "clslab/experiment.h"
#include "clslab/text_formats.h"

namespace dataset_marshal {

using emscripten::val;

// {sourceName, format, textColumn, labelColumn, hasHeader, starThreshold, latin1}: every key
// is required (the .d.ts says so); `format` is a TextFormatName. False when the name is none.
inline bool ParseOptionsFrom(const val& choice, clslab::ParseOptions* options,
                             std::string* error) {
  const std::string format = choice["format"].as<std::string>();
  bool known = false;
  for (clslab::TextFormat candidate :
       {clslab::TextFormat::kAuto, clslab::TextFormat::kCsv, clslab::TextFormat::kTsv,
        clslab::TextFormat::kJsonLines, clslab::TextFormat::kFastText,
        clslab::TextFormat::kLabelTabText, clslab::TextFormat::kLabelSpaceText,
        clslab::TextFormat::kTextTabLabel}) {
    if (format == clslab::TextFormatName(candidate)) options->format = candidate, known = true;
  }
  if (!known) {
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

// texts: Uint8Array[] (one review's bytes each), labels: Int8Array of +1/-1, same length.
inline std::vector<clslab::LabeledText> LabeledTextsFrom(const val& texts, const val& labels) {
  const std::vector<int8_t> signs = emscripten::convertJSArrayToNumberVector<int8_t>(labels);
  std::vector<clslab::LabeledText> rows(signs.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    rows[i].text = texts[i].as<std::string>();  // Embind copies a Uint8Array's bytes
    rows[i].label = signs[i];
  }
  return rows;
}

inline val StringArray(const std::vector<std::string>& items) {
  val array = val::array();
  for (const std::string& item : items) array.call<void>("push", item);
  return array;
}

inline val PreviewObject(const clslab::DatasetPreview& p) {
  val o = val::object();
  o.set("ok", p.ok);
  o.set("message", p.message);
  o.set("notUtf8", p.not_utf8);
  o.set("sourceName", p.source_name);
  o.set("format", p.format);
  o.set("columns", StringArray(p.columns));
  o.set("textColumn", p.text_column);
  o.set("labelColumn", p.label_column);
  o.set("labelMapping", p.label_mapping);
  val rows = val::array();
  for (const clslab::LabeledText& row : p.rows) {
    val item = val::object();
    item.set("text", row.text);
    item.set("label", row.label);
    rows.call<void>("push", item);
  }
  o.set("rows", rows);
  o.set("parsedRows", static_cast<double>(p.parsed_rows));
  o.set("positive", static_cast<double>(p.positive));
  o.set("negative", static_cast<double>(p.negative));
  o.set("dropped", static_cast<double>(p.dropped));
  o.set("dropReasons", StringArray(p.drop_reasons));
  o.set("warnings", StringArray(p.warnings));
  return o;
}

inline val PreviewFailure(const std::string& message) {
  clslab::DatasetPreview preview;
  preview.message = message;
  return PreviewObject(preview);
}

}  // namespace dataset_marshal
