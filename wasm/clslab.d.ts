// Types of the Embind module built from wasm/bindings.cpp. Hand-written: it is the
// contract between the C++ core and the web worker, and the only place besides
// wasm/marshal.h where the C++ snake_case names appear in their JS camelCase spelling.
// tests/wasm/contract.test.ts checks every binding's result against these types.
// Every method returns plain objects and copied typed arrays (never views into the wasm
// heap); failures are { ok: false, message } values, never exceptions.

export type FieldKind = 'number' | 'integer' | 'boolean' | 'choice' | 'text';

/** What changing a setting does to a loaded run (core SettingEffect), most drastic first:
 *  another dataset, a rebuilt split and vocabulary, new weights, a new p_mm, nothing. */
export type SettingEffect = 'source' | 'pipeline' | 'weights' | 'solver' | 'run-length';

export interface SettingField {
  key: string;
  label: string;
  /** 'source' fields are the dataset's identity, set by loading and never typed in. */
  group: 'source' | 'data' | 'synthetic' | 'model' | 'protocol' | 'svm';
  kind: FieldKind;
  effect: SettingEffect;
  /** effect is 'source' or 'pipeline': the data is rebuilt. */
  reloads: boolean;
  min: number;
  max: number;
  logScale: boolean;
  choices: string[];
  /** Longest value of a 'text' field, in bytes. */
  maxLength: number;
  help: string;
  defaultText: string;
}

/** A run's settings as a JSON object {"version": 1, key: number | boolean | string}: the same
 *  document as the CLI's --config file, the dataset's identity included. */
export type ConfigJson = string;

export interface ConfigResult {
  ok: boolean;
  message: string;
  /** Normalized JSON of the whole config (all keys), when ok. */
  configJson: ConfigJson;
}

export interface DecodedShareLink {
  configJson: ConfigJson;
  /** One sentence per dropped part of the link; that value fell back to its default. */
  warnings: string[];
}

export interface DatasetSummary {
  sourceName: string;
  format: string;
  columns: string[];
  textColumn: string;
  labelColumn: string;
  /** FNV-1a of the source's bytes (16 hex digits); '' for synthetic data. */
  contentHash: string;
  parsedRows: number;
  dropped: number;
  /** Why rows were dropped: data-dropped findings { rows, reason }, worded by the catalog. */
  dropReasons: Finding[];
  trainReviews: number;
  testReviews: number;
  trainPositive: number;
  trainNegative: number;
  vocabSize: number;
  trainTokens: number;
}

/** Lab.memory(): the model's size and the wasm heap, in bytes. */
export interface MemoryReport {
  vocabSize: number;
  width: number;
  /** V d + 2 d: E, p and v. */
  weights: number;
  /** The weights as stored (float32). */
  modelBytes: number;
  /** The module's memory now (it grows, never shrinks). */
  heapBytes: number;
}

/** A load's answer: the summary, and the settings as loaded (with the source's hash and
 *  rows recorded). On failure value is null and nothing changed. */
export interface LoadResult {
  ok: boolean;
  message: string;
  value: DatasetSummary | null;
  configJson: ConfigJson;
}

/** Names of core's SourceKindName: where a run's data comes from. Each but 'builtin' is a
 *  `dataset` value (built-in sets go by their own names). */
export type SourceKindName = 'builtin' | 'synthetic' | 'file' | 'url' | 'preset';

export interface SourceKind {
  name: SourceKindName;
  /** The user's own data (core IsUserData): loaded, never chosen from a menu. */
  userData: boolean;
}

/** A Metrics field in Describe order: its JS key and its snake_case name (the CSV column). */
export interface MetricField {
  key: keyof Metrics;
  column: string;
}

/** Format names of core's TextFormatName; 'auto' detects. */
export type TextFormatName =
  | 'auto'
  | 'csv'
  | 'tsv'
  | 'jsonl'
  | 'fasttext'
  | 'label-tab-text'
  | 'label-space-text'
  | 'text-tab-label';

/** The user's parse choices (core ParseOptions). Every key is required; '' and -1 detect. */
export interface ParseChoice {
  sourceName: string;
  format: TextFormatName;
  /** Column/field name or 0-based index as text; '' = detect. */
  textColumn: string;
  labelColumn: string;
  /** -1 detect, 0 no, 1 yes. */
  hasHeader: number;
  /** Star ratings: above positive, below negative, equal dropped (1-5 scale). */
  starThreshold: number;
  /** Decode the bytes as Windows-1252 before parsing. */
  latin1: boolean;
}

/** The bytes of a source in one of its three shapes (core SourceBytes), with the name they
 *  were supplied under when known (a refusal of the wrong data names it). */
export type SourceBytes = { name?: string } & (
  | { layout: 'text'; text: Uint8Array }
  | { layout: 'paired'; positive: Uint8Array; negative: Uint8Array }
  /** One review per file; labels +1/-1, same length as texts. */
  | { layout: 'texts'; texts: Uint8Array[]; labels: Int8Array }
);

export interface PreviewRow {
  text: string;
  /** +1 or -1 */
  label: number;
}

/** What a source would load as; computing it never touches a Lab's dataset. */
export interface DatasetPreview {
  ok: boolean;
  message: string;
  /** Failed because the bytes are not UTF-8 (and not binary): offer `latin1: true`. */
  notUtf8: boolean;
  sourceName: string;
  format: string;
  /** data-encoding: UTF-8, or what was converted to it (and lone-CR line ends). */
  encoding: Finding;
  columns: string[];
  textColumn: string;
  labelColumn: string;
  /** data-labels: how the label column's values became classes. */
  labelMapping: Finding;
  /** The first rows in file order; texts cut short with an ellipsis. */
  rows: PreviewRow[];
  parsedRows: number;
  positive: number;
  negative: number;
  dropped: number;
  /** data-dropped findings { rows, reason }. */
  dropReasons: Finding[];
  /** data-one-class: one class only, loading will be refused. */
  warnings: Finding[];
}

/** Every number is finite; a metric that does not apply has its has* flag false. */
export interface Metrics {
  step: number;
  /** The phase's name (enums.h); the page says it with the catalog's phase-<name>. */
  phase: PhaseName;
  trainLoss: number;
  trainAccuracy: number;
  hasTest: boolean;
  testLoss: number;
  testAccuracy: number;
  /** n: the training reviews loaded. */
  trainReviews: number;
  /** The n reviews with a token in the vocabulary: loss, accuracy and selection are over
   *  these (an empty review has nothing to attend to). */
  scoredReviews: number;
  pNorm: number;
  alignmentSlope: number;
  alignmentIntercept: number;
  alignmentR2: number;
  hasPredictedSlope: boolean;
  predictedSlope: number;
  hasMaxMargin: boolean;
  cosineToMaxMargin: number;
  /** 1 − cos(p, p_mm) computed without cancellation (digits where the cosine reads 1). */
  oneMinusCosineToMaxMargin: number;
  normalizedMargin: number;
  maxMarginReference: number;
  selectionAccuracy: number;
  selectionMass: number;
  /** Share of the same reviews whose token of largest |v·E_s| lies in S_i: the label-free
   *  baseline Result 2's selection stands beside. */
  baselineSelectionAccuracy: number;
  uScore: number;
  signedScore: number;
  uContrast: number;
  uTokens: number;
  /** 16 hex digits over the step and the weights' bits. */
  checksum: string;
  /** Result 2 over the acyclic reviews (those whose constraints are not on cycles), against
   *  p_mm solved on them alone; selection measured over the same reviews. */
  hasMaxMarginAcyclic: boolean;
  cosineToMaxMarginAcyclic: number;
  selectionAccuracyAcyclic: number;
  /** How many reviews the acyclic figures are over. */
  acyclicReviews: number;
  /** Figure 1's summary of p_mm.E_s (the theory's prediction), with hasMaxMargin... */
  uScoreMaxMargin: number;
  signedScoreMaxMargin: number;
  /** ... and of the acyclic reviews' p_mm.E_s, with hasMaxMarginAcyclic. */
  uScoreMaxMarginAcyclic: number;
  signedScoreMaxMarginAcyclic: number;
  /** Result 2 over all reviews for the tokens the flow selects (core local_svm.h): the
   *  shares of reviews whose top token of p.E_s is one token (strict) and lies in S_i. */
  hasLocalSelection: boolean;
  localSelectionSStar: number;
  localSelectionStrict: number;
  /** Against the att-SVM of the flow's own selection at localSvmStep (core Experiment::Work);
   *  localSelectionCurrent: the selection is still that one. */
  hasLocalSvm: boolean;
  localSvmStep: number;
  localSelectionCurrent: boolean;
  cosineToLocalSvm: number;
  /** min over its constraints of p.z_k / ||p||, against 1 / ||p_local||. */
  localNormalizedMargin: number;
  localSvmReference: number;
  /** The user cancelled this step's run-end solve of p_local (Lab.cancel): nothing is
   *  claimed about p_local at this step (the verdict says so). Not part of a share link. */
  localSvmCancelled: boolean;
  /** Test accuracy right after the step on E (before the flow on p). */
  hasTestAfterStepOnE: boolean;
  testAccuracyAfterStepOnE: number;
}

/** A core Result: the value when ok, else null with the message saying why. */
export interface ValueResult<T> {
  ok: boolean;
  message: string;
  value: T | null;
}

/** Core's enums cross as their names in core's one table (enums.h EnumNames), the
 *  spelling the JSON and the run files use too: module.enumNames() lists them. */
export type ProtocolName = 'paper' | 'joint';
export type PhaseName = 'initialized' | 'embeddings_stepped' | 'flow' | 'joint';
/** The solve a run owes before its next step ('none': none). */
export type DueSolveName = 'none' | 'max_margin';
/** What the run's loop does next (core run_plan.h RunItem), in the order a step's work goes. */
export type RunItemName =
  | 'none'
  | 'step_on_embeddings'
  | 'step'
  | 'local_svm_share'
  | 'max_margin'
  | 'local_svm_finish'
  | 'record_metrics';
/** Why a work call returned (core work.h WorkStop). */
export type WorkStopName =
  'no_data' | 'budget' | 'steps' | 'measured' | 'target' | 'refused' | 'solve_next';
/** Which steps a work call may take: any, or only the step on E or the flow on p. */
export type StepKindName = 'any' | 'embeddings' | 'flow';

/** What an attention-SVM solve is solving (core enums.h SolveStage). */
export type SolveStageName =
  'none' | 'all_hard' | 'all_soft' | 'acyclic_hard' | 'acyclic_soft' | 'local_hard' | 'done';

/** Every enum's names, in core's table order (module.enumNames()). */
export interface EnumNames {
  protocol: ProtocolName[];
  phase: PhaseName[];
  dueSolve: DueSolveName[];
  runItem: RunItemName[];
  sourceKind: SourceKindName[];
  workStop: WorkStopName[];
  stepKind: StepKindName[];
  solveStage: SolveStageName[];
}

/** What data a run's settings name (core DataNeed). */
export interface DataNeed {
  kind: SourceKindName;
  /** The built-in set's id, the file's name, the URL or the preset's id. */
  name: string;
  /** File, URL and preset data: only the user has it or may agree to download it. */
  userData: boolean;
  rows: number;
  hash: string;
  seed: number;
  /** The run holds this data now. */
  loaded: boolean;
}

/** What the run does next and why (core RunPlan, run_plan.h): every driver follows it. */
export interface RunPlan {
  step: number;
  /** Where a run started now stops: the steps setting, or that many more once past it. */
  targetStep: number;
  /** step >= the steps setting. */
  budgetSpent: boolean;
  protocol: ProtocolName;
  phase: PhaseName;
  /** Paper protocol at step 0: the next step is the step on E, alone. */
  stepOnEmbeddingsDue: boolean;
  /** The solve to run before the next step. */
  solveDue: DueSolveName;
  /** The most steps the next training call may take (1 for the step on E). */
  maxChunk: number;
  /** What the run's loop does next; settled once the step's own work is done. */
  next: RunItemName;
  settled: boolean;
  /** The step ends a run (a multiple of the steps setting). */
  runEnd: boolean;
  data: DataNeed;
}

/** What a training call did (no metrics: those are asked for separately). */
export interface StepReport {
  /** The step reached. */
  step: number;
  /** Steps this call completed. */
  taken: number;
  trainLoss: number;
  /** A step was refused (it would diverge) or does not apply; message says which setting. */
  refused: boolean;
  message: string;
  /** What the run does next, after this call. */
  plan: RunPlan;
}

/** Per-token columns in vocabulary order; row 0 is <unk>. */
export interface TokenTable {
  tokens: string[];
  count: Float64Array;
  alpha: Float64Array;
  delta: Float64Array;
  /** v.E_s */
  value: Float32Array;
  /** p.E_s */
  attention: Float32Array;
  /** p_mm.E_s while the attention-SVM solution is current (empty otherwise). */
  maxMarginAttention: Float32Array;
  /** The acyclic reviews' p_mm.E_s, likewise. */
  maxMarginAttentionAcyclic: Float32Array;
}

/** TokenTable's two columns that change with the weights, alone (no strings to copy). */
export interface TokenScores {
  /** v.E_s */
  value: Float32Array;
  /** p.E_s */
  attention: Float32Array;
}

/** TokenTable's two p_mm columns alone (empty while no solution is current). */
export interface MaxMarginScores {
  /** p_mm.E_s over all reviews (TokenTable.maxMarginAttention) */
  all: Float32Array;
  /** over the acyclic reviews (TokenTable.maxMarginAttentionAcyclic) */
  acyclic: Float32Array;
}

export interface ReviewView {
  text: string;
  tokens: string[];
  words: string[];
  attention: Float32Array;
  selected: Uint8Array;
  label: number;
  /** f(X) = sum_t s_t b_t */
  logit: number;
  /** a_t = p.E_{x_t} per position (0 for a dropped word); attention = softmax(score) */
  score: Float32Array;
  /** b_t = v.E_{x_t} per position */
  value: Float32Array;
  /** sign of f: +1 or -1 (0 for a review without tokens) */
  prediction: number;
  /** position of the theory's s* (first of S_i), -1 without tokens */
  chosen: number;
  /** position of the largest s_t, -1 without tokens */
  attended: number;
  /** Why the attended token is not in S_i (code '' when it is): review-spread or
   *  review-disagrees, worded by the catalog. */
  disagreement: Finding;
  /** s_t b_t per position (0 for a dropped word): f is their sum */
  contribution: Float32Array;
  /** the model's positions (dropped words left out) by s_t, largest first */
  order: Int32Array;
  /** [k]: sum of s_t over order[k..] (order.length + 1 entries; [0] = 1, last = 0) */
  restAttention: Float64Array;
  /** [k]: sum of s_t b_t over order[k..] ([0] = f, last = 0) */
  restContribution: Float64Array;
  /** sum of s_t over the theory's selected set S_i */
  selectedAttention: number;
}

/** Where a sliced attention-SVM solve stands (core reports.h MaxMarginProgress). */
export interface MaxMarginProgress {
  active: boolean;
  done: boolean;
  /** Why nothing is under way, when neither active nor done. */
  message: string;
  part: number;
  parts: number;
  /** What is being solved (core's SolveStage); the page words it with the catalog. */
  stage: SolveStageName;
  epochs: number;
  /** The relative duality gap at the last certificate, and the gap at which it stops. */
  gap: number;
  tolerance: number;
  updates: number;
  /** The running part's constraints, and those the solver still sweeps (not shrunk). */
  constraints: number;
  activeConstraints: number;
  /** p_local: the step whose selection is being solved (0 for p_mm). */
  step: number;
  /** How far the solve is, in [0, 1] (the parts done, and the running part's gap on a log
   *  scale down to the solve's stopping gap): a progress bar's value. */
  estimate: number;
}

/** What a driver asks of the run's loop (core work.h WorkOrder); omitted keys keep core's
 *  defaults. Work is counted in coordinate updates of an att-SVM solve. */
export interface WorkOrder {
  /** Steps stop here; the call goes on until the run stands here with the step's work done. */
  targetStep: number;
  /** Units this call may spend (Infinity: no limit). */
  budget?: number;
  /** Steps this call may take (a speed cap). */
  maxSteps?: number;
  /** Return once the metrics at this step or later are measured (-1: none). */
  measureAt?: number;
  /** Measure before the step's blocking solve (p_mm, a run end's p_local), not after. */
  measureBeforeSolves?: boolean;
  /** With the metrics, the guidance of the same state. */
  explain?: boolean;
  stepKind?: StepKindName;
}

/** What one work call did and where the run stands (core work.h WorkReport). */
export interface WorkReport {
  /** The step reached, the steps this call took, a refusal in words. */
  steps: StepReport;
  stopped: WorkStopName;
  spent: number;
  /** metrics() and explain() now hold what the order asked for. */
  metricsReady: boolean;
  guidanceReady: boolean;
  /** The p_mm solve and the flow's own att-SVM: where each stands; *Ended: one ended (done
   *  or failed) in this call, and its report is new. */
  maxMargin: MaxMarginProgress;
  maxMarginEnded: boolean;
  localSvm: MaxMarginProgress;
  localSvmEnded: boolean;
  plan: RunPlan;
}

export interface MaxMarginReport {
  solved: boolean;
  message: string;
  acyclic: boolean;
  hardMargin: boolean;
  /** Unique (selected token, other token) pairs. */
  constraints: number;
  /** Pairs counted once per review that produced them (before de-duplication). */
  constraintInstances: number;
  /** Training reviews that produced at least one constraint. */
  reviews: number;
  constraintsInCycles: number;
  reviewsInCycles: number;
  cycles: string[];
  /** The must-beat graph's strongly connected sets of 2+ tokens, the largest one's size and
   *  most selected words, and the reviews with an s* in it (no p selects s* in all). */
  cyclicComponents: number;
  largestComponentSize: number;
  largestComponentWords: string[];
  largestComponentReviews: number;
  norm: number;
  gap: number;
  minMargin: number;
  violated: number;
  epochs: number;
  converged: boolean;
  /** The problem again over the acyclic reviews (all of them when acyclic). */
  acyclicReviews: number;
  acyclicConstraints: number;
  acyclicSolved: boolean;
  acyclicHardMargin: boolean;
  acyclicNorm: number;
  acyclicViolated: number;
}

export interface SelectedToken {
  token: string;
  /** Train reviews whose selected set holds the token, and their share. */
  reviews: number;
  share: number;
  count: number;
  delta: number;
  /** Share of the non-empty train reviews that contain it. */
  documentShare: number;
}

/** The att-SVM of the flow's own selection (core reports.h LocalSvmReport). */
export interface LocalSvmReport {
  solved: boolean;
  message: string;
  /** The step whose selection it solved. */
  step: number;
  constraints: number;
  reviews: number;
  strictReviews: number;
  sStarReviews: number;
  norm: number;
  gap: number;
  epochs: number;
  updates: number;
  converged: boolean;
  warmStart: boolean;
  solves: number;
}

/** Which tokens the theory selects (s*_i = argmax_t y_i v.E_{x_t}) with the current E. */
export interface SelectionReport {
  /** False before E has changed (E(0) is noise). */
  available: boolean;
  reviews: number;
  /** Distinct tokens that are some review's s*. */
  distinct: number;
  medianCount: number;
  medianAbsDelta: number;
  top: SelectedToken[];
}

export interface RecipeSetting {
  key: string;
  /** The text form of the value, as the settings table writes it. */
  value: string;
}

/** A named set of settings computed from the loaded data (core recipes.h), saying what it
 *  will do before it is applied: `title` a few words for its button (recipe-title); `plan`
 *  the reviews p trains on (named with their number when a subset), its first detail the
 *  cost (recipe-cost), the others why each number is what it is. */
export interface Recipe {
  name: 'result1' | 'figure1' | 'result2';
  title: Finding;
  plan: Finding;
  settings: RecipeSetting[];
}

/** core FindingKind (findings.h): a verdict's kind, or a fact or note behind one. */
export type FindingKindName = 'expect' | 'shown' | 'off' | 'instead' | 'n/a' | 'fact' | 'note';
/** core ArgType: how the catalog formats the argument. */
export type ArgTypeName = 'count' | 'share' | 'ratio' | 'value' | 'token' | 'tokens' | 'name';

/** One argument of a finding: `number` for count/share/ratio/value, `text` for token/name,
 *  `items` for tokens (the others are 0, '' and []). */
export interface FindingArg {
  name: string;
  type: ArgTypeName;
  number: number;
  text: string;
  items: string[];
}

/** What core says about a run, as data (core findings.h): the catalog's message `code`
 *  with its arguments; the page renders it (web/src/messages.ts). */
export interface Finding {
  panel: string;
  kind: FindingKindName;
  code: string;
  args: FindingArg[];
  /** A recipe that helps, or ''. */
  recipe: string;
  /** A built-in dataset the finding offers to open next, or ''. */
  dataset: string;
  /** The reasons and numbers behind it, folded under its sentence. */
  details: Finding[];
}

/** The class activity's questions (core activity.h), in core's table order. */
export type QuestionName = 'slope' | 'cosine' | 'selection' | 'word' | 'ushape' | 'accuracy';
export type ActivityNoteCode =
  | 'unknown_question'
  | 'repeated_question'
  | 'bad_review'
  | 'empty'
  | 'review_out_of_range'
  | 'review_choices'
  | 'no_review'
  | 'state_unreadable';
/** A problem with the link's `activity` value, by code; `subject` is what it names. */
export interface ActivityNote {
  code: ActivityNoteCode;
  subject: string;
}
export interface ActivityQuestion {
  id: QuestionName;
  responseType: 'true-false' | 'choice';
  moment: 'step_on_embeddings' | 'end_of_run';
  /** The step whose metrics settle it. */
  settleStep: number;
  threshold: number;
  /** '' when it applies to this run; else why not. */
  notApplicable: '' | 'joint_protocol';
  /** 'true', 'false'; for the word question the review's distinct tokens. */
  choices: string[];
  /** The word question's review: 0-based training index (-1 otherwise), its words as
   *  written and each word's token ('' for a word the model does not see). */
  review: number;
  reviewWords: string[];
  reviewTokens: string[];
}
export type VoidReason =
  | 'joint_protocol'
  | 'no_max_margin'
  | 'no_test'
  | 'no_u_tokens'
  | 'no_attention'
  | 'settled_before_commit';
export interface Settlement {
  id: QuestionName;
  state: 'pending' | 'settled' | 'void';
  reason: VoidReason | '';
  /** The right response, one of the question's choices ('' unless settled). */
  answer: string;
  step: number;
  /** The numbers the rule read (activity.h Settlement says which, per question). */
  measured: number;
  reference: number;
  detail: number;
}
export interface ActivityResponse {
  id: QuestionName;
  response: string;
}
export type ActivityResult = 'correct' | 'wrong' | 'pending' | 'void';
/** What the activity says about one question (core activity.h QuestionWords): the question,
 *  and its outcome (the response, with the reveal or why not scored or when, and the
 *  grade as details; code '' says nothing). The page renders them (web/src/messages.ts). */
export interface QuestionWords {
  ask: Finding;
  outcome: Finding;
}
/** Where an activity stands for this run: questions, settlements, grades (activity.h). */
export interface ActivityReport {
  /** The normalized `activity` link value. */
  value: string;
  notes: ActivityNote[];
  questions: ActivityQuestion[];
  settlements: Settlement[];
  committed: boolean;
  responses: ActivityResponse[];
  results: ActivityResult[];
  correct: number;
  scored: number;
  done: boolean;
  scaled: number;
  /** Responses and settlements, as a course platform keeps them to resume. */
  stateJson: string;
  /** The words (findings; code '' says nothing): one per question, each note, the card's
   *  status, the prompt above the charts, and why a commit was refused. */
  said: QuestionWords[];
  notesSaid: Finding[];
  status: Finding;
  prompt: Finding;
  refusal: Finding;
}
export interface ActivityOutcome extends StatusResult {
  value: ActivityReport | null;
}

/** Each chart's verdict with its details, the diagnostics, the reviews Result 2 is over and
 *  the prompt (core guidance.h); the page words them from the catalog. */
export interface Guidance {
  /** One verdict each: result1, figure1, result2, loss. */
  panels: Finding[];
  /** Facts of the "why" panel. */
  diagnostics: Finding[];
  coverage: Finding;
  /** The measured slope of log(1 − cos(p, p_mm)) against log(step) (core's DirectionRate). */
  rate: Finding;
  prompt: Finding;
}

/** The largest dataset and model a Lab accepts (core limits.h); each is checked before the
 *  memory it bounds is allocated. */
export interface Limits {
  /** Reviews after sampling (max_reviews), train + test. */
  maxReviews: number;
  /** Tokens over all kept reviews. */
  maxTokens: number;
  /** Vocabulary entries including <unk>. */
  maxVocabulary: number;
  /** Embedding width d. */
  maxWidth: number;
  /** V x d. */
  maxWeights: number;
  /** Bytes of one input. */
  maxInputBytes: number;
  /** Bytes of one run file (read or saved). */
  maxRunFileBytes: number;
}

export interface StatusResult {
  ok: boolean;
  message: string;
}

export interface ConfigureResult extends StatusResult {
  /** What the change did; '' when refused. */
  effect: SettingEffect | '';
  /** The settings in force afterwards (the old ones when refused). */
  configJson: ConfigJson;
}

/** One per worker; it owns the run (settings, data, weights) as one unit: each call either
 *  succeeds whole or changes nothing. Embind objects are not garbage-collected: delete(). */
export interface Lab {
  /** The limits this Lab enforces. */
  limits(): Limits;
  /** The run's data from its bytes, parsed with the config's source_* choices; a config
   *  with a source hash accepts only bytes with that hash. */
  load(source: SourceBytes, configJson: ConfigJson): LoadResult;
  loadSynthetic(configJson: ConfigJson): LoadResult;
  /** Applies a settings change by its effect; a 'source' change is refused (load it). */
  configure(configJson: ConfigJson): ConfigureResult;
  /** New weights from the seed; same data. */
  reset(): StatusResult;
  configJson(): ConfigJson;
  hasDataset(): boolean;
  summary(): DatasetSummary;
  /** What the page holds: the model (core Weights: V x d + 2 d float32 weights; zeros
   *  before data) and the wasm heap now (the module's memory buffer, in bytes). */
  memory(): MemoryReport;
  /** The loaded rows (as parsed) as label<TAB>text. '' when none. */
  exportLabelTabText(): string;
  /** What the run does next (the same plan each step report carries). */
  plan(): RunPlan;
  /** The run's one loop (core Experiment::Work): does what the plan says is due, within the
   *  order's budget, and says where it stopped. The same run whatever the budgets. */
  work(order: WorkOrder): WorkReport;
  /** Declines the blocking solve the plan owes now; its item ('none': nothing was owed). */
  cancel(): RunItemName;
  /** Asks for p_mm of the current E: the plan owes it until it ends. */
  requestMaxMargin(): void;
  step(): number;
  /** The metrics of the run as it stands (work() measures them when asked). */
  metrics(): Metrics;
  tokens(): TokenTable;
  scores(): TokenScores;
  /** tokens()'s two p_mm columns alone: what the page needs right after a solve. */
  maxMarginScores(): MaxMarginScores;
  review(testSplit: boolean, index: number): ReviewView;
  scoreText(text: string): ReviewView;
  /** The report of the last solve that finished or failed. */
  maxMarginReport(): MaxMarginReport;
  localSvmReport(): LocalSvmReport;
  selection(): SelectionReport;
  /** result1, figure1, result2 for the loaded data (computed once per dataset). */
  recipes(): Recipe[];
  /** Each panel's sentence chosen by the measured values, and the diagnostics. */
  explain(): Guidance;
  /** The activity of a link value with its kept state ('' for a fresh one): settles what
   *  the run now can, grades committed responses (core EvaluateActivity). */
  activity(value: string, stateJson: string): ActivityOutcome;
  /** Commits `responsesJson` ({question: response}) and evaluates; refused when already
   *  committed, incomplete, or a response is not a choice. */
  commitActivity(value: string, stateJson: string, responsesJson: string): ActivityOutcome;
  /** The run as one JSON document (settings, the user's rows, step, weights bit for bit). */
  exportRun(): string;
  /** Applies a run file as one transaction: settings, data (its stored rows, `source` for
   *  a built-in set, or generated), weights (checksum checked); nothing changes on failure. */
  applyRun(json: string, source: SourceBytes | null): StatusResult;
  delete(): void;
}

export interface RunHeader {
  ok: boolean;
  message: string;
  configJson: ConfigJson;
  sourceName: string;
  /** The file stores the user's rows (false for built-in and synthetic data). */
  storesRows: boolean;
  step: number;
  checksum: string;
}

export interface ClslabModule {
  /** With `limits`: a Lab with other limits than the defaults (fault-injection tests). */
  Lab: new (limits?: Limits) => Lab;
  /** The default limits (core Limits()). */
  limits(): Limits;
  /** Every enum's names, in core's table order. */
  enumNames(): EnumNames;
  /** The plan of a run with these settings before any data is loaded (what data it needs). */
  planFor(configJson: string): ValueResult<RunPlan>;
  /** Whether a link may replay to `step` (core CheckReplayStep: whole, in [0, 1,000,000]). */
  checkReplayStep(step: number): StatusResult;
  settingFields(): SettingField[];
  defaultConfigJson(): ConfigJson;
  /** Strict: unknown keys, wrong types and out-of-range values are errors. */
  validateConfig(configJson: string): ConfigResult;
  /** The share link's hash body; value null (and message why) when the config does not parse. */
  encodeShareLink(configJson: ConfigJson): ValueResult<string>;
  /** Lenient: never fails; problems become warnings and defaults. */
  decodeShareLink(hash: string): DecodedShareLink;
  /** A link's settings whose data was refused (`refusal` says why) with its data settings
   *  at their defaults and one warning; no warning when there is nothing to go back on. */
  withDefaultDataSettings(configJson: ConfigJson, refusal: string): DecodedShareLink;
  /** The effect of going from `before` to `after`; value null when either does not parse. */
  effectOfChange(before: ConfigJson, after: ConfigJson): ValueResult<SettingEffect>;
  /** `configJson` with its dataset set to the user's source (hash and rows left for the
   *  load to record); for a preset, the sample's seed and rows. */
  withSource(
    configJson: ConfigJson,
    kind: 'file' | 'url' | 'preset',
    name: string,
    choice: ParseChoice,
    seed: number,
    rows: number,
  ): ConfigResult;
  /** Reads a run file's header (strict; errors as values). */
  readRun(json: string): RunHeader;
  /** Parse only. */
  preview(source: SourceBytes, choice: ParseChoice): DatasetPreview;
  /** What a link records of the source: FNV-1a over its bytes, 16 hex digits. */
  contentHash(source: SourceBytes): string;
  /** Inputs larger than this many bytes are refused (core ParseOptions::max_bytes, 256 MB). */
  maxInputBytes(): number;
  /** Whether a run file of `bytes` can be read (`name`: the file) or saved (`name` ''),
   *  within Limits.maxRunFileBytes; the message says why not. */
  checkRunFileBytes(bytes: number, name: string): StatusResult;
  /** Every text format core parses, 'auto' first (core TextFormats). */
  textFormats(): TextFormatName[];
  /** Every source kind, 'builtin' first (core SourceKinds). */
  sourceKinds(): SourceKind[];
  /** A source's parse choices before the user changes any (core ParseOptions defaults). */
  defaultParseChoice(sourceName: string): ParseChoice;
  /** The fields of Metrics in core's Describe order (the order of a Metrics object's keys). */
  metricFields(): MetricField[];
  /** The activity's question names, in core's order. */
  questionNames(): QuestionName[];
}

export interface ClslabModuleOptions {
  /** Node tests pass the .wasm bytes directly (the web build fetches it). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
}

export default function createClslab(options?: ClslabModuleOptions): Promise<ClslabModule>;
