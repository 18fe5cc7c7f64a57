// clslab reproduce: runs a protocol end to end and writes every metric: the history at
// log-spaced steps, the state after the step on E (Result 1), the attention-SVM (Result 2),
// the final metrics and the per-token table (Figure 1), and prints a summary.
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "cli.h"
#include "clslab/json_report.h"
#include "clslab/limits.h"
#include "clslab/run_plan.h"
#include "output.h"

namespace clslab_cli {

using clslab::Experiment;
using clslab::Metrics;
using clslab::RunConfig;
using clslab::ToJson;
using Json = nlohmann::ordered_json;

int Reproduce(const Arguments& args) {
  if (args.out.empty()) return Fail("--out result.json is required");
  // The result never replaces an input: `--out reviews.tsv` emptied the data it had read.
  for (const std::string* input : {&args.data, &args.negative, &args.config_path}) {
    std::error_code unknown;
    if (!input->empty() && std::filesystem::equivalent(*input, args.out, unknown)) {
      return Fail("--out " + args.out + " is the input " + *input +
                  ": write the result to another file");
    }
  }
  Experiment experiment;
  RunConfig config;
  const std::string error = LoadData(args, &experiment, &config);
  if (!error.empty()) return Fail(error);
  // Opened before the run, so that a path that cannot be written is refused before it.
  Output file(args.out);
  if (!file.error().empty()) return Fail(file.error());
  Json result;
  if (!args.recipe.empty()) {
    // The recipe is computed from the loaded data; the command line's --set values still win.
    const std::vector<clslab::Recipe> recipes = experiment.Recipes();
    const clslab::Recipe* recipe = clslab::FindRecipe(recipes, args.recipe);
    if (recipe == nullptr) return Fail("no recipe named " + args.recipe);
    clslab::Result<RunConfig> applied = clslab::ApplyRecipe(config, *recipe);
    if (!applied.ok()) return Fail(applied.status.message());
    const std::string set_error = ApplySets(args, &applied.value);
    if (!set_error.empty()) return Fail(set_error);
    const auto configured = experiment.Configure(applied.value);
    if (!configured.ok()) return Fail(configured.status.message());
    config = experiment.config();
    result["recipe"] = RecipeJson(*recipe);
  }
  result["config"] = Json::parse(clslab::ConfigToJson(config));
  result["dataset"] = ToJson(experiment.summary());
  const auto start = std::chrono::steady_clock::now();
  Json history = Json::array();
  clslab::WorkReport last = RunTo(&experiment, experiment.step());
  history.push_back(ToJson(experiment.CurrentMetrics()));
  // The history at the run's record steps (run_plan.h IsRecordStep: log-spaced, 10% apart,
  // so long runs stay small while the step of the best U-score is still found within 10%),
  // each measured once the step's own work is done, as every driver of the run measures it:
  // the p_mm solve right after the step on E, the flow's own att-SVM (p_local) in the
  // background and, at the run's end, of its final selection.
  const int64_t target = experiment.Plan().target_step;
  Metrics best_u = experiment.CurrentMetrics();
  while (experiment.step() < target && !last.steps.refused) {
    const int64_t next = std::min(clslab::NextRecordStep(config, experiment.step()), target);
    last = RunTo(&experiment, next);
    const Metrics now = experiment.CurrentMetrics();
    if (last.plan.phase == clslab::Phase::kEmbeddingsStepped) {
      result["max_margin"] = ToJson(experiment.max_margin_report());
      result["after_step_on_E"] = ToJson(now);
    }
    if (now.u_score > best_u.u_score) best_u = now;
    history.push_back(ToJson(now));
  }
  // Joint training moves E at every step: its run's end solved p_mm of the final E.
  if (!result.contains("max_margin")) result["max_margin"] = ToJson(experiment.max_margin_report());
  // The att-SVM of the selection the flow ends with (Result 2 over all reviews).
  if (config.protocol == clslab::Protocol::kPaper) {
    result["local_svm"] = ToJson(experiment.local_svm_report());
  }
  const Metrics final_metrics = experiment.CurrentMetrics();
  result["history"] = history;
  result["final"] = ToJson(final_metrics);
  // The recorded step with the highest U-score (Figure 1 under joint training peaks, then
  // fades as the model overfits).
  result["best_u"] = {{"step", best_u.step},
                      {"u_score", best_u.u_score},
                      {"signed_score", best_u.signed_score},
                      {"u_contrast", best_u.u_contrast},
                      {"test_accuracy", best_u.test_accuracy}};
  result["selection"] = ToJson(experiment.Selection());
  const clslab::Guidance guidance = experiment.Explain();
  result["guidance"] = GuidanceJson(guidance);
  // Each finding's claim (messages.h) checked over the numbers it was said of, the report's:
  // a broken claim is a defect of the rules, and the report names it.
  result["claims"] = ClaimsJson(experiment.ExplainInputs(), guidance);
  result["seconds"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (last.steps.refused) result["stopped"] = last.steps.message;
  result["tokens"] = ToJson(experiment.Tokens());
  file.Write(result.dump(1, ' ', false, Json::error_handler_t::replace) + "\n");
  if (!file.Close().empty()) return Fail(file.error());

  Output text;  // the summary, on standard output
  const clslab::DatasetSummary& s = experiment.summary();
  const Metrics& m = final_metrics;
  // Counts with thousands separators, as the guidance writes them ("1,600").
  using clslab::WithThousands;
  text.Printf("dataset     %s: %s train / %s test reviews, V = %s\n", s.source_name.c_str(),
              WithThousands(s.train_reviews).c_str(), WithThousands(s.test_reviews).c_str(),
              WithThousands(s.vocab_size).c_str());
  if (result.contains("recipe")) {
    // What the recipe said it would do and its cost, as the page says it beside its button.
    const Json& plan = result["recipe"]["plan"];
    std::string said = plan["sentence"].get<std::string>();
    for (const Json& detail : plan["details"]) {
      if (detail["code"] == "recipe-cost") said += " " + detail["sentence"].get<std::string>();
    }
    text.Printf("recipe      %s: %s\n",
                result["recipe"]["title"]["sentence"].get<std::string>().c_str(), said.c_str());
  }
  text.Printf("protocol    %s, %s steps%s\n", clslab::GetSetting(config, "protocol").c_str(),
              WithThousands(m.step).c_str(),
              last.steps.refused ? (" (stopped: " + last.steps.message + ")").c_str() : "");
  char test_accuracy[32] = "n/a (no test split)";
  if (m.has_test) std::snprintf(test_accuracy, sizeof test_accuracy, "%.3f", m.test_accuracy);
  text.Printf("accuracy    train %.3f, test %s\n", m.train_accuracy, test_accuracy);
  if (result.contains("after_step_on_E")) {
    const Json& a = result["after_step_on_E"];
    text.Printf("Result 1    slope %.6g vs predicted %.6g, R^2 %.6f\n",
                a["alignment_slope"].get<double>(), a["predicted_slope"].get<double>(),
                a["alignment_r2"].get<double>());
  }
  const Json& mm = result["max_margin"];
  text.Printf("att-SVM     %s; %s constraints, %s in cycles, ||p_mm|| %.4g\n",
              mm["message"].get<std::string>().c_str(),
              WithThousands(mm["constraints"].get<long long>()).c_str(),
              WithThousands(mm["constraints_in_cycles"].get<long long>()).c_str(),
              mm["norm"].get<double>());
  text.Printf("Result 2    cos(p, p_mm) %.4f, selection accuracy %.3f, attention mass %.3f\n",
              m.cosine_to_max_margin, m.selection_accuracy, m.selection_mass);
  if (!mm["acyclic"].get<bool>()) {
    text.Printf("  acyclic   %s reviews: cos(p, p_mm) %.4f, selection accuracy %.3f\n",
                WithThousands(mm["acyclic_reviews"].get<long long>()).c_str(),
                m.cosine_to_max_margin_acyclic, m.selection_accuracy_acyclic);
  }
  if (m.has_local_svm) {
    text.Printf("  own sel.  cos(p, p_local) %.4f, s* selected in %.1f%%, strict in %.1f%%\n",
                m.cosine_to_local_svm, 100 * m.local_selection_s_star,
                100 * m.local_selection_strict);
  }
  if (mm.contains("largest_component_size") && mm["largest_component_size"].get<int>() > 0) {
    text.Printf("  s* graph  %s nontrivial SCC(s), largest %s words holding s* for %s reviews\n",
                WithThousands(mm["cyclic_components"].get<int>()).c_str(),
                WithThousands(mm["largest_component_size"].get<int>()).c_str(),
                WithThousands(mm["largest_component_reviews"].get<long long>()).c_str());
  }
  text.Printf("Figure 1    U-score %.3f, signed %.3f, U-contrast %.3f over %s tokens\n", m.u_score,
              m.signed_score, m.u_contrast, WithThousands(m.u_tokens).c_str());
  // The verdicts, as the page words them under its charts (catalog/en.ftl).
  for (const nlohmann::ordered_json& panel : result["guidance"]["panels"]) {
    text.Printf("verdict     %s %s: %s\n", panel["panel"].get<std::string>().c_str(),
                panel["kind"].get<std::string>().c_str(),
                panel["sentence"].get<std::string>().c_str());
  }
  const Json& claims = result["claims"];
  text.Printf("claims      %s findings checked, %s broken\n",
              WithThousands(claims["checked"].get<long long>()).c_str(),
              WithThousands(static_cast<long long>(claims["broken"].size())).c_str());
  for (const Json& broken : claims["broken"]) {
    text.Printf("  broken    %s\n", broken.get<std::string>().c_str());
  }
  text.Printf("seconds     %.1f\n", result["seconds"].get<double>());
  text.Printf("wrote       %s\n", args.out.c_str());
  return Finish(&text);
}

}  // namespace clslab_cli
