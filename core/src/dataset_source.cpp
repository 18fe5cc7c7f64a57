// Source identity: the content hash and the config's parse choices.
#include "clslab/dataset_source.h"

#include <cstdio>

namespace clslab {

SourceBytes SourceBytes::Text(std::string_view bytes) {
  SourceBytes source;
  source.layout = Layout::kText;
  source.text = bytes;
  return source;
}

SourceBytes SourceBytes::Paired(std::string_view positive, std::string_view negative) {
  SourceBytes source;
  source.layout = Layout::kPaired;
  source.positive = positive;
  source.negative = negative;
  return source;
}

SourceBytes SourceBytes::Texts(std::vector<LabeledText> texts) {
  SourceBytes source;
  source.layout = Layout::kTexts;
  source.texts = std::move(texts);
  return source;
}

namespace {

class Fnv1a {
 public:
  void Add(std::string_view bytes) {
    for (unsigned char c : bytes) hash_ = (hash_ ^ c) * 1099511628211ull;
  }
  void Add(uint64_t value) {
    for (int k = 0; k < 8; ++k) hash_ = (hash_ ^ ((value >> (8 * k)) & 255)) * 1099511628211ull;
  }
  std::string Hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
    return text;
  }

 private:
  uint64_t hash_ = 14695981039346656037ull;  // the FNV-1a 64-bit offset basis
};

}  // namespace

std::string ContentHash(const SourceBytes& source) {
  Fnv1a fnv;
  switch (source.layout) {
    case SourceBytes::Layout::kText:
      // A single file hashes as its bytes alone, so `clslab` and any FNV-1a tool agree.
      fnv.Add(source.text);
      break;
    case SourceBytes::Layout::kPaired:
      fnv.Add(uint64_t{1});
      fnv.Add(uint64_t{source.positive.size()});
      fnv.Add(source.positive);
      fnv.Add(uint64_t{source.negative.size()});
      fnv.Add(source.negative);
      break;
    case SourceBytes::Layout::kTexts:
      fnv.Add(uint64_t{2});
      for (const LabeledText& row : source.texts) {
        fnv.Add(static_cast<uint64_t>(row.label > 0));
        fnv.Add(uint64_t{row.text.size()});
        fnv.Add(row.text);
      }
      break;
  }
  return fnv.Hex();
}

RunConfig WithSource(RunConfig config, const std::string& kind, const std::string& name,
                     const ParseOptions& options, uint32_t sample_seed, int32_t sample_rows) {
  config.dataset = kind;
  config.source_name = name;
  config.source_hash.clear();
  const bool preset = kind == SourceKindName(SourceKind::kPreset);
  config.source_rows = preset ? sample_rows : 0;
  config.source_seed = preset ? sample_seed : 0;
  config.source_format = TextFormatName(options.format);
  config.source_text_column = options.text_column;
  config.source_label_column = options.label_column;
  config.source_header = options.has_header;
  config.source_stars = options.star_threshold;
  config.source_latin1 = options.latin1;
  return config;
}

ParseOptions ParseOptionsFrom(const RunConfig& config) {
  ParseOptions options;
  TextFormatFromName(config.source_format, &options.format);  // validated: a known name
  options.source_name = SourceDisplayName(config);
  options.text_column = config.source_text_column;
  options.label_column = config.source_label_column;
  options.has_header = config.source_header;
  options.star_threshold = config.source_stars;
  options.latin1 = config.source_latin1;
  return options;
}

std::string SourceDisplayName(const RunConfig& config) {
  switch (SourceKindOf(config)) {
    case SourceKind::kBuiltin:
      return config.dataset + ".tsv";
    case SourceKind::kSynthetic:
      return "synthetic";
    default:
      return config.source_name;
  }
}

}  // namespace clslab
