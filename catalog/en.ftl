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
# Lists of tokens are joined with token-list-item and token-list-separator; sentences said
# one after another (a finding and its details, a recipe's plan and cost) with
# sentence-separator (a space between English sentences, none between Chinese ones).

## Lists

token-list-item = “{ $item }”
token-list-separator = {", "}
sentence-separator = {" "}

## A value that does not apply (yet): a read-out, a tooltip

not-available = n/a

## What each verdict kind is called where a verdict is shown

verdict-label-expect = What to look for:
verdict-label-shown = Shown:
verdict-label-off = Not shown:
verdict-label-instead = Instead:
verdict-label-n-a = Not predicted here:

## Buttons beside a verdict

recipe-use = Use the { $name } recipe
recipe-why = Why these numbers
offer-dataset = Open { $name }.tsv (real reviews)

## The prompt while the page is busy (core's guidance.prompt says the rest)

prompt-needs-data = This link needs its data: see the Dataset card.
prompt-nothing-loaded = Nothing is loaded: { $reason }
prompt-loading = Loading the model and the dataset…
prompt-training = Training… press Pause to stop and inspect.
prompt-stopped = Stopped: { $reason }

## Trends over the last quarter of a run (a detail of several verdicts)

trend = { $quantity ->
        [cos-local] cos(p, p_local)
        [cos-mm] cos(p, p_mm)
        [margin] The normalized margin
        [u-score] The U-score
        [norm] ‖p‖
       *[train-loss] The train loss
    } { $direction ->
        [rose] rose by { $change }
        [fell] fell by { $change }
       *[flat] changed by { $change }, within 0.01,
    } since step { $step }.

## Result 1: one step on E writes α into the embeddings

result1-not-predicted = The one-step picture belongs to the paper protocol: joint training moves E and p together, so v·E_s is no longer (η/2) α_s and no line is predicted.
result1-waits = Waiting for the step on E: press “Step E”, and each token's v·E_s should move by (η/2) α_s, onto a line through the origin.
result1-shown = The points lie on the predicted line: slope { $slope } against (η/2)‖v‖² = { $predicted }, R² { $r2 }.
result1-close = Close to the predicted line, not on it: slope { $slope } against (η/2)‖v‖² = { $predicted }, R² { $r2 }.
result1-off = Off the predicted line: slope { $slope } against (η/2)‖v‖² = { $predicted }, R² { $r2 }.
result1-noise = The initial noise σ/√d = { $noise } stands next to the step's spread (η/2)·std(α) = { $spread }.
result1-recipe-sigma = The result1 recipe sets σ = { $sigma } and d = { $d }: its initial noise σ/√d = { $noise } is { $share } of its step's spread (η/2)·std(α) = { $spread } on these reviews, against { $now } here.
result1-recipe-in-force = The result1 recipe is in force (σ = { $sigma }): only a smaller σ, or a larger η, in the settings sharpens the line.

## Figure 1: the U shape of p·E_s against Δ_s

figure1-waits = p = 0 scores every token 0; as training runs, polar tokens of both signs should rise: a U of p·E_s against Δ_s.
figure1-p-zero = p is still 0 (the flow on p has not started), so every token scores 0.
figure1-shown = A U under { $protocol ->
        [joint] joint training (E and p together)
       *[paper] the paper protocol (the flow on p)
    }: polar tokens of both signs score high (U-score { $u }, signed { $signed }).
figure1-off = No U at step { $step }: U-score { $u }, signed { $signed } (a U needs a U-score of at least 0.5 with the signed score within ±0.3).
figure1-forming = Joint training is at step { $step } of the figure1 recipe's budget of { $budget } steps (U-score { $u }, signed { $signed }): whether a U forms within it depends on the data, so watch the U-score.
figure1-best-earlier = The best U-score so far was { $best }, at step { $step }.
figure1-past-peak = The U-score peaked at { $best } at step { $step } and has fallen by { $drop } since.
figure1-below-within-budget = The U-score has not reached 0.5 within the figure1 recipe's budget of { $budget } steps: its best was { $best }, at step { $step }.
figure1-signed-blocks = The U-score { $u } is past 0.5, but the signed score { $signed } is not within ±0.3: p also ranks tokens by the sign of Δ.
figure1-selected-kind = p follows each review's selected token s*, and those are { $kind ->
        [frequent-mild] frequent, mildly polar
        [frequent] frequent
        [mild] mildly polar
       *[polar] polar
    } tokens (median count { $count } against { $vocabulary } over the vocabulary, median |Δ| { $delta }).
figure1-signed-ranking = p·E_s ranks tokens by the sign of Δ (signed { $signed }), not by |Δ|.
figure1-theory-u = The theory's p_mm gives U-score { $u }.
figure1-try-joint = The figure1 recipe trains E and p together (joint training) for { $steps } steps. { $reach ->
        [closed] Under its vocabulary no p gives a U either: any p with a U-score of at least 0.5 has a signed score of at least { $least } in absolute value.
       *[open] The Δ of the words it ranks does not rule a U out; only the run shows whether one forms.
    }
figure1-in-force-stop = The figure1 recipe is in force: a run stopped near step { $step } keeps the best U it gave.

## Result 2: the flow on p selects s*, at max margin

result2-waits = After the step on E each review's selected token s* is its most label-aligned one; the flow on p should put the attention on it, turning p toward p_mm.
result2-not-predicted = Result 2 is about the flow on p with E frozen after one step (the paper protocol); under joint training E moves too, so p_mm changes every step.
result2-solve = Solve the attention-SVM to compare p with p_mm.
result2-shown = Attention selects s*: over all { $reviews } training reviews, cos(p, p_mm) { $cos } and selection of s* { $selection }{ $all ->
        [yes] {""}
       *[no] {" "}({ $scored_selection } over the { $scored } reviews ({ $scored_share }) with a token in the vocabulary, the others selecting nothing)
    }, with d = { $d } ≥ V = { $v }, as the theorem says.
result2-off = Not the theorem's picture: over all { $reviews } training reviews, cos(p, p_mm) { $cos } and selection of s* { $selection } ({ $all ->
        [yes] {""}
       *[no] { $scored_selection } over the { $scored } reviews ({ $scored_share }) with a token in the vocabulary, the others selecting nothing;{" "}
    }the theorem: cos ≥ 0.9 and selection ≥ 95% with d ≥ V; here d = { $d }, V = { $v }).
result2-off-cancelled = { result2-off } The comparison with p_local, the att-SVM of the flow's own selection at step { $step }, was cancelled: what the flow follows instead is not claimed.
result2-instead = { $hypothesis ->
        [cycles] Result 2's hypothesis fails on these reviews (the constraints of s* have cycles).
       *[width] Result 2's hypothesis fails here (d < V).
    } Instead, p follows the att-SVM of the tokens the flow selects itself, the locally optimal direction of Tarzanagh et al. (2023): cos(p, p_local) { $cos_local } over all { $reviews } training reviews, where that selection is s* in { $s_star } of them.
result2-cycles = { $cycles } of the { $constraints } constraints of s* lie on cycles of the must-beat graph: no p selects s* in every review.
result2-component = { $sets ->
        [one] The one strongly connected set
       *[other] The largest of { $sets } strongly connected sets
    } of the must-beat graph, { $size } words ({ $words }, …), holds s* for { $holds } of the { $reviews } reviews ({ $share }).
result2-narrow = d = { $d } < V = { $v }: p cannot separate every token, and the theorem needs d ≥ V.
result2-unscored = { $empty } of the { $reviews } training reviews have no token in the vocabulary, so nothing is selected in them{ $drop_unknown ->
        [yes] : turn off “Drop unknown words” or raise the max vocabulary in the settings.
       *[no] .
    }
result2-stop-word = “{ $token }” (|Δ| { $delta }, in { $documents } of reviews) is the selected token of { $share } of them: a word with no label information.
result2-drop-stop-words = A max document share below 1 drops words found in too many reviews.
result2-no-trend = No earlier measurement in the last quarter of the run tells whether { $quantity ->
        [cos-local] cos(p, p_local)
       *[cos-mm] cos(p, p_mm)
    } still moves: keep the flow running.
result2-acyclic-subset = On the { $acyclic } of { $reviews } reviews ({ $share }) whose constraints lie on no cycle: cos(p, p_mm) { $cos }, selection { $selection }.
result2-local = For the tokens the flow selects: cos(p, p_local) { $cos_local } (p_local of the selection at step { $step }{ $current ->
        [no] , which has changed since
       *[yes] {""}
    }), and that selection is s* in { $s_star } of reviews.
result2-local-cancelled = The att-SVM of the flow's own selection at step { $step } (p_local) was cancelled: nothing is claimed here about whether p follows it. Opening the link again, or the end of the next run, solves it.
result2-baseline-selection = Baseline: attending to the token of largest |v·E_s| (no label, no training) selects s* in { $baseline } of reviews; the flow on p in { $flow }.
result2-baseline-pooled = Baseline: the pooled classifier (p = 0, attention spread evenly) has test accuracy { $pooled }; the model now { $now }.
result2-baseline-no-test = Without a test split, the pooled classifier (p = 0) has no test accuracy to compare with.
result2-margin-approaches = The normalized margin { $margin } rose over the last part of the run and approaches 1/‖p_mm‖ = { $reference }.
result2-margin = The normalized margin is { $margin }, against 1/‖p_mm‖ = { $reference }.
result2-feasible = Result 2's hypothesis holds on these reviews: none of the { $constraints } constraints lies on a cycle of the must-beat graph, so the attention-SVM is feasible over all of them, with independent rows of E(0) (d ≥ V).
result2-soft-margin = p_mm here is the soft-margin solution (C = { $c }).
result2-twins = These reviews were generated for it (scripts/make-twins.mjs): each positive review has a negative twin with every sentiment word swapped for its opposite, so a sentiment word appears only in reviews of its own class. Real reviews break this: open the built-in movie reviews to see Result 2's hypothesis fail, and why.

# Result 2 at a finite step (issue 37): the bar cos ≥ 0.9, selection ≥ 95% stands in for the limit.
result2-elsewhere = In { $differ } of the { $reviews } training reviews the flow selects another token than s*, and p is nearer the att-SVM of that selection (cos(p, p_local) { $cos_local }) than p_mm (cos(p, p_mm) { $cos }): at this step the flow is measured heading elsewhere than the theorem's limit. This step meets the bar the lab checks at a finite step (cos ≥ 0.9, selection of s* { $selection } ≥ 95%), but that bar only stands in for the limit.
result2-receding = The normalized margin { $margin } is negative and fell by { $fall } since step { $from }, so p ranks another token above s* in some review and moves away from 1/‖p_mm‖ = { $reference }, the margin of the theorem's limit. This step meets the bar the lab checks at a finite step (cos(p, p_mm) { $cos } ≥ 0.9, selection of s* { $selection } ≥ 95% over all { $reviews } training reviews), but that bar only stands in for the limit.
result2-limit-same = The theorem is about the flow's limit; checked at this step: the flow's own selection is s* in every review, so the att-SVM of its selection is p_mm itself.
result2-limit-open = The theorem is about the flow's limit; at this step the flow selects another token than s* in { $differ } of the { $reviews } training reviews, and the att-SVM of that selection (p_local) is not solved for it yet: whether the flow heads to p_mm is not measured.
result2-limit-nearer-mm = The theorem is about the flow's limit; at this step the flow selects another token than s* in { $differ } of the { $reviews } training reviews, but p is nearer p_mm (cos(p, p_mm) { $cos }) than the att-SVM of that selection (cos(p, p_local) { $cos_local }).

## Training: loss and accuracy

loss-now = Train loss { $train }{ $has_test ->
        [yes] , test loss { $test }.
       *[no] .
    }
loss-waits = The step on E comes first; the flow on p follows it.
loss-joint = Joint training: both losses fall while the model learns; a test loss that rises while the train loss falls is overfitting.
loss-flow = The flow on p trains p alone, E and v frozen after the step on E.
loss-overfits = The model overfits the training reviews: the test loss rose from its lowest, { $lowest } at step { $step }, while the train loss fell from { $train_then }.
accuracy-fell = Test accuracy fell from { $before } after the step on E to { $now } now.
flow-on-subset = The flow trains p on { $flow } of the { $reviews } training reviews ({ $share }): the acyclic ones only.

## Which reviews Result 2's figures are over

coverage = { $all ->
        [yes] Over all { $reviews } training reviews.
       *[no] Over the { $scored } of { $reviews } training reviews ({ $scored_share }) with a token in the vocabulary; the others select nothing, so over all { $reviews } attention selects s* in { $selection }.
    }
coverage-acyclic = Acyclic: { $acyclic } of the { $reviews } ({ $share }).
rate-measured = { $direction ->
       *[falls] Measured slope { $slope } on these axes (steps { $from }–{ $to }, { $points } points): 1 − cos(p, p_mm) falls like step^{ $slope }. A measurement, not a rate the theory states.
        [rises] Measured slope { $slope } on these axes (steps { $from }–{ $to }, { $points } points): 1 − cos(p, p_mm) rises, so p turns away from p_mm.
    }
rate-unmeasured = The slope is measured once 1 − cos(p, p_mm) has { $points } recorded points over a factor of { $span } in steps.

## The prompt above the charts: what the run calls for next

prompt-step-e = Initialized with p = 0 and small E. Press “Step E” for the one gradient step on E (Result 1).
prompt-joint = Joint training of E and p: press Play.
prompt-play = Step { $step } of { $steps }: press Play to run the flow on p; each chart's verdict is under it.
prompt-done = The run reached step { $step }, its length: each chart's verdict is under it.

## Why does it look like this? (the numbers behind the verdicts)

why-width = d = { $d }, V = { $v }: the theorem needs d ≥ V (independent rows of E(0)).
why-constraints = { $constraints } constraints, { $cycles } on cycles, { $violated } violated by p_mm; { $acyclic } of { $reviews } reviews ({ $share }) are acyclic.
why-own-selection = The flow's own selection (the top token of p·E_s in each review) is s* in { $s_star } of the { $reviews } reviews with a token; one top token in { $strict }.
why-own-svm = Its att-SVM (the selection at step { $step }, { $constraints } constraints, ‖p_local‖ { $norm }): cos(p, p_local) { $cos_local }.
why-selected = Selected tokens s*: { $distinct } distinct; median count { $count }, median |Δ| { $delta }.
why-selected-token = “{ $token }” is s* in { $share } of reviews (|Δ| { $delta }).
why-u = U-score of p { $u } (signed { $signed }).
why-u-max-margin = U-score of p_mm { $u } (signed { $signed }).

## A review: why the model attends to another token than the theory's s*

review-spread = p scores every token alike here (a_t equal, as at p = 0), so attention is spread evenly and no token is singled out yet; the theory's s* is “{ $star }”, the largest y·b_t.
review-disagrees = p scores “{ $top }” above the theory's s* “{ $star }” (a_t { $a_top } against { $a_star }), though s* has the larger y·b_t ({ $b_star } against { $b_top }): p does not rank s* first in this review, not yet in training or not on this data (when its constraints lie on a cycle, no p can).

## The class activity (core activity_words.h): each question, the student's response, the
## answer the run revealed with the numbers that settled it, the score, and what to do next

activity-ask-slope = After the one step on E, will the slope of v·E_s against α_s match the predicted (η/2)‖v‖² within { $tolerance }, with R² of at least { $r2 }?
activity-ask-cosine = Will cos(p, p_mm) be at least { $threshold } at step { $step }, the end of the run?
activity-ask-selection = Will attention select the theory’s token s* in at least { $threshold } of the training reviews at step { $step }, the end of the run?
activity-ask-word = Which word of training review { $review } will attention weigh most at step { $step }, the end of the run? Click it.
activity-ask-ushape = Will Figure 1 show a U at step { $step }, the end of the run (U-score above { $threshold } and the signed score between −{ $flat } and { $flat })?
activity-ask-accuracy = Will the flow on p raise test accuracy by more than { $points } { $points ->
    [one] percentage point
   *[other] percentage points
  } above its value after the step on E, at step { $step }, the end of the run?
activity-response = Your prediction: { $response ->
    [yes] yes
    [no] no
    [unknown] an unknown word
   *[word] “{ $word }”
  }.
activity-reveal-slope = The fitted slope is { $slope } against the predicted { $predicted }, R² { $r2 }: { $answer ->
    [yes] yes
   *[no] no
  }.
activity-reveal-cosine = cos(p, p_mm) is { $cos } at step { $step }: { $answer ->
    [yes] yes
   *[no] no
  }.
activity-reveal-selection = Attention selects s* in { $selection } of the training reviews at step { $step }: { $answer ->
    [yes] yes
   *[no] no
  }.
activity-reveal-word = Attention weighs { $answer ->
    [unknown] an unknown word
   *[word] “{ $word }”
  } most at step { $step }, with { $weight } of the review’s attention.
activity-reveal-ushape = U-score { $u }, signed score { $signed } at step { $step }: { $answer ->
    [yes] yes
   *[no] no
  }.
activity-reveal-accuracy = Test accuracy is { $accuracy } at step { $step }, from { $before } after the step on E: { $answer ->
    [yes] yes
   *[no] no
  }.
activity-result = { $result ->
    [correct] Your prediction was right.
   *[wrong] Your prediction was wrong.
  }
activity-void-joint = Not asked: this run trains E and p jointly, and the question is about the paper protocol.
activity-void-no-p-mm = Not scored: p_mm was not solved in this run, so the cosine has nothing to compare with.
activity-void-no-test = Not scored: this data has no held-out test reviews.
activity-void-no-u-tokens = Not scored: no word occurs { $count } times or more, so the U-score is not measured.
activity-void-no-attention = Not scored: the model sees no word of this review.
activity-void-before-commit = Not scored: the run had already answered it when the predictions were committed.
activity-pending-step-on-e = Revealed after the step on E.
activity-pending = Revealed at step { $step }.
activity-status-committed = Predictions committed. Press Play: each answer is revealed when the run reaches it.
activity-score = Score: { $correct } of { $scored } { $scored ->
    [one] prediction
   *[other] predictions
  } right.
activity-score-none = No question could be scored in this run.
activity-prompt-predict = First answer the { $questions ->
    [one] question
   *[other] { $questions } questions
  } of the class activity above and commit your predictions: training starts after that.
activity-prompt-reveal = Press Play: { $left ->
    [one] one answer is
   *[other] { $left } answers are
  } revealed { $moment ->
    [step-on-e] after the step on E
   *[end] at step { $step }, the end of the run
  }.
activity-prompt-done = Every answer is revealed: { $correct } of { $scored } { $scored ->
    [one] prediction
   *[other] predictions
  } right, on the run up to step { $step }.
activity-prompt-done-none = Every question is settled, and none could be scored in this run.
activity-refused-committed = The predictions were committed already.
activity-refused-missing = Answer every question before committing.
activity-refused-responses = The predictions did not reach the lab as answers to its questions.
activity-refused-choice = “{ $response }” is not one of the question’s choices.
activity-note-unknown-question = activity: unknown question “{ $subject }” left out.
activity-note-repeated-question = activity: the question “{ $subject }” is asked once.
activity-note-bad-review = activity: “{ $subject }” is not a review number; the lab picks the review.
activity-note-empty = activity: “{ $subject }” names no question; every question is asked.
activity-note-review-out-of-range = activity: there is no training review { $subject }; the lab picks the review.
activity-note-review-choices = activity: the chosen review has { $choices } distinct words ({ $min } to { $max } make a question); the lab picks the review.
activity-note-no-review = activity: no training review has { $min } to { $max } distinct words; the word question is left out.
activity-note-state-unreadable = activity: the saved answers are not ones this lab wrote; the activity starts afresh.

## The class activity's labels and buttons, and the course platform's status line (page only)

activity-title = Predict, then reveal
activity-intro = Commit your predictions, then press Play: the run measures each answer and says whether you were right.
activity-commit = Commit my predictions
activity-incomplete = Answer every question first ({ $missing } left).
activity-held = Commit your predictions above before training.
activity-locked = The class activity’s predictions are committed: this run’s settings and data stay as the activity set them, so every answer is settled on the run you predicted.
activity-yes = Yes
activity-no = No
activity-label-slope = Result 1: the slope matches (η/2)‖v‖²
activity-label-cosine = Result 2: cos(p, p_mm) reaches 0.9
activity-label-selection = Result 2: selection reaches 95%
activity-label-word = Which word of a review attention selects
activity-label-ushape = Figure 1: a U appears
activity-label-accuracy = The flow on p raises test accuracy
lms-recording = Your progress is recorded by the course (SCORM { $version }).
lms-resumed = Your progress is recorded by the course; resumed at step { $step }.
lms-missing = Progress is not being recorded: this page was launched as a course activity, but the course’s SCORM connection was not found. Your work here is not saved to the course.
lms-failed = Progress is not being recorded: the course refused { $call }. Your latest work may not be saved to the course.
lms-failed-detail = Progress is not being recorded: the course refused { $call } ({ $detail }). Your latest work may not be saved to the course.
lms-too-long = The run’s state is { $length } characters, more than the { $limit } SCORM 1.2 keeps: your answers are recorded, but a relaunch will not resume at this step.
lms-course-only = This link opens the lab inside this course only: the package was built without the address of a public copy.

## Recipes: what each will do, said before it is applied, and why its numbers (recipes.cpp)

recipe-title = { $name ->
        [result1] Result 1: one step on E with a small σ
        [figure1] Figure 1: joint training with Adam
       *[result2] Result 2: d = V, the theorem's regime
    }
recipe-cost = Cost: { $steps ->
        [one] one step
       *[other] { $steps } steps
    } at d = { $d }, with E of { $weights } weights (V × d, V = { $v }); { $subset ->
        [yes] the step on E passes over the { $all } training tokens, and each step of the flow on p over the { $tokens } tokens of the reviews it trains on.
       *[no] { $steps ->
            [one] it passes
           *[other] each passes
        } over the { $all } training tokens.
    }
recipe-result1-plan = Takes the one step on E (paper protocol, η = { $eta }) over the words seen at least { $min_count } times (V = { $v }), at d = { $d } and σ = { $sigma }: the initial noise σ/√d = { $noise } is at most 1% of the step's spread (η/2)·std(α) = { $spread } on these reviews, so the points should fall on the predicted line.
recipe-result1-flat = α is the same for every word of these reviews, so the step on E moves every v·E_s alike and no line can be fitted; σ = { $sigma }.
recipe-figure1-plan = Trains E and p together with Adam (learning rate { $rate }, d = { $d }, σ = { $sigma }, v fixed) for { $steps } steps, twice the time Adam takes to move a value v·E_s by 1, over the { $words } words seen at least { $min_count } times.
recipe-figure1-cut = Seen at least 20 times, { $at_twenty } words would give more values than half the { $reviews } reviews (of { $mean } tokens on average): enough to fit most labelings word by word, and the U would fade early.
recipe-figure1-ranked = These are the words the U-score ranks: with <unk>, { $values } values, at most one per two of the { $reviews } reviews, so the values alone fit few labelings.
recipe-figure1-closed = These reviews are { $share } { $class ->
        [negative] negative
       *[positive] positive
    }: the ranked words' Δ has median { $median }, and |Δ| orders them almost as Δ does (Spearman { $rho }), so any p with a U-score of at least 0.5 has a signed score of at least { $least } in size: on this data no p gives a U (a U-score of 0.5 with the signed score within ±0.3).
recipe-result2-plan = Trains p on { $acyclic } of the { $reviews } training reviews ({ $share }): those whose constraints lie on no cycle of the must-beat graph, where p_mm exists, as predicted from α (s* = argmax y·α_s, the small-σ limit); d = V = { $v }, η = { $eta }, { $steps } steps of the normalized flow.
recipe-result2-plan-all = Trains p on all { $reviews } training reviews: as predicted from α (s* = argmax y·α_s, the small-σ limit), no constraint lies on a cycle of the must-beat graph, so p_mm exists over all of them; d = V = { $v }, η = { $eta }, { $steps } steps of the normalized flow.
recipe-result2-vocabulary = d = V = { $v } (min count { $min_count }, V at most { $cap } so that a flow step stays affordable) is the theorem's regime; { $cut ->
        [yes] words found in more than { $doc_share } of reviews are dropped.
       *[no] every word is kept.
    }
recipe-result2-selected = Predicted s*: “{ $token }” in { $share } of reviews ({ $measure ->
        [lean] lean { $value }
       *[delta] |Δ| { $value }
    }).
recipe-result2-polar = s* leans to one class ({ $measure ->
        [lean] Δ at least 0.3 from the { $neutral } of a token spread as all tokens are, as this corpus's tokens are { $positive } in positive reviews
       *[delta] |Δ| ≥ 0.3
    }) in { $polar } of reviews.
recipe-result2-kinds = s* is punctuation in { $punctuation } of reviews and <unk> (the words outside the vocabulary) in { $unknown }.
recipe-result2-nothing-selected = No review keeps a token under these settings, so nothing is selected.
recipe-result2-eta = η = { $eta } puts the step on E at 6 times E(0)'s noise along v: (η/2)·std(α) = { $step } against σ/√d = { $noise }.

## What a file reads as (core's data findings: the dataset preview and the dataset card)

data-encoding = { $encoding ->
        [utf-16-le] UTF-16 LE (converted to UTF-8)
        [utf-16-be] UTF-16 BE (converted to UTF-8)
        [windows-1252] Windows-1252 (converted to UTF-8)
       *[utf-8] UTF-8
    }{ $ends ->
        [cr] , lines ended by CR (classic Mac OS)
       *[lf] {""}
    }
data-labels = { $scheme ->
        [zero-one] 0 = negative, 1 = positive
        [minus-one-one] -1 = negative, 1 = positive
        [one-two] 1 = negative, 2 = positive
        [minus-one-zero-one] -1 = negative, 0 = neutral (dropped), 1 = positive
        [zero-one-two] 0 = negative, 1 = neutral (dropped), 2 = positive
        [stars] star ratings ({ $scale } scale): > { $threshold } positive, < { $threshold } negative, = { $threshold } dropped
        [words] pos = positive, neg = negative
        [paired-files] positive file = positive, negative file = negative
       *[folders] folder pos = positive, neg = negative
    }{ $words ->
        [yes] ; pos/neg
       *[no] {""}
    }
data-dropped = { $rows } { $rows ->
        [one] row
       *[other] rows
    }: { $reason ->
        [missing-label] missing label
        [empty-text] empty text
        [neutral-label] neutral label
       *[no-tokens] no tokens after tokenization
    }
data-one-class = only one class: { $rows ->
        [one] the { $rows } row is
       *[other] all { $rows } rows are
    } { $label ->
        [positive] positive
       *[negative] negative
    }; a classifier needs both, so loading will be refused

# ---------------------------------------------------------------------------------------
# The page's own words (its chrome): what index.html and the page's views say that is no
# finding of core's. index.html names a message with data-l10n-id (the element's text) or
# data-l10n-<attribute> (title, aria-label, placeholder); a view calls t('id', { args })
# (web/src/catalog.ts), typed by web/src/message-ids.ts (npm run catalog:types).

## The page as a whole

page-title = clslab: attention with trained embeddings selects important tokens
boot-fallback = The lab has not started. It needs JavaScript, and in a frame the frame's sandbox attribute must allow both allow-scripts and allow-same-origin (the lab loads its module and its training worker from its own origin). Open it in its own tab, or ask the course page to allow both.
skip-to-results = Skip to the results
header-subtitle = A one-layer softmax attention model with trained token embeddings learns, in your browser, which words of a review matter. It checks the two results of
share-label = Share this run (settings and steps)
share-copy = Copy link
share-copy-title = Copy the share link
tour-start = Guided tour
embed-open = Embed…
language-label = Language
banner-close = Dismiss the message
sidebar-label = Dataset, save and load, and settings
loading = Loading…
close = Close
docs-in-english = This document is in English.
docs-theory = The theory
docs-results = Results on real reviews

## Training controls

controls-label = Training controls
play = Play
step = Step
step-label = Take one training step
reset = Reset
reset-label = Reset the weights from the seed
step-e = Step E
step-e-title = Paper protocol: the one gradient step on E
step-p-title = Paper protocol: steps of the flow on p
speed-label = Speed
progress-label = Training progress
open-full = Open the full lab ↗

## The charts' cards

recipes-toggle = Show the paper's results on this data
recipes-intro = Settings computed from the loaded reviews (their vocabulary, lengths and word frequencies); applying one is a settings change, so it is in the share link.
result1-heading = Result 1: one step on E writes α into the embeddings
chart-alignment-label = v·E_s against α_s, one point per token
figure1-heading = Figure 1: the U shape of attention scores
chart-u-shape-label = p·E_s against Δ_s, one point per token
u-theory-toggle = Draw the theory's prediction p_mm · E_s (right axis, once p_mm is solved)
u-shape-point-size = Point size: count.
result2-heading = Result 2: p turns toward the max-margin direction
chart-selection-label = Cosine to p_mm and selection accuracy over log steps
chart-norm-label = Norm of p and normalized margin over log steps
chart-rate-label = One minus the cosine to p_mm against the step, both on log scales
loss-heading = Training: loss and accuracy
chart-loss-label = Loss and accuracy over training steps
verdict-details = Reasons and numbers

## Metrics, "Why does it look like this?", the attention-SVM

metrics-heading = Metrics
why-heading = Why does it look like this?
why-intro = What the measured values say about this run: the model's size against the vocabulary, the attention-SVM's constraints and cycles, and the tokens the theory selects in each review (s* = the most label-aligned token, argmax y v·E_s).
why-selection-heading = Which tokens does the theory select?
why-selection-caption = The most selected tokens: share of reviews each wins, count and Δ_s
why-column-token = token
why-column-wins = reviews it wins
why-column-count = count
why-column-delta = Δ_s
max-margin-heading = Attention-SVM: the max-margin direction p_mm
max-margin-intro = p_mm is the smallest p that scores each review's selected token above its other tokens by 1. When the constraints form cycles (a beats b in one review, b beats a in another) no such p exists and the soft-margin problem is solved instead.
solve-max-margin = Solve for p_mm
max-margin-cycles-heading = Cycles found

## Reviews

review-heading = Attention on a review
review-split = Split
split-test = test
split-train = train
review-previous = Previous review
review-next = Next review
review-number = Review number
review-flow-title = From tokens to the prediction
review-original = As written:
review-text-label = Type a review and see where the <cls> token looks
review-text-placeholder = a wonderful, moving film with a dull ending
review-score = Score
review-shading = Shading: attention weight s_t relative to the review's largest; outlined words are the theory's selected tokens (most label-aligned v·E_s).
review-list-heading = Reviews
review-search = Search
review-search-placeholder = words in the review
review-filter-label = Label
review-filter-prediction = Prediction
review-filter-selection = Top attention
filter-all = all
label-positive = positive
label-negative = negative
filter-correct = correct
filter-wrong = wrong
filter-selected = on a selected token
filter-missed = elsewhere
review-filter-token-clear = Show all reviews
review-list-previous = ◀ Previous page
review-list-next = Next page ▶

## Tokens and symbols

token-table-heading = Tokens
token-search = Search tokens
token-csv = Token table (CSV)
token-table-caption = Per-token statistics: count, α_s, Δ_s and the current v·E_s and p·E_s
glossary-heading = Symbols

## The sidebar: dataset, save and load, settings

dataset-heading = Dataset
dataset-file = Load your own file (TSV, CSV or JSON lines with a text and a label, or an rt-polarity *.pos and *.neg pair)
export-heading = Save and load
export-all = Download all (zip)
export-all-intro = The zip holds every chart as a PNG (light, 2x, with a caption), each chart's data, the metrics history and the token table as CSV, and the run file.
export-run = Run (JSON)
export-metrics = Metrics history (CSV)
run-file = Load a run file (the JSON above, from this page or the CLI)
settings-heading = Settings
settings-intro = Hover a label for its meaning. Data settings reload the dataset; the others reset the weights.

## The guided tour's buttons

tour-back = Back
tour-next = Next
tour-skip = Skip the tour

## The Embed dialog

embed-heading = Embed this lab
embed-intro = Paste the snippet into a course page or slide. The frame opens this run (its settings, replayed to the step below); the ticked panels fill it above a compact control bar.
embed-panels = Panels in the frame
embed-options = How the frame opens
embed-controls = Control bar (Play, Step, Reset, speed)
embed-autoplay = Play at once (autoplay)
embed-tour = Start the guided tour
embed-step = Start at step (replayed, as the share link does)
embed-speed = Speed of Play
embed-language = Language of the frame
embed-height = Frame height in px (fits the ticked panels until you type one)
embed-activity-heading = Class activity: predict, then reveal
embed-activity = Students commit predictions before Play; the run reveals and scores each one
embed-review = Review the word question shows (training review number; empty: the lab picks)
embed-scorm = For a course platform (Moodle, Canvas, Blackboard), build SCORM 1.2 and 2004 packages that open this run as the activity:
embed-scorm-command = SCORM build command
embed-snippet = iframe snippet
embed-copy = Copy snippet
embed-preview = Preview in a new tab ↗

## Training controls: the buttons' and the status line's words (web/src/ui/controls.ts)

play-aria = Play: train up to the step budget
play-aria-after-solve = Play: train up to the step budget, once p_mm is solved
pause = Pause
pause-aria = Pause training
cancel = Cancel
cancel-aria = Cancel: { $task }
task-running = { $task }…
step-p = Step p ×{ $steps }
speed-rate = { $rate } steps/s
speed-fastest = as fast as possible
progress-loading-model = Loading the model…
progress-restarting = Restarting the training worker…
progress-play-after = { $task }; Play starts after it…
progress-starting = Starting Play…
progress-waiting-link = Waiting for the link’s data.
progress-loading-dataset = Loading the dataset…
progress-no-dataset = No dataset is loaded: choose one in Settings, or load a file.
progress-training = Training: step { $step } of { $target }
progress-training-rate = Training: step { $step } of { $target } · { $rate } steps/s over the last { $window } s
progress-budget-space = Step budget reached: { $step } { $step ->
        [one] step
       *[other] steps
    }; Space did not start a new run. Press Space again or Play to run { $more } more.
progress-budget = Step budget reached: { $step } { $step ->
        [one] step
       *[other] steps
    }. Play runs { $more } more.
progress-paused = Paused at step { $step }.
progress-refused = Stopped at step { $step }: { $reason }
progress-step = Step { $step } of { $target }.
progress-megabytes = : { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } of { NUMBER($total, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB

## Reviews and the Embed dialog: words the views build

review-filter-token = Reviews containing “{ $token }”
embed-language-browser = The reader’s browser language

# ---------------------------------------------------------------------------------------
# The views' own words (issue 42, moved from TypeScript): the glossary, the charts (titles,
# leads, axes, legends, tooltips, read-outs, tools), the panels' names, the tour and the
# figure captions. Kept in their own sections here so other work on the catalog rebases
# without touching them.

## Views: the glossary (web/src/ui/glossary.ts); symbols of the notation stay as written

glossary-what-is = What is { $symbol }?
glossary-tip = { $symbol }: { $text }
glossary-term-margin = margin
glossary-term-uscore = U-score
glossary-term-ucontrast = U-contrast
glossary-term-selection = selection accuracy
glossary-p = The <cls> embedding (d numbers), the only query. Position t gets the attention score a_t = p·E_{"{"}x_t{"}"}. The paper protocol starts from p = 0, i.e. uniform attention.
glossary-v = The output vector (d numbers), a fixed unit vector in the theory. Position t carries the value b_t = v·E_{"{"}x_t{"}"}; the logit is f(X) = Σ_t s_t b_t.
glossary-e = Embedding of token s: row s of the V × d table E. At the start its entries are drawn N(0, σ²/d).
glossary-s = Softmax attention weight of position t: s = softmax(a_1 … a_T) over the real tokens of the review. The shading of the review words.
glossary-alpha = Average signed frequency: α_s = (1/n) Σ_i y_i n_s(X_i)/T_i. Positive when s leans positive; its size grows with how common s is. Result 1: one step on E moves v·E_s by (η/2)‖v‖² α_s.
glossary-delta = Posterior difference Δ_s = P(y = +1 | s) − P(y = −1 | s), counted over occurrences of s: how strongly s signals a label, whatever its frequency. The x-axis of Figure 1.
glossary-selected = Selected set of review i: its most label-aligned tokens, argmax over s in X_i of y_i v·E_s (ties within 1e-9 relative). Outlined in the reviews. Result 2: attention ends up on S_i.
glossary-pmm = Attention-SVM solution: the smallest p with p·(E_{"{"}s*{"}"} − E_s) ≥ 1 for every review, selected token s* and other token s in it. Gradient flow on p turns toward p_mm's direction.
glossary-margin = Normalized margin min_k p·z_k / ‖p‖ with z_k = E_{"{"}s*{"}"} − E_s over all the constraints. It approaches 1/‖p_mm‖ as p turns toward p_mm. Negative: some review attends more to a non-selected token.
glossary-sigma = Initial scale: E(0) entries are N(0, σ²/d). Result 1 needs σ small; with σ near 1 the initialization noise hides the α signal (R² drops).
glossary-eta = Size of the paper protocol’s one gradient step on E. The predicted slope of v·E_s against α_s is (η/2)‖v‖².
glossary-uscore = Spearman correlation of p·E_s with |Δ_s| over tokens seen at least 20 times. High with a signed Spearman near 0 means a U: polar tokens of both signs score high.
glossary-ucontrast = Mean p·E_s of the 10% most polarized tokens (largest |Δ_s|) minus that of the 50% least polarized, divided by the standard deviation of p·E_s over those tokens.
glossary-selection = Share of reviews whose most attended token lies in the selected set S_i. Result 2 predicts it rises toward 1 where the attention-SVM is feasible.

## Views: the charts' titles and plain leads (web/src/ui/panels.ts: no notation in a lead)
## A lead says what its chart draws and what the theory predicts of it, never what this run
## shows: the verdict under the chart says that, from the run's numbers.

chart-title-loss = Training: loss and accuracy
chart-title-alignment = Result 1: v·E_s against α_s after the step on E
chart-title-u-shape = Figure 1: p·E_s against Δ_s (the U shape)
chart-title-selection = Result 2: cos(p, p_mm), selection accuracy and attention mass
chart-title-norm = Result 2: ‖p‖ and the normalized margin
chart-title-rate = Result 2: 1 − cos(p, p_mm), the rate of convergence
chart-lead-loss = The loss (how wrong the model is, on average) falls as it trains; accuracy is the share of reviews it labels right, on the reviews it learns from and on held-out ones.
chart-lead-alignment = Each dot is a word: its score after one training step (up) against how much more often it appears in positive than in negative reviews (across); the theory predicts they line up.
chart-lead-u-shape = Each dot is a word: its attention score (up) against how strongly it leans to one label (across, neutral in the middle); the theory predicts that training lifts the strongly leaning words on both sides above the neutral ones, a U.
chart-lead-selection = As training runs (steps across, on a log scale), these lines show how close attention comes to the direction the theory predicts and in how many reviews it picks the word the theory names.
chart-lead-norm = The length of the attention vector, which the theory predicts grows without limit, and its margin between the chosen word and the rest per unit of length, which the theory predicts tends to the max-margin value where its hypotheses hold.
chart-lead-rate = How far the attention vector's direction still is from the one the theory predicts, on log scales both ways: a straight falling line means it keeps closing in at a steady power of the step; the slope written under the title is measured on this run.

## Views: the charts' axes, legends, tooltips and tables (web/src/charts/)

chart-axis-step-log = step (log scale)
chart-axis-step = step (gradient steps)
chart-axis-loss = logistic loss (nats per review)
chart-axis-accuracy = accuracy (share of reviews)
chart-axis-norm = ‖p‖ (log scale)
chart-axis-rate = 1 − cos(p, p_mm) (log scale)
chart-axis-margin = normalized margin (score units)
chart-axis-cosine-share = cosine / share of reviews (0 to 1)
chart-axis-alpha = average signed frequency α_s (share of tokens, signed)
chart-axis-value = v · E_s (value score)
chart-axis-delta = posterior difference Δ_s = P(+|s) − P(−|s)
chart-axis-attention = p · E_s (attention score, logit units)
chart-axis-theory = theory: p_mm · E_s (right axis)
chart-series-train-loss = train loss
chart-series-test-loss = test loss
chart-series-train-accuracy = train accuracy
chart-series-test-accuracy = test accuracy
chart-series-p-norm = ‖p‖
chart-series-rate = 1 − cos(p, p_mm), all reviews
chart-series-margin = normalized margin
chart-series-margin-reference = 1/‖p_mm‖ (reference)
chart-series-local-margin = normalized margin, flow's own selection
chart-series-local-reference = 1/‖p_local‖ (its reference)
chart-series-cosine = cos(p, p_mm), all reviews
chart-series-selection = selection of s*, all reviews
chart-series-mass = attention mass on s*, all reviews
chart-series-local-cosine = cos(p, p_local): the flow's own selection, all reviews
chart-series-local-selection = flow's selection is s*, all reviews
chart-series-cosine-acyclic = cos(p, p_mm), acyclic reviews only
chart-series-selection-acyclic = selection of s*, acyclic reviews only
chart-series-tokens = tokens
chart-series-fit = least-squares fit
chart-series-predicted = predicted (η/2)‖v‖² α
chart-series-leans-positive = Δ > 0 (leans positive)
chart-series-leans-negative = Δ < 0 (leans negative)
chart-series-neutral = Δ = 0
chart-series-theory = theory: p_mm · E_s
chart-series-theory-of = theory: p_mm · E_s ({ $which })
chart-theory-hard = hard margin
chart-theory-soft = soft margin
chart-theory-acyclic = { $reviews } acyclic { $reviews ->
        [one] review
       *[other] reviews
    }
chart-series-chosen = chosen token
chart-tip-token = “{ $token }”: { $values }
chart-tip-u-shape = Δ = { $delta }, p·E = { $score }, count { $count }
chart-column-step = step
chart-column-token = token
chart-column-count = count
chart-table-thinned = Steps thinned geometrically, as plotted.
chart-table-most-frequent = The { $shown } most frequent of { $tokens } tokens; the CSV has all.
chart-table-caption = { $title }. { $note }
chart-tools-table = Table
chart-tools-hide-table = Hide table
chart-tools-png = PNG
chart-tools-csv = CSV
chart-tools-region = { $title }: data table
chart-tools-table-aria = Show the data of “{ $title }” as a table
chart-tools-png-aria = Download “{ $title }” as a PNG image
chart-tools-csv-aria = Download the data of “{ $title }” as CSV
chart-tools-no-data = No data yet.

## Views: the read-outs under the charts (numbers written by the page's formatter)

readout-alignment = slope { $slope } · predicted (η/2)‖v‖² { $predicted } · R² { $r2 }
readout-u-shape = U-score { $uscore } · signed Spearman { $signed } · U-contrast { $contrast } · { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    }
readout-u-theory = theory p_mm: U-score { $uscore }, signed { $signed }
readout-u-theory-acyclic = theory p_mm: U-score { $uscore }, signed { $signed } (acyclic reviews: { $uscoreAcyclic }, { $signedAcyclic })
readout-result2-unsolved = cos(p, p_mm) n/a: p_mm is solved right after the step on E
readout-result2 = cos(p, p_mm) { $cosine } · selection { $selection } · margin { $margin } / 1/‖p_mm‖ { $reference }
readout-result2-local = flow's own selection: cos(p, p_local) { $cosine }, s* in { $share }
readout-result2-local-old = flow's own selection: cos(p, p_local) { $cosine } (p_local of step { $step }), s* in { $share }
readout-result2-acyclic = acyclic reviews only: cos { $cosine }, selection { $selection }
readout-result2-coverage = ({ $coverage })

## Views: a figure's caption and the run's facts (web/src/ui/run-facts.ts)

caption-no-dataset = no dataset
caption-dataset = { $name } ({ $train } train, { $test } test { $test ->
        [one] review
       *[other] reviews
    })
caption-not-started = not started
caption-step = step { $step } · checksum { $checksum }
caption-model = d { $width }, σ { $sigma }, seed { $seed }
caption-recipe-paper = paper protocol: η { $eta }, flow { $flow } r { $rate }; { $model }
caption-recipe-joint = joint training: { $optimizer }, learning rate { $rate }, { $batch }; { $model }
caption-recipe-joint-v = joint training: { $optimizer }, learning rate { $rate }, { $batch }, v trained; { $model }
caption-full-batch = full batch
caption-batch = batch { $size }
caption-line = { $dataset } · { $recipe } · { $state }

## Views: the panels' names (the Embed dialog's ticks, web/src/ui/panels.ts)

panel-header = Title and share bar
panel-controls = Training controls
panel-export = Save and load
panel-dataset = Dataset
panel-settings = Settings
panel-prompt = Guidance line
panel-recipes = Recipes for this data
panel-alignment = Result 1 chart
panel-ushape = Figure 1 (U shape) chart
panel-result2 = Result 2 charts
panel-loss = Loss and accuracy chart
panel-metrics = Metrics
panel-why = Why does it look like this?
panel-maxmargin = Attention-SVM panel
panel-reviews = Reviews (viewer and list)
panel-table = Token table
panel-glossary = Symbols

## Views: the guided tour (web/src/ui/tour.ts)

tour-title-alignment = Result 1: one step on the embeddings writes word frequency into them
tour-title-ushape = Figure 1: does training attention draw a U?
tour-title-result2 = Result 2: does attention pick the word the theory selects?
tour-title-metrics = The run this tour follows
tour-first-title = What am I looking at?
tour-first-lead = { $title }. { $lead }
tour-counter = Step { $step } of { $steps }
tour-finish = Finish
tour-act-restart = Start from step 0
tour-act-step-e = Take the step on E
tour-act-solve = Solve for p_mm
tour-kind-expect = What to look for
tour-kind-shown = On screen now
tour-kind-off = Not on screen yet, and why
tour-kind-instead = What the flow does instead
tour-kind-n-a = Does not apply to this run
tour-kind-fact = Measured
tour-this-run = This run
tour-reading = Reading the run…
tour-run-kept = { $facts }. The tour keeps this run: it presses a button only when you press one of its own.
tour-run-restart = { $facts }. The tour keeps this run: it presses a button only when you press one of its own. “Start from step 0” presses Reset (reload the link to come back to step { $step }).

## Views: the metrics panel (web/src/ui/metrics-panel.ts)

metric-step = step
metric-phase = phase
metric-train-loss = train loss
metric-test-loss = test loss
metric-train-accuracy = train accuracy
metric-test-accuracy = test accuracy: now / after the step on E
metric-test-accuracy-hint = the flow on p can lower it: Result 2 is about the attention, not the classifier
metric-p-norm = ‖p‖
metric-slope = slope / predicted
metric-slope-hint = Result 1: fitted slope of v·E_s on α_s against (η/2)‖v‖²
metric-r2 = R² of the fit
metric-r2-hint = Result 1: share of v·E_s explained by α_s
metric-cosine = cos(p, p_mm): all / acyclic reviews
metric-cosine-hint = Result 2: direction of p against the attention-SVM solution, over all reviews and over the reviews whose constraints are not on cycles
metric-margin = margin / 1/‖p_mm‖
metric-margin-hint = Result 2: min_k p·z_k/‖p‖ against its max-margin value
metric-selection = selection accuracy: all / acyclic
metric-selection-hint = share of reviews whose most attended token is a selected (most label-aligned) token, over all reviews and over the acyclic ones
metric-baseline = baseline selection (largest |v·E_s|)
metric-baseline-hint = share of reviews whose token of largest |v·E_s| is a selected token: the label-free rule the selection stands beside
metric-local = cos(p, p_local) / flow's selection is s*
metric-local-hint = Result 2 over all reviews: direction of p against the att-SVM of the tokens the flow selects, and the share of reviews where that token is s*
metric-u-score = U-score / signed
metric-u-score-hint = Figure 1: Spearman of p·E_s with |Δ_s| and with signed Δ_s (count ≥ 20)
metric-u-contrast = U-contrast
metric-u-contrast-hint = mean p·E_s of the 10% most polarized tokens minus the 50% least, over their std
metric-checksum = checksum
metric-checksum-hint = hash of E, p, v: equal runs give equal checksums
phase-initialized = initialized
phase-embeddings-stepped = step on E taken
phase-flow = flow on p
phase-joint = joint training
why-selection-not-yet = Not yet: the selected tokens come from v·E_s after E has changed (the step on E, or a joint step).
why-selection-summary = { $distinct } distinct { $distinct ->
        [one] token is
       *[other] tokens are
    } some review's s* over { $reviews } training { $reviews ->
        [one] review
       *[other] reviews
    }; median count { $count }, median |Δ_s| { $delta }.
token-empty = (empty)

## Views: the attention-SVM panel (web/src/ui/max-margin-panel.ts)

svm-row-problem = problem solved
svm-row-acyclic = constraints acyclic
svm-row-acyclic-hint = with d ≥ V, acyclic constraints make the hard margin feasible
svm-row-constraints = constraints: unique / instances / reviews
svm-row-constraints-hint = unique (selected, other) token pairs; pairs counted per review; reviews that give any
svm-row-in-cycles = on cycles: constraints / reviews
svm-row-violated = violated constraints
svm-row-norm = ‖p_mm‖
svm-row-min-margin = min margin
svm-row-solver = solver (epochs, gap)
svm-cancel-solve = Cancel the solve
svm-status-unsolved = Not solved for the current weights. Take the step on E first, then solve.
svm-status-cancelled = The solve was cancelled. Not solved for the current weights: Solve for p_mm starts it again.
svm-status-solving = Solving the attention-SVM…
svm-status-failed = The solve failed; see the message above.
svm-status-hard = hard margin: every review can select its tokens
svm-status-soft-no-cycle = soft margin (C = { $c }): the hard margin did not satisfy every constraint (no cycle; with d < V it may be infeasible)
svm-status-soft-cycles = soft margin (C = { $c }): the hard-margin problem is infeasible (cycles)
svm-problem-none = none
svm-problem-hard = hard margin
svm-problem-soft = soft margin (hinge, C)
svm-yes = yes
svm-no = no
svm-solver = { $epochs }, { $gap }
svm-solver-not-converged = { $epochs }, { $gap } (not converged)
svm-cycles-more = … and { $more } more

## Views: the review viewer's caption and the review list (web/src/ui/review-*.ts)

review-total = of { $total }
review-your-text = your text
review-caption = label { $label } · logit f(X) { $logit } (predicts { $prediction }) · attention on selected tokens { $attention }
review-list-status-train = { $matched } of { $total } training reviews match; showing { $first }–{ $last }.
review-list-status-test = { $matched } of { $total } test reviews match; showing { $first }–{ $last }.
review-list-none-train = { $matched } of { $total } training reviews match.
review-list-none-test = { $matched } of { $total } test reviews match.
review-list-open = Open review { $number } in the viewer
review-badge-positive = label positive
review-badge-negative = label negative
review-badge-predicts-positive = predicts positive { $mark }
review-badge-predicts-negative = predicts negative { $mark }
review-badge-logit = logit f(X) = { $logit }
review-badge-on-selected = top attention on S_i
review-badge-off-selected = top attention off S_i
review-badge-selected-title = Whether the most attended word is one of the selected (outlined) tokens

## Views: the token table (web/src/ui/token-table.ts)

token-column-token = token
token-column-count = count
token-sort = Sort by { $column }
token-status-none = No dataset yet.
token-status = Showing { $shown } of { $tokens } tokens. Choose a token to ring it in the scatter charts and list its reviews.
token-status-search = Showing { $shown } of { $tokens } tokens matching the search. Choose a token to ring it in the scatter charts and list its reviews.
token-chosen-title = Chosen: press again to clear
token-choose-title = Ring this token in the charts

## Views: the dataset card (web/src/ui/dataset-panel.ts)

dataset-summary = { $source } ({ $format }): { $rows } { $rows ->
        [one] row
       *[other] rows
    }, train { $train } ({ $positive } positive, { $negative } negative), test { $test }; vocabulary { $vocabulary } { $vocabulary ->
        [one] token
       *[other] tokens
    }, { $tokens } training { $tokens ->
        [one] token
       *[other] tokens
    }.
dataset-summary-no-test = { $source } ({ $format }): { $rows } { $rows ->
        [one] row
       *[other] rows
    }, train { $train } ({ $positive } positive, { $negative } negative), no test split; vocabulary { $vocabulary } { $vocabulary ->
        [one] token
       *[other] tokens
    }, { $tokens } training { $tokens ->
        [one] token
       *[other] tokens
    }.
dataset-content-hash = Content hash { $hash }.
dataset-dropped = { $rows } { $rows ->
        [one] row
       *[other] rows
    } dropped:
dataset-origin-preset = custom (a Hugging Face sample of { $name }, seed { $seed }): { $source }
dataset-origin-file = custom (file): { $source }
dataset-origin-url = custom (url): { $source }
dataset-need-label = Data this link needs
dataset-need-file = This link was made with { $name } ({ $rows } { $rows ->
        [one] row
       *[other] rows
    }, content hash { $hash }). Drop that file on the page or pick it here to reproduce the run; it is checked before anything loads.
dataset-need-pick = Pick { $name }
dataset-need-url = This link downloads { $url } ({ $rows } { $rows ->
        [one] row
       *[other] rows
    }) from { $host }. Download it? It is checked against content hash { $hash }.
dataset-need-preset = This link samples { $rows } { $rows ->
        [one] row
       *[other] rows
    } of { $title } from Hugging Face (seed { $seed }). Download it? It is checked against content hash { $hash }.
dataset-need-download-from = Download from { $host }
dataset-need-download-sample = Download the sample
dataset-need-nothing = Nothing is loaded until the link’s data is supplied.
dataset-need-builtin = Open the built-in movie reviews instead
dataset-need-keeps = Until then the lab keeps { $name } and its run.
dataset-limits = Limits: { $megabytes } MB per input, { $reviews } reviews, { $tokens } tokens, a vocabulary of { $vocabulary }, d up to { $width } and { $weights } weights (vocabulary × d). Larger data is refused with the setting to lower.

## Views: the dataset card's sources (web/src/ui/dataset-sources.ts)

dataset-url-label = URL of a CSV, TSV or JSON Lines file
dataset-url-load = Load from URL
dataset-url-invalid = That is not a URL.
dataset-url-https = Only https:// URLs can be loaded.
dataset-url-trust = Your browser will download the file from { $host }. Trust this host?
dataset-url-trust-file = Your browser will download { $file } from { $host }. Trust this host?
dataset-folder = Or a folder with pos/ and neg/ subfolders, one review per file (aclImdb)
dataset-drop = Or drop files or a folder anywhere on the page. Files over 256 MB are refused.
dataset-export = Export as label⇥text
dataset-presets = Sample reviews from Hugging Face ({ $host }):
dataset-sample = Reviews
dataset-preset-title = { $dataset } ({ $split }) from { $host }
preset-imdb = IMDB movie reviews
preset-yelp = Yelp polarity
preset-sst2 = SST-2 sentences
preset-rotten-tomatoes = Rotten Tomatoes snippets
dataset-progress = { $task }: { $amount }
dataset-progress-megabytes = { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB
dataset-progress-megabytes-of = { NUMBER($done, minimumFractionDigits: 1, maximumFractionDigits: 1) } of { NUMBER($total, minimumFractionDigits: 1, maximumFractionDigits: 1) } MB

## Views: the settings form (web/src/ui/settings-form.ts). Each setting of core's field table
## (core/src/config_fields.cpp) shown in the form has setting-<key> (its label) and
## setting-<key>-help; tests/web/catalog.test.ts checks that every one does.

settings-group-data = Data
settings-group-synthetic = Synthetic data
settings-group-model = Model and initialization
settings-group-protocol = Training protocol
settings-group-svm = Attention-SVM (p_mm)
settings-custom-data = custom: { $name }, { $rows } { $rows ->
        [one] row
       *[other] rows
    }
setting-dataset = Dataset
setting-dataset-help = A built-in set, the synthetic generator, or your own data (a file, a URL or a Hugging Face sample), which a link names by its content hash.
setting-test_fraction = Test share
setting-test_fraction-help = Share of reviews held out for testing (seeded split).
setting-max_reviews = Max reviews
setting-max_reviews-help = Random sample of at most this many reviews; 0 keeps all.
setting-max_tokens = Max tokens per review
setting-max_tokens-help = Keep the first tokens of each review; 0 keeps all.
setting-min_count = Min count
setting-min_count-help = Words seen fewer times in the training split become <unk>.
setting-max_vocab = Max vocabulary
setting-max_vocab-help = At most this many tokens (most frequent first), <unk> included.
setting-max_doc_share = Max document share
setting-max_doc_share-help = Words found in more than this share of training reviews become <unk> (1 keeps all); 0.1 drops stop words and punctuation, so each review's selected token is a real word.
setting-drop_unknown = Drop unknown words
setting-drop_unknown-help = Words outside the vocabulary are removed from the reviews instead of becoming <unk>, so no pooled <unk> token wins each review's selected token.
setting-lowercase = Lower-case
setting-lowercase-help = Fold ASCII letters to lower case.
setting-remove_stop_words = Remove stop words
setting-remove_stop_words-help = Drop common English function words (the, and, of ...) before counting.
setting-synthetic_reviews = Synthetic reviews
setting-synthetic_reviews-help = Number of reviews the synthetic generator draws.
setting-synthetic_feasible = Twin reviews, one class's polar words
setting-synthetic_feasible-help = Reviews in twins (the same neutral words, polar words of the review's class only), no label noise. With every word kept the must-beat graph is acyclic and the attention-SVM feasible (d >= V); a cut that drops a polar word (the default max_doc_share 0.2 drops the commonest) puts reviews on cycles. The max-margin panel says which holds.
setting-synthetic_label_noise = Label noise
setting-synthetic_label_noise-help = Probability that a synthetic review's label is flipped (non-feasible mode).
setting-width = d (embedding width)
setting-width-help = Width of the token embeddings E_s, of p and of v.
setting-sigma = σ (initial scale)
setting-sigma-help = E(0) entries are N(0, σ²/d). Small σ makes the one-step alignment exact.
setting-seed = Seed
setting-seed-help = Seeds the split, E(0), v and mini-batches: same seed, same run.
setting-protocol = Protocol
setting-protocol-help = paper: one GD step on E, then the flow on p with E frozen. joint: train E and p together.
setting-eta = η (step on E)
setting-eta-help = Size of the paper's single gradient step on E; predicted slope is η/2 ‖v‖².
setting-flow_step = Flow step rule
setting-flow_step-help = How the gradient flow on p is discretized: constant length, step r/L, or backtracking line search.
setting-flow_rate = Flow rate r
setting-flow_rate-help = Step length of the flow on p (the base step for the growing and Armijo rules).
setting-flow_acyclic_only = Flow on acyclic reviews only
setting-flow_acyclic_only-help = The flow on p trains only on the reviews whose attention-SVM constraints are not on cycles, where the theory predicts its limit p_mm.
setting-optimizer = Optimizer
setting-optimizer-help = Joint protocol: full-batch gradient descent, mini-batch SGD, or Adam.
setting-learning_rate = Learning rate
setting-learning_rate-help = Joint protocol: step size of the optimizer.
setting-batch_size = Batch size
setting-batch_size-help = Joint protocol, SGD and Adam: reviews per step; 0 means full batch.
setting-train_v = Train v
setting-train_v-help = Joint protocol: also train the output vector v (fixed in the theory).
setting-steps = Steps per run
setting-steps-help = How many steps Play runs before it stops.
setting-svm_c = C (soft margin)
setting-svm_c-help = Penalty on violated constraints when the attention-SVM is infeasible.

## Views: the worker's tasks, as the progress line and Cancel name them (web/src/worker/)

task-building = Building the dataset
task-rebuilding = Rebuilding the dataset for the new settings
task-solving = Solving for p_mm
task-solving-stage = Solving for p_mm ({ $stage ->
        [all_soft] all reviews, soft margin
        [acyclic_hard] acyclic reviews, hard margin
        [acyclic_soft] acyclic reviews, soft margin
       *[all_hard] all reviews, hard margin
    }, sweep { $sweep })
task-reading = Reading { $name }
task-downloading = Downloading { $name }
task-sampling = Sampling { $name }
progress-files = : { $done } of { $total } files
progress-reviews = : { $done } of { $total } reviews
progress-updates = : { $done } of { $total } updates
dataset-progress-files = { $done } { $done ->
        [one] file
       *[other] files
    }
dataset-progress-files-of = { $done } of { $total } files
dataset-progress-reviews = { $done } { $done ->
        [one] review
       *[other] reviews
    }
dataset-progress-reviews-of = { $done } of { $total } reviews

## Views: the flow's own att-SVM solved at a run's end, its progress and Cancel (web/src/worker/training.ts, the CLI's stderr)

task-local-svm = Solving p_local, the att-SVM of the flow's selection at step { $step }
task-local-svm-progress = Solving p_local, the att-SVM of the flow's selection at step { $step }: sweep { $sweep }, { $active } of { $constraints } constraints active, duality gap { NUMBER($gap, maximumSignificantDigits: 2) } (done at { $tolerance })
task-local-svm-progress-no-gap = Solving p_local, the att-SVM of the flow's selection at step { $step }: sweep { $sweep }, { $active } of { $constraints } constraints active, no finite duality gap yet (done at { $tolerance })
readout-result2-local-cancelled = p_local of step { $step }: cancelled
metrics-local-cancelled = cancelled

## Views: the review's computation, token by token (web/src/ui/review-computation.ts)

flow-mark-top = top
flow-in-selected = (in S_i)
flow-head-token = token
flow-head-order = largest s_t first
flow-step-score = 1 score
flow-step-softmax = 2 softmax
flow-step-value = 3 value
flow-step-weigh = 4 weigh
flow-plain-score = how much p favours it
flow-plain-softmax = its share of attention
flow-plain-value = its vote: + or −
flow-plain-weigh = what it adds to f
flow-no-token = No token of this review is in the model.
flow-others = { $others } other { $others ->
        [one] token
       *[other] tokens
    }
flow-guide = Read left to right: p scores every token (1), softmax turns the scores into weights that add up to 100% (2), v gives every token a vote (3), each vote counts by its weight (4), and the weighted votes add up to f, whose sign is the prediction. s* marks the theory’s token, top the most attended one.
flow-caption = The model on this review: per token, the score a_t, the attention weight s_t, the value b_t and s_t·b_t, whose sum is f
flow-region = The computation, token by token
flow-show-largest = Show the { $shown } largest weights only
flow-show-all = Show all { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    }
flow-predicts = predicts
flow-no-label = (your text has no label)
flow-true-label = true label
flow-correct = ✓ correct
flow-wrong = ✗ wrong
flow-y-predicted = the largest y·b_t, with y = { $y }, the predicted sign
flow-y-label = the largest y·b_t, with y = { $y }, the label
flow-theory-selects = The theory selects s*
flow-model-attends = The model attends to
flow-model-why = the largest s_t, which follows a_t = p·E_t
flow-agree = They agree: the most attended token is one the theory selects (in S_i).
## What the page holds (issue 40, item 2): the metrics panel's last two read-outs
## (web/src/ui/memory-readout.ts), from the worker's Lab.memory().

memory-model-label = model size
memory-model-hint = The weights the lab trains: E (V × d), p and v (d each), stored as 32-bit floats.
memory-model-value = { $vocab } × { $width } + 2 × { $width } = { $weights } weights, { $mib } MiB ({ $bytes } bytes)
memory-model-none = n/a (no data loaded)
memory-heap-label = wasm heap now
memory-heap-hint = The wasm module's memory: the model, the reviews, the solvers' tables. It grows when a load or a solve needs more and never shrinks.
memory-heap-value = { $mib } MiB ({ $bytes } bytes)

## The dataset preview (shown before a file, folder, URL or sample loads)

preview-title = Preview: { $name }
preview-confirm = Load and reset training
preview-latin1 = Decode as Latin-1 (Windows-1252) and retry
preview-latin1-note = The bytes are not UTF-8. Older exports from Excel and Windows tools are often Windows-1252; decoding keeps every character.
preview-format = Format
preview-detect = detect ({ $found })
preview-text-column = Text column
preview-label-column = Label column
preview-stars = Star threshold
preview-stars-title = Star ratings above are positive, below negative, equal dropped (1-5 scale; 1-10 columns scale alike).
preview-format-fact = Format { $format }, { $encoding }.
preview-columns-fact = Text from “{ $text }”, label from “{ $label }”: { $mapping }.
preview-balance = { $rows } { $rows ->
        [one] review
       *[other] reviews
    }: { $positive } positive, { $negative } negative.
preview-dropped = { $rows } { $rows ->
        [one] row
       *[other] rows
    } dropped: { $reasons }.
preview-reason-separator = {"; "}
preview-rows-caption = The first { $rows } { $rows ->
        [one] row
       *[other] rows
    }, texts cut short
preview-column-label = Label
preview-column-text = Text
preview-columns-first = the first { $listed } of { $columns } columns; search for others
preview-columns-matching = { $shown } of { $matched } columns matching “{ $query }”
preview-columns-search = Search { $columns } columns
preview-columns-search-text = Search the columns for the text column
preview-columns-search-label = Search the columns for the label column

## A link's page keys the page could not use (the banner; the value is ignored)

link-key-malformed = { $key }: the value has a malformed %-escape; ignored.
link-key-twice = { $key } is given twice; the first value is used.
link-run-invalid = run: "{ $value }" is not a whole number of steps; ignored.
link-speed-invalid = speed: "{ $value }" is not one of { $speeds } steps per second (0: as fast as possible); ignored.
link-lang-invalid = lang: "{ $value }" is not a language of the lab (en, es, zh-CN); ignored.
link-scorm-invalid = scorm: "{ $value }" is not 1.2 or 2004; ignored.
link-panels-none = panels: names no panel (the panels are { $panels }); the whole lab is shown.
link-hide-all = hide: every panel would be hidden, which leaves an empty page; the whole lab is shown.
link-panel-unknown = { $key }: unknown panel "{ $name }" ignored.

## The training worker's errors (web/src/worker), said in the banner

error-no-preview = There is no dataset preview to confirm.
error-unknown-preset = Unknown dataset preset “{ $name }”.
error-lab-faulted = The lab stopped after a failure; the page is restarting the training worker.
error-module-not-loaded = The wasm module is not loaded yet.
error-needs-data =
    { $action ->
        [reset] Load a dataset before Reset.
        [review] Load a dataset before showing a review.
        [score] Load a dataset before scoring a review.
        [list] Load a dataset before listing reviews.
        [export] Load a dataset before exporting the data.
        [activity] Load a dataset before the activity.
        [replay] Load a dataset before replaying a link.
        [step] Load a dataset before stepping.
        [solve] Load a dataset before solving for p_mm.
        [save] Load a dataset before saving a run.
        [train] Load a dataset before training.
       *[play] Load a dataset before Play.
    }
error-no-link-answer = No link is waiting for an answer about the data.
error-settings-not-compared = The settings could not be compared: { $reason }
error-no-link-file = No link is waiting for a file: load your own data from the Dataset card.
error-no-link-download = No link is waiting for a download.
error-download-failed = Could not download the built-in dataset “{ $name }” ({ $url }): { $reason }
error-download-cancelled-kept = You cancelled the download of { $file }: the lab keeps { $source } and its run.
error-download-cancelled-empty = You cancelled the download of { $file }: nothing is loaded: choose a dataset, or load a file.
error-run-not-saved = The run was not saved: { $reason }.
error-run-not-loaded = The run file was not loaded: { $reason }.
error-run-unreadable = The run file cannot be read: { $reason }.
error-run-not-applied = The run file was not loaded, and nothing changed: { $reason }.
error-link-not-replayed = The link's run was not replayed: { $reason }.
error-split-empty =
    { $split ->
        [test] The test split is empty.
       *[train] The training split is empty.
    }
error-faults-test-only = Faults are injected only in test builds.
error-too-large = { $name } is { $size }; files larger than { $limit } cannot be loaded (the parser refuses them). Take a sample of the rows, or split the file.
error-folder-too-large = The folder { $name } is { $size }; files larger than { $limit } cannot be loaded (the parser refuses them). Take a sample of the rows, or split the file.
error-offline = The network is unreachable: this computer is offline, and { $what ->
        [sample] sampling { $name }
       *[download] downloading { $name }
    } needs { $host }. Load a file from your computer instead, or choose the built-in movie or restaurant reviews (the Dataset setting), which work offline.
error-unreachable = The network is unreachable: { $what ->
        [sample] sampling { $name }
       *[download] downloading { $name }
    } needs { $host }, which did not answer (this computer may be offline, or a firewall or the site itself may block the request). Load a file from your computer instead, or choose the built-in movie or restaurant reviews (the Dataset setting), which work offline.
error-gzip-damaged = { $name } is gzip-compressed but damaged: { $reason }
error-download-url = Could not download { $url }: { $reason }
error-download-http = Could not download { $url }: HTTP { $status }
error-source-files = Got { $files } files. Expected one review file (CSV, TSV, JSON Lines), a pair of *.pos and *.neg files with one review per line, or a folder with pos/ and neg/ subfolders holding one review per file.
error-rows-http = { $name }: HTTP { $status } from the rows API: “{ $reason }”
error-rows-no-array = { $name }: the rows API answered without a “rows” array
error-rows-bad-row = { $name } row { $row }: expected a “{ $field }” string and a numeric “label”
module-fault-memory = The lab ran out of memory (the wasm heap is limited to 2 GB): { $detail }. The training worker restarts with the last dataset and settings that loaded. Lower max_reviews, max_vocab or d before trying that again.
module-fault-internal = The lab stopped on an internal error: { $detail }. The training worker restarts with the last dataset and settings that loaded.

## The training worker stopped, or is slow (the banner)

worker-gone-terminated = it was terminated
worker-gone-error = an uncaught error ({ $detail })
worker-gone-unreadable = a message could not be read
worker-gone-hung = it did not answer for { $seconds } s (stuck in one computation)
worker-gone-stopped-busy = you stopped it while "{ $task }" was running (over { $seconds } s)
worker-stopped = The training worker stopped: { $reason }. Restart it with the same settings and data.
worker-restart = Restart
worker-restarted = The training worker stopped: { $reason }. It was restarted and replayed to step { $step }.
worker-restarted-interrupted = The training worker stopped: { $reason }. It was restarted and replayed to step { $step } of the run that stood before the new data; that data did not load (load it again to try once more).
worker-slow = { $task } is taking longer than expected: { $seconds } s so far, about { $estimate } s was estimated (the computer may be busy). The training worker is still computing and will go on when it finishes.
worker-slow-stop = Stop it and keep the run
