// The bytes of a run's data as the user supplied them, and their identity: a content hash
// that a share link or run file records, so that reopening the link loads the same bytes
// or refuses. Reading files and URLs is the front end's job (the CLI, the web worker).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "clslab/config.h"
#include "clslab/text_formats.h"

namespace clslab {

// One of the three shapes a source comes in. Views: the caller keeps the bytes alive.
struct SourceBytes {
  enum class Layout { kText, kPaired, kTexts };
  Layout layout = Layout::kText;
  std::string_view text;                // kText: a whole file (CSV, TSV, JSONL, ...)
  std::string_view positive, negative;  // kPaired: one review per line (rt-polarity)
  std::vector<LabeledText> texts;       // kTexts: one review per file, labels from folders
  // The name the bytes were supplied under (the file picked, the URL); "" when not said. A
  // refusal of the wrong data names it beside the one the run expects.
  std::string name;

  static SourceBytes Text(std::string_view bytes);
  static SourceBytes Paired(std::string_view positive, std::string_view negative);
  static SourceBytes Texts(std::vector<LabeledText> texts);
};

// 64-bit FNV-1a over the source's bytes as 16 lower-case hex digits. The layout, and each
// part's length and label, are hashed too, so a pair and the concatenated file differ.
// Not cryptographic: it tells the right file from a wrong one, not from a forgery.
std::string ContentHash(const SourceBytes& source);

// `config` with its dataset set to the user's source: "file", "url" or "preset", its name
// (file name, URL, preset id), the parse choices the preview used, and for a preset the
// seed its pages were drawn with and the rows asked for. The hash and the parsed rows are
// left empty: Experiment::Load records them. The result is validated as a whole
// (ValidateConfig): a source the settings cannot name is an error saying why.
Result<RunConfig> WithSource(RunConfig config, const std::string& kind, const std::string& name,
                             const ParseOptions& options, uint32_t sample_seed,
                             int32_t sample_rows);

// The parse choices a config records (source_format, columns, header, stars, latin1).
ParseOptions ParseOptionsFrom(const RunConfig& config);

// The name a loaded dataset is shown by: "movies.tsv", "synthetic", or source_name.
std::string SourceDisplayName(const RunConfig& config);

}  // namespace clslab
