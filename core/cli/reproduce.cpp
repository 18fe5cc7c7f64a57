// clslab reproduce: runs a protocol end to end and writes every metric: the history at
// log-spaced steps, the state after the step on E (Result 1), the attention-SVM (Result 2),
// the final metrics and the per-token table (Figure 1), and prints a summary.
#include <chrono>
#include <cstdio>
#include <fstream>

#include "cli.h"
#include "clslab/json_report.h"

namespace clslab_cli {

using clslab::Experiment;
using clslab::Metrics;
using clslab::RunConfig;
using clslab::ToJson;
using Json = nlohmann::ordered_json;

int Reproduce(const Arguments& args) {
  if (args.out.empty()) return Fail("--out result.json is required");
  Experiment experiment;
  RunConfig config;
  const std::string error = LoadData(args, &experiment, &config);
  if (!error.empty()) return Fail(error);
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
    result["recipe"] = ToJson(*recipe);
  }
  result["config"] = Json::parse(clslab::ConfigToJson(config));
  result["dataset"] = ToJson(experiment.summary());
  const auto start = std::chrono::steady_clock::now();
  Json history = Json::array();
  history.push_back(ToJson(experiment.CurrentMetrics()));
  clslab::StepReport last;
  if (config.protocol == clslab::Protocol::kPaper) {
    last = experiment.StepEmbeddings();
    history.push_back(ToJson(experiment.CurrentMetrics()));
    result["max_margin"] = ToJson(experiment.SolveMaxMargin());
    result["after_step_on_E"] = ToJson(experiment.CurrentMetrics());
  }
  // Record at roughly log-spaced steps (10% apart) so long runs stay small while the step
  // of the best U-score is still found within 10%.
  int64_t next_record = experiment.step() + 1;
  Metrics best_u = experiment.CurrentMetrics();
  while (experiment.step() < config.steps && !last.refused) {
    const int64_t chunk = std::max<int64_t>(1, next_record - experiment.step());
    last = experiment.Advance(
        static_cast<int32_t>(std::min<int64_t>(chunk, config.steps - experiment.step())));
    const Metrics now = experiment.CurrentMetrics();
    if (now.u_score > best_u.u_score) best_u = now;
    history.push_back(ToJson(now));
    next_record = std::max(next_record + 1, static_cast<int64_t>(next_record * 1.1));
  }
  if (config.protocol == clslab::Protocol::kJoint) {
    result["max_margin"] = ToJson(experiment.SolveMaxMargin());
  } else {
    // The att-SVM of the selection the flow ends with (Result 2 over all reviews).
    const auto solve_start = std::chrono::steady_clock::now();
    result["local_svm"] = ToJson(experiment.SolveLocalSvm());
    result["local_svm_seconds"] =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - solve_start).count();
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
  result["guidance"] = ToJson(experiment.Explain());
  result["seconds"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (last.refused) result["stopped"] = last.message;
  result["tokens"] = ToJson(experiment.Tokens());
  std::ofstream out(args.out);
  if (!out) return Fail("cannot write " + args.out);
  out << result.dump(1, ' ', false, Json::error_handler_t::replace) << "\n";

  const clslab::DatasetSummary& s = experiment.summary();
  const Metrics& m = final_metrics;
  std::printf("dataset     %s: %d train / %d test reviews, V = %d\n", s.source_name.c_str(),
              s.train_reviews, s.test_reviews, s.vocab_size);
  std::printf("protocol    %s, %lld steps%s\n", clslab::GetSetting(config, "protocol").c_str(),
              static_cast<long long>(m.step),
              last.refused ? (" (stopped: " + last.message + ")").c_str() : "");
  std::printf("accuracy    train %.3f, test %.3f\n", m.train_accuracy,
              m.has_test ? m.test_accuracy : 0.0);
  if (result.contains("after_step_on_E")) {
    const Json& a = result["after_step_on_E"];
    std::printf("Result 1    slope %.6g vs predicted %.6g, R^2 %.6f\n",
                a["alignment_slope"].get<double>(), a["predicted_slope"].get<double>(),
                a["alignment_r2"].get<double>());
  }
  const Json& mm = result["max_margin"];
  std::printf("att-SVM     %s; %lld constraints, %lld in cycles, ||p_mm|| %.4g\n",
              mm["message"].get<std::string>().c_str(), mm["constraints"].get<long long>(),
              mm["constraints_in_cycles"].get<long long>(), mm["norm"].get<double>());
  std::printf("Result 2    cos(p, p_mm) %.4f, selection accuracy %.3f, attention mass %.3f\n",
              m.cosine_to_max_margin, m.selection_accuracy, m.selection_mass);
  if (!mm["acyclic"].get<bool>()) {
    std::printf("  acyclic   %lld reviews: cos(p, p_mm) %.4f, selection accuracy %.3f\n",
                mm["acyclic_reviews"].get<long long>(), m.cosine_to_max_margin_acyclic,
                m.selection_accuracy_acyclic);
  }
  if (m.has_local_svm) {
    std::printf("  own sel.  cos(p, p_local) %.4f, s* selected in %.1f%%, strict in %.1f%%\n",
                m.cosine_to_local_svm, 100 * m.local_selection_s_star,
                100 * m.local_selection_strict);
  }
  if (mm.contains("largest_component_size") && mm["largest_component_size"].get<int>() > 0) {
    std::printf("  s* graph  %d nontrivial SCC(s), largest %d words holding s* for %lld reviews\n",
                mm["cyclic_components"].get<int>(), mm["largest_component_size"].get<int>(),
                mm["largest_component_reviews"].get<long long>());
  }
  std::printf("Figure 1    U-score %.3f, signed %.3f, U-contrast %.3f over %d tokens\n", m.u_score,
              m.signed_score, m.u_contrast, m.u_tokens);
  std::printf("seconds     %.1f\n", result["seconds"].get<double>());
  std::printf("wrote       %s\n", args.out.c_str());
  return 0;
}

}  // namespace clslab_cli
