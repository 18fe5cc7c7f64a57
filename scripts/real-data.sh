#!/usr/bin/env bash
# Runs `clslab reproduce` on the real datasets of ../shared/data (not part of the repo or
# of npm test) under the settings reported in docs/RESULTS.md, and prints one line each.
# Usage: scripts/real-data.sh [path/to/clslab] [data folder]
set -euo pipefail
cli=${1:-build/native/core/clslab}
data=${2:-../shared/data}
out=${TMPDIR:-/tmp}/clslab-real-data
mkdir -p "$out"
runs=(
  "paper-small-sigma|--set sigma=0.01 --set width=64 --set eta=3000 --steps 300"
  "paper-defaults|--steps 300"
  "joint-adam|--protocol joint --set optimizer=adam --set learning_rate=0.001 --set sigma=0.01 --set width=64 --steps 200"
)
for file in "$data/sst2/sentences/stsa.binary.train" "$data/rt-polarity/rt-polarity.utf8.tsv"; do
  for run in "${runs[@]}"; do
    name=${run%%|*}
    read -r -a flags <<<"${run#*|}"
    result="$out/$(basename "$file")-$name.json"
    "$cli" reproduce --data "$file" "${flags[@]}" --out "$result" >/dev/null
    python3 - "$result" "$(basename "$file")" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
f, mm, d = r["final"], r["max_margin"], r["dataset"]
a = r.get("after_step_on_E", {})
slope = f"{a['alignment_slope']:.1f}/{a['predicted_slope']:.0f}, R2 {a['alignment_r2']:.4f}" if a else "n/a"
print(f"| {sys.argv[2]} | {sys.argv[3]} | {d['train_reviews']}/{d['test_reviews']}, V={d['vocab_size']} "
      f"| {f.get('test_accuracy', 0):.3f} | {slope} | {f['u_score']:.3f} / {f['signed_score']:.3f} / {f['u_contrast']:.2f} "
      f"| {f['selection_accuracy']:.3f} | {f.get('cosine_to_max_margin', 0):.3f} "
      f"| {'acyclic' if mm['acyclic'] else 'cycles'}: {mm['constraints']} constraints, {mm['constraints_in_cycles']} in cycles, {mm['violated']} violated |")
PY
  done
done
