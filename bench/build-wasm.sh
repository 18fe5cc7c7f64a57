#!/usr/bin/env bash
# Builds the benchmark wasm module (bench/wasm/bench_exports.cpp + the core, same -O3
# -msimd128 flags as the app's module) into build/bench-wasm/bench/clslab_bench.{js,wasm}.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # em++'s JS tools need Debian's acorn (docs/TOOLCHAIN.md)
emcmake cmake -S . -B build/bench-wasm -DCLSLAB_BENCH_WASM=ON -DCMAKE_BUILD_TYPE=Release \
  -DEigen3_DIR=/usr/share/eigen3/cmake -Dnlohmann_json_DIR=/usr/share/cmake/nlohmann_json >/dev/null
cmake --build build/bench-wasm -j2 --target clslab_bench_wasm
