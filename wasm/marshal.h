// Marshalling for bindings.cpp (kept apart so that file stays a table of calls): core's
// plain structs to JS objects and copied typed arrays, and the page's parse choices,
// labelled texts and limits back to core types. Copying and renaming only; every rule
// (defaults, detection, validation) is core's. Included once, by bindings.cpp.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "clslab/experiment.h"
#include "clslab/limits.h"
#include "clslab/text_formats.h"

namespace marshal {

using emscripten::val;

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

inline val StatusObject(bool ok, const std::string& message) {
  val object = val::object();
  object.set("ok", ok);
  object.set("message", message);
  return object;
}

inline val SummaryObject(const clslab::Result<clslab::DatasetSummary>& r) {
  const clslab::DatasetSummary& s = r.value;
  val o = StatusObject(r.ok(), r.status.message());
  o.set("sourceName", s.source_name);
  o.set("format", s.format);
  o.set("columns", Strings(s.columns));
  o.set("textColumn", s.text_column);
  o.set("labelColumn", s.label_column);
  o.set("parsedRows", static_cast<double>(s.parsed_rows));
  o.set("dropped", static_cast<double>(s.dropped));
  o.set("dropReasons", Strings(s.drop_reasons));
  o.set("trainReviews", s.train_reviews);
  o.set("testReviews", s.test_reviews);
  o.set("trainPositive", s.train_positive);
  o.set("trainNegative", s.train_negative);
  o.set("vocabSize", s.vocab_size);
  o.set("trainTokens", static_cast<double>(s.train_tokens));
  return o;
}

inline val MetricsObject(const clslab::Metrics& m) {
  val o = val::object();
  o.set("step", static_cast<double>(m.step));
  o.set("phase", m.phase);
  o.set("trainLoss", m.train_loss);
  o.set("trainAccuracy", m.train_accuracy);
  o.set("hasTest", m.has_test);
  o.set("testLoss", m.test_loss);
  o.set("testAccuracy", m.test_accuracy);
  o.set("pNorm", m.p_norm);
  o.set("alignmentSlope", m.alignment_slope);
  o.set("alignmentIntercept", m.alignment_intercept);
  o.set("alignmentR2", m.alignment_r2);
  o.set("hasPredictedSlope", m.has_predicted_slope);
  o.set("predictedSlope", m.predicted_slope);
  o.set("hasMaxMargin", m.has_max_margin);
  o.set("cosineToMaxMargin", m.cosine_to_max_margin);
  o.set("normalizedMargin", m.normalized_margin);
  o.set("maxMarginReference", m.max_margin_reference);
  o.set("selectionAccuracy", m.selection_accuracy);
  o.set("selectionMass", m.selection_mass);
  o.set("uScore", m.u_score);
  o.set("signedScore", m.signed_score);
  o.set("uContrast", m.u_contrast);
  o.set("uTokens", m.u_tokens);
  o.set("checksum", m.checksum);
  o.set("stopped", m.stopped);
  o.set("message", m.message);
  return o;
}

inline val ReviewObject(const clslab::ReviewView& r) {
  val o = val::object();
  o.set("text", r.text);
  o.set("tokens", Strings(r.tokens));
  o.set("words", Strings(r.words));
  o.set("attention", TypedArray(r.attention));
  o.set("selected", TypedArray(r.selected));
  o.set("label", r.label);
  o.set("logit", r.logit);
  return o;
}

// {maxReviews, maxTokens, maxVocabulary, maxWidth, maxWeights, maxInputBytes} <-> Limits.
inline val LimitsObject(const clslab::Limits& l) {
  val o = val::object();
  o.set("maxReviews", static_cast<double>(l.max_reviews));
  o.set("maxTokens", static_cast<double>(l.max_tokens));
  o.set("maxVocabulary", static_cast<double>(l.max_vocabulary));
  o.set("maxWidth", static_cast<double>(l.max_width));
  o.set("maxWeights", static_cast<double>(l.max_weights));
  o.set("maxInputBytes", static_cast<double>(l.max_input_bytes));
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
  return l;
}

// {sourceName, format, textColumn, labelColumn, hasHeader, starThreshold, latin1}: every key
// is required (the .d.ts says so); `format` is a TextFormatName. False when the name is none.
inline bool ParseOptionsFrom(const val& choice, clslab::ParseOptions* options, std::string* error) {
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

inline val PreviewObject(const clslab::DatasetPreview& p) {
  val o = val::object();
  o.set("ok", p.ok);
  o.set("message", p.message);
  o.set("notUtf8", p.not_utf8);
  o.set("sourceName", p.source_name);
  o.set("format", p.format);
  o.set("columns", Strings(p.columns));
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
  o.set("dropReasons", Strings(p.drop_reasons));
  o.set("warnings", Strings(p.warnings));
  return o;
}

inline val PreviewFailure(const std::string& message) {
  clslab::DatasetPreview preview;
  preview.message = message;
  return PreviewObject(preview);
}

}  // namespace marshal
