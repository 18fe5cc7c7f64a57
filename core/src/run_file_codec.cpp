// Run files' binary parts: base64 arrays and the trainer's resume state (run_file_codec.h).
// Legend: n train reviews, V vocabulary, d width.
#include "run_file_codec.h"

#include <cstdio>

namespace clslab {
namespace run_file_internal {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

}  // namespace

std::string Base64(const void* data, int64_t n) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  std::string out;
  out.reserve((n + 2) / 3 * 4);
  for (int64_t k = 0; k < n; k += 3) {
    const uint32_t chunk =
        (bytes[k] << 16) | (k + 1 < n ? bytes[k + 1] << 8 : 0) | (k + 2 < n ? bytes[k + 2] : 0);
    out += kAlphabet[(chunk >> 18) & 63];
    out += kAlphabet[(chunk >> 12) & 63];
    out += k + 1 < n ? kAlphabet[(chunk >> 6) & 63] : '=';
    out += k + 2 < n ? kAlphabet[chunk & 63] : '=';
  }
  return out;
}

bool FromBase64(std::string_view text, void* out, int64_t n) {
  if (static_cast<int64_t>(text.size()) != (n + 2) / 3 * 4) return false;
  auto* bytes = static_cast<unsigned char*>(out);
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return c == '=' ? 0 : -1;
  };
  int64_t written = 0;
  for (size_t k = 0; k < text.size(); k += 4) {
    uint32_t chunk = 0;
    for (int j = 0; j < 4; ++j) {
      const int v = value(text[k + j]);
      if (v < 0) return false;
      chunk = (chunk << 6) | static_cast<uint32_t>(v);
    }
    for (int j = 0; j < 3 && written < n; ++j) bytes[written++] = (chunk >> (16 - 8 * j)) & 255;
  }
  return true;
}

namespace {

std::string Hex(uint64_t x) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(x));
  return text;
}

bool FromHex(const nlohmann::json& value, uint64_t* x) {
  if (!value.is_string() || value.get<std::string>().size() != 16) return false;
  *x = 0;
  for (char c : value.get<std::string>()) {
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return false;
    *x = *x << 4 | static_cast<uint64_t>(digit);
  }
  return true;
}

template <typename Array>
std::string Encoded(const Array& a) {
  return Base64(a.data(),
                static_cast<int64_t>(a.size()) * static_cast<int64_t>(sizeof(a.data()[0])));
}

// Reads `key` of `json` as base64 of `count` elements into `a` (already sized).
template <typename Array>
bool Decoded(const nlohmann::json& json, const char* key, Array* a) {
  if (!json.contains(key) || !json[key].is_string()) return false;
  const int64_t bytes =
      static_cast<int64_t>(a->size()) * static_cast<int64_t>(sizeof(a->data()[0]));
  return FromBase64(json[key].get<std::string>(), a->data(), bytes);
}

}  // namespace

nlohmann::ordered_json StateToJson(const TrainerState& state) {
  nlohmann::ordered_json json;
  json["flow_step_length"] = state.flow_step_length;
  json["flow_step_exponent"] = state.flow_step_exponent;
  json["rng"] = {{"words",
                  {Hex(state.rng.words[0]), Hex(state.rng.words[1]), Hex(state.rng.words[2]),
                   Hex(state.rng.words[3])}},
                 {"has_spare_normal", state.rng.has_spare_normal},
                 {"spare_normal", state.rng.spare_normal}};
  json["order"] = Encoded(state.order);
  json["order_position"] = state.order_position;
  const OptimizerState& o = state.optimizer;
  json["adam_steps"] = o.adam_steps;
  if (o.m_E.size() > 0) {
    json["moments"] = {{"m_E", Encoded(o.m_E)}, {"v_E", Encoded(o.v_E)}, {"m_p", Encoded(o.m_p)},
                       {"v_p", Encoded(o.v_p)}, {"m_v", Encoded(o.m_v)}, {"v_v", Encoded(o.v_v)}};
  }
  return json;
}

Result<TrainerState> StateFromJson(const nlohmann::json& json, int64_t reviews, int64_t vocab_size,
                                   int64_t width) {
  using R = Result<TrainerState>;
  const auto bad = [](const char* what) {
    return R::Failure(std::string("the run's training state: ") + what);
  };
  TrainerState state;
  if (!json.is_object() || !json.contains("flow_step_length") ||
      !json["flow_step_length"].is_number() || !json.contains("rng") || !json["rng"].is_object() ||
      !json.contains("order") || !json["order"].is_string() || !json.contains("order_position") ||
      !json["order_position"].is_number_integer() || !json.contains("adam_steps") ||
      !json["adam_steps"].is_number_integer()) {
    return bad("fields are missing or have the wrong types");
  }
  state.flow_step_length = json["flow_step_length"].get<double>();
  // Absent before the flow's step kept a power of two of its own (files of before issue 37).
  if (json.contains("flow_step_exponent")) {
    if (!json["flow_step_exponent"].is_number_integer()) return bad("the flow's step is malformed");
    const int64_t exponent = json["flow_step_exponent"].get<int64_t>();
    if (exponent < -(int64_t{1} << 31) + 1 || exponent > (int64_t{1} << 31) - 1) {
      return bad("the flow's step is out of range");
    }
    state.flow_step_exponent = static_cast<int32_t>(exponent);
  }
  const nlohmann::json& rng = json["rng"];
  if (!rng.contains("words") || !rng["words"].is_array() || rng["words"].size() != 4 ||
      !rng.contains("has_spare_normal") || !rng["has_spare_normal"].is_boolean() ||
      !rng.contains("spare_normal") || !rng["spare_normal"].is_number()) {
    return bad("the random generator's state is malformed");
  }
  for (int k = 0; k < 4; ++k) {
    if (!FromHex(rng["words"][k], &state.rng.words[k])) return bad("a random word is not hex");
  }
  state.rng.has_spare_normal = rng["has_spare_normal"].get<bool>();
  state.rng.spare_normal = rng["spare_normal"].get<double>();
  // The order has n entries or none: its base64 length says which, before allocating.
  const size_t order_chars = json["order"].get<std::string>().size();
  const int64_t n = order_chars == 0 ? 0 : reviews;
  state.order.resize(static_cast<size_t>(n));
  if (!Decoded(json, "order", &state.order)) return bad("the batch order does not fit the data");
  state.order_position = json["order_position"].get<int32_t>();
  OptimizerState& o = state.optimizer;
  o.adam_steps = json["adam_steps"].get<int64_t>();
  if (json.contains("moments")) {
    const nlohmann::json& m = json["moments"];
    if (!m.is_object()) return bad("the optimizer moments are malformed");
    o.m_E.resize(vocab_size, width);
    o.v_E.resize(vocab_size, width);
    for (Eigen::VectorXf* v : {&o.m_p, &o.v_p, &o.m_v, &o.v_v}) v->resize(width);
    if (!Decoded(m, "m_E", &o.m_E) || !Decoded(m, "v_E", &o.v_E) || !Decoded(m, "m_p", &o.m_p) ||
        !Decoded(m, "v_p", &o.v_p) || !Decoded(m, "m_v", &o.m_v) || !Decoded(m, "v_v", &o.v_v)) {
      return bad("the optimizer moments do not fit the weights");
    }
  }
  return R::Success(std::move(state));
}

}  // namespace run_file_internal
}  // namespace clslab
