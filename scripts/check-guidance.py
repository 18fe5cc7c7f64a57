#!/usr/bin/env python3
"""Checks `clslab reproduce` results against issue 18's rules for what the guidance may say.

Usage: scripts/check-guidance.py result.json... (exit 1 when a rule is broken). A tool for
real-data runs (not part of npm test): for each file,
- a result2 line of kind "shown" implies, over all training reviews, either final
  cosine_to_max_margin > 0.8 and selection_accuracy > 0.9, or final cosine_to_local_svm > 0.9
  with the line naming final local_selection_s_star as a percentage;
- no guidance line offers the recipe in force (the run's --recipe);
- no quoted token with |Delta| >= 0.3 is called a stop word;
- no figure1 line says the U is past its peak when the best U came at the last recorded step;
- no line says "all N reviews" with N the training reviews when some of them have no token in
  the vocabulary (final scored_reviews < train_reviews): those figures are over the scored ones.
"""
import json
import re
import sys


def check(path):
    r = json.load(open(path))
    f = r["final"]
    lines = r["guidance"]["panels"] + r["guidance"]["diagnostics"]
    in_force = r.get("recipe", {}).get("name", "")
    tokens = r.get("tokens", {})
    delta_of = dict(zip(tokens.get("tokens", []), (abs(x) for x in tokens.get("delta", []))))
    problems = []
    for line in lines:
        text = line["text"]
        if in_force and line["recipe"] == in_force:
            problems.append(f"offers the recipe in force ({in_force}): {text}")
        if "stop word" in text:
            for token in re.findall(r'"([^"]+)" \(\|Delta\|', text.split("stop word", 1)[1]):
                if delta_of.get(token, 0) >= 0.3:
                    problems.append(f'calls "{token}" (|Delta| {delta_of[token]:.2f}) a stop word')
        if line["panel"] == "result2" and line["kind"] == "shown":
            theorem = f["cosine_to_max_margin"] > 0.8 and f["selection_accuracy"] > 0.9
            share = f"{100 * f['local_selection_s_star']:.1f}%"
            local = f.get("cosine_to_local_svm", 0) > 0.9 and share in text
            if not (theorem or local):
                problems.append(f"result2 shown without an all-review claim: {text}")
        n, scored = f["train_reviews"], f.get("scored_reviews", f["train_reviews"])
        if scored < n and re.search(rf"\ball {n:,} (training )?reviews", text):
            problems.append(f"says all {n:,} reviews while {n - scored:,} have no token: {text}")
        if line["panel"] == "figure1" and ("past its peak" in text or "peaked" in text):
            last = max(h["step"] for h in r["history"])
            if r["best_u"]["step"] >= last:
                problems.append(f"figure1 past its peak with the best U at the last step: {text}")
    return problems


failed = False
for path in sys.argv[1:]:
    problems = check(path)
    print(f"{path}: {'ok' if not problems else f'{len(problems)} problem(s)'}")
    for p in problems:
        print("  -", p)
    failed = failed or bool(problems)
sys.exit(1 if failed else 0)
