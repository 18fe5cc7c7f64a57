// The catalog files the CLI carries (generated from catalog/*.ftl by embed_catalog.cmake):
// one per locale, the page's own files, so `clslab --lang es` writes what the page writes.
#pragma once

#include <array>
#include <string_view>

namespace clslab_cli {

extern const std::string_view kCatalogEn;    // catalog/en.ftl
extern const std::string_view kCatalogEs;    // catalog/es.ftl
extern const std::string_view kCatalogZhCn;  // catalog/zh-CN.ftl

// The locales the CLI speaks (web/src/locale.ts LOCALES, without the page's pseudo-locale).
inline constexpr std::array<std::string_view, 3> kCatalogLocales = {"en", "es", "zh-CN"};

// The catalog text of `locale`, or an empty view when the CLI has none.
std::string_view CatalogText(std::string_view locale);

}  // namespace clslab_cli
