#!/usr/bin/env bash
# Builds the Embind module (one ES6 artifact for web and worker, see docs/TOOLCHAIN.md) and
# copies it where the web app and the Node tests import it: web/src/wasm-build/.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's em++ runs its JS tools with this Node, which does not search Debian's own
# module folder: without it linking fails with "Cannot find module 'acorn'".
export NODE_PATH=/usr/share/nodejs
emcmake cmake --preset wasm >/dev/null
cmake --build --preset wasm
mkdir -p web/src/wasm-build
cp build/wasm/wasm/clslab.js build/wasm/wasm/clslab.wasm web/src/wasm-build/
