#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a bounded time.
# Usage: scripts/fuzz.sh [seconds per target, default 20]. Crash inputs land in build/fuzz/.
# Needs clang++ with libFuzzer (Debian: clang-14 and libclang-rt-14-dev).
set -euo pipefail
seconds="${1:-20}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/fuzz"
CXX="${CXX:-clang++}" cmake -S "$root/fuzz" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j2
# Seeds: one small file per shape; the first byte is the fuzzer's option selector (0 = auto).
seeds="$build/corpus_fuzz_text_formats"
if [ ! -d "$seeds" ]; then
  mkdir -p "$seeds"
  printf '\000sentence\tlabel\nhide new secretions \t0\nloves its characters \t1\n' >"$seeds/glue"
  printf '\0001 a gorgeous film\n0 one long string of cliches .\n' >"$seeds/sst2"
  printf '\000__label__2 great\n__label__1 awful\n' >"$seeds/fasttext"
  printf '\000{"text": "good", "label": 1}\n{"text": "bad", "stars": 2.5}\n' >"$seeds/jsonl"
  printf '\000\357\273\277id,text,label\r\n1,"a, ""b""\r\nc",pos\r\n2,d,neg\r\n' >"$seeds/csv"
  printf '\000text,stars\na,1\nb,3\nc,4.5\nd,10\n' >"$seeds/stars"
fi
seeds="$build/corpus_fuzz_config"
if [ ! -d "$seeds" ]; then
  mkdir -p "$seeds"
  printf 'v=1&width=32&sigma=0.05&flow_step=normalized' >"$seeds/link"
  printf '{"version": 1, "width": 8, "protocol": "joint"}' >"$seeds/json"
  printf '{"clslab_run": 1, "config": {"version": 1}, "weights": {"E": "AAAA"}}' >"$seeds/run"
fi
for target in fuzz_text_formats fuzz_tokenizer fuzz_config; do
  corpus="$build/corpus_$target"
  mkdir -p "$corpus"
  echo "== $target for ${seconds}s"
  (cd "$build" && "./$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 "$corpus")
done
