// libFuzzer target for untrusted settings: the share-link decoder (never fails, always a
// valid config), the strict JSON config reader and the run-file reader (errors as values).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "clslab/config.h"
#include "clslab/run_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const clslab::DecodedShareLink decoded = clslab::DecodeShareLink(text);
  // Whatever the link says, the result must be a config the strict reader accepts back.
  if (!clslab::ValidateConfig(decoded.config).ok()) std::abort();
  const clslab::Result<clslab::RunConfig> again =
      clslab::ConfigFromJson(clslab::ConfigToJson(decoded.config));
  if (!again.ok()) std::abort();
  if (clslab::EncodeShareLink(again.value) != clslab::EncodeShareLink(decoded.config)) std::abort();
  clslab::ConfigFromJson(text);
  clslab::ReadRunFile(text);
  return 0;
}
