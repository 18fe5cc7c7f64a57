#!/usr/bin/env bash
# Installs what clslab needs on a fresh Debian 12 machine, and nothing when all is there:
# Debian's Emscripten (3.1.6), Eigen, nlohmann-json, GoogleTest, CMake, Chromium (for the
# browser tests), clang with libFuzzer (the bounded fuzz run), then the npm packages. Safe to run twice; fast when nothing is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
need() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" || missing+=("$1"); }
for package in emscripten libeigen3-dev nlohmann-json3-dev libgtest-dev cmake g++ chromium \
  clang libclang-rt-14-dev; do
  need "$package"
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci only when node_modules is absent or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
