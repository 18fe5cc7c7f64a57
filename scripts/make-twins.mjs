// Writes web/public/datasets/twins.tsv: short movie reviews in minimal pairs, the built-in
// data on which the hypotheses of the paper's Result 2 hold by construction (see the
// "twins" section of web/public/datasets/README.md for the argument).
//   node scripts/make-twins.mjs            (rewrites the file; the output is deterministic)
//   node scripts/make-twins.mjs --seed 4 --out /tmp/twins-4.tsv   (another draw, elsewhere)
// The shipped file is seed 20251203. Another seed gives another draw of the same plan: its
// twins and classes hold by construction; an acyclic must-beat graph and the flow's limit are
// not guaranteed. What decides Result 2 is s* after the step on E, which depends on the
// training split and E(0) (only core computes it): on the shipped seed the smallest s* gap is
// 0.029 in y v.E(1) at the defaults and the flow converges to p_mm; on 9 of seeds 1-20 the gap
// is 0.0002-0.0104, a weak or even a neutral word is s* where a common polar word is the
// flow's choice, and the flow converges to another selection's att-SVM (docs/RESULTS.md,
// "Twins of other seeds"). The script prints its own design check on the whole file (below,
// "design check"): over seeds 1-20 it flags 4 of the 9 stalled seeds (3, 11, 13, 20) and seed
// 18, which converges slowly, and passes 2, 4, 12, 14 and 19, which stall (its smallest lead:
// 0.0985 on the shipped seed, 0.0036-0.0768 on the stalled ones, 0.0322-0.0955 on the 10 that
// converge by step 3,000, 0.0053 on seed 18). A measured figure, not a promise; the lab's
// Result 2 verdict says which way each run goes.
// Every positive review has a negative twin built from the same plan: the same sentences,
// the same neutral words in the same places, and each sentiment word swapped for its
// opposite from POLAR (one word for one word, so the twins have the same length). Hence
// every neutral word occurs equally often, at equal review lengths, in both classes, and a
// review carries sentiment words of its own class only.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from '../web/src/data/seeded-random.mjs';

const { values: options } = parseArgs({
  options: { seed: { type: 'string', default: '20251203' }, out: { type: 'string' } },
});
const seed = Number(options.seed);
if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) {
  console.error(`--seed: "${options.seed}" is not a whole number from 0 to 4294967295`);
  process.exit(2);
}
const random = seededRandom(seed); // the same file on every run of a seed
const pick = (list) => list[Math.floor(random() * list.length)];
function sample(list, count) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; --i) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

// Sentiment words as [positive, negative] twins, by the slot they fill. None follows "a" or
// "an" in a template, so no article changes with the swap. A review with several sentiment
// words has one strong word and weak ones: strong words are the common ones, meant to keep a
// review's most label-aligned word (s*) clear of a near tie; measured, that holds on the
// shipped seed and not on every seed (above).
const POLAR = {
  // After "is", "was", "felt", "looks", or before a noun.
  adjective: {
    strong: [
      ['great', 'awful'],
      ['wonderful', 'terrible'],
      ['brilliant', 'boring'],
    ],
    weak: [
      ['excellent', 'dull'],
      ['superb', 'dreadful'],
      ['beautiful', 'ugly'],
      ['gripping', 'lifeless'],
      ['charming', 'clumsy'],
      ['delightful', 'painful'],
      ['fresh', 'stale'],
      ['smart', 'silly'],
      ['powerful', 'weak'],
      ['touching', 'shallow'],
      ['thrilling', 'pointless'],
      ['hilarious', 'lame'],
      ['stylish', 'sloppy'],
    ],
  },
  // "I ___ it", "I ___ the ending".
  verb: {
    strong: [['loved', 'hated']],
    weak: [
      ['enjoyed', 'disliked'],
      ['adored', 'despised'],
      ['admired', 'loathed'],
      ['liked', 'resented'],
    ],
  },
  // "it is a ___", "the ending is a ___": every one starts with a consonant sound.
  noun: {
    strong: [['masterpiece', 'mess']],
    weak: [
      ['joy', 'chore'],
      ['gem', 'disaster'],
      ['triumph', 'failure'],
      ['delight', 'bore'],
      ['pleasure', 'slog'],
    ],
  },
  // "___ shot", "___ paced".
  adverb: {
    strong: [['beautifully', 'badly']],
    weak: [
      ['perfectly', 'poorly'],
      ['wonderfully', 'horribly'],
      ['expertly', 'carelessly'],
      ['skillfully', 'lazily'],
    ],
  },
};

// Neutral material, shared by the twins.
const GENRES = [
  'thriller', 'comedy', 'drama', 'western', 'musical', 'horror film', 'documentary',
  'romance', 'war film', 'heist movie', 'road movie', 'period piece', 'sequel', 'remake',
  'animated film', 'mystery', 'biopic', 'space adventure', 'courtroom drama', 'ghost story',
];
const ASPECTS = [
  'acting', 'script', 'plot', 'ending', 'soundtrack', 'dialogue', 'pacing', 'camera work',
  'lead performance', 'villain', 'cast', 'story', 'music', 'direction', 'editing',
  'opening scene', 'final act', 'score', 'humor', 'set design', 'twist',
  'love story', 'car chase', 'middle section', 'last scene',
];
const PEOPLE = [
  'a retired detective', 'a young teacher', 'a small-town mayor', 'an old boxer',
  'a farmer', 'a pilot', 'a chef', 'a lawyer', 'a stranded astronaut', 'a new nurse',
  'a lonely painter', 'a high school coach', 'a journalist', 'a runaway bride', 'a widow',
  'a taxi driver', 'a chess player', 'a shy teenager', 'a country singer', 'a baker',
];
const GOALS = [
  'tries to win back an old friend', 'has one week to save the farm',
  'goes looking for a lost letter', 'plans one last job', 'moves to a new city',
  'searches for a missing dog', 'agrees to coach a losing team', 'inherits a strange house',
  'takes a road trip across the country', 'must testify against a boss',
  'opens a restaurant by the sea', 'gets stuck on an island', 'returns home after years away',
];
const PLACES = [
  'Paris', 'a fishing village', 'New York in the seventies', 'a mining town', 'the desert',
  'a boarding school', 'a hospital', 'a small island', 'the mountains', 'Chicago',
  'a ski resort', 'a quiet suburb', 'London', 'a lighthouse',
];
const WHEN = [
  'on a rainy Sunday', 'with my sister', 'at the late show', 'after a long week',
  'on a flight', 'with two friends', 'at a festival', 'on opening night', 'with my dad',
  'at home last night', 'with my kids', 'on a whim',
];
const PARTS = ['the first hour', 'the second half', 'the last twenty minutes', 'the middle', 'every scene'];
const PARTICIPLES = ['shot', 'paced', 'edited', 'lit', 'written', 'cast', 'staged'];
const PEOPLE_IN_FILM = [
  'the director', 'the lead actress', 'the young star', 'the writer', 'the whole cast',
  'the composer', 'the lead actor',
];
const DIRECTORS = ['the same director', 'a young director', 'a stage director', 'a former actor'];

// A template is [text, slots]: {P} adjective, {V} verb, {N} noun, {A} adverb take a polar
// word; the other braces take neutral words, drawn once per plan.
const POLAR_SENTENCES = [
  'The {aspect} was {P}.',
  'I thought the {aspect} was {P}.',
  'The {aspect} is {P} and the {aspect2} is {P}.',
  'Honestly, the {aspect} felt {P} from start to finish.',
  'This {genre} is a {N}.',
  'The {aspect} alone is a {N}.',
  'I {V} it.',
  'I {V} the {aspect} and the {aspect2}.',
  '{Part} is {A} {participle}.',
  'The whole thing is {A} {participle}.',
  'The work of {person} looks {P} here.',
  'As a {genre}, it is {P}.',
  'Overall, {P}.',
  'In the end I {V} every minute of it.',
  'Really {P} {aspect}, and {A} {participle} too.',
  'My {relative} {V} it as well.',
  'It was a {N} to watch.',
];
const NEUTRAL_SENTENCES = [
  'I saw this {genre} {when}.',
  'It is set in {place} and follows {who}, who {goal}.',
  'The story follows {who}, who {goal}.',
  'It runs a little under two hours.',
  'I had not read the book before.',
  'The trailer had made me curious.',
  'My {relative} picked it.',
  'It is the second film by {director}.',
  'Most of it takes place in {place}.',
  'I went in knowing nothing about it.',
  'We watched it {when}.',
  'The {aspect} gets a lot of screen time.',
  'There is no big twist, and it does not need one.',
  'The {aspect} is in the trailer too.',
  'It is a {genre} about {who}.',
  'The film opens in {place}, years before the main story.',
  'Half the audience at our screening were students.',
  'It came out last spring and is now streaming.',
  'Some scenes were filmed in {place}.',
  'The {aspect2} reminded me of older films from the same studio.',
  'I paid full price for the ticket.',
  'The theater was almost empty {when}.',
  'It is longer than the first one.',
  'You can tell the budget was large.',
  'The studio kept the plot secret until release.',
  'We argued about the {aspect} on the drive home.',
  'I expected a {genre}, and that is what it is.',
]
const RELATIVES = ['sister', 'brother', 'husband', 'wife', 'friend', 'dad', 'mother', 'son'];

// One plan: sentences with their neutral fillers fixed and each polar slot naming a twin
// pair; rendering it with side 0 gives the positive review, side 1 the negative twin.
function makePlan() {
  const polarCount = random() < 0.55 ? 1 : random() < 0.75 ? 2 : 3;
  const neutralCount = 1 + Math.floor(random() * 3);
  const sentences = [];
  // Without repeats: a review never says the same sentence twice.
  for (const template of sample(POLAR_SENTENCES, polarCount)) sentences.push({ template });
  for (const template of sample(NEUTRAL_SENTENCES, neutralCount)) sentences.push({ template });
  // In random order, but the last sentence carries sentiment.
  sentences.sort(() => random() - 0.5);
  const last = sentences.findLastIndex((s) => /\{[PVNA]\}/.test(s.template));
  sentences.push(...sentences.splice(last, 1));
  for (const sentence of sentences) {
    sentence.fill = {
      aspect: pick(ASPECTS),
      aspect2: pick(ASPECTS),
      genre: pick(GENRES),
      person: pick(PEOPLE_IN_FILM),
      director: pick(DIRECTORS),
      who: pick(PEOPLE),
      goal: pick(GOALS),
      place: pick(PLACES),
      when: pick(WHEN),
      part: pick(PARTS),
      participle: pick(PARTICIPLES),
      relative: pick(RELATIVES),
    };
    if (sentence.fill.aspect2 === sentence.fill.aspect) sentence.fill.aspect2 = 'cast';
    sentence.polar = [];
    for (const match of sentence.template.matchAll(/\{([PVNA])\}/g)) {
      sentence.polar.push({ P: 'adjective', V: 'verb', N: 'noun', A: 'adverb' }[match[1]]);
    }
  }
  // A lone sentiment word is strong or weak; with several, the first is strong and the
  // others weak.
  const slots = sentences.flatMap((sentence) => sentence.polar.map((_, k) => [sentence, k]));
  slots.forEach(([sentence, k], index) => {
    const slot = sentence.polar[k];
    const strong = slots.length === 1 ? random() < STRONG_ALONE : index === 0;
    sentence.polar[k] = pick(POLAR[slot][strong ? 'strong' : 'weak']);
  });
  return sentences;
}

function render(plan, side) {
  const text = plan
    .map((sentence) => {
      let polar = 0;
      return sentence.template.replace(/\{(\w+)\}/g, (_, key) => {
        if (/^[PVNA]$/.test(key)) return sentence.polar[polar++][side];
        const lower = key[0].toLowerCase() + key.slice(1);
        const word = sentence.fill[lower];
        return key === lower ? word : word[0].toUpperCase() + word.slice(1);
      });
    })
    .join(' ');
  return text[0].toUpperCase() + text.slice(1);
}

const PAIRS = 1000;
const STRONG_ALONE = 0.3; // share of one-word reviews whose word is strong
const words = (text) => text.split(/\s+/).length;
const lines = [];
const seen = new Set();
while (lines.length < 2 * PAIRS) {
  const plan = makePlan();
  const positive = render(plan, 0);
  const negative = render(plan, 1);
  if (words(positive) < 15 || words(positive) > 60 || seen.has(positive)) continue;
  seen.add(positive);
  lines.push(`1\t${positive}`, `0\t${negative}`);
}
// Shuffled, so twins are not neighbours.
for (let i = lines.length - 1; i > 0; --i) {
  const j = Math.floor(random() * (i + 1));
  [lines[i], lines[j]] = [lines[j], lines[i]];
}
const out = options.out ?? new URL('../web/public/datasets/twins.tsv', import.meta.url).pathname;
writeFileSync(out, lines.join('\n') + '\n');
const counts = new Map();
for (const line of lines) for (const w of line.toLowerCase().match(/[a-z]+/g)) counts.set(w, (counts.get(w) ?? 0) + 1);
for (const slot of Object.values(POLAR)) for (const tier of ['strong', 'weak']) console.log(tier, slot[tier].map(([p, n]) => `${p} ${counts.get(p)}/${n} ${counts.get(n)}`).join(', '));
// The design check, measured on the whole file: a review's top word (largest y (eta/2) alpha_s,
// the small-sigma s* at the default eta = 400; neutral words have alpha 0 here, every one
// occurring equally in both classes) against its runner-up, and the reviews whose runner-up
// is the top word of more reviews (where the flow, lifting that word everywhere, chose it on
// the seeds measured). Not the lab's s* gap: the training split and E(0)'s noise (sd 0.022
// for a difference at sigma 1, d 4,096) move it.
const reviews = lines.map((line) => {
  const [label, text] = line.split('\t');
  return { y: label === '1' ? 1 : -1, words: text.toLowerCase().match(/[a-z]+/g) };
});
const alpha = new Map();
for (const { y, words } of reviews) {
  for (const w of words) alpha.set(w, (alpha.get(w) ?? 0) + y / words.length / reviews.length);
}
const ranked = reviews.map(({ y, words }) =>
  [...new Set(words)].map((w) => [w, 200 * y * alpha.get(w)]).sort((a, b) => b[1] - a[1]),
);
const topOf = new Map();
for (const [[w]] of ranked) topOf.set(w, (topOf.get(w) ?? 0) + 1);
let lead = Infinity;
let overruled = 0;
for (const [first, second] of ranked) {
  lead = Math.min(lead, first[1] - second[1]);
  if (second[1] > 0 && (topOf.get(second[0]) ?? 0) > topOf.get(first[0])) ++overruled;
}
console.log(
  `design check (whole file, y (eta/2) alpha at eta 400): smallest lead of a review's top word ${lead.toFixed(4)}, ` +
    `reviews whose runner-up is the top word of more reviews ${overruled}`,
);
console.log(`wrote ${lines.length} reviews (seed ${seed}) to ${out}`);
