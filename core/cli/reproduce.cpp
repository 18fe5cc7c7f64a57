// clslab reproduce: runs a protocol end to end and writes every metric: the history at
// log-spaced steps, the state after the step on E (Result 1), the attention-SVM (Result 2),
// the final metrics and the per-token table (Figure 1), and prints a summary.
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
  result["config"] = Json::parse(clslab::ConfigToJson(config));
  result["dataset"] = ToJson(experiment.summary());
  Json history = Json::array();
  history.push_back(ToJson(experiment.CurrentMetrics()));
  clslab::StepReport last;
  if (config.protocol == clslab::Protocol::kPaper) {
    last = experiment.StepEmbeddings();
    history.push_back(ToJson(experiment.CurrentMetrics()));
    result["max_margin"] = ToJson(experiment.SolveMaxMargin());
    result["after_step_on_E"] = ToJson(experiment.CurrentMetrics());
  }
  // Record at roughly log-spaced steps so long runs stay small.
  int64_t next_record = experiment.step() + 1;
  while (experiment.step() < config.steps && !last.refused) {
    const int64_t chunk = std::max<int64_t>(1, next_record - experiment.step());
    last = experiment.Advance(
        static_cast<int32_t>(std::min<int64_t>(chunk, config.steps - experiment.step())));
    history.push_back(ToJson(experiment.CurrentMetrics()));
    next_record = std::max(next_record + 1, static_cast<int64_t>(next_record * 1.25));
  }
  if (config.protocol == clslab::Protocol::kJoint) {
    result["max_margin"] = ToJson(experiment.SolveMaxMargin());
  }
  const Metrics final_metrics = experiment.CurrentMetrics();
  result["history"] = history;
  result["final"] = ToJson(final_metrics);
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
  std::printf("Figure 1    U-score %.3f, signed %.3f, U-contrast %.3f over %d tokens\n", m.u_score,
              m.signed_score, m.u_contrast, m.u_tokens);
  std::printf("wrote       %s\n", args.out.c_str());
  return 0;
}

}  // namespace clslab_cli
