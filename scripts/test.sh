#!/usr/bin/env bash
# Everything CI runs, in order: set-up, native tests (ctest), wasm + web-module tests in
# Node against the real built module, then the browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== format: prettier (TypeScript, JavaScript, HTML, CSS, JSON, Markdown) and clang-format (C++)"
# The same tools and settings as `npm run format` (.prettierrc.json, .clang-format): a file
# that differs fails here, naming the file; run `npm run format` and commit.
npm run --silent format:check
echo "== native build and tests"
bash scripts/build-native.sh
ctest --preset native -j2
echo "== fuzzing the parsers (libFuzzer, 10 s per target; longer runs: scripts/fuzz.sh SECONDS)"
# A one-line program linked with -fsanitize=fuzzer tells whether clang and libFuzzer exist.
probe="$(mktemp -d)"
if command -v clang++ >/dev/null 2>&1 &&
  echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' |
  clang++ -x c++ -fsanitize=fuzzer - -o "$probe/probe" >/dev/null 2>&1; then
  bash scripts/fuzz.sh 10
else
  echo "SKIPPED fuzzing: clang++ with libFuzzer is not available (Debian: clang-14 libclang-rt-14-dev)"
fi
rm -rf "$probe"
echo "== golden losses from the native CLI (the wasm tests compare against them)"
mkdir -p build/golden
cli=build/native/core/clslab
data=web/public/datasets/movies.tsv
"$cli" train --data "$data" --set protocol=paper --steps 20 >build/golden/paper.jsonl
"$cli" train --data "$data" --set protocol=joint --set optimizer=adam --set batch_size=32 \
  --steps 20 >build/golden/joint.jsonl
# The same 20 steps by `clslab reproduce` (its history): tests/web/drivers-agree.test.ts.
"$cli" reproduce --data "$data" --set protocol=paper --steps 20 \
  --out build/golden/reproduce-paper.json >/dev/null
"$cli" reproduce --data "$data" --set protocol=joint --set optimizer=adam --set batch_size=32 \
  --steps 20 --out build/golden/reproduce-joint.json >/dev/null
# Every message core says and numbers of every type, rendered natively from the catalog:
# tests/web/catalog.test.ts renders the same with @fluent/bundle and requires equal text.
"$cli" messages --out build/golden/messages.json
# A full default run (300 steps) of each protocol: tests/wasm/long-run.test.ts.
"$cli" train --data "$data" --set protocol=paper --steps 300 >build/golden/paper300.jsonl
"$cli" train --data "$data" --set protocol=joint --set optimizer=adam --set batch_size=32 \
  --steps 300 >build/golden/joint300.jsonl
# The flow far into the saturated softmax (flow rate 100, ||p|| to 11,000): the same test.
"$cli" train --data web/public/datasets/twins.tsv --set flow_rate=100 --steps 1000 --every 100 \
  >build/golden/twins1000.jsonl
echo "== wasm build"
bash scripts/build-wasm.sh
echo "== type-check every test file against the wasm contract and the protocol"
npx tsc -p tests/tsconfig.json
echo "== wasm and web-module tests (Node, real module)"
npm run --silent test:wasm
echo "== production build, the one-file edition (its browser test opens it from file://) and its SCORM zip"
npm run --silent build:web
npm run --silent build:single
# The SCORM package of that file (no second build: the zip only): tests/e2e/scorm.test.ts.
node scripts/build-scorm.mjs
# The same page built to obey injected faults (its worker's MODE is 'test'): only the
# reliability tests open it.
npm run --silent build:test
echo "== browser tests (headless Chromium)"
npm run --silent test:e2e
