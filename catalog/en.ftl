# clslab's words: every sentence the lab says about a run, in Fluent syntax
# (https://projectfluent.org). Core returns findings {panel, kind, code, args}; a finding's
# code is a message id below and its args are the message's variables. The page renders
# this file with @fluent/bundle (web/src/messages.ts), the CLI with core's renderer of the
# same subset (core/include/clslab/catalog.h); tests/web/catalog.test.ts requires the two
# texts to be equal for every message, so what the CLI prints is what the page shows.
#
# Add a message:
#   1. here: `code = text with { $variables }`, one line (select expressions may span lines);
#      write the paper's notation as the page shows it (α, Δ, η, ‖v‖², p_mm, R²);
#   2. in core, where the rule that says it is: its MessageSpec (messages.h) with each
#      variable's type and the claim the words make, a predicate over the run's numbers
#      (tests/core/claims_test.cpp checks it on every run it generates);
#   3. a message only the page says (a button, a label): in web/src/messages.ts PAGE_MESSAGES
#      with its variables' types.
# Ids are stable (a translation keys on them); rename one only with every locale's file.
# Numbers: a variable's type formats it (count "20,000", share "67.0%", ratio 3 significant
# digits, value 4 significant digits); NUMBER($x, maximumSignificantDigits: 2) refines it.
# Lists of tokens are joined with token-list-item and token-list-separator.

## Lists

token-list-item = “{ $item }”
token-list-separator = {", "}

## What each verdict kind is called where a verdict is shown

verdict-label-expect = What to look for:
verdict-label-shown = Shown:
verdict-label-off = Not shown:
verdict-label-instead = Instead:
verdict-label-n-a = Not predicted here:
