// libFuzzer target for ParseReviews (and, on success, BuildDataset and the label<TAB>text
// round trip). The first byte picks the format and header option; the rest is the file.
// A crash, a label outside {-1, +1}, or a round trip that changes a row aborts.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "clslab/dataset.h"
#include "clslab/text_formats.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  clslab::ParseOptions options;
  options.format = static_cast<clslab::TextFormat>(data[0] % 8);
  options.has_header = static_cast<int>((data[0] >> 3) % 3) - 1;
  options.max_bytes = 1 << 20;
  std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  clslab::Result<clslab::ParsedReviews> parsed = clslab::ParseReviews(bytes, options);
  if (!parsed.ok()) {
    if (parsed.status.message().empty()) abort();
    return 0;
  }
  if (parsed.value.rows.empty()) abort();
  std::vector<clslab::LabeledText> expected;
  for (const clslab::LabeledText& row : parsed.value.rows) {
    if (row.label != 1 && row.label != -1) abort();
    // What the writer promises: tabs/CR/LF become spaces; blank texts would be dropped.
    std::string text = row.text;
    bool blank = true;
    for (char& c : text) {
      if (c == '\t' || c == '\r' || c == '\n') c = ' ';
      blank = blank && static_cast<unsigned char>(c) <= ' ';
    }
    if (!blank) expected.push_back({text, row.label});
  }
  if (!expected.empty()) {
    clslab::ParseOptions again;
    again.format = clslab::TextFormat::kLabelTabText;
    clslab::Result<clslab::ParsedReviews> reparsed =
        clslab::ParseReviews(clslab::WriteLabelTabText(expected), again);
    if (!reparsed.ok() || reparsed.value.rows.size() != expected.size()) abort();
    for (size_t i = 0; i < expected.size(); ++i) {
      if (reparsed.value.rows[i].text != expected[i].text) abort();
      if (reparsed.value.rows[i].label != expected[i].label) abort();
    }
  }
  clslab::PipelineOptions pipeline;
  pipeline.min_count = 1;
  clslab::Result<clslab::Dataset> dataset = clslab::BuildDataset(parsed.value.rows, pipeline);
  if (dataset.ok()) {
    for (int32_t id : dataset.value.train.token_ids) {
      if (id < 0 || id >= dataset.value.vocab.size()) abort();
    }
  }
  return 0;
}
