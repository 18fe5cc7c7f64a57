// The contract between the bindings and wasm/clslab.d.ts: every binding's result has
// exactly the keys the d.ts declares, each of the declared type. The key lists are written
// with `satisfies Record<keyof T, ...>`, so the compiler (tests/tsconfig.json) keeps them in
// step with the d.ts, and this test keeps the d.ts in step with what the module returns.
// A field typed as a literal union (a group, an effect, a panel, a kind) is checked against
// every member of the union, listed with `oneOf`, which fails to compile when the list and
// the union differ; a core enum crosses as its name, checked against the same lists, which
// the module's own enumNames() must equal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type {
  ActivityNote,
  ActivityNoteCode,
  ActivityOutcome,
  ActivityQuestion,
  ActivityReport,
  ActivityResponse,
  QuestionName,
  QuestionWords,
  Settlement,
  VoidReason,
  DataNeed,
  DueSolveName,
  EnumNames,
  RunItemName,
  StepKindName,
  SolveStageName,
  WorkReport,
  WorkStopName,
  PhaseName,
  ProtocolName,
  RunPlan,
  ConfigResult,
  ConfigureResult,
  DatasetPreview,
  DatasetSummary,
  DecodedShareLink,
  Guidance,
  ArgTypeName,
  Finding,
  FindingArg,
  FindingKindName,
  Recipe,
  RecipeSetting,
  SelectedToken,
  SelectionReport,
  Limits,
  LoadResult,
  LocalSvmReport,
  MaxMarginProgress,
  MaxMarginReport,
  MetricField,
  Metrics,
  PreviewRow,
  ReviewView,
  RunHeader,
  SettingField,
  SourceKindName,
  StatusResult,
  StepReport,
  TokenScores,
  MaxMarginScores,
  TextFormatName,
  TokenTable,
} from '../../wasm/clslab.d.ts';
import { corpus, loadModule } from '../web/support.ts';

type Kind =
  | 'number'
  | 'string'
  | 'boolean'
  | 'string[]'
  | 'Float32Array'
  | 'Float64Array'
  | 'Uint8Array'
  | 'Int32Array'
  | { nullable: boolean; shape: Shape }
  | { arrayOf: Shape }
  | { oneOf: readonly string[] };
type Shape = Record<string, Kind>;

/** Every member of the union U, each once: a list that misses a member or names another
 *  does not compile. */
function oneOf<U extends string>() {
  return <const L extends readonly U[]>(
    list: L,
    ..._exhaustive: [Exclude<U, L[number]>] extends [never] ? [] : [missing: Exclude<U, L[number]>]
  ): { oneOf: L } => ({ oneOf: list });
}

function check(value: unknown, shape: Shape, where: string): void {
  assert.ok(typeof value === 'object' && value !== null, `${where} is an object`);
  const object = value as Record<string, unknown>;
  assert.deepEqual(Object.keys(object).sort(), Object.keys(shape).sort(), `${where}: keys`);
  for (const [key, kind] of Object.entries(shape)) {
    const field = object[key];
    const at = `${where}.${key}`;
    if (typeof kind === 'string') {
      if (kind === 'string[]') {
        assert.ok(Array.isArray(field), at);
        for (const item of field as unknown[]) assert.equal(typeof item, 'string', at);
      } else if (kind.endsWith('Array')) {
        assert.equal((field as object).constructor.name, kind, at);
      } else {
        assert.equal(typeof field, kind, at);
      }
    } else if ('oneOf' in kind) {
      assert.ok(
        kind.oneOf.includes(field as string),
        `${at}: ${String(field)} in ${kind.oneOf.join('|')}`,
      );
    } else if ('arrayOf' in kind) {
      assert.ok(Array.isArray(field), at);
      (field as unknown[]).forEach((item, k) => check(item, kind.arrayOf, `${at}[${k}]`));
    } else if (field === null) {
      assert.ok(kind.nullable, `${at} is not nullable`);
    } else {
      check(field, kind.shape, at);
    }
  }
}

const status = { ok: 'boolean', message: 'string' } satisfies Record<keyof StatusResult, Kind>;
const configResult = { ...status, configJson: 'string' } satisfies Record<keyof ConfigResult, Kind>;
const findingArg = {
  name: 'string',
  type: oneOf<ArgTypeName>()(['count', 'share', 'ratio', 'value', 'token', 'tokens', 'name']),
  number: 'number',
  text: 'string',
  items: 'string[]',
} satisfies Record<keyof FindingArg, Kind>;
const finding: Record<keyof Finding, Kind> = {
  panel: 'string',
  kind: oneOf<FindingKindName>()(['expect', 'shown', 'off', 'instead', 'n/a', 'fact', 'note']),
  code: 'string',
  args: { arrayOf: findingArg },
  recipe: 'string',
  dataset: 'string',
  details: { arrayOf: {} },
};
finding.details = { arrayOf: finding }; // a finding's details are findings
const summary = {
  sourceName: 'string',
  format: 'string',
  columns: 'string[]',
  textColumn: 'string',
  labelColumn: 'string',
  contentHash: 'string',
  parsedRows: 'number',
  dropped: 'number',
  dropReasons: { arrayOf: finding },
  trainReviews: 'number',
  testReviews: 'number',
  trainPositive: 'number',
  trainNegative: 'number',
  vocabSize: 'number',
  trainTokens: 'number',
} satisfies Record<keyof DatasetSummary, Kind>;
const loadResult = {
  ...status,
  value: { nullable: true, shape: summary },
  configJson: 'string',
} satisfies Record<keyof LoadResult, Kind>;
const previewRow = { text: 'string', label: 'number' } satisfies Record<keyof PreviewRow, Kind>;
const preview = {
  ...status,
  notUtf8: 'boolean',
  sourceName: 'string',
  format: 'string',
  encoding: { nullable: false, shape: finding },
  columns: 'string[]',
  textColumn: 'string',
  labelColumn: 'string',
  labelMapping: { nullable: false, shape: finding },
  rows: { arrayOf: previewRow },
  parsedRows: 'number',
  positive: 'number',
  negative: 'number',
  dropped: 'number',
  dropReasons: { arrayOf: finding },
  warnings: { arrayOf: finding },
} satisfies Record<keyof DatasetPreview, Kind>;
const phaseNames = oneOf<PhaseName>()(['initialized', 'embeddings_stepped', 'flow', 'joint']);
const metrics = {
  step: 'number',
  phase: phaseNames,
  trainLoss: 'number',
  trainAccuracy: 'number',
  hasTest: 'boolean',
  testLoss: 'number',
  testAccuracy: 'number',
  trainReviews: 'number',
  scoredReviews: 'number',
  pNorm: 'number',
  alignmentSlope: 'number',
  alignmentIntercept: 'number',
  alignmentR2: 'number',
  hasPredictedSlope: 'boolean',
  predictedSlope: 'number',
  hasMaxMargin: 'boolean',
  cosineToMaxMargin: 'number',
  oneMinusCosineToMaxMargin: 'number',
  normalizedMargin: 'number',
  maxMarginReference: 'number',
  selectionAccuracy: 'number',
  selectionMass: 'number',
  baselineSelectionAccuracy: 'number',
  uScore: 'number',
  signedScore: 'number',
  uContrast: 'number',
  uTokens: 'number',
  checksum: 'string',
  hasMaxMarginAcyclic: 'boolean',
  cosineToMaxMarginAcyclic: 'number',
  selectionAccuracyAcyclic: 'number',
  acyclicReviews: 'number',
  uScoreMaxMargin: 'number',
  signedScoreMaxMargin: 'number',
  uScoreMaxMarginAcyclic: 'number',
  signedScoreMaxMarginAcyclic: 'number',
  hasLocalSelection: 'boolean',
  localSelectionSStar: 'number',
  localSelectionStrict: 'number',
  hasLocalSvm: 'boolean',
  localSvmStep: 'number',
  localSelectionCurrent: 'boolean',
  cosineToLocalSvm: 'number',
  localNormalizedMargin: 'number',
  localSvmReference: 'number',
  localSvmCancelled: 'boolean',
  hasTestAfterStepOnE: 'boolean',
  testAccuracyAfterStepOnE: 'number',
} satisfies Record<keyof Metrics, Kind>;
const effectNames = oneOf<SettingField['effect']>()([
  'source',
  'pipeline',
  'weights',
  'solver',
  'run-length',
]);
/** {ok, message, value}: value of `kind`, or null (a failure) when `kind` is null. */
const valueResult = (kind: 'string' | { oneOf: readonly string[] } | null): Shape => ({
  ...status,
  value: kind === null ? { nullable: true, shape: {} } : kind,
});
const protocolNames = oneOf<ProtocolName>()(['paper', 'joint']);
const dueSolveNames = oneOf<DueSolveName>()(['none', 'max_margin']);
const runItemNames = oneOf<RunItemName>()([
  'none',
  'step_on_embeddings',
  'step',
  'local_svm_share',
  'max_margin',
  'local_svm_finish',
  'record_metrics',
]);
const sourceKindNames = oneOf<SourceKindName>()(['builtin', 'synthetic', 'file', 'url', 'preset']);
const workStopNames = oneOf<WorkStopName>()([
  'no_data',
  'budget',
  'steps',
  'measured',
  'target',
  'refused',
  'solve_next',
]);
const stepKindNames = oneOf<StepKindName>()(['any', 'embeddings', 'flow']);
const solveStageNames = oneOf<SolveStageName>()([
  'none',
  'all_hard',
  'all_soft',
  'acyclic_hard',
  'acyclic_soft',
  'local_hard',
  'done',
]);
const dataNeed = {
  kind: sourceKindNames,
  name: 'string',
  userData: 'boolean',
  rows: 'number',
  hash: 'string',
  seed: 'number',
  loaded: 'boolean',
} satisfies Record<keyof DataNeed, Kind>;
const plan = {
  step: 'number',
  targetStep: 'number',
  budgetSpent: 'boolean',
  protocol: protocolNames,
  phase: phaseNames,
  stepOnEmbeddingsDue: 'boolean',
  solveDue: dueSolveNames,
  maxChunk: 'number',
  next: runItemNames,
  settled: 'boolean',
  runEnd: 'boolean',
  data: { nullable: false, shape: dataNeed },
} satisfies Record<keyof RunPlan, Kind>;
const stepReport = {
  step: 'number',
  taken: 'number',
  trainLoss: 'number',
  refused: 'boolean',
  message: 'string',
  plan: { nullable: false, shape: plan },
} satisfies Record<keyof StepReport, Kind>;
const tokenTable = {
  tokens: 'string[]',
  count: 'Float64Array',
  alpha: 'Float64Array',
  delta: 'Float64Array',
  value: 'Float32Array',
  attention: 'Float32Array',
  maxMarginAttention: 'Float32Array',
  maxMarginAttentionAcyclic: 'Float32Array',
} satisfies Record<keyof TokenTable, Kind>;
const scores = { value: 'Float32Array', attention: 'Float32Array' } satisfies Record<
  keyof TokenScores,
  Kind
>;
const maxMarginScores = { all: 'Float32Array', acyclic: 'Float32Array' } satisfies Record<
  keyof MaxMarginScores,
  Kind
>;
const review = {
  text: 'string',
  tokens: 'string[]',
  words: 'string[]',
  attention: 'Float32Array',
  selected: 'Uint8Array',
  label: 'number',
  logit: 'number',
  score: 'Float32Array',
  value: 'Float32Array',
  prediction: 'number',
  chosen: 'number',
  attended: 'number',
  disagreement: { nullable: false, shape: finding },
  contribution: 'Float32Array',
  order: 'Int32Array',
  restAttention: 'Float64Array',
  restContribution: 'Float64Array',
  selectedAttention: 'number',
} satisfies Record<keyof ReviewView, Kind>;
const maxMargin = {
  solved: 'boolean',
  message: 'string',
  acyclic: 'boolean',
  hardMargin: 'boolean',
  constraints: 'number',
  constraintInstances: 'number',
  reviews: 'number',
  constraintsInCycles: 'number',
  reviewsInCycles: 'number',
  cycles: 'string[]',
  cyclicComponents: 'number',
  largestComponentSize: 'number',
  largestComponentWords: 'string[]',
  largestComponentReviews: 'number',
  norm: 'number',
  gap: 'number',
  minMargin: 'number',
  violated: 'number',
  epochs: 'number',
  converged: 'boolean',
  acyclicReviews: 'number',
  acyclicConstraints: 'number',
  acyclicSolved: 'boolean',
  acyclicHardMargin: 'boolean',
  acyclicNorm: 'number',
  acyclicViolated: 'number',
} satisfies Record<keyof MaxMarginReport, Kind>;
const maxMarginProgress = {
  active: 'boolean',
  done: 'boolean',
  message: 'string',
  part: 'number',
  parts: 'number',
  stage: solveStageNames,
  epochs: 'number',
  gap: 'number',
  tolerance: 'number',
  updates: 'number',
  constraints: 'number',
  activeConstraints: 'number',
  step: 'number',
  estimate: 'number',
} satisfies Record<keyof MaxMarginProgress, Kind>;
const workReport = {
  steps: { nullable: false, shape: stepReport },
  stopped: workStopNames,
  spent: 'number',
  metricsReady: 'boolean',
  guidanceReady: 'boolean',
  maxMargin: { nullable: false, shape: maxMarginProgress },
  maxMarginEnded: 'boolean',
  localSvm: { nullable: false, shape: maxMarginProgress },
  localSvmEnded: 'boolean',
  plan: { nullable: false, shape: plan },
} satisfies Record<keyof WorkReport, Kind>;
const selectedToken = {
  token: 'string',
  reviews: 'number',
  share: 'number',
  count: 'number',
  delta: 'number',
  documentShare: 'number',
} satisfies Record<keyof SelectedToken, Kind>;
const localSvm = {
  solved: 'boolean',
  message: 'string',
  step: 'number',
  constraints: 'number',
  reviews: 'number',
  strictReviews: 'number',
  sStarReviews: 'number',
  norm: 'number',
  gap: 'number',
  epochs: 'number',
  updates: 'number',
  converged: 'boolean',
  warmStart: 'boolean',
  solves: 'number',
} satisfies Record<keyof LocalSvmReport, Kind>;
const selection = {
  available: 'boolean',
  reviews: 'number',
  distinct: 'number',
  medianCount: 'number',
  medianAbsDelta: 'number',
  top: { arrayOf: selectedToken },
} satisfies Record<keyof SelectionReport, Kind>;
const recipeSetting = { key: 'string', value: 'string' } satisfies Record<
  keyof RecipeSetting,
  Kind
>;
const recipe = {
  name: 'string',
  title: { nullable: false, shape: finding },
  plan: { nullable: false, shape: finding },
  settings: { arrayOf: recipeSetting },
} satisfies Record<keyof Recipe, Kind>;
const guidance = {
  panels: { arrayOf: finding },
  diagnostics: { arrayOf: finding },
  coverage: { nullable: false, shape: finding },
  rate: { nullable: false, shape: finding },
  prompt: { nullable: false, shape: finding },
} satisfies Record<keyof Guidance, Kind>;
const limits = {
  maxReviews: 'number',
  maxTokens: 'number',
  maxVocabulary: 'number',
  maxWidth: 'number',
  maxWeights: 'number',
  maxInputBytes: 'number',
  maxRunFileBytes: 'number',
} satisfies Record<keyof Limits, Kind>;
const settingField = {
  key: 'string',
  label: 'string',
  group: oneOf<SettingField['group']>()([
    'source',
    'data',
    'synthetic',
    'model',
    'protocol',
    'svm',
  ]),
  kind: oneOf<SettingField['kind']>()(['number', 'integer', 'boolean', 'choice', 'text']),
  effect: effectNames,
  reloads: 'boolean',
  min: 'number',
  max: 'number',
  logScale: 'boolean',
  choices: 'string[]',
  maxLength: 'number',
  help: 'string',
  defaultText: 'string',
} satisfies Record<keyof SettingField, Kind>;
const decoded = { configJson: 'string', warnings: 'string[]' } satisfies Record<
  keyof DecodedShareLink,
  Kind
>;
const configure = { ...status, effect: 'string', configJson: 'string' } satisfies Record<
  keyof ConfigureResult,
  Kind
>;
const runHeader = {
  ...status,
  configJson: 'string',
  sourceName: 'string',
  storesRows: 'boolean',
  step: 'number',
  checksum: 'string',
} satisfies Record<keyof RunHeader, Kind>;

// The class activity (core activity.h).
const QUESTIONS = {
  slope: true,
  cosine: true,
  selection: true,
  word: true,
  ushape: true,
  accuracy: true,
} satisfies Record<QuestionName, true>;
const questionName = oneOf<QuestionName>()(Object.keys(QUESTIONS) as QuestionName[]);
const NOTE_CODES = {
  unknown_question: true,
  repeated_question: true,
  bad_review: true,
  empty: true,
  review_out_of_range: true,
  review_choices: true,
  no_review: true,
  state_unreadable: true,
} satisfies Record<ActivityNoteCode, true>;
const VOID_REASONS = {
  '': true,
  joint_protocol: true,
  no_max_margin: true,
  no_test: true,
  no_u_tokens: true,
  no_attention: true,
  settled_before_commit: true,
} satisfies Record<VoidReason | '', true>;
const activityNote = {
  code: oneOf<ActivityNoteCode>()(Object.keys(NOTE_CODES) as ActivityNoteCode[]),
  subject: 'string',
} satisfies Record<keyof ActivityNote, Kind>;
const activityQuestion = {
  id: questionName,
  responseType: oneOf<ActivityQuestion['responseType']>()(['true-false', 'choice']),
  moment: oneOf<ActivityQuestion['moment']>()(['step_on_embeddings', 'end_of_run']),
  settleStep: 'number',
  threshold: 'number',
  notApplicable: oneOf<ActivityQuestion['notApplicable']>()(['', 'joint_protocol']),
  choices: 'string[]',
  review: 'number',
  reviewWords: 'string[]',
  reviewTokens: 'string[]',
} satisfies Record<keyof ActivityQuestion, Kind>;
const settlement = {
  id: questionName,
  state: oneOf<Settlement['state']>()(['pending', 'settled', 'void']),
  reason: oneOf<Settlement['reason']>()(Object.keys(VOID_REASONS) as Settlement['reason'][]),
  answer: 'string',
  step: 'number',
  measured: 'number',
  reference: 'number',
  detail: 'number',
} satisfies Record<keyof Settlement, Kind>;
const activityResponse = { id: questionName, response: 'string' } satisfies Record<
  keyof ActivityResponse,
  Kind
>;
const questionWords = {
  ask: { nullable: false, shape: finding },
  outcome: { nullable: false, shape: finding },
} satisfies Record<keyof QuestionWords, Kind>;
const activityReport = {
  value: 'string',
  notes: { arrayOf: activityNote },
  questions: { arrayOf: activityQuestion },
  settlements: { arrayOf: settlement },
  committed: 'boolean',
  responses: { arrayOf: activityResponse },
  results: 'string[]',
  correct: 'number',
  scored: 'number',
  done: 'boolean',
  scaled: 'number',
  stateJson: 'string',
  said: { arrayOf: questionWords },
  notesSaid: { arrayOf: finding },
  status: { nullable: false, shape: finding },
  prompt: { nullable: false, shape: finding },
  refusal: { nullable: false, shape: finding },
} satisfies Record<keyof ActivityReport, Kind>;
const activityOutcome = (nullable: boolean) =>
  ({ ...status, value: { nullable, shape: activityReport } }) satisfies Record<
    keyof ActivityOutcome,
    Kind
  >;

const module = await loadModule();
const encoder = new TextEncoder();
const text = (value: string) => ({ layout: 'text', text: encoder.encode(value) }) as const;
const choice = {
  sourceName: 'reviews.tsv',
  format: 'auto',
  textColumn: '',
  labelColumn: '',
  hasHeader: -1,
  starThreshold: 3,
  latin1: false,
} as const;

test("every enum crosses by the names of core's one table, as the d.ts lists them", () => {
  const lists: EnumNames = module.enumNames();
  assert.deepEqual(lists, {
    protocol: [...protocolNames.oneOf],
    phase: [...phaseNames.oneOf],
    dueSolve: [...dueSolveNames.oneOf],
    runItem: [...runItemNames.oneOf],
    sourceKind: [...sourceKindNames.oneOf],
    workStop: [...workStopNames.oneOf],
    stepKind: [...stepKindNames.oneOf],
    solveStage: [...solveStageNames.oneOf],
  } satisfies Record<keyof EnumNames, string[]>);
});

// Literal unions, spelled out once here: `satisfies Record<Union, true>` makes the compiler
// refuse a member left out or one the union lacks, and the test checks the module's lists
// (names and order) against them.
const TEXT_FORMATS = {
  auto: true,
  csv: true,
  tsv: true,
  jsonl: true,
  fasttext: true,
  'label-tab-text': true,
  'label-space-text': true,
  'text-tab-label': true,
} satisfies Record<TextFormatName, true>;
const SOURCE_KINDS = {
  builtin: false,
  synthetic: false,
  file: true,
  url: true,
  preset: true,
} satisfies Record<SourceKindName, boolean>;

test("core's lists of formats, source kinds and Metrics fields are the d.ts unions", () => {
  assert.deepEqual(module.textFormats(), Object.keys(TEXT_FORMATS));
  assert.deepEqual(
    module.sourceKinds(),
    Object.entries(SOURCE_KINDS).map(([name, userData]) => ({ name, userData })),
  );
  // The settings offer the same names: formats, and the kinds a `dataset` value names.
  const field = (key: string) => module.settingFields().find((f) => f.key === key)?.choices ?? [];
  assert.deepEqual(field('source_format'), Object.keys(TEXT_FORMATS));
  for (const kind of Object.keys(SOURCE_KINDS).filter((k) => k !== 'builtin'))
    assert.ok(field('dataset').includes(kind), `dataset offers ${kind}`);
  assert.deepEqual(module.defaultParseChoice('r.tsv'), { ...choice, sourceName: 'r.tsv' });
  assert.deepEqual(module.questionNames(), Object.keys(QUESTIONS));
  const lab = new module.Lab();
  try {
    const config = { ...JSON.parse(module.defaultConfigJson()), dataset: 'synthetic' };
    assert.ok(lab.loadSynthetic(JSON.stringify(config)).ok);
    const keys = Object.keys(lab.metrics()) as Array<keyof Metrics>;
    const fields: MetricField[] = module.metricFields();
    assert.deepEqual(
      fields.map((f) => f.key),
      keys,
      'metricFields names every key of a Metrics object, in order',
    );
    for (const f of fields)
      assert.match(f.column, /^[a-z0-9]+(_[a-z0-9]+)*$/, `${f.key}: snake_case column`);
  } finally {
    lab.delete();
  }
});

test('module functions return what the d.ts declares', () => {
  check(
    module.planFor(module.defaultConfigJson()),
    {
      ...status,
      value: { nullable: false, shape: plan },
    },
    'planFor',
  );
  check(
    module.planFor('{'),
    { ...status, value: { nullable: true, shape: plan } },
    'planFor (bad)',
  );
  for (const [k, field] of module.settingFields().entries())
    check(field, settingField, `field ${k}`);
  check(module.limits(), limits, 'limits()');
  check(module.validateConfig(module.defaultConfigJson()), configResult, 'validateConfig');
  check(module.validateConfig('{'), configResult, 'validateConfig (bad)');
  check(module.decodeShareLink('#%&width=3'), decoded, 'decodeShareLink');
  check(
    module.withDefaultDataSettings(
      module.decodeShareLink('v=2&min_count=1000').configJson,
      'refused',
    ),
    decoded,
    'withDefaultDataSettings',
  );
  check(
    module.withSource(module.defaultConfigJson(), 'file', 'r.tsv', choice, 0, 0),
    configResult,
    'withSource',
  );
  check(module.preview(text(corpus(10)), choice), preview, 'preview');
  check(module.preview(text('\u0000'), choice), preview, 'preview (failed)');
  check(module.readRun('{}'), runHeader, 'readRun (bad)');
  check(module.checkRunFileBytes(300 * 2 ** 20, 'big.json'), status, 'checkRunFileBytes');
  assert.equal(typeof module.contentHash(text('x')), 'string');
  check(
    module.encodeShareLink(module.defaultConfigJson()),
    valueResult('string'),
    'encodeShareLink',
  );
  check(module.encodeShareLink('{'), valueResult(null), 'encodeShareLink (bad)');
  const same = module.effectOfChange(module.defaultConfigJson(), module.defaultConfigJson());
  check(same, valueResult(effectNames), 'effectOfChange');
  assert.equal(same.value, 'run-length');
  const bad = module.effectOfChange(module.defaultConfigJson(), '{"width": -1}');
  check(bad, valueResult(null), 'effectOfChange (bad)');
  assert.match(bad.message, /width/, 'the failure names the setting');
});

test('every Lab method returns what the d.ts declares', () => {
  const lab = new module.Lab();
  try {
    check(lab.limits(), limits, 'limits');
    // Every word kept: in this 60-review corpus the default cut (words in more than 20% of
    // reviews) leaves a selection the flow has not made strict within these few steps.
    const configJson = JSON.stringify({
      ...JSON.parse(
        module.withSource(module.defaultConfigJson(), 'file', 'r.tsv', choice, 0, 0).configJson,
      ),
      max_doc_share: 1,
      drop_unknown: false,
    });
    check(lab.load(text('only one line'), configJson), loadResult, 'load (failed)');
    const loaded = lab.load(text(corpus(60)), configJson);
    assert.equal(loaded.ok, true, loaded.message);
    check(loaded, loadResult, 'load');
    check(lab.summary(), summary, 'summary');
    check(lab.configure(lab.configJson()), configure, 'configure');
    check(lab.reset(), status, 'reset');
    check(lab.plan(), plan, 'plan');
    // The run's loop: the step on E alone, then one step more with its own work.
    const stepE = lab.work({ targetStep: 1, maxSteps: 1, stepKind: 'embeddings' });
    check(stepE, workReport, 'work (the step on E)');
    assert.equal(stepE.stopped, 'solve_next', 'the solve the step on E owes starts a call');
    assert.equal(lab.cancel(), 'max_margin', 'the owed solve is declined');
    assert.equal(lab.cancel(), 'none');
    const refused = lab.work({ targetStep: 2, stepKind: 'embeddings' });
    check(refused, workReport, 'work (refused)');
    assert.equal(refused.steps.refused, true, 'Step E after the step on E is refused in words');
    lab.requestMaxMargin();
    const measured = lab.work({ targetStep: 3, measureAt: 3, explain: true, budget: Infinity });
    check(measured, workReport, 'work (measured)');
    assert.equal(measured.stopped, 'target');
    assert.equal(measured.metricsReady && measured.guidanceReady, true);
    assert.equal(measured.steps.step, 3);
    check(lab.metrics(), metrics, 'metrics');
    check(lab.tokens(), tokenTable, 'tokens');
    check(lab.scores(), scores, 'scores');
    check(lab.review(false, 0), review, 'review');
    check(lab.scoreText('a great film'), review, 'scoreText');
    check(lab.maxMarginReport(), maxMargin, 'maxMarginReport');
    assert.equal(lab.metrics().hasMaxMargin, true, 'the solve asked for again was solved');
    check(lab.tokens(), tokenTable, 'tokens (solved)');
    check(lab.maxMarginScores(), maxMarginScores, 'maxMarginScores');
    // The two p_mm columns are the token table's own, bit for bit, and present once solved.
    const solvedTable = lab.tokens();
    const solvedScores = lab.maxMarginScores();
    assert.equal(solvedScores.all.length, solvedTable.tokens.length);
    assert.deepEqual(solvedScores.all, solvedTable.maxMarginAttention);
    assert.deepEqual(solvedScores.acyclic, solvedTable.maxMarginAttentionAcyclic);
    // A run's end (the steps setting, 300) solves the flow's own selection: a budget of one
    // update shows a solve under way; then the rest in one call.
    const config = JSON.parse(lab.configJson()) as Record<string, unknown>;
    assert.ok(lab.configure(JSON.stringify({ ...config, steps: 4 })).ok);
    let sliced = lab.work({ targetStep: 4, budget: 1 });
    while (!sliced.localSvm.active && sliced.stopped !== 'target')
      sliced = lab.work({ targetStep: 4, budget: 1 });
    check(sliced.localSvm, maxMarginProgress, 'work (p_local under way)');
    assert.equal(lab.work({ targetStep: 4 }).stopped, 'target');
    check(lab.localSvmReport(), localSvm, 'localSvmReport');
    assert.equal(lab.metrics().hasLocalSvm, true);
    assert.equal(lab.metrics().localSvmCancelled, false);
    // The next run's end, measured before its p_local solve, then that solve cancelled:
    // the metrics say so, the plan no longer owes it, and the verdict names it.
    assert.ok(lab.configure(JSON.stringify({ ...config, steps: 8 })).ok);
    let early = lab.work({ targetStep: 8, measureAt: 8, measureBeforeSolves: true });
    while (!early.metricsReady)
      early = lab.work({ targetStep: 8, measureAt: 8, measureBeforeSolves: true });
    assert.equal(early.plan.next, 'local_svm_finish');
    assert.equal(lab.cancel(), 'local_svm_finish');
    assert.notEqual(lab.plan().next, 'local_svm_finish');
    assert.equal(lab.work({ targetStep: 8, measureAt: 8 }).stopped, 'target');
    assert.equal(lab.metrics().localSvmCancelled, true);
    const cancelled = lab.explain().panels.find((f) => f.panel === 'result2');
    assert.ok(
      cancelled?.code === 'result2-off-cancelled' ||
        cancelled?.details.some((d) => d.code === 'result2-local-cancelled'),
    );
    check(lab.selection(), selection, 'selection');
    for (const [k, r] of lab.recipes().entries()) check(r, recipe, `recipes[${k}]`);
    assert.deepEqual(
      lab.recipes().map((r) => r.name),
      ['result1', 'figure1', 'result2'],
    );
    check(lab.explain(), guidance, 'explain');
    check(lab.activity('', ''), activityOutcome(false), 'activity');
    check(lab.activity('banana', ''), activityOutcome(false), 'activity (a note)');
    assert.equal(lab.activity('banana', '').value?.notes[0]?.code, 'unknown_question');
    const unreadable = lab.activity('', '{');
    check(unreadable, activityOutcome(false), 'activity (bad state: a fresh one, noted)');
    assert.equal(unreadable.value?.notesSaid[0]?.code, 'activity-note-state-unreadable');
    const committed = lab.commitActivity('selection', '', '{"selection":"true"}');
    check(committed, activityOutcome(false), 'commitActivity');
    assert.equal(committed.value?.committed, true, committed.message);
    const incomplete = lab.commitActivity('selection', '', '{}');
    check(incomplete, activityOutcome(false), 'commit (incomplete: refused)');
    assert.equal(incomplete.value?.refusal.code, 'activity-refused-missing');
    assert.equal(incomplete.value?.committed, false);
    const run = lab.exportRun();
    check(module.readRun(run), runHeader, 'readRun');
    check(lab.applyRun(run, null), status, 'applyRun');
    const synthetic = JSON.stringify({
      ...JSON.parse(module.defaultConfigJson()),
      dataset: 'synthetic',
      synthetic_reviews: 50,
      width: 8,
    });
    check(lab.loadSynthetic(synthetic), loadResult, 'loadSynthetic');
    assert.equal(typeof lab.exportLabelTabText(), 'string');
    assert.equal(typeof lab.step(), 'number');
    assert.equal(typeof lab.hasDataset(), 'boolean');
  } finally {
    lab.delete();
  }
});
