// The three recipes and the rules behind their numbers, with what each says before it is
// applied: a finding per statement, its claim over the data profile beside it. Every number is
// either a property of the model (the noise of E(0), how far Adam moves a weight per step) or read
// from the data profile (alpha's spread, the vocabulary a cut leaves, which tokens it makes the
// selected ones); none is fitted to a particular file (docs/RESULTS.md has what they give).
//
// Legend: n train reviews, V vocabulary size (<unk> included), d width, W distinct words.
#include "clslab/recipes.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "clslab/acyclic_reviews.h"
#include "clslab/statistics.h"
#include "guidance_rules.h"

namespace clslab {
namespace {

// --- result1. The step on E adds (eta/2) alpha_s to v.E_s; E(0) adds noise of standard
// deviation sigma / sqrt(d) (v is a unit vector). Noise at 1% of alpha's spread gives
// R^2 = 1 / (1 + 0.01^2) ~ 0.9999 and a slope error far below 1%.
constexpr double kResult1NoiseToSignal = 0.01;
constexpr int32_t kResult1Width = 64;  // Result 1 holds at any d; 64 keeps the step cheap
constexpr double kEta = 1000;          // the step on E (version 1's default)

// --- figure1: full-batch Adam on E and p, v fixed, from small E(0) (RESULTS.md).
constexpr double kPi = 3.14159265358979323846;
// 1e-3: at 3e-3 (a third of the steps) the best U-score was 0.01-0.05 higher on the
// full-length reviews but lower on GLUE SST-2 (0.47-0.51 against 0.49-0.55) and it fell to
// 0.05-0.10 within the budget on a 75%-positive copy of rt-polarity (RESULTS.md, "Recipes on
// reviews of any length").
constexpr double kFigure1Rate = 1e-3;
constexpr int32_t kFigure1Width = 64;
constexpr double kFigure1Sigma = 0.01;
// The U-score ranks tokens with count >= 20 (statistics.h); rarer tokens are not measured,
// and under Adam (which moves every weight at the same speed) they let the model memorize
// single reviews, so the vocabulary is at most the measured tokens.
constexpr int32_t kFigure1MinCount = 20;
// With attention near uniform the logit is linear in the V values v.E_s (no bias), and a
// linear model of V weights fits most labelings of n < 2V reviews in general position
// (Cover 1965: half of them at n = 2V). Full-length reviews hold so many distinct words that
// those seen 20 times outnumber half the reviews (1,397 against 1,600 dvd reviews): the
// values alone then fit the training labels word by word and the U fades early. So the
// vocabulary keeps V <= n / 2, by raising the min count (sentence corpora never reach it).
constexpr int32_t kReviewsPerValue = 2;
// The aim of issue 18 for Figure 1: best U-score above 0.6 with |signed| below 0.3. Whether
// the data allows it at all is read from the ranked tokens' Delta (Figure1Reachable).
constexpr double kFigure1AimU = 0.6;
constexpr double kFigure1AimSigned = 0.3;

// --- result2. d = V costs O(V^2) per flow step: V <= 2,048 keeps a step near 4 M
// multiply-adds, so its few hundred steps take seconds in a browser.
constexpr int32_t kResult2MaxWidth = 2048;
// Max document shares tried, largest first: the largest at which the predicted most
// selected token is a token that matters is used. It matters when it leans to one class
// (its Delta at least 0.5 from that of a token with no label information, neutral_delta:
// in a balanced corpus three times as frequent in one class as in the other; in a corpus
// 75% positive "." has Delta +0.5 and no lean) or wins few reviews
// (at most 3%, as sentiment words do in movie reviews: "bad" and "funny" about 2%); "and"
// or "." (|Delta| near 0) win 25-40% uncut.
constexpr double kDocShares[] = {1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01};
constexpr double kMaxTopShare = 0.03;
constexpr double kCutPolarDelta = 0.5;
// Normalized flow: ||p|| grows by at most r per step. Once p.z_k reaches about 30 on the
// binding constraints (e^-30 is below the loss's float resolution) the direction stops
// improving; with ||p_mm|| of order 10-20 at sigma = 1 that is ||p|| ~ 500: 500 steps at r = 1.
constexpr double kResult2FlowRate = 1;
constexpr int32_t kResult2Steps = 500;
// The step on E is sized from alpha's spread: (eta/2) std(alpha) = 6 sigma/sqrt(d), six times
// E(0)'s noise along v, so s* is decided by alpha; yet with d in the hundreds or more it
// stays well under sigma, the size of a row's other directions, so the v direction is not
// so stiff that the flow and the solver crawl along it (on 800-review corpora eta = 1000
// made it 20 times the noise and the hard margin did not converge in 1,000 epochs).
constexpr double kResult2StepToNoise = 6;
constexpr double kResult2MaxEta = 1e7;
// A corpus is skewed when a token with no label information has |Delta| at least this (one
// class holds 52.5% of the tokens): then a token's lean from that Delta, not its |Delta|,
// says whether it is polar.
constexpr double kSkewedNeutral = 0.05;

// x rounded to two significant digits (1046 -> 1000, 296 -> 300): an eta a person can type.
double RoundTwoDigits(double x) {
  if (!(x > 0)) return 0;
  const double unit = std::pow(10.0, std::floor(std::log10(x)) - 1);
  return std::round(x / unit) * unit;
}

// x rounded down to one significant digit (0.00437 -> 0.004): a sigma a person can type.
double RoundDownOneDigit(double x) {
  if (!(x > 0)) return 0;
  const double unit = std::pow(10.0, std::floor(std::log10(x)));
  return std::max(1.0, std::floor(x / unit + 1e-9)) * unit;
}

// The recipe's settings: `values`' text for `keys`, listed in the settings table's order.
std::vector<RecipeSetting> SettingsOf(const RunConfig& values,
                                      const std::vector<std::string>& keys) {
  std::vector<RecipeSetting> settings;
  for (const SettingField& field : SettingFields()) {
    if (std::find(keys.begin(), keys.end(), field.key) == keys.end()) continue;
    settings.push_back({field.key, GetSetting(values, field.key)});
  }
  return settings;
}

// ---- What the claims read: a recipe's settings as they would be applied (their text read
// back, so a claim checks the words against what applying the recipe sets).

double Number(const Recipe& recipe, std::string_view key) {
  const std::string text = RecipeValue(recipe, key);
  return text.empty() ? std::nan("") : std::strtod(text.c_str(), nullptr);
}

// The vocabulary the recipe's settings give (a setting it leaves alone at its default).
VocabularyChoice ChoiceOf(const Recipe& recipe) {
  VocabularyChoice choice;
  if (!RecipeValue(recipe, "min_count").empty()) {
    choice.min_count = static_cast<int32_t>(Number(recipe, "min_count"));
  }
  if (!RecipeValue(recipe, "max_vocab").empty()) {
    choice.max_vocab = static_cast<int32_t>(Number(recipe, "max_vocab"));
  }
  if (!RecipeValue(recipe, "max_doc_share").empty()) {
    choice.max_doc_share = Number(recipe, "max_doc_share");
  }
  choice.drop_unknown = RecipeValue(recipe, "drop_unknown") == "true";
  return choice;
}

// (eta/2) std(alpha) over the vocabulary `choice` gives: how far the step on E spreads v.E_s.
double StepSpread(const DataProfile& profile, const VocabularyChoice& choice, double eta) {
  return eta / 2 * AlphaSpread(ComputeTokenStatistics(EncodeUnder(profile, choice)));
}

// The named argument equals the recipe's setting `key`, as applied.
bool IsSetting(const Finding& f, const char* name, const Recipe& recipe, const char* key) {
  return f.Number(name) == Number(recipe, key);
}

// "Result 2: d = V, the theorem's regime" (a few words for a button, by the recipe's name).
const MessageSpec kRecipeTitle{
    "recipe-title",
    {{"name", ArgType::kName, {"result1", "figure1", "result2"}}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      return Holds(why).If(f.Arg("name")->text == data.recipe.name, "the recipe's name").ok;
    }};

// The tokens the steps pass over under the recipe: every training token (the step on E,
// and every step of joint training), and those of the reviews p trains on (the acyclic ones
// under flow_acyclic_only, as predicted; every training token otherwise).
struct StepTokens {
  int64_t all = 0;
  int64_t flow = 0;
};
StepTokens TokensOf(const DataProfile& profile, const Recipe& recipe) {
  const VocabularyChoice choice = ChoiceOf(recipe);
  StepTokens out;
  out.all = EncodeUnder(profile, choice).NumTokens();
  out.flow = RecipeValue(recipe, "flow_acyclic_only") == "true"
                 ? PredictAcyclicReviews(profile, choice).tokens
                 : out.all;
  return out;
}

// "Cost: k steps at d, with E of V x d weights; [the step on E passes over the a training
// tokens, and each step of the flow on p over the t tokens of the reviews it trains on | each
// passes over the a training tokens]": the work applying the recipe starts, said before.
const MessageSpec kRecipeCost{
    "recipe-cost",
    {{"steps", ArgType::kCount},
     {"d", ArgType::kCount},
     {"weights", ArgType::kCount},
     {"v", ArgType::kCount},
     {"subset", ArgType::kName, {"yes", "no"}},
     {"all", ArgType::kCount},
     {"tokens", ArgType::kCount}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const Recipe& r = data.recipe;
      const StepTokens tokens = TokensOf(data.profile, r);
      const bool subset = f.Arg("subset")->text == "yes";
      return Holds(why)
          .If(IsSetting(f, "steps", r, "steps") && IsSetting(f, "d", r, "width"),
              "the recipe's steps and d")
          .If(f.Number("v") == PredictVocabularySize(data.profile, ChoiceOf(r)), "V under it")
          .If(f.Number("weights") == f.Number("v") * f.Number("d"), "V × d weights")
          .If(f.Number("all") == static_cast<double>(tokens.all), "the training tokens")
          .If(f.Number("tokens") == static_cast<double>(tokens.flow),
              "the tokens of the reviews p trains on")
          .If(subset == (tokens.flow < tokens.all), "a subset said as one")
          .If(!subset || (RecipeValue(r, "protocol") == "paper" && Number(r, "steps") > 1),
              "a flow on p after the step on E")
          .ok;
    }};

// The cost finding of `recipe`, its settings as applied.
Finding CostOf(const DataProfile& profile, const Recipe& recipe) {
  const double v = PredictVocabularySize(profile, ChoiceOf(recipe));
  const double d = Number(recipe, "width");
  const StepTokens tokens = TokensOf(profile, recipe);
  return kRecipeCost.Detail({Count("steps", Number(recipe, "steps")), Count("d", d),
                             Count("weights", v * d), Count("v", v),
                             Name("subset", tokens.flow < tokens.all ? "yes" : "no"),
                             Count("all", static_cast<double>(tokens.all)),
                             Count("tokens", static_cast<double>(tokens.flow))});
}

// ---- result1.

// "Takes the one step on E (eta) over the vocabulary as loaded, at d and sigma: the noise
// sigma/sqrt(d) is at most 1% of the step's spread (eta/2) std(alpha)."
const MessageSpec kResult1Plan{
    "recipe-result1-plan",
    {{"eta", ArgType::kValue},
     {"v", ArgType::kCount},
     {"min_count", ArgType::kCount},
     {"d", ArgType::kCount},
     {"sigma", ArgType::kValue},
     {"noise", ArgType::kValue},
     {"spread", ArgType::kValue}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const Recipe& r = data.recipe;
      const VocabularyChoice choice = ChoiceOf(r);
      return Holds(why)
          .If(RecipeValue(r, "protocol") == "paper" && RecipeValue(r, "steps") == "1",
              "the one step on E of the paper protocol")
          .If(IsSetting(f, "eta", r, "eta") && IsSetting(f, "d", r, "width") &&
                  IsSetting(f, "sigma", r, "sigma") && IsSetting(f, "min_count", r, "min_count"),
              "the recipe's settings")
          .If(f.Number("v") == PredictVocabularySize(data.profile, choice), "V under them")
          .If(f.Number("noise") == f.Number("sigma") / std::sqrt(f.Number("d")), "σ/√d")
          .If(f.Number("spread") == StepSpread(data.profile, choice, f.Number("eta")),
              "(η/2) std(α) under them")
          .If(f.Number("noise") <= kResult1NoiseToSignal * f.Number("spread") * (1 + 1e-9),
              "the noise at most 1% of the spread")
          .ok;
    }};
// "alpha is the same for every word: no line to fit."
const MessageSpec kResult1Flat{
    "recipe-result1-flat",
    {{"sigma", ArgType::kValue}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const Recipe& r = data.recipe;
      return Holds(why)
          .If(IsSetting(f, "sigma", r, "sigma"), "the recipe's σ")
          .If(StepSpread(data.profile, ChoiceOf(r), Number(r, "eta")) == 0, "no spread of α")
          .ok;
    }};

Recipe Result1(const DataProfile& profile, const Limits& limits) {
  const VocabularyChoice choice;  // the vocabulary as loaded: Result 1 holds for every token
  RunConfig c;
  c.min_count = choice.min_count;
  c.max_vocab = choice.max_vocab;
  c.max_doc_share = choice.max_doc_share;
  c.drop_unknown = choice.drop_unknown;
  c.protocol = Protocol::kPaper;
  c.eta = kEta;
  const int32_t vocab = PredictVocabularySize(profile, choice);
  c.width = static_cast<int32_t>(std::max<int64_t>(
      1, std::min<int64_t>({kResult1Width, limits.max_width, limits.max_weights / vocab})));
  const double spread = StepSpread(profile, choice, kEta);
  const double sigma = RoundDownOneDigit(kResult1NoiseToSignal * spread * std::sqrt(c.width));
  c.sigma = sigma > 0 ? sigma : 0.01;
  c.steps = 1;
  Recipe recipe{"result1",
                kRecipeTitle.Detail({Name("name", "result1")}),
                {},
                SettingsOf(c, {"min_count", "max_vocab", "max_doc_share", "drop_unknown", "width",
                               "sigma", "protocol", "eta", "steps"})};
  // The numbers as applied (their text read back).
  const double applied_sigma = Number(recipe, "sigma"), d = Number(recipe, "width");
  if (spread > 0) {
    recipe.plan = kResult1Plan.Detail(
        {Value("eta", Number(recipe, "eta")), Count("v", vocab),
         Count("min_count", Number(recipe, "min_count")), Count("d", d),
         Value("sigma", applied_sigma), Value("noise", applied_sigma / std::sqrt(d)),
         Value("spread", StepSpread(profile, choice, Number(recipe, "eta")))});
  } else {
    recipe.plan = kResult1Flat.Detail({Value("sigma", applied_sigma)});
  }
  recipe.plan.details.insert(recipe.plan.details.begin(), CostOf(profile, recipe));
  return recipe;
}

}  // namespace

int32_t Figure1Steps(double learning_rate, int32_t width) {
  // Adam moves every weight by about the learning rate per step, so v.E_s (v a unit vector)
  // moves by about rate * E|v_j| * d = rate * sqrt(2 d / pi) per step. The U forms as the
  // values reach the size of the logits that fit the labels (order 1) and p turns off v; the
  // best U-score came at 1.0-2.9 times that time on six corpora (RESULTS.md): twice it.
  const double per_step = learning_rate * std::sqrt(2.0 * width / kPi);
  return static_cast<int32_t>(std::lround(2.0 / std::max(per_step, 1e-12)));
}

namespace {

// What the ranked tokens' Delta allows (THEORY.md, Figure 1). The U-score and the signed
// score are Pearson correlations of rank vectors, that is cosines of centered vectors, so
// the angle from p's ranks to +-Delta's is at most the angle to |Delta|'s plus the angle
// between |Delta| and +-Delta: a p with U-score u has |signed score| at least
// cos(acos u + acos |rho|), rho = Spearman(|Delta_s|, Delta_s) over the ranked tokens. In
// balanced reviews Delta is spread around 0 and rho is small (0.2-0.3); when one class
// dominates, Delta of the neutral words sits near 2 P(+) - 1 and |Delta| orders them almost
// as +-Delta does (rho 0.99 at 75% positive). Figure 1's verdict calls a U a U-score of at
// least kUShown with |signed| below kFlatSigned, and the bound rises with u: where it is at
// least kFlatSigned at u = kUShown, no p gives that verdict's U.
struct Figure1Reach {
  double rho = 0;           // Spearman(|Delta_s|, Delta_s) over the ranked tokens
  double median_delta = 0;  // median Delta_s over them
  double least_signed = 0;  // the smallest |signed score| of a p with U-score kUShown
  int32_t ranked = 0;       // tokens the U-score ranks
  bool closed() const { return ranked >= 2 && least_signed >= kFlatSigned; }
};

Figure1Reach ReachOf(const DataProfile& profile, const VocabularyChoice& choice) {
  const TokenStatistics statistics = ComputeTokenStatistics(EncodeUnder(profile, choice));
  // |Delta_s| as the "attention": ComputeUShape then ranks exactly the U-score's tokens, and
  // its signed score is rho.
  std::vector<float> polarity(statistics.delta.size());
  std::vector<double> deltas;
  for (size_t s = 0; s < polarity.size(); ++s) {
    polarity[s] = static_cast<float>(std::abs(statistics.delta[s]));
    if (s != 0 && statistics.count[s] >= kFigure1MinCount) deltas.push_back(statistics.delta[s]);
  }
  const UShape shape = ComputeUShape(polarity, statistics, kFigure1MinCount);
  Figure1Reach out;
  out.rho = shape.signed_score;
  out.ranked = shape.tokens;
  if (!deltas.empty()) {
    std::nth_element(deltas.begin(), deltas.begin() + (deltas.size() - 1) / 2, deltas.end());
    out.median_delta = deltas[(deltas.size() - 1) / 2];
  }
  const double angle = std::acos(kUShown) + std::acos(std::clamp(std::abs(out.rho), 0.0, 1.0));
  out.least_signed = angle >= kPi / 2 ? 0 : std::cos(angle);
  return out;
}

// The smallest min count >= 2 that leaves at most `cap` tokens (<unk> included) without a
// max vocabulary, so that no count tie is cut in the middle. V falls as the min count rises.
int32_t SmallestMinCount(const DataProfile& profile, VocabularyChoice choice, int32_t cap) {
  choice.max_vocab = 0;
  int64_t highest = 1;
  for (int64_t count : profile.count) highest = std::max(highest, count);
  int32_t low = 2, high = static_cast<int32_t>(std::min<int64_t>(highest + 1, INT32_MAX / 2));
  while (low < high) {  // invariant: high satisfies the cap (it keeps no word)
    const int32_t middle = low + (high - low) / 2;
    choice.min_count = middle;
    if (PredictVocabularySize(profile, choice) <= cap) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

// "Trains E and p together with Adam (rate, d, sigma, v fixed) for k steps, twice the time
// Adam takes to move a value v.E_s by 1, over the w words seen at least m times."
const MessageSpec kFigure1Plan{
    "recipe-figure1-plan",
    {{"rate", ArgType::kValue},
     {"d", ArgType::kCount},
     {"sigma", ArgType::kValue},
     {"steps", ArgType::kCount},
     {"words", ArgType::kCount},
     {"min_count", ArgType::kCount}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const Recipe& r = data.recipe;
      return Holds(why)
          .If(RecipeValue(r, "protocol") == "joint" && RecipeValue(r, "optimizer") == "adam" &&
                  RecipeValue(r, "train_v") == "false" && RecipeValue(r, "batch_size") == "0",
              "full-batch Adam on E and p, v fixed")
          .If(IsSetting(f, "rate", r, "learning_rate") && IsSetting(f, "d", r, "width") &&
                  IsSetting(f, "sigma", r, "sigma") && IsSetting(f, "steps", r, "steps") &&
                  IsSetting(f, "min_count", r, "min_count"),
              "the recipe's settings")
          .If(f.Number("steps") ==
                  Figure1Steps(f.Number("rate"), static_cast<int32_t>(f.Number("d"))),
              "twice the time to move v·E_s by 1")
          .If(f.Number("words") == PredictVocabularySize(data.profile, ChoiceOf(r)) - 1,
              "the words kept")
          .ok;
    }};
// "Seen at least 20 times, w words would give more values than half the n reviews (of m
// tokens on average): enough to fit most labelings word by word, and the U would fade."
const MessageSpec kFigure1Cut{
    "recipe-figure1-cut",
    {{"at_twenty", ArgType::kCount}, {"reviews", ArgType::kCount}, {"mean", ArgType::kValue}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      VocabularyChoice twenty = ChoiceOf(data.recipe);
      twenty.min_count = kFigure1MinCount;
      return Holds(why)
          .If(Number(data.recipe, "min_count") > kFigure1MinCount, "a min count above 20")
          .If(f.Number("at_twenty") == PredictVocabularySize(data.profile, twenty) - 1,
              "the words seen 20 times")
          .If(f.Number("reviews") == data.profile.reviews &&
                  f.Number("mean") == data.profile.mean_tokens,
              "the reviews")
          .If(f.Number("at_twenty") + 1 > f.Number("reviews") / 2, "more values than n/2")
          .If(2.0 * PredictVocabularySize(data.profile, ChoiceOf(data.recipe)) <=
                  f.Number("reviews"),
              "the kept values at most n/2")
          .ok;
    }};
// "These are the words the U-score ranks: with <unk> v values, at most one per two of the
// n reviews."
const MessageSpec kFigure1Ranked{
    "recipe-figure1-ranked",
    {{"values", ArgType::kCount}, {"reviews", ArgType::kCount}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      return Holds(why)
          .If(Number(data.recipe, "min_count") == kFigure1MinCount, "the U-score's min count")
          .If(f.Number("values") == PredictVocabularySize(data.profile, ChoiceOf(data.recipe)), "V")
          .If(f.Number("reviews") == data.profile.reviews, "the reviews")
          .If(2 * f.Number("values") <= f.Number("reviews"), "at most one value per two reviews")
          .ok;
    }};
// "These reviews are x% positive: ... any p with a U-score of at least 0.5 has |signed| at
// least l: on this data no p gives a U."
const MessageSpec kFigure1Closed{
    "recipe-figure1-closed",
    {{"share", ArgType::kShare},
     {"class", ArgType::kName, {"positive", "negative"}},
     {"median", ArgType::kRatio},
     {"rho", ArgType::kRatio},
     {"least", ArgType::kRatio}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const DataProfile& p = data.profile;
      const Figure1Reach reach = ReachOf(p, ChoiceOf(data.recipe));
      const bool positive = p.positive >= p.negative;
      const double bound = std::cos(std::acos(kUShown) + std::acos(std::abs(f.Number("rho"))));
      return Holds(why)
          .If(f.Arg("class")->text == (positive ? "positive" : "negative"), "the larger class")
          .If(f.Number("share") ==
                  static_cast<double>(std::max(p.positive, p.negative)) / std::max(1, p.reviews),
              "its share")
          .If(f.Number("median") == reach.median_delta && f.Number("rho") == reach.rho,
              "the ranked words' Δ")
          .If(reach.ranked >= 2, "ranked words")
          .If(f.Number("least") == bound, "cos(acos 0.5 + acos |ρ|)")
          .If(f.Number("least") >= kFlatSigned, "a bound past 0.3: no U")
          .ok;
    }};

Recipe Figure1(const DataProfile& profile) {
  RunConfig c;
  VocabularyChoice choice;  // every token, pooled into <unk> below the min count, as loaded
  const int32_t cap = std::max(2, profile.reviews / kReviewsPerValue);
  choice.min_count = std::max(kFigure1MinCount, SmallestMinCount(profile, choice, cap));
  c.min_count = choice.min_count;
  c.max_vocab = choice.max_vocab;
  c.max_doc_share = 1;
  c.drop_unknown = false;
  c.protocol = Protocol::kJoint;
  c.optimizer = OptimizerKind::kAdam;
  c.learning_rate = kFigure1Rate;
  c.batch_size = 0;
  c.train_v = false;
  c.width = kFigure1Width;
  c.sigma = kFigure1Sigma;
  c.steps = Figure1Steps(kFigure1Rate, kFigure1Width);
  Recipe recipe{
      "figure1",
      kRecipeTitle.Detail({Name("name", "figure1")}),
      {},
      SettingsOf(c, {"min_count", "max_vocab", "max_doc_share", "drop_unknown", "width", "sigma",
                     "protocol", "optimizer", "learning_rate", "batch_size", "train_v", "steps"})};
  const int32_t vocab = PredictVocabularySize(profile, choice);
  recipe.plan = kFigure1Plan.Detail(
      {Value("rate", Number(recipe, "learning_rate")), Count("d", Number(recipe, "width")),
       Value("sigma", Number(recipe, "sigma")), Count("steps", Number(recipe, "steps")),
       Count("words", vocab - 1), Count("min_count", choice.min_count)});
  if (choice.min_count > kFigure1MinCount) {
    VocabularyChoice twenty = choice;
    twenty.min_count = kFigure1MinCount;
    recipe.plan.details.push_back(kFigure1Cut.Detail(
        {Count("at_twenty", PredictVocabularySize(profile, twenty) - 1),
         Count("reviews", profile.reviews), Value("mean", profile.mean_tokens)}));
  } else if (2 * vocab <= profile.reviews) {
    recipe.plan.details.push_back(
        kFigure1Ranked.Detail({Count("values", vocab), Count("reviews", profile.reviews)}));
  }
  const Figure1Reach reach = ReachOf(profile, choice);
  if (reach.closed()) {
    const int32_t larger = std::max(profile.positive, profile.negative);
    recipe.plan.details.push_back(kFigure1Closed.Detail(
        {Share("share", static_cast<double>(larger) / std::max(1, profile.reviews)),
         Name("class", profile.positive >= profile.negative ? "positive" : "negative"),
         Ratio("median", reach.median_delta), Ratio("rho", reach.rho),
         Ratio("least", reach.least_signed)}));
  }
  recipe.plan.details.insert(recipe.plan.details.begin(), CostOf(profile, recipe));
  return recipe;
}

// ---- result2.

// The vocabulary cap: d = V costs O(V^2) per flow step, so V <= kResult2MaxWidth, and within
// the limits (d, V and V x d weights).
int32_t Result2Cap(const Limits& limits) {
  const int64_t square = static_cast<int64_t>(std::sqrt(static_cast<double>(limits.max_weights)));
  return static_cast<int32_t>(std::max<int64_t>(
      2, std::min<int64_t>({kResult2MaxWidth, limits.max_width, limits.max_vocabulary, square})));
}

// "Trains p on a of the n training reviews (x): those whose constraints lie on no cycle of
// the must-beat graph, where p_mm exists, as predicted from alpha; d = V, eta, steps."
bool Result2PlanClaim(const RecipeFacts& data, const Finding& f, std::string* why) {
  const Recipe& r = data.recipe;
  const VocabularyChoice choice = ChoiceOf(r);
  const PredictedFlowReviews flow = PredictAcyclicReviews(data.profile, choice);
  const bool all = f.code == "recipe-result2-plan-all";
  Holds h(why);
  h.If(RecipeValue(r, "protocol") == "paper" && RecipeValue(r, "flow_acyclic_only") == "true",
       "the flow on the acyclic reviews only")
      .If(IsSetting(f, "v", r, "width") && IsSetting(f, "eta", r, "eta") &&
              IsSetting(f, "steps", r, "steps"),
          "the recipe's settings")
      .If(f.Number("v") == PredictVocabularySize(data.profile, choice), "d = V")
      .If(f.Number("reviews") == flow.reviews, "the training reviews");
  if (all) return h.If(flow.acyclic == flow.reviews, "every review acyclic").ok;
  return h.If(f.Number("acyclic") == flow.acyclic, "the acyclic reviews predicted")
      .If(flow.reviews > 0 && f.Number("share") == static_cast<double>(flow.acyclic) / flow.reviews,
          "their share")
      .If(flow.acyclic < flow.reviews, "a subset")
      .ok;
}
const std::vector<ArgSpec> kResult2Settings = {
    {"v", ArgType::kCount}, {"eta", ArgType::kValue}, {"steps", ArgType::kCount}};
const MessageSpec kResult2Plan{"recipe-result2-plan",
                               {{"acyclic", ArgType::kCount},
                                {"reviews", ArgType::kCount},
                                {"share", ArgType::kShare},
                                {"v", ArgType::kCount},
                                {"eta", ArgType::kValue},
                                {"steps", ArgType::kCount}},
                               nullptr,
                               Result2PlanClaim};
const MessageSpec kResult2PlanAll{"recipe-result2-plan-all",
                                  {{"reviews", ArgType::kCount},
                                   {"v", ArgType::kCount},
                                   {"eta", ArgType::kValue},
                                   {"steps", ArgType::kCount}},
                                  nullptr,
                                  Result2PlanClaim};
// "d = V = v (min count m; V at most c within the limits): [words found in more than x of
// reviews are dropped | every word is kept]."
const MessageSpec kResult2Vocabulary{
    "recipe-result2-vocabulary",
    {{"v", ArgType::kCount},
     {"min_count", ArgType::kCount},
     {"cap", ArgType::kCount},
     {"cut", ArgType::kName, {"yes", "no"}},
     {"doc_share", ArgType::kShare}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const Recipe& r = data.recipe;
      const bool cut = f.Arg("cut")->text == "yes";
      return Holds(why)
          .If(IsSetting(f, "v", r, "width") && IsSetting(f, "min_count", r, "min_count") &&
                  IsSetting(f, "doc_share", r, "max_doc_share"),
              "the recipe's settings")
          .If(f.Number("v") == PredictVocabularySize(data.profile, ChoiceOf(r)), "V")
          .If(f.Number("cap") == Result2Cap(data.limits), "the cap")
          .If(f.Number("v") <= f.Number("cap"), "V within the cap")
          .If(cut == (f.Number("doc_share") < 1), "a cut or none")
          .ok;
    }};
// "“t” is s* in x of reviews (|Delta| y | lean y)": one of the predicted most selected.
const MessageSpec kResult2Selected{
    "recipe-result2-selected",
    {{"token", ArgType::kToken},
     {"share", ArgType::kShare},
     {"measure", ArgType::kName, {"delta", "lean"}},
     {"value", ArgType::kRatio}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const PredictedSelection p = PredictSelection(data.profile, ChoiceOf(data.recipe));
      const bool lean = f.Arg("measure")->text == "lean";
      bool found = false;
      for (const PredictedToken& t : p.top) {
        found = found || (t.token == f.Arg("token")->text && t.share == f.Number("share") &&
                          (lean ? t.lean : t.abs_delta) == f.Number("value"));
      }
      return Holds(why)
          .If(found, "a predicted selected token's numbers")
          .If(lean == (std::abs(p.neutral_delta) >= kSkewedNeutral), "lean where skewed")
          .ok;
    }};
// "s* leans to one class (...) in x of reviews."
const MessageSpec kResult2Polar{
    "recipe-result2-polar",
    {{"polar", ArgType::kShare},
     {"measure", ArgType::kName, {"delta", "lean"}},
     {"neutral", ArgType::kRatio},
     {"positive", ArgType::kShare}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const PredictedSelection p = PredictSelection(data.profile, ChoiceOf(data.recipe));
      const bool lean = f.Arg("measure")->text == "lean";
      return Holds(why)
          .If(f.Number("polar") == p.polar_share, "the polar share")
          .If(lean == (std::abs(p.neutral_delta) >= kSkewedNeutral), "lean where skewed")
          .If(f.Number("neutral") == p.neutral_delta, "a neutral token's Δ")
          .If(f.Number("positive") == (1 + p.neutral_delta) / 2, "the tokens in positive reviews")
          .ok;
    }};
// "s* is punctuation in x of reviews" / "s* is <unk> in x of reviews".
const MessageSpec kResult2Kinds{
    "recipe-result2-kinds",
    {{"punctuation", ArgType::kShare}, {"unknown", ArgType::kShare}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const PredictedSelection p = PredictSelection(data.profile, ChoiceOf(data.recipe));
      return Holds(why)
          .If(f.Number("punctuation") == p.punctuation_share, "the punctuation share")
          .If(f.Number("unknown") == p.unknown_share, "the <unk> share")
          .If(p.punctuation_share > 0 || p.unknown_share > 0, "some")
          .ok;
    }};
// "No review keeps a token under these settings: nothing is selected."
const MessageSpec kResult2NothingSelected{
    "recipe-result2-nothing-selected",
    {},
    nullptr,
    [](const RecipeFacts& data, const Finding&, std::string* why) {
      return Holds(why)
          .If(PredictSelection(data.profile, ChoiceOf(data.recipe)).top.empty(), "nothing selected")
          .ok;
    }};
// "eta = h puts the step on E at 6 times E(0)'s noise along v: (eta/2) std(alpha) = a
// against sigma/sqrt(d) = b."
const MessageSpec kResult2Eta{
    "recipe-result2-eta",
    {{"eta", ArgType::kValue}, {"step", ArgType::kValue}, {"noise", ArgType::kValue}},
    nullptr,
    [](const RecipeFacts& data, const Finding& f, std::string* why) {
      const Recipe& r = data.recipe;
      const double ratio = f.Number("step") / f.Number("noise");
      return Holds(why)
          .If(IsSetting(f, "eta", r, "eta"), "the recipe's η")
          .If(f.Number("step") == StepSpread(data.profile, ChoiceOf(r), f.Number("eta")),
              "(η/2) std(α)")
          .If(f.Number("noise") == Number(r, "sigma") / std::sqrt(Number(r, "width")), "σ/√d")
          // eta has two significant digits: within 5% of the aim.
          .If(std::abs(ratio / kResult2StepToNoise - 1) <= 0.05, "6 times the noise")
          .ok;
    }};

// The predicted selection's findings: the most selected tokens, then what s* is.
void DescribeSelection(const PredictedSelection& p, std::vector<Finding>* out) {
  if (p.top.empty()) {
    out->push_back(kResult2NothingSelected.Detail({}));
    return;
  }
  // Where one class has most of the tokens, a token with no label information has Delta
  // near neutral_delta, not 0: the lean from it is what says whether s* is polar.
  const bool skewed = std::abs(p.neutral_delta) >= kSkewedNeutral;
  const char* measure = skewed ? "lean" : "delta";
  for (const PredictedToken& t : p.top) {
    out->push_back(kResult2Selected.Detail({Token("token", t.token), Share("share", t.share),
                                            Name("measure", measure),
                                            Ratio("value", skewed ? t.lean : t.abs_delta)}));
  }
  out->push_back(kResult2Polar.Detail({Share("polar", p.polar_share), Name("measure", measure),
                                       Ratio("neutral", p.neutral_delta),
                                       Share("positive", (1 + p.neutral_delta) / 2)}));
  if (p.punctuation_share > 0 || p.unknown_share > 0) {
    out->push_back(kResult2Kinds.Detail(
        {Share("punctuation", p.punctuation_share), Share("unknown", p.unknown_share)}));
  }
}

Recipe Result2(const DataProfile& profile, const Limits& limits) {
  const int32_t cap = Result2Cap(limits);
  VocabularyChoice chosen;
  PredictedSelection predicted;
  bool have = false;
  for (double share : kDocShares) {
    VocabularyChoice choice;
    choice.max_doc_share = share;
    choice.drop_unknown = true;
    choice.min_count = SmallestMinCount(profile, choice, cap);
    choice.max_vocab = cap;
    const PredictedSelection p = PredictSelection(profile, choice);
    if (!have || p.top_share < predicted.top_share) chosen = choice, predicted = p, have = true;
    if (p.top_share <= kMaxTopShare || (!p.top.empty() && p.top[0].lean >= kCutPolarDelta)) break;
  }
  RunConfig c;
  c.min_count = chosen.min_count;
  c.max_vocab = chosen.max_vocab;
  c.max_doc_share = chosen.max_doc_share;
  c.drop_unknown = true;
  c.width = PredictVocabularySize(profile, chosen);
  c.sigma = 1;
  c.protocol = Protocol::kPaper;
  const double spread = AlphaSpread(ComputeTokenStatistics(EncodeUnder(profile, chosen)));
  const double eta = RoundTwoDigits(2 * kResult2StepToNoise * c.sigma /
                                    std::sqrt(static_cast<double>(c.width)) / spread);
  c.eta = spread > 0 ? std::min(eta, kResult2MaxEta) : kEta;
  c.flow_step = FlowStep::kNormalized;
  c.flow_rate = kResult2FlowRate;
  c.flow_acyclic_only = true;
  c.steps = kResult2Steps;
  Recipe recipe{
      "result2",
      kRecipeTitle.Detail({Name("name", "result2")}),
      {},
      SettingsOf(c, {"min_count", "max_vocab", "max_doc_share", "drop_unknown", "width", "sigma",
                     "protocol", "eta", "flow_step", "flow_rate", "flow_acyclic_only", "steps"})};
  // What it will do, first the reviews p trains on; then why each number.
  const PredictedFlowReviews flow = PredictAcyclicReviews(profile, chosen);
  const std::vector<FindingArg> run = {Count("v", Number(recipe, "width")),
                                       Value("eta", Number(recipe, "eta")),
                                       Count("steps", Number(recipe, "steps"))};
  if (flow.acyclic < flow.reviews) {
    std::vector<FindingArg> args = {
        Count("acyclic", flow.acyclic), Count("reviews", flow.reviews),
        Share("share", flow.reviews > 0 ? static_cast<double>(flow.acyclic) / flow.reviews : 0)};
    args.insert(args.end(), run.begin(), run.end());
    recipe.plan = kResult2Plan.Detail(std::move(args));
  } else {
    std::vector<FindingArg> args = {Count("reviews", flow.reviews)};
    args.insert(args.end(), run.begin(), run.end());
    recipe.plan = kResult2PlanAll.Detail(std::move(args));
  }
  std::vector<Finding>& why = recipe.plan.details;
  why.push_back(kResult2Vocabulary.Detail(
      {Count("v", Number(recipe, "width")), Count("min_count", Number(recipe, "min_count")),
       Count("cap", cap), Name("cut", chosen.max_doc_share < 1 ? "yes" : "no"),
       Share("doc_share", Number(recipe, "max_doc_share"))}));
  DescribeSelection(predicted, &why);
  const double applied_eta = Number(recipe, "eta");
  const double step = StepSpread(profile, chosen, applied_eta);
  const double noise = Number(recipe, "sigma") / std::sqrt(Number(recipe, "width"));
  if (spread > 0 && std::abs(step / noise / kResult2StepToNoise - 1) <= 0.05) {
    why.push_back(kResult2Eta.Detail(
        {Value("eta", applied_eta), Value("step", step), Value("noise", noise)}));
  }
  why.insert(why.begin(), CostOf(profile, recipe));
  return recipe;
}

}  // namespace

const SpecList kRecipeSpecs = {&kRecipeTitle,    &kRecipeCost,        &kResult1Plan,
                               &kResult1Flat,    &kFigure1Plan,       &kFigure1Cut,
                               &kFigure1Ranked,  &kFigure1Closed,     &kResult2Plan,
                               &kResult2PlanAll, &kResult2Vocabulary, &kResult2Selected,
                               &kResult2Polar,   &kResult2Kinds,      &kResult2NothingSelected,
                               &kResult2Eta};

std::string RecipeValue(const Recipe& recipe, std::string_view key) {
  for (const RecipeSetting& s : recipe.settings) {
    if (s.key == key) return s.value;
  }
  return "";
}

PredictedFlowReviews PredictAcyclicReviews(const DataProfile& profile,
                                           const VocabularyChoice& choice) {
  const Corpus corpus = EncodeUnder(profile, choice);
  const TokenStatistics statistics = ComputeTokenStatistics(corpus);
  // alpha_s in float, as v.E_s is stored (PredictSelection's ties).
  const std::vector<float> alpha(statistics.alpha.begin(), statistics.alpha.end());
  const SelectedSets sets = ComputeSelectedSets(corpus, alpha);
  const std::vector<uint8_t> keep =
      AcyclicReviewFlags(corpus, sets, BuildConstraints(corpus, sets));
  PredictedFlowReviews out;
  out.reviews = corpus.NumReviews();
  for (int32_t i = 0; i < corpus.NumReviews(); ++i) {
    out.acyclic += keep[i];
    if (keep[i]) out.tokens += corpus.Length(i);
  }
  return out;
}

std::vector<Recipe> ComputeRecipes(const DataProfile& profile, const Limits& limits) {
  if (profile.reviews == 0) return {};
  return {Result1(profile, limits), Figure1(profile), Result2(profile, limits)};
}

const Recipe* FindRecipe(const std::vector<Recipe>& recipes, std::string_view name) {
  for (const Recipe& recipe : recipes) {
    if (recipe.name == name) return &recipe;
  }
  return nullptr;
}

Result<RunConfig> ApplyRecipe(const RunConfig& config, const Recipe& recipe) {
  RunConfig out = config;
  for (const RecipeSetting& setting : recipe.settings) {
    const Status status = SetSetting(&out, setting.key, setting.value);
    if (!status.ok()) return Result<RunConfig>::Failure(recipe.name + ": " + status.message());
  }
  return Result<RunConfig>::Success(std::move(out));
}

}  // namespace clslab
