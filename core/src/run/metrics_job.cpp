// The metrics job (metrics_job.h): the metrics of THEORY.md, measured in parts, each O(N)
// or O(V d) at most, in a fixed order; a part only adds to what the earlier parts left, so
// measuring in one go and in calls of one part each (a driver's budget may stop between
// any two) give the same numbers bit for bit. The parts up to kMaxMargin read the weights,
// the data and the settings only; the last two read the solutions (p_mm, p_local) too, so
// a new solution alone measures only those two again, from what the weights' parts found
// (the solve after the step on E asks for the metrics once more: ~70 ms at d 1024 at
// 25,000 reviews).
// Legend: n reviews, N train tokens, V vocabulary, d width.
#include "metrics_job.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "clslab/enums.h"
#include "clslab/model.h"

namespace clslab {
namespace {

enum MetricsPart : int {
  kTrainLoss,
  kTestLoss,
  kResultOne,
  kSelectedSets,
  kSelection,
  kFlow,
  kFigureOne,
  kMaxMargin,  // the first part that reads a solution
  kLocalSvm,
  kPartCount
};

}  // namespace

// FNV-1a over the step and the bit patterns of E, p and v (32-bit words: a quarter of the
// multiplies of a byte-wise pass, and V x d can be 32 M floats): equal runs give equal
// checksums, and one flipped bit or another step changes it. Not cryptographic; it lets
// two people compare runs by eye.
std::string Checksum(const Weights& w, int64_t step) {
  uint64_t hash = 14695981039346656037ull;  // the FNV-1a 64-bit offset basis
  constexpr uint64_t kPrime = 1099511628211ull;
  hash = (hash ^ static_cast<uint64_t>(step)) * kPrime;
  auto mix = [&](const float* data, int64_t count) {
    for (int64_t k = 0; k < count; ++k) {
      uint32_t bits;
      std::memcpy(&bits, data + k, sizeof bits);
      hash = (hash ^ bits) * kPrime;
    }
  };
  mix(w.E.data(), w.E.size());
  mix(w.p.data(), w.p.size());
  mix(w.v.data(), w.v.size());
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

MetricsKey MetricsJob::KeyOf(const RunView& run, const MaxMarginJob& max_margin,
                             const LocalSvmJob& local_svm) {
  MetricsKey key;
  key.run = run.run_version;
  key.max_margin = max_margin.revision();
  key.local_svm = local_svm.revision();
  return key;
}

bool MetricsJob::Slice(const RunView& run, const MaxMarginJob& max_margin,
                       const LocalSvmJob& local_svm, int64_t* spent) {
  if (!run.trainer) {
    metrics_ = Metrics();
    return true;
  }
  const MetricsKey key = KeyOf(run, max_margin, local_svm);
  if (measured_ == key) return true;
  if (key_ != key) {
    if (key_.run != key.run) {
      key_ = MetricsKey();
      next_ = 0;
      working_ = of_weights_ = Metrics();
      scalars_ = TokenScalars();
      sets_ = SelectedSets();
      flow_ = FlowSelection();
    } else if (next_ > kMaxMargin) {
      // The same weights, a new solution: what their parts found stands.
      working_ = of_weights_;
      next_ = kMaxMargin;
    }
    key_ = key;
  }
  MeasurePart(next_++, run, max_margin, local_svm);
  *spent += PassUnits(run.sizes);
  if (next_ == kMaxMargin) of_weights_ = working_;
  if (next_ < kPartCount) return false;
  // Complete: the metrics of this key (the parts' work stays: a new solution alone reuses
  // it).
  metrics_ = working_;
  measured_ = key;
  return true;
}

void MetricsJob::MeasurePart(int part, const RunView& run, const MaxMarginJob& max_margin,
                             const LocalSvmJob& local_svm) {
  Metrics& m = working_;
  const Weights& w = run.weights();
  const Corpus& train = run.dataset->train;
  const Corpus& test = run.dataset->test;
  const TokenStatistics& statistics = *run.statistics;
  switch (part) {
    case kTrainLoss: {
      m.step = run.trainer->step();
      m.phase = run.trainer->phase();
      ModelWorkspace workspace;
      const LossAccuracy on_train = LossAndGradient(w, train, {}, &workspace, nullptr);
      m.train_loss = Finite(on_train.loss);
      m.train_accuracy = on_train.accuracy;
      m.train_reviews = train.NumReviews();
      m.scored_reviews = on_train.reviews;
      m.p_norm = w.p.cast<double>().norm();
      return;
    }
    case kTestLoss: {
      if (test.NumReviews() == 0) return;
      ModelWorkspace workspace;
      const LossAccuracy on_test = LossAndGradient(w, test, {}, &workspace, nullptr);
      m.has_test = on_test.reviews > 0;
      m.test_loss = Finite(on_test.loss);
      m.test_accuracy = on_test.accuracy;
      return;
    }
    case kResultOne: {
      // Result 1: v.E_s against alpha_s over tokens seen in train (<unk> included: it is a
      // real token of the model and obeys the same update).
      scalars_ = ComputeTokenScalars(w);
      std::vector<double> alpha, value;
      for (int32_t s = 0; s < w.vocab_size(); ++s) {
        if (statistics.count[s] == 0) continue;
        alpha.push_back(statistics.alpha[s]);
        value.push_back(scalars_.value[s]);
      }
      const LinearFit fit = FitLine(alpha, value);
      m.alignment_slope = Finite(fit.slope);
      m.alignment_intercept = Finite(fit.intercept);
      m.alignment_r2 = Finite(fit.r_squared);
      if (run.paper() && run.embeddings_stepped()) {
        m.has_predicted_slope = true;
        m.predicted_slope = run.config->eta / 2 * w.v.cast<double>().squaredNorm();
      }
      return;
    }
    case kSelectedSets:
      // Result 2: selection by the theory's selected sets S_i (from v.E_s).
      sets_ = ComputeSelectedSets(train, scalars_.value);
      return;
    case kSelection: {
      const SelectionMetrics selection = MeasureSelection(train, sets_, scalars_.attention);
      m.selection_accuracy = selection.accuracy;
      m.selection_mass = Finite(selection.mean_mass);
      // The label-free baseline: the same argmax rule on |v.E_s| instead of p.E_s.
      std::vector<float> magnitude(scalars_.value.size());  // V, |v.E_s|
      for (size_t s = 0; s < magnitude.size(); ++s) magnitude[s] = std::abs(scalars_.value[s]);
      m.baseline_selection_accuracy = MeasureSelection(train, sets_, magnitude).accuracy;
      return;
    }
    case kFlow:
      // Result 2 over all reviews for the tokens the flow selects (local_svm.h).
      flow_ = FlowSelection();
      if (run.paper() && run.embeddings_stepped() && m.p_norm > 0) {
        flow_ = ComputeFlowSelection(train, scalars_.attention, sets_);
        m.has_local_selection = flow_.reviews > 0;
        if (m.has_local_selection) {
          m.local_selection_s_star = static_cast<double>(flow_.in_theory) / flow_.reviews;
          m.local_selection_strict = static_cast<double>(flow_.strict) / flow_.reviews;
        }
      }
      m.has_test_after_step_on_e = has_test_after_step_on_e_;
      m.test_accuracy_after_step_on_e = test_accuracy_after_step_on_e_;
      return;
    case kFigureOne: {
      // Figure 1: the U shape of p.E_s against Delta_s.
      const UShape u = ComputeUShape(scalars_.attention, statistics);
      m.u_score = Finite(u.u_score);
      m.signed_score = Finite(u.signed_score);
      m.u_contrast = Finite(u.contrast);
      m.u_tokens = u.tokens;
      m.checksum = Checksum(w, m.step);
      return;
    }
    case kMaxMargin:
      // Result 2 against the attention-SVM over all reviews and over the acyclic ones.
      max_margin.AddMetrics(run, scalars_, &m);
      return;
    case kLocalSvm:
      // Result 2 against the attention-SVM of the flow's own selection.
      local_svm.AddMetrics(run, scalars_, flow_, &m);
      return;
    default:
      return;
  }
}

void MetricsJob::RecordHistory() {
  const Metrics& m = metrics_;
  if (!history_.empty() && history_.back().step > m.step) history_.clear();
  if (!history_.empty() && history_.back().step == m.step) history_.pop_back();
  if (history_.size() >= kHistoryLength) {
    std::vector<Metrics> thinned;
    for (size_t k = 0; k < history_.size(); k += 2) thinned.push_back(history_[k]);
    history_ = std::move(thinned);
  }
  history_.push_back(m);
  ++history_version_;
}

void MetricsJob::NoteStepOnEmbeddings(bool has, double test_accuracy) {
  has_test_after_step_on_e_ = has;
  test_accuracy_after_step_on_e_ = test_accuracy;
}

void MetricsJob::StartRun() {
  has_test_after_step_on_e_ = false;
  history_.clear();
}

}  // namespace clslab
