# Writes OUTPUT, a C++ source defining clslab_cli::NAME: the bytes of INPUT (a
# catalog/<locale>.ftl), so the CLI renders the page's catalogs without reading a file at run
# time.
file(READ ${INPUT} content HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
file(WRITE ${OUTPUT}
     "// Generated from ${INPUT} by core/cli/embed_catalog.cmake: do not edit.\n"
     "#include <string_view>\n"
     "namespace clslab_cli {\n"
     "namespace {\nconst unsigned char kBytes[] = {${bytes} 0};\n}\n"
     "extern const std::string_view ${NAME}(reinterpret_cast<const char*>(kBytes),\n"
     "                                         sizeof kBytes - 1);\n"
     "}  // namespace clslab_cli\n")
