#!/usr/bin/env bash
# Builds the page (wasm module + vite) of an older commit, for bench/page/page-bench.mjs to
# measure beside the current dist/ in one Chromium. Usage: bench/page/build-ref.sh REF
# Prints the built dist/ directory: build/page-ref/<sha>/dist (kept, so a rerun is quick).
# The commit is checked out in a temporary git worktree that shares node_modules, built
# with -j2 under nice (the machine is shared), and removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
sha=$(git rev-parse --short=12 "${1:?usage: build-ref.sh REF}^{commit}")
out=$root/build/page-ref/$sha
if [[ -f $out/dist/index.html ]]; then
  echo "$out/dist"
  exit 0
fi
tree=$out/tree
rm -rf "$tree"
mkdir -p "$out"
git worktree add --detach "$tree" "$sha" >&2
trap 'git -C "$root" worktree remove --force "$tree" >&2' EXIT
ln -s "$root/node_modules" "$tree/node_modules"
(
  cd "$tree"
  nice bash scripts/build-wasm.sh >&2
  nice npm run --silent build:web >&2
)
rm -rf "$out/dist"
cp -r "$tree/dist" "$out/dist"
echo "$out/dist"
