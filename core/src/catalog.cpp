// The Fluent subset of catalog/*.ftl: a port of @fluent/bundle's runtime parser
// (resource.js: the same scanning, trimming and dedenting, so a pattern reads the same
// here and on the page) and of its resolver (resolver.js: variables, message and term
// references, string and number literals, NUMBER() with its digit options, select
// expressions on strings, exact numbers and plural categories). Where the runtime would
// skip a malformed entry silently, Parse fails and names it.
#include "clslab/catalog.h"

#include <algorithm>
#include <cstdint>
#include <set>

namespace clslab {
namespace {

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;
struct Element {
  std::string text;  // when `expr` is null
  ExprPtr expr;
};
using Pattern = std::vector<Element>;
struct Variant {
  ExprPtr key;
  Pattern value;
};
struct Expr {
  enum Type { kString, kNumber, kVariable, kMessage, kTerm, kFunction, kSelect, kNamed } type;
  std::string name;  // string value, variable/message/term/function/argument name
  double number = 0;
  int precision = 0;          // a number literal's fraction digits
  std::vector<ExprPtr> args;  // a call's or a term's arguments (kNamed: name + args[0])
  ExprPtr selector;           // kSelect
  std::vector<Variant> variants;
  size_t star = 0;
};

struct Entry {
  Pattern value;
};

bool IsWord(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

struct SyntaxError {
  std::string what;
};

// resource.js's inlined parser over one entry, from just after "id = ".
class Parser {
 public:
  Parser(std::string_view source, size_t cursor) : s_(source), c_(cursor) {}

  Pattern Message() {
    Pattern value;
    if (!ParsePattern(&value)) throw SyntaxError{"expected a value"};
    if (c_ < s_.size() && s_[c_] == '.') throw SyntaxError{"attributes are not used"};
    return value;
  }

 private:
  struct Indent {
    std::string value;
    size_t length;
  };

  char At() const { return c_ < s_.size() ? s_[c_] : '\0'; }
  bool AtEnd() const { return c_ >= s_.size(); }
  void SkipWhitespace() {
    while (!AtEnd() && IsBlank(s_[c_])) ++c_;
  }
  void Expect(char c) {
    if (At() != c) throw SyntaxError{std::string("expected ") + c};
    ++c_;
  }

  // RE_TEXT_RUN: one or more characters other than { } \n \r.
  bool TextRun(std::string* out) {
    const size_t start = c_;
    while (!AtEnd() && s_[c_] != '{' && s_[c_] != '}' && s_[c_] != '\n' && s_[c_] != '\r') ++c_;
    if (c_ == start) return false;
    *out = std::string(s_.substr(start, c_ - start));
    return true;
  }

  static std::string TrimTrailingSpaces(std::string text) {
    text.erase(text.find_last_not_of(' ') + 1);
    return text;
  }

  // parsePattern: false when there is no value.
  bool ParsePattern(Pattern* out) {
    std::string first;
    const bool has_first = TextRun(&first);
    if (At() == '{' || At() == '}') {
      Elements(
          has_first ? std::vector<Piece>{Piece{first, nullptr, false, 0}} : std::vector<Piece>{},
          SIZE_MAX, out);
      return true;
    }
    Indent indent;
    if (ParseIndent(&indent)) {
      if (has_first) {
        Elements(
            {Piece{first, nullptr, false, 0}, Piece{indent.value, nullptr, true, indent.length}},
            indent.length, out);
        return true;
      }
      const size_t lead = indent.value.find_first_not_of('\n');
      indent.value.erase(0, lead == std::string::npos ? indent.value.size() : lead);
      Elements({Piece{indent.value, nullptr, true, indent.length}}, indent.length, out);
      return true;
    }
    if (has_first) {
      out->push_back({TrimTrailingSpaces(first), nullptr});
      return true;
    }
    return false;
  }

  struct Piece {
    std::string text;
    ExprPtr expr;
    bool indent;
    size_t length;
  };

  // parsePatternElements.
  void Elements(std::vector<Piece> pieces, size_t common, Pattern* out) {
    while (true) {
      std::string text;
      if (TextRun(&text)) {
        pieces.push_back({text, nullptr, false, 0});
        continue;
      }
      if (At() == '{') {
        pieces.push_back({"", Placeable(), false, 0});
        continue;
      }
      if (At() == '}') throw SyntaxError{"unbalanced closing brace"};
      Indent indent;
      if (ParseIndent(&indent)) {
        pieces.push_back({indent.value, nullptr, true, indent.length});
        common = std::min(common, indent.length);
        continue;
      }
      break;
    }
    if (!pieces.empty() && pieces.back().expr == nullptr) {
      pieces.back().text = TrimTrailingSpaces(pieces.back().text);
    }
    for (Piece& piece : pieces) {
      if (piece.expr != nullptr) {
        out->push_back({"", piece.expr});
        continue;
      }
      std::string text = piece.text;
      if (piece.indent) text = text.substr(0, text.size() - std::min(common, text.size()));
      if (!text.empty()) out->push_back({text, nullptr});
    }
  }

  // parseIndent: the blank block before a pattern line, or false where the pattern ends.
  bool ParseIndent(Indent* indent) {
    const size_t start = c_;
    SkipWhitespace();
    const char c = At();
    if (AtEnd() || c == '.' || c == '[' || c == '*' || c == '}') {
      c_ = start;        // resource.js leaves the cursor after the blanks; nothing reads it but
      SkipWhitespace();  // the variant and attribute tests, which skip blanks themselves
      return false;
    }
    if (c != '{' && !(c_ > 0 && s_[c_ - 1] == ' ')) {
      c_ = start;
      SkipWhitespace();
      return false;
    }
    const std::string_view blank = s_.substr(start, c_ - start);
    // RE_BLANK_LINES: spaces before a line break go; the indent is the trailing spaces.
    std::string value;
    const size_t n = blank.size();
    for (size_t k = 0; k < n;) {
      size_t j = k;
      while (j < n && blank[j] == ' ') ++j;
      if (j < n && blank[j] == '\n') {
        value += '\n';
        k = j + 1;
      } else if (j + 1 < n && blank[j] == '\r' && blank[j + 1] == '\n') {
        value += '\n';
        k = j + 2;
      } else {
        value += blank[k++];
      }
    }
    size_t length = 0;
    while (length < blank.size() && blank[blank.size() - 1 - length] == ' ') ++length;
    *indent = {value, length};
    return true;
  }

  ExprPtr Placeable() {
    Expect('{');
    SkipWhitespace();
    ExprPtr selector = Inline();
    const size_t before = c_;
    SkipWhitespace();
    if (At() == '}') {
      ++c_;
      return selector;
    }
    if (s_.substr(c_, 2) == "->") {
      c_ += 2;
      SkipWhitespace();
      auto select = std::make_shared<Expr>();
      select->type = Expr::kSelect;
      select->selector = selector;
      bool has_star = false;
      while (At() == '[' || (At() == '*' && c_ + 1 < s_.size() && s_[c_ + 1] == '[')) {
        if (At() == '*') {
          ++c_;
          select->star = select->variants.size();
          has_star = true;
        }
        Variant variant;
        variant.key = VariantKey();
        if (!ParsePattern(&variant.value)) throw SyntaxError{"expected a variant value"};
        select->variants.push_back(std::move(variant));
      }
      if (select->variants.empty()) throw SyntaxError{"expected variants"};
      if (!has_star) throw SyntaxError{"expected a default variant"};
      SkipWhitespace();
      Expect('}');
      return select;
    }
    c_ = before;
    throw SyntaxError{"unclosed placeable"};
  }

  ExprPtr VariantKey() {
    Expect('[');
    SkipWhitespace();
    ExprPtr key;
    if (NumberAhead()) {
      key = NumberLiteral();
    } else {
      auto e = std::make_shared<Expr>();
      e->type = Expr::kString;
      e->name = Identifier();
      key = e;
    }
    SkipWhitespace();
    Expect(']');
    while (At() == ' ') ++c_;
    return key;
  }

  std::string Identifier() {
    if (!IsLetter(At())) throw SyntaxError{"expected an identifier"};
    const size_t start = c_;
    while (!AtEnd() && (IsWord(s_[c_]) || s_[c_] == '-')) ++c_;
    return std::string(s_.substr(start, c_ - start));
  }

  bool NumberAhead() const {
    size_t k = c_;
    if (k < s_.size() && s_[k] == '-') ++k;
    return k < s_.size() && s_[k] >= '0' && s_[k] <= '9';
  }

  ExprPtr NumberLiteral() {
    const size_t start = c_;
    if (At() == '-') ++c_;
    while (At() >= '0' && At() <= '9') ++c_;
    int precision = 0;
    if (At() == '.' && c_ + 1 < s_.size() && s_[c_ + 1] >= '0' && s_[c_ + 1] <= '9') {
      ++c_;
      while (At() >= '0' && At() <= '9') {
        ++c_;
        ++precision;
      }
    }
    auto e = std::make_shared<Expr>();
    e->type = Expr::kNumber;
    e->number = std::stod(std::string(s_.substr(start, c_ - start)));
    e->precision = precision;
    return e;
  }

  ExprPtr Inline() {
    if (At() == '{') return Placeable();
    const char sigil = At();
    if (sigil == '$' || sigil == '-' ? IsLetter(c_ + 1 < s_.size() ? s_[c_ + 1] : '\0')
                                     : IsLetter(sigil)) {
      if (sigil == '$' || sigil == '-') ++c_;
      const std::string name = Identifier();
      if (At() == '.') throw SyntaxError{"attributes are not used"};
      auto e = std::make_shared<Expr>();
      e->name = name;
      if (sigil == '$') {
        e->type = Expr::kVariable;
        return e;
      }
      const size_t before = c_;
      SkipWhitespace();
      if (At() == '(') {
        ++c_;
        SkipWhitespace();
        e->args = Arguments();
        if (sigil == '-') {
          e->type = Expr::kTerm;
          return e;
        }
        for (char c : name) {
          if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            throw SyntaxError{"function names must be all upper-case"};
        }
        e->type = Expr::kFunction;
        return e;
      }
      c_ = before;
      e->type = sigil == '-' ? Expr::kTerm : Expr::kMessage;
      return e;
    }
    return Literal();
  }

  std::vector<ExprPtr> Arguments() {
    std::vector<ExprPtr> args;
    while (true) {
      if (At() == ')') {
        ++c_;
        return args;
      }
      if (AtEnd()) throw SyntaxError{"unclosed argument list"};
      ExprPtr arg = Inline();
      if (arg->type == Expr::kMessage) {
        const size_t before = c_;
        SkipWhitespace();
        if (At() == ':') {
          ++c_;
          SkipWhitespace();
          auto named = std::make_shared<Expr>();
          named->type = Expr::kNamed;
          named->name = arg->name;
          named->args = {Literal()};
          arg = named;
        } else {
          c_ = before;
        }
      }
      args.push_back(arg);
      // TOKEN_COMMA: blanks, an optional comma, blanks.
      SkipWhitespace();
      if (At() == ',') ++c_;
      SkipWhitespace();
    }
  }

  ExprPtr Literal() {
    if (NumberAhead()) return NumberLiteral();
    if (At() == '"') return StringLiteral();
    throw SyntaxError{"invalid expression"};
  }

  ExprPtr StringLiteral() {
    Expect('"');
    std::string value;
    while (true) {
      const char c = At();
      if (AtEnd() || c == '\n' || c == '\r') throw SyntaxError{"unclosed string literal"};
      if (c == '"') {
        ++c_;
        break;
      }
      if (c != '\\') {
        value += c;
        ++c_;
        continue;
      }
      const char next = c_ + 1 < s_.size() ? s_[c_ + 1] : '\0';
      if (next == '\\' || next == '"') {
        value += next;
        c_ += 2;
        continue;
      }
      if (next == 'u' || next == 'U') {
        const size_t digits = next == 'u' ? 4 : 6;
        const std::string hex(s_.substr(c_ + 2, digits));
        if (hex.size() != digits || hex.find_first_not_of("0123456789abcdefABCDEF") != hex.npos)
          throw SyntaxError{"unknown escape sequence"};
        uint32_t code = static_cast<uint32_t>(std::stoul(hex, nullptr, 16));
        if (code > 0xd7ff && code < 0xe000) code = 0xfffd;
        AppendUtf8(code, &value);
        c_ += 2 + digits;
        continue;
      }
      throw SyntaxError{"unknown escape sequence"};
    }
    auto e = std::make_shared<Expr>();
    e->type = Expr::kString;
    e->name = value;
    return e;
  }

  static void AppendUtf8(uint32_t code, std::string* out) {
    if (code < 0x80) {
      *out += static_cast<char>(code);
    } else if (code < 0x800) {
      *out += static_cast<char>(0xc0 | (code >> 6));
      *out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      *out += static_cast<char>(0xe0 | (code >> 12));
      *out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      *out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      *out += static_cast<char>(0xf0 | (code >> 18));
      *out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
      *out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      *out += static_cast<char>(0x80 | (code & 0x3f));
    }
  }

  std::string_view s_;
  size_t c_;
};

// A resolved value (FluentNone carries its fallback text).
struct Value {
  enum Kind { kNone, kString, kNumber } kind = kNone;
  std::string text;  // the string, or the fallback of a none
  double number = 0;
  NumberOptions options;
};

}  // namespace

FluentValue FluentValue::Text(std::string text) {
  FluentValue v;
  v.text = std::move(text);
  return v;
}

FluentValue FluentValue::Number(double number, NumberOptions options) {
  FluentValue v;
  v.is_number = true;
  v.number = number;
  v.options = options;
  return v;
}

struct Catalog::Impl {
  std::string locale;
  std::map<std::string, Entry, std::less<>> messages, terms;
};

namespace {

// One Format call: resolver.js's Scope.
struct Scope {
  const std::map<std::string, Entry, std::less<>>& messages;
  const std::map<std::string, Entry, std::less<>>& terms;
  const std::string& locale;
  const FluentArgs& args;
  const std::map<std::string, Value>* params = nullptr;  // inside a term reference
  std::set<const Pattern*> dirty;
  int placeables = 0;
  std::vector<std::string> errors;

  Value None(std::string fallback) {
    Value v;
    v.text = std::move(fallback);
    return v;
  }

  Value Resolve(const Expr& e) {
    switch (e.type) {
      case Expr::kString: {
        Value v;
        v.kind = Value::kString;
        v.text = e.name;
        return v;
      }
      case Expr::kNumber: {
        Value v;
        v.kind = Value::kNumber;
        v.number = e.number;
        v.options.minimum_fraction_digits = e.precision;
        return v;
      }
      case Expr::kVariable:
        return Variable(e.name);
      case Expr::kMessage: {
        auto it = messages.find(e.name);
        if (it == messages.end()) {
          errors.push_back("unknown message: " + e.name);
          return None(e.name);
        }
        return String(ResolvePattern(it->second.value));
      }
      case Expr::kTerm: {
        auto it = terms.find("-" + e.name);
        if (it == terms.end()) {
          errors.push_back("unknown term: -" + e.name);
          return None("-" + e.name);
        }
        std::map<std::string, Value> named;
        for (const ExprPtr& arg : e.args) {
          if (arg->type == Expr::kNamed) named[arg->name] = Resolve(*arg->args[0]);
        }
        params = &named;
        Value out = String(ResolvePattern(it->second.value));
        params = nullptr;
        return out;
      }
      case Expr::kFunction:
        return Function(e);
      case Expr::kSelect:
        return Select(e);
      case Expr::kNamed:
        break;
    }
    return None("");
  }

  static Value String(std::string text) {
    Value v;
    v.kind = Value::kString;
    v.text = std::move(text);
    return v;
  }

  Value Variable(const std::string& name) {
    if (params != nullptr) {
      auto it = params->find(name);
      return it == params->end() ? None("$" + name) : it->second;
    }
    auto it = args.find(name);
    if (it == args.end()) {
      errors.push_back("unknown variable: $" + name);
      return None("$" + name);
    }
    Value v;
    if (it->second.is_number) {
      v.kind = Value::kNumber;
      v.number = it->second.number;
      v.options = it->second.options;
    } else {
      v.kind = Value::kString;
      v.text = it->second.text;
    }
    return v;
  }

  Value Function(const Expr& e) {
    if (e.name != "NUMBER") {
      errors.push_back("unknown function: " + e.name + "()");
      return None(e.name + "()");
    }
    std::vector<Value> positional;
    std::map<std::string, Value> named;
    for (const ExprPtr& arg : e.args) {
      if (arg->type == Expr::kNamed) {
        named[arg->name] = Resolve(*arg->args[0]);
      } else {
        positional.push_back(Resolve(*arg));
      }
    }
    if (positional.empty()) {
      errors.push_back("NUMBER() takes a number");
      return None("NUMBER()");
    }
    Value v = positional[0];
    if (v.kind == Value::kNone) return None("NUMBER(" + v.text + ")");
    if (v.kind != Value::kNumber) {
      errors.push_back("invalid argument to NUMBER");
      return None("NUMBER()");
    }
    for (const auto& [key, option] : named) {
      const int digits = static_cast<int>(option.number);
      if (option.kind != Value::kNumber) {
        errors.push_back("NUMBER's option " + key + " takes a number");
      } else if (key == "minimumFractionDigits") {
        v.options.minimum_fraction_digits = digits;
      } else if (key == "maximumFractionDigits") {
        v.options.maximum_fraction_digits = digits;
      } else if (key == "minimumSignificantDigits") {
        v.options.minimum_significant_digits = digits;
      } else if (key == "maximumSignificantDigits") {
        v.options.maximum_significant_digits = digits;
      } else {
        errors.push_back("NUMBER's option " + key + " is not in the catalog's subset");
      }
    }
    return v;
  }

  Value Select(const Expr& e) {
    const Value selector = Resolve(*e.selector);
    if (selector.kind != Value::kNone) {
      for (const Variant& variant : e.variants) {
        const Expr& key = *variant.key;
        const bool match = (key.type == Expr::kString && selector.kind == Value::kString &&
                            key.name == selector.text) ||
                           (key.type == Expr::kNumber && selector.kind == Value::kNumber &&
                            key.number == selector.number) ||
                           (key.type == Expr::kString && selector.kind == Value::kNumber &&
                            PluralCategory(selector.number, selector.options, locale) == key.name);
        if (match) return String(ResolvePattern(variant.value));
      }
    }
    return String(ResolvePattern(e.variants[e.star].value));
  }

  std::string Text(const Value& v) {
    if (v.kind == Value::kString) return v.text;
    if (v.kind == Value::kNumber) return FormatNumber(v.number, v.options, locale);
    return "{" + v.text + "}";
  }

  std::string ResolvePattern(const Pattern& pattern) {
    if (dirty.count(&pattern)) {
      errors.push_back("cyclic reference");
      return "{???}";
    }
    dirty.insert(&pattern);
    std::string out;
    for (const Element& element : pattern) {
      if (element.expr == nullptr) {
        out += element.text;
        continue;
      }
      if (++placeables > 100) {
        errors.push_back("too many placeables expanded");
        break;
      }
      out += Text(Resolve(*element.expr));
    }
    dirty.erase(&pattern);
    return out;
  }
};

using Entries = std::map<std::string, Entry, std::less<>>;

void CollectVariables(const Pattern& pattern, const Entries& messages, std::set<std::string>* out,
                      std::set<const Pattern*>* seen);

void CollectVariables(const Expr& e, const Entries& messages, std::set<std::string>* out,
                      std::set<const Pattern*>* seen) {
  if (e.type == Expr::kVariable) out->insert(e.name);
  if (e.type == Expr::kMessage) {
    auto it = messages.find(e.name);
    if (it != messages.end()) CollectVariables(it->second.value, messages, out, seen);
  }
  if (e.type == Expr::kFunction || e.type == Expr::kNamed) {
    for (const ExprPtr& arg : e.args) CollectVariables(*arg, messages, out, seen);
  }
  if (e.type == Expr::kSelect) {
    CollectVariables(*e.selector, messages, out, seen);
    for (const Variant& variant : e.variants) {
      CollectVariables(variant.value, messages, out, seen);
    }
  }
}

void CollectVariables(const Pattern& pattern, const Entries& messages, std::set<std::string>* out,
                      std::set<const Pattern*>* seen) {
  if (!seen->insert(&pattern).second) return;
  for (const Element& element : pattern) {
    if (element.expr != nullptr) CollectVariables(*element.expr, messages, out, seen);
  }
}

}  // namespace

Catalog::Catalog() : impl_(std::make_unique<Impl>()) {}
Catalog::~Catalog() = default;
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;

const std::string& Catalog::locale() const { return impl_->locale; }

Result<Catalog> Catalog::Parse(std::string_view ftl, std::string locale) {
  if (locale != "en" && locale != "es" && locale != "zh-CN") {
    return Result<Catalog>::Failure("no number format for locale \"" + locale + "\"");
  }
  Catalog catalog;
  catalog.impl_->locale = std::move(locale);
  // RE_MESSAGE_START: at a line's start, an identifier (with "-" for a term), spaces, "=",
  // spaces. The search goes on from the end of that match, as the runtime's does.
  size_t line = 0;
  while (line < ftl.size()) {
    size_t next_line = ftl.find('\n', line);
    next_line = next_line == std::string_view::npos ? ftl.size() : next_line + 1;
    size_t k = line;
    if (k < ftl.size() && ftl[k] == '-') ++k;
    const size_t id_start = line;
    if (k < ftl.size() && IsLetter(ftl[k])) {
      while (k < ftl.size() && (IsWord(ftl[k]) || ftl[k] == '-')) ++k;
      const std::string id(ftl.substr(id_start, k - id_start));
      while (k < ftl.size() && ftl[k] == ' ') ++k;
      if (k < ftl.size() && ftl[k] == '=') {
        ++k;
        while (k < ftl.size() && ftl[k] == ' ') ++k;
        try {
          Parser parser(ftl, k);
          Entry entry{parser.Message()};
          auto& table = id[0] == '-' ? catalog.impl_->terms : catalog.impl_->messages;
          if (!table.emplace(id, std::move(entry)).second) {
            return Result<Catalog>::Failure("the catalog defines " + id + " twice");
          }
        } catch (const SyntaxError& error) {
          return Result<Catalog>::Failure("catalog entry " + id + ": " + error.what);
        }
      }
    }
    line = next_line;
  }
  return Result<Catalog>::Success(std::move(catalog));
}

bool Catalog::Has(std::string_view id) const { return impl_->messages.count(id) > 0; }

std::vector<std::string> Catalog::Ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, entry] : impl_->messages) ids.push_back(id);
  return ids;
}

std::vector<std::string> Catalog::Variables(std::string_view id) const {
  std::set<std::string> names;
  std::set<const Pattern*> seen;
  auto it = impl_->messages.find(id);
  if (it != impl_->messages.end()) {
    CollectVariables(it->second.value, impl_->messages, &names, &seen);
  }
  return {names.begin(), names.end()};
}

Result<std::string> Catalog::Format(std::string_view id, const FluentArgs& args) const {
  auto it = impl_->messages.find(id);
  if (it == impl_->messages.end()) {
    return Result<std::string>::Failure("no message " + std::string(id) + " in the catalog");
  }
  Scope scope{impl_->messages, impl_->terms, impl_->locale, args, nullptr, {}, 0, {}};
  std::string text = scope.ResolvePattern(it->second.value);
  if (!scope.errors.empty()) {
    return Result<std::string>::Failure("message " + std::string(id) + ": " + scope.errors[0]);
  }
  return Result<std::string>::Success(std::move(text));
}

}  // namespace clslab
