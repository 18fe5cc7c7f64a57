#!/usr/bin/env bash
# Everything CI runs, in order: set-up, native tests (ctest), wasm + web-module tests in
# Node against the real built module, then the browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== native build and tests"
bash scripts/build-native.sh
ctest --preset native -j2
echo "== wasm build"
bash scripts/build-wasm.sh
echo "== wasm and web-module tests (Node, real module)"
npm run --silent test:wasm
echo "== production build"
npm run --silent build:web
echo "== browser tests (headless Chromium)"
npm run --silent test:e2e
