#!/usr/bin/env bash
# Configures and builds the native preset: core library, GoogleTest suites, CLI, benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset native >/dev/null
cmake --build --preset native
