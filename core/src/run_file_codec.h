// Run files' binary parts (internal): arrays as base64 of their little-endian bytes, and
// the trainer's resume state as JSON. run_file.cpp assembles the document.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "clslab/status.h"
#include "clslab/trainer.h"

namespace clslab {
namespace run_file_internal {

// Base64 of n bytes as stored in memory: little-endian on x86 and on wasm, the two targets
// this builds for, so a file written by one reads identically on the other.
std::string Base64(const void* data, int64_t n);
// Decodes exactly n bytes into `out`; false when the text is not base64 of that length.
bool FromBase64(std::string_view text, void* out, int64_t n);

// The resume state, and back. Sizes are checked before anything is allocated: the order
// must have `reviews` entries (or none), the moments V x d (or none).
nlohmann::ordered_json StateToJson(const TrainerState& state);
Result<TrainerState> StateFromJson(const nlohmann::json& json, int64_t reviews, int64_t vocab_size,
                                   int64_t width);

}  // namespace run_file_internal
}  // namespace clslab
