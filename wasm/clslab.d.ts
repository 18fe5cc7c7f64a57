// Types of the Embind module built from wasm/bindings.cpp. Hand-written: it is the
// contract between the C++ core and the web worker, and the only place where the C++
// snake_case names appear in their JS camelCase spelling besides bindings.cpp.
// Every method returns plain objects and copied typed arrays (never views into the wasm
// heap); failures are { ok: false, message } values, never exceptions.

export type FieldKind = 'number' | 'integer' | 'boolean' | 'choice' | 'text';

export interface SettingField {
  key: string;
  label: string;
  group: 'data' | 'synthetic' | 'model' | 'protocol' | 'svm';
  kind: FieldKind;
  min: number;
  max: number;
  logScale: boolean;
  choices: string[];
  help: string;
  defaultText: string;
}

/** A run's settings as a JSON object {"version": 1, key: number | boolean | string}: the same
 *  document as the CLI's --config file. */
export type ConfigJson = string;

export interface ConfigResult {
  ok: boolean;
  message: string;
  /** Normalized JSON of the whole config (all keys), when ok. */
  configJson: ConfigJson;
}

export interface DecodedShareLink {
  configJson: ConfigJson;
  /** One sentence per problem; the offending value was replaced by its default. */
  warnings: string[];
}

export interface DatasetSummary {
  ok: boolean;
  message: string;
  sourceName: string;
  format: string;
  columns: string[];
  textColumn: string;
  labelColumn: string;
  parsedRows: number;
  dropped: number;
  dropReasons: string[];
  trainReviews: number;
  testReviews: number;
  trainPositive: number;
  trainNegative: number;
  vocabSize: number;
  trainTokens: number;
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

/** What a source would load as; computing it never touches a Lab's dataset. */
export interface DatasetPreview {
  ok: boolean;
  message: string;
  /** Failed because the bytes are not UTF-8: offer `latin1: true`. */
  notUtf8: boolean;
  sourceName: string;
  format: string;
  columns: string[];
  textColumn: string;
  labelColumn: string;
  labelMapping: string;
  /** The first rows in file order; texts cut short with an ellipsis. label is +1 or -1. */
  rows: Array<{ text: string; label: number }>;
  parsedRows: number;
  positive: number;
  negative: number;
  dropped: number;
  dropReasons: string[];
  /** E.g. one class only: loading will be refused. */
  warnings: string[];
}

export interface Metrics {
  step: number;
  phase: string;
  trainLoss: number;
  trainAccuracy: number;
  hasTest: boolean;
  testLoss: number;
  testAccuracy: number;
  pNorm: number;
  alignmentSlope: number;
  alignmentIntercept: number;
  alignmentR2: number;
  hasPredictedSlope: boolean;
  predictedSlope: number;
  hasMaxMargin: boolean;
  cosineToMaxMargin: number;
  normalizedMargin: number;
  maxMarginReference: number;
  selectionAccuracy: number;
  selectionMass: number;
  uScore: number;
  signedScore: number;
  uContrast: number;
  uTokens: number;
  checksum: string;
  stopped: boolean;
  message: string;
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
}

export interface ReviewView {
  text: string;
  tokens: string[];
  words: string[];
  attention: Float32Array;
  selected: Uint8Array;
  label: number;
  logit: number;
}

export interface MaxMarginReport {
  solved: boolean;
  message: string;
  acyclic: boolean;
  hardMargin: boolean;
  /** Unique (winner, loser) pairs. */
  constraints: number;
  /** Pairs before de-duplication, one per review that produced them. */
  reviewConstraints: number;
  /** Training reviews that produced at least one pair. */
  constraintReviews: number;
  constraintsInCycles: number;
  reviewsInCycles: number;
  cycles: string[];
  norm: number;
  gap: number;
  minMargin: number;
  violated: number;
  epochs: number;
  converged: boolean;
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
}

/** One per worker. Embind objects are not garbage-collected: call delete() when done. */
export interface Lab {
  /** The limits this Lab enforces. */
  limits(): Limits;
  /** Parses `bytes` (any supported format) and builds the dataset; keeps the old one on failure. */
  loadText(bytes: Uint8Array, sourceName: string, configJson: ConfigJson): DatasetSummary;
  /** loadText with the user's parse choices (choice.sourceName names the dataset). */
  loadTextWithOptions(bytes: Uint8Array, choice: ParseChoice, configJson: ConfigJson): DatasetSummary;
  /** rt-polarity style: one review per line in a positive and a negative file. */
  loadPairedLines(
    positive: Uint8Array,
    negative: Uint8Array,
    choice: ParseChoice,
    configJson: ConfigJson,
  ): DatasetSummary;
  /** aclImdb style: one review's bytes per entry, labels +1/-1 (same length). */
  loadLabeledTexts(
    texts: Uint8Array[],
    labels: Int8Array,
    choice: ParseChoice,
    configJson: ConfigJson,
  ): DatasetSummary;
  /** The loaded rows (as parsed) as label<TAB>text; loads back to the same dataset. '' when none. */
  exportLabelTabText(): string;
  loadSynthetic(configJson: ConfigJson): DatasetSummary;
  hasDataset(): boolean;
  /** New weights from the config's seed; the dataset stays. */
  reset(configJson: ConfigJson): ConfigResult;
  advance(steps: number): Metrics;
  stepEmbeddings(): Metrics;
  stepAttention(steps: number): Metrics;
  metrics(): Metrics;
  step(): number;
  tokens(): TokenTable;
  review(testSplit: boolean, index: number): ReviewView;
  scoreText(text: string): ReviewView;
  solveMaxMargin(): MaxMarginReport;
  /** The run as one JSON document (config, step, weights bit for bit, metrics). Pass the
   *  custom dataset's label<TAB>text, or '' for built-in and synthetic data. */
  exportRun(datasetText: string): string;
  /** After loading the run's dataset with its config: restores the weights, checks the checksum. */
  restoreRun(json: string): { ok: boolean; message: string };
  delete(): void;
}

export interface RunHeader {
  ok: boolean;
  message: string;
  configJson: ConfigJson;
  sourceName: string;
  /** label<TAB>text of a custom dataset; '' for built-in and synthetic data. */
  datasetText: string;
  step: number;
  checksum: string;
}

export interface ClslabModule {
  /** With `limits`: a Lab with other limits than the defaults (fault-injection tests). */
  Lab: new (limits?: Limits) => Lab;
  /** The default limits (core Limits()). */
  limits(): Limits;
  settingFields(): SettingField[];
  defaultConfigJson(): ConfigJson;
  /** Strict: unknown keys, wrong types and out-of-range values are errors. */
  validateConfig(configJson: string): ConfigResult;
  encodeShareLink(configJson: ConfigJson): string;
  /** Lenient: never fails; problems become warnings and defaults. */
  decodeShareLink(hash: string): DecodedShareLink;
  /** Reads a run file's header: its config, dataset and step (strict; errors as values). */
  readRun(json: string): RunHeader;
  /** Parse only; see the Lab's load calls for the arguments. */
  previewText(bytes: Uint8Array, choice: ParseChoice): DatasetPreview;
  previewPairedLines(positive: Uint8Array, negative: Uint8Array, choice: ParseChoice): DatasetPreview;
  previewLabeledTexts(texts: Uint8Array[], labels: Int8Array, choice: ParseChoice): DatasetPreview;
  /** Inputs larger than this many bytes are refused (core ParseOptions::max_bytes, 256 MB). */
  maxInputBytes(): number;
}

export interface ClslabModuleOptions {
  /** Node tests pass the .wasm bytes directly (the web build fetches it). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
}

export default function createClslab(options?: ClslabModuleOptions): Promise<ClslabModule>;
