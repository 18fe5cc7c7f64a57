// Label spelling normalization: which cell values count as labels and how one file's label
// column maps to +1/-1. The mapping is decided per file from the set of distinct values,
// because "1" means negative in a {1,2} file and positive in a {0,1} file.
#include <cmath>
#include <cstdlib>
#include <set>

#include "guidance_specs.h"  // kDataLabels
#include "text_formats_internal.h"

namespace clslab {
namespace text_internal {
namespace {

// Trimmed, ASCII-lowercased, without a fastText "__label__" prefix.
std::string Normalize(std::string_view value) {
  std::string lower = AsciiLowercase(Trim(value));
  if (lower.rfind("__label__", 0) == 0) lower.erase(0, 9);
  return lower;
}

// +1/-1 for a sentiment word, 0 otherwise.
int8_t WordLabel(const std::string& normalized) {
  if (normalized == "pos" || normalized == "positive") return 1;
  if (normalized == "neg" || normalized == "negative") return -1;
  return 0;
}

// Strict decimal number: the whole string must parse and be finite; no hex, no inf/nan.
bool ParseNumber(const std::string& normalized, double* number) {
  if (normalized.empty() || normalized.size() > 32) return false;
  for (char c : normalized) {
    if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e')) return false;
  }
  char* end = nullptr;
  *number = std::strtod(normalized.c_str(), &end);
  return end == normalized.c_str() + normalized.size() && std::isfinite(*number);
}

bool Within(const std::set<double>& values, std::initializer_list<double> allowed) {
  for (double v : values) {
    bool found = false;
    for (double a : allowed) found = found || v == a;
    if (!found) return false;
  }
  return true;
}

// The catalog's data-labels: `scheme` (zero-one, ..., stars, words), pos/neg words besides
// the numbers, and for stars the scale and the threshold on it.
Finding LabelsFinding(const std::string& scheme, bool words, bool ten_point, double threshold) {
  return kDataLabels.Detail({Name("scheme", scheme), Name("words", words ? "yes" : "no"),
                             Name("scale", ten_point ? "1-10" : "1-5"),
                             Value("threshold", threshold)});
}

}  // namespace

bool LooksLikeLabel(std::string_view value) {
  std::string normalized = Normalize(value);
  double number = 0;
  if (WordLabel(normalized) != 0) return true;
  return ParseNumber(normalized, &number) && number >= -1 && number <= 10;
}

Result<LabelMapper> LabelMapper::Decide(const std::vector<std::string_view>& values,
                                        const std::vector<int64_t>& lines, double star_threshold,
                                        const std::string& source) {
  std::set<double> numbers;
  bool has_words = false;
  for (size_t i = 0; i < values.size(); ++i) {
    std::string normalized = Normalize(values[i]);
    double number = 0;
    if (WordLabel(normalized) != 0) {
      has_words = true;
    } else if (!ParseNumber(normalized, &number)) {
      return Result<LabelMapper>::Failure(source + " line " + std::to_string(lines[i]) +
                                          ": unparseable label " + Quote(Trim(values[i])) +
                                          "; expected 0/1, -1/1, 1/2, pos/neg or a star rating");
    } else if (number < 0 && number != -1) {
      return Result<LabelMapper>::Failure(source + " line " + std::to_string(lines[i]) +
                                          ": label " + Quote(Trim(values[i])) +
                                          " is negative; star ratings run from 0 or 1 to 10");
    } else if (number > 10) {
      return Result<LabelMapper>::Failure(source + " line " + std::to_string(lines[i]) +
                                          ": label " + Quote(Trim(values[i])) +
                                          " is above 10, the largest star-rating scale");
    } else {
      numbers.insert(number);
    }
  }
  LabelMapper mapper;
  std::string scheme;
  double shown_threshold = 0;
  bool ten_point = false;
  if (numbers.empty()) {
    scheme = "words";
  } else if (Within(numbers, {0, 1})) {
    mapper.kind_ = Kind::kZeroOne;
    scheme = "zero-one";
  } else if (Within(numbers, {-1, 1})) {
    mapper.kind_ = Kind::kMinusOneOne;
    scheme = "minus-one-one";
  } else if (Within(numbers, {1, 2})) {
    mapper.kind_ = Kind::kOneTwo;
    scheme = "one-two";
  } else if (Within(numbers, {-1, 0, 1})) {
    mapper.kind_ = Kind::kMinusOneZeroOne;
    scheme = "minus-one-zero-one";
  } else if (Within(numbers, {0, 1, 2})) {
    mapper.kind_ = Kind::kZeroOneTwo;
    scheme = "zero-one-two";
  } else if (numbers.count(-1) > 0) {
    return Result<LabelMapper>::Failure(
        source + ": label -1 mixed with star ratings; use one labelling scheme per file");
  } else {
    // Stars. The threshold is stated on the 1-5 scale; a 10-point column uses the same
    // relative position so the default 3 (the middle of 1-5) becomes 5.5 (the middle of 1-10).
    ten_point = *numbers.rbegin() > 5;
    mapper.kind_ = Kind::kStars;
    mapper.threshold_ = ten_point ? 1 + (star_threshold - 1) * 9 / 4 : star_threshold;
    scheme = "stars";
    shown_threshold = mapper.threshold_;
  }
  mapper.description_ =
      LabelsFinding(scheme, has_words && !numbers.empty(), ten_point, shown_threshold);
  return Result<LabelMapper>::Success(std::move(mapper));
}

int8_t LabelMapper::Map(std::string_view value) const {
  std::string normalized = Normalize(value);
  if (int8_t word = WordLabel(normalized); word != 0) return word;
  double x = 0;
  if (!ParseNumber(normalized, &x)) return 0;
  switch (kind_) {
    case Kind::kZeroOne:
    case Kind::kMinusOneOne:
    case Kind::kMinusOneZeroOne:
      return x > 0 ? 1 : x < 0 || kind_ == Kind::kZeroOne ? -1 : 0;
    case Kind::kOneTwo:
      return x == 2 ? 1 : -1;
    case Kind::kZeroOneTwo:
      return x == 2 ? 1 : x == 0 ? -1 : 0;
    case Kind::kStars:
      return x > threshold_ ? 1 : x < threshold_ ? -1 : 0;
  }
  return 0;
}

}  // namespace text_internal
}  // namespace clslab
