// The catalog files the CLI carries (generated from catalog/*.ftl by embed_catalog.cmake).
#pragma once

#include <string_view>

namespace clslab_cli {

extern const std::string_view kCatalogEn;  // catalog/en.ftl

}  // namespace clslab_cli
