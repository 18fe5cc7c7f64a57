#!/usr/bin/env bash
# Installs what clslab needs on a fresh Debian 12 machine, and nothing when all is there:
# Debian's Emscripten (3.1.6), Eigen, nlohmann-json, CMake and make (the wasm build), then
# GoogleTest, g++, Chromium (the browser tests), clang with libFuzzer (the bounded fuzz
# run) and clang-format (the format check), then the npm packages. Safe to run twice; fast when nothing is missing.
#   --build-only   only what `npm run build` needs (the GitHub Pages workflow)
set -euo pipefail
cd "$(dirname "$0")/.."

# make: CMake's default generator; cmake and emscripten only recommend or suggest it.
packages=(emscripten libeigen3-dev nlohmann-json3-dev cmake make)
if [ "${1:-}" != "--build-only" ]; then
  packages+=(libgtest-dev g++ chromium clang libclang-rt-14-dev clang-format)
fi

missing=()
need() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" || missing+=("$1"); }
for package in "${packages[@]}"; do
  need "$package"
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci only when node_modules is absent or older than the lock file. A linked node_modules
# is an install shared by several checkouts (worktrees): npm ci would empty the folder it
# points to under all of them, so it is left to the checkout that owns it.
if [ -L node_modules ]; then
  echo "setup: node_modules links to $(readlink node_modules); npm ci is left to that checkout"
elif [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
