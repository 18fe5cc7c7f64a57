// Which embedded catalog a locale reads (catalog_text.h).
#include "catalog_text.h"

namespace clslab_cli {

std::string_view CatalogText(std::string_view locale) {
  if (locale == "en") return kCatalogEn;
  if (locale == "es") return kCatalogEs;
  if (locale == "zh-CN") return kCatalogZhCn;
  return {};
}

}  // namespace clslab_cli
