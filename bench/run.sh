#!/usr/bin/env bash
# npm run bench: builds what the benchmarks need (native bench, the wasm bench module,
# the production app), then runs bench/run.mjs. Arguments pass through to run.mjs.
# Not part of npm test. Uses at most -j2 (the machine is shared).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/perf -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/perf -j2 --target clslab_step_bench
bash bench/build-wasm.sh
npm run --silent build
node bench/run.mjs "$@"
