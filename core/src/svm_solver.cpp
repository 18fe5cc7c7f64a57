// The attention-SVM solver: dual coordinate descent with liblinear's shrinking
// (solve_l2r_l1l2_svc, Hsieh et al. 2008, Algorithm 3), resumable in slices of work.
// Dual:  min_lambda  1/2 ||sum_k lambda_k z_k||^2 - sum_k lambda_k,  0 <= lambda_k <= C,
// with p = sum_k lambda_k z_k kept up to date, so coordinate k's gradient is
// G_k = p.z_k - 1 (its margin minus one) and its exact minimizer lambda_k - G_k / ||z_k||^2
// (the hard margin moves 1.8 times that step, clipped: SvmOptions::over_relaxation).
//
// Legend: V vocabulary, d width, K constraints, A active (not shrunk) constraints,
//         z_k = E_winner - E_loser (never materialized), PG projected gradient.
//
// Shrinking (liblinear's): a coordinate at a bound whose gradient points out of the box by
// more than the previous sweep's largest projected gradient leaves the active set. A
// checkpoint scores every token (O(V d)), so every margin is a difference of two scores and
// the duality gap is certified on all K constraints in O(V d + K); it then unshrinks every
// constraint whose projected gradient is not zero. liblinear unshrinks with a full sweep of
// K dot products (O(K d)) and only once the active set is solved to eps; here unshrinking
// is that cheap, so a checkpoint also comes once the sweeps since the last one cost twice
// as much as it: measured, shrinking bounds from early sweeps mislead once p has moved far,
// and a solve that waits for eps alone can stall at a gap near 1.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "svm_state.h"

namespace clslab {
namespace {

// After a checkpoint that does not certify the gap, eps shrinks by this factor.
constexpr double kEpsDecay = 0.1;
// Below this eps the projected gradients are rounding noise (margins are O(1)).
constexpr double kSmallestEps = 1e-12;
// How many records ahead the rows are prefetched.
constexpr int64_t kPrefetchAhead = 4;

}  // namespace

// p = sum_k lambda_k z_k = sum_s c_s E_s with c_s = sum_{winner s} lambda - sum_{loser s}
// lambda: O(K + V d) instead of O(K d), and no float difference E_a - E_b is ever rounded.
void RebuildP(const RowMatrixXf& E, const std::vector<Coordinate>& records,
              std::vector<double>* coefficients, std::vector<double>* p) {
  const int32_t d = static_cast<int32_t>(E.cols());
  coefficients->assign(E.rows(), 0.0);
  for (const Coordinate& r : records) {
    (*coefficients)[r.winner] += r.lambda;
    (*coefficients)[r.loser] -= r.lambda;
  }
  p->assign(d, 0.0);
  for (Eigen::Index s = 0; s < E.rows(); ++s) {
    if ((*coefficients)[s] != 0) AddScaledRow(p->data(), (*coefficients)[s], E.row(s).data(), d);
  }
}

void ScoreTokens(const RowMatrixXf& E, const std::vector<double>& p,
                 const std::vector<int32_t>& tokens, std::vector<double>* scores) {
  const int32_t d = static_cast<int32_t>(E.cols());
  scores->assign(E.rows(), 0.0);
  for (int32_t s : tokens) (*scores)[s] = RowDot(p.data(), E.row(s).data(), d);
}

void SvmSolver::State::RebuildExact() {
  RebuildP(*E, records, &scratch, &p);
  p_single.assign(p.begin(), p.end());
}

Certificate SvmSolver::State::Certify(bool unshrink) {
  CertificateSums sums;
  int64_t front = 0;
  for (int64_t k = 0; k < static_cast<int64_t>(records.size()); ++k) {
    const Coordinate& r = records[k];
    const double margin = scores[r.winner] - scores[r.loser];
    sums.Add(margin, r.lambda);
    max_curvature = std::max(max_curvature, static_cast<double>(r.curvature));
    if (!unshrink || r.curvature == 0) continue;
    const double g = margin - 1;
    const bool stuck = (r.lambda == 0 && g >= 0) || (r.lambda == upper && g <= 0);
    // Own partition (std::partition's order differs between standard libraries).
    if (!stuck || !options.shrinking) std::swap(records[front++], records[k]);
  }
  if (unshrink) {
    active = front;
    pg_max_old = kInfinity;
    pg_min_old = -kInfinity;
  }
  return sums.Finish(0.5 * SquaredNorm(p), options.C, options.hard_margin);
}

Certificate SvmSolver::State::Checkpoint(bool unshrink) {
  // In single precision p_single drifts from sum_k lambda_k z_k by the rounding of each
  // update, and the drift compounds (a hard margin swept ~50 M times in float ended with
  // lambda's own p infeasible): each checkpoint rebuilds p from lambda in double, certifies
  // that, and rounds it again for the sweeps. In double the drift is ~1e-16 an update: the
  // incremental p is certified, and rebuilt only to confirm a stop.
  // The Gram and token phases' sweeps leave p where it was: rebuilt here in either precision.
  if (single || gram || by_token) {
    RebuildExact();
    progress.updates += CheckpointUnits();  // O(K + V d) as the scoring (not part of `due`)
  }
  ScoreTokens(*E, p, tokens, &scores);
  Certificate c = Certify(unshrink);
  progress.updates += CheckpointUnits();
  if (!single && !gram && !by_token && c.gap <= options.tolerance) {
    RebuildExact();
    ScoreTokens(*E, p, tokens, &scores);
    c = Certify(unshrink);
    progress.updates += CheckpointUnits();
  }
  if (single) {
    // Near float's own resolution the descent stalls: double to the end (svm_state.h).
    const double resolution = std::ldexp(std::sqrt(SquaredNorm(p) * max_curvature), -24);
    stalled = c.gap < best_gap ? 0 : stalled + 1;
    best_gap = std::min(best_gap, c.gap);
    if (c.gap <= kSingleReach * resolution || eps <= kSingleReach * resolution ||
        stalled >= kSingleStall) {
      single = false;
    }
  }
  progress.gap = c.gap;
  progress.active = active;
  progress.single_precision = single;
  updates_at_checkpoint = progress.updates;
  return c;
}

// Shrinking swaps the record with the last active one and leaves position in place, so
// that record (not yet visited in this sweep) is visited next, as in liblinear. p is the
// sweeps' p of the current precision (p_single or p); the bookkeeping is in double.
template <typename Real>
void SvmSolver::State::Visit(Real* p) {
  Coordinate& r = records[position];
  const float* a = E->row(r.winner).data();  // d
  const float* b = E->row(r.loser).data();   // d
  if (position + kPrefetchAhead < active) {
    // Rows are random: ask for those of a record a few visits ahead (natively 1.6x faster
    // at d = 64; a no-op in wasm, which has no prefetch; results are unaffected).
    const Coordinate& next = records[position + kPrefetchAhead];
    PrefetchRow(E->row(next.winner).data(), d());
    PrefetchRow(E->row(next.loser).data(), d());
  }
  double margin;
  if (r.curvature == kUnknownCurvature) {
    Real swept;  // ||z||^2 in the sweeps' precision
    margin = MarginAndCurvature(p, a, b, d(), &swept);
    // A float ||z||^2 underflows for rows closer than ~1e-19: only z = 0 is degenerate.
    const double curvature =
        swept < std::numeric_limits<float>::min() ? SquaredDistance(a, b, d()) : swept;
    r.curvature = static_cast<float>(curvature);
    if (curvature == 0) return SetDegenerate();
  } else {
    margin = Margin(p, a, b, d());
  }
  const double step = StepOf(margin);
  if (step != 0) AddScaledDifference(p, static_cast<Real>(step), a, b, d());
}

// z_k = 0 (soft margin; Start refuses it for the hard margin): its margin is 0 < 1 whatever
// p is, so lambda = C is optimal; p does not move, and Certify never brings a zero-curvature
// record back.
void SvmSolver::State::SetDegenerate() {
  ++progress.updates;
  records[position].lambda = upper;
  std::swap(records[position], records[--active]);
}

// liblinear's loop body once the margin of the record at `position` is known, the same for
// the sweeps on the rows of E and on Q: shrink it (it leaves the active set; the record
// swapped into its place is visited next) or move lambda to its clipped (over-relaxed)
// minimizer. Returns the step on lambda, 0 when none; the caller adds it to p or to the
// margins.
double SvmSolver::State::StepOf(double margin) {
  Coordinate& r = records[position];
  ++progress.updates;
  const double g = margin - 1;
  double pg = 0;
  if (r.lambda == 0) {
    if (options.shrinking && g > pg_max_old) {
      std::swap(records[position], records[--active]);
      return 0;
    }
    pg = std::min(g, 0.0);
  } else if (r.lambda == upper) {
    if (options.shrinking && g < pg_min_old) {
      std::swap(records[position], records[--active]);
      return 0;
    }
    pg = std::max(g, 0.0);
  } else {
    pg = g;
  }
  ++position;
  pg_max_new = std::max(pg_max_new, pg);
  pg_min_new = std::min(pg_min_new, pg);
  if (pg == 0) return 0;
  const double next = std::min(upper, std::max(0.0, r.lambda - relaxation * g / r.curvature));
  const double step = next - r.lambda;
  r.lambda = next;
  return step;
}

// Q over the active records alone: Q = Z Z^T with Z the G x d matrix of their z_k, formed
// in double a block of kGramColumns columns at a time (G x kGramColumns, gram_z) and
// multiplied by Eigen's blocked rank update into Q's lower triangle: O(G^2 d / 2) at
// matrix-product speed, several times the G^2 / 2 separate dot products of AddToGram. One
// block is one piece of Run's work (BuildGramBlock), so the rebuild keeps Run's budget as
// the sweeps do (svm_state.h kGramMost); the blocks are always the same, so the result does
// not depend on the slicing.
void SvmSolver::State::BeginGramRebuild() {
  const int64_t M = kGramMost, G = active;
  for (int32_t original : gram_original) gram_slot[original] = -1;
  gram_original.resize(G);
  gram_winner.resize(G);
  gram_loser.resize(G);
  for (int64_t k = 0; k < G; ++k) {
    gram_slot[records[k].original] = static_cast<int32_t>(k);
    gram_original[k] = records[k].original;
    gram_winner[k] = records[k].winner;
    gram_loser[k] = records[k].loser;
  }
  Q.assign(G * M, 0.0);
  gram_z.resize(G, std::min<int32_t>(kGramColumns, d()));
  gram_build = 0;
}

void SvmSolver::State::BuildGramBlock() {
  const int64_t M = kGramMost, G = static_cast<int64_t>(gram_winner.size());
  const int32_t j0 = gram_build;
  const int32_t width = std::min<int32_t>(kGramColumns, d() - j0);
  if (width != gram_z.cols()) gram_z.resize(G, width);
  for (int64_t k = 0; k < G; ++k) {
    const float* a = E->row(gram_winner[k]).data() + j0;
    const float* b = E->row(gram_loser[k]).data() + j0;
    for (int32_t j = 0; j < width; ++j) gram_z(k, j) = static_cast<double>(a[j]) - b[j];
  }
  // Q as a G x G column-major matrix with stride M: its (j, k) is Q[k M + j] (symmetric).
  Eigen::Map<Eigen::MatrixXd, 0, Eigen::OuterStride<>> table(Q.data(), G, G,
                                                             Eigen::OuterStride<>(M));
  table.selfadjointView<Eigen::Lower>().rankUpdate(gram_z);
  // measured: the whole rebuild takes about G^2 / 8 row updates' time
  progress.updates += G * G * width / (8 * static_cast<int64_t>(d())) + 1;
  gram_build = j0 + width;
  if (gram_build < d()) return;
  gram_build = -1;
  gram_z.resize(0, 0);
  for (int64_t k = 0; k < G; ++k) {
    for (int64_t j = k + 1; j < G; ++j) Q[j * M + k] = Q[k * M + j];
  }
  EnterGram();
}

// Adds one record to Q: its dot products with every row, O(G d).
void SvmSolver::State::AddToGram(const Coordinate& r) {
  const int64_t M = kGramMost, s = static_cast<int64_t>(gram_winner.size());
  gram_slot[r.original] = static_cast<int32_t>(s);
  gram_original.push_back(r.original);
  gram_winner.push_back(r.winner);
  gram_loser.push_back(r.loser);
  // Q never grows past kGramMost rows (the memory budget), whatever the vector's growth.
  if (Q.capacity() < static_cast<size_t>((s + 1) * M)) Q.reserve(std::min(2 * s + 1, M) * M);
  Q.resize((s + 1) * M);
  const float* a = E->row(r.winner).data();  // d
  const float* b = E->row(r.loser).data();   // d
  for (int64_t j = 0; j <= s; ++j) {
    Q[s * M + j] = Q[j * M + s] =
        DifferenceDot(a, b, E->row(gram_winner[j]).data(), E->row(gram_loser[j]).data(), d());
  }
  progress.updates += s + 1;  // each entry reads two rows of E, as an update does
}

void SvmSolver::State::ChooseGram() {
  gram = progress.gram = false;
  by_token = progress.tokens = false;
  if (!options.gram || active > kGramMost || kGramWidthShare * active > d()) {
    ChooseTokens();
    return;
  }
  if (gram_slot.empty()) gram_slot.assign(records.size(), -1);
  int64_t missing = 0;
  for (int64_t k = 0; k < active; ++k) missing += gram_slot[records[k].original] < 0;
  const int64_t G = static_cast<int64_t>(gram_winner.size());
  // Rebuild when Q would overflow, when it is mostly rows no longer active (each update
  // pays for every row), or when adding one by one would cost more than a rebuild.
  if (G + missing > kGramMost || G > 2 * active + kGramSlack || missing * 8 > active) {
    BeginGramRebuild();  // the sweeps go on on Q once its last block is built
    return;
  }
  for (int64_t k = 0; k < active; ++k) {
    if (gram_slot[records[k].original] < 0) AddToGram(records[k]);
  }
  EnterGram();
}

// The sweeps on Q from here: every row's margin from the checkpoint's scores (p has not
// moved since: a rebuild's blocks come before any sweep).
void SvmSolver::State::EnterGram() {
  gram_margin.resize(gram_winner.size());
  for (size_t s = 0; s < gram_winner.size(); ++s) {
    gram_margin[s] = scores[gram_winner[s]] - scores[gram_loser[s]];
  }
  gram = true;
  progress.gram = true;
  updates_at_checkpoint = progress.updates;  // the sweeps until the next checkpoint start here
}

// Visit on Q: the same coordinate step and shrinking, the margin read from gram_margin and
// the step added to every row's margin (O(G)) instead of to p (O(d)).
void SvmSolver::State::VisitGram() {
  Coordinate& r = records[position];
  const int64_t s = gram_slot[r.original];
  const double* q = &Q[s * kGramMost];  // G
  if (r.curvature == kUnknownCurvature) {
    r.curvature = static_cast<float>(q[s]);
    if (q[s] == 0) return SetDegenerate();
  }
  const double step = StepOf(gram_margin[s]);
  if (step == 0) return;
  const size_t G = gram_margin.size();
  for (size_t j = 0; j < G; ++j) gram_margin[j] += step * q[j];
}

// The tokens of the active set, each once; when they are few enough, the missing ones join
// T (svm_state.h kTokenMost) and the sweeps run on T once the join's last block is built
// (at once when none is missing).
void SvmSolver::State::ChooseTokens() {
  if (!options.tokens) return;
  if (token_slot.empty()) token_slot.assign(E->rows(), -1);
  std::vector<int32_t> used, missing;       // the active set's tokens; those not in T
  std::vector<uint8_t> seen(E->rows(), 0);  // V
  for (int64_t k = 0; k < active; ++k) {
    for (int32_t s : {records[k].winner, records[k].loser}) {
      if (seen[s]) continue;
      seen[s] = 1;
      used.push_back(s);
      if (token_slot[s] < 0) missing.push_back(s);
    }
  }
  const int64_t A = static_cast<int64_t>(used.size());
  int64_t U = static_cast<int64_t>(table_tokens.size());
  if (A > kTokenMost || kTokenWidthShare * A > d()) return;
  // Tokens no longer used stay while T has room (they often return), unless they outnumber
  // the used ones by more than kTokenSlack (they cost memory and the partition's swaps).
  if (U + static_cast<int64_t>(missing.size()) > kTokenMost || U > 2 * A + kTokenSlack) {
    DropUnusedTokens(seen);
  }
  if (missing.empty()) return EnterTokens();
  std::sort(missing.begin(), missing.end());
  join_from = static_cast<int32_t>(table_tokens.size());
  for (int32_t s : missing) {
    token_slot[s] = static_cast<int32_t>(table_tokens.size());
    table_tokens.push_back(s);
  }
  const int64_t M = kTokenMost, total = static_cast<int64_t>(table_tokens.size());
  // T never grows past kTokenMost rows (the memory budget), whatever the vector's growth.
  if (T.capacity() < static_cast<size_t>(total * M)) T.reserve(std::min(2 * total, M) * M);
  T.resize(total * M);
  std::fill(T.begin() + join_from * M, T.end(), 0.0);
  join_column = 0;
}

// T over the tokens marked in `used` alone, in their order in T: the rows and columns of the
// others go, by moving entries (O(U^2), no row of E read). In place: entry (a, b) moves to
// (i, j) with i <= a and j <= b, so it is read before anything is written over it.
void SvmSolver::State::DropUnusedTokens(const std::vector<uint8_t>& used) {
  const int64_t M = kTokenMost;
  std::vector<int64_t> kept;  // old rows, ascending
  for (size_t a = 0; a < table_tokens.size(); ++a) {
    if (used[table_tokens[a]]) {
      kept.push_back(static_cast<int64_t>(a));
    } else {
      token_slot[table_tokens[a]] = -1;
    }
  }
  const int64_t U = static_cast<int64_t>(kept.size());
  for (int64_t i = 0; i < U; ++i) {
    const int64_t a = kept[i];
    for (int64_t j = 0; j < U; ++j) T[i * M + j] = T[a * M + kept[j]];
    table_tokens[i] = table_tokens[a];
    token_slot[table_tokens[i]] = static_cast<int32_t>(i);
  }
  table_tokens.resize(U);
  T.resize(U * M);
  progress.updates += U * U / (4 * int64_t{d()}) + 1;  // moves, charged as the joins' work
}

// Columns [join_column, + kGramColumns) of E for every token of T, in double (join_rows),
// then the joining rows' products: new x old as one matrix product, new x new into one
// triangle (Eigen's blocked rank update); the other halves are mirrored after the last
// block. The blocks are always the same, so T does not depend on how Run's work was sliced.
void SvmSolver::State::JoinBlock() {
  const int64_t M = kTokenMost, total = static_cast<int64_t>(table_tokens.size());
  const int64_t old = join_from, fresh = total - join_from;
  const int32_t j0 = join_column;
  const int32_t width = std::min<int32_t>(kGramColumns, d() - j0);
  join_rows.resize(total, width);
  for (int64_t a = 0; a < total; ++a) {
    const float* row = E->row(table_tokens[a]).data() + j0;
    for (int32_t j = 0; j < width; ++j) join_rows(a, j) = row[j];
  }
  // T as a column-major matrix with stride M: its (i, j) is T[j M + i] (symmetric).
  using Table = Eigen::Map<Eigen::MatrixXd, 0, Eigen::OuterStride<>>;
  if (old > 0) {
    Table new_old(T.data() + old * M, old, fresh, Eigen::OuterStride<>(M));  // rows: old
    new_old.noalias() += join_rows.topRows(old) * join_rows.bottomRows(fresh).transpose();
  }
  Table new_new(T.data() + old * M + old, fresh, fresh, Eigen::OuterStride<>(M));
  // Its upper triangle (i <= j) is T[a][b] for joining tokens b <= a.
  new_new.selfadjointView<Eigen::Upper>().rankUpdate(join_rows.bottomRows(fresh));
  progress.updates += (fresh * (2 * old + fresh) / 2 + total) * width / (4 * int64_t{d()}) + 1;
  join_column = j0 + width;
  if (join_column < d()) return;
  join_column = -1;
  join_rows.resize(0, 0);
  // Every joining row a now holds T[a][b] for b <= a: mirror it into the rows b < a.
  for (int64_t a = old; a < total; ++a) {
    for (int64_t b = 0; b < a; ++b) T[b * M + a] = T[a * M + b];
  }
  ++progress.token_joins;
  EnterTokens();
}

// Swaps tokens a and b in T (their rows and their columns) and in table_tokens: O(U).
void SvmSolver::State::SwapTokens(int64_t a, int64_t b) {
  const int64_t M = kTokenMost, U = static_cast<int64_t>(table_tokens.size());
  std::swap_ranges(T.begin() + a * M, T.begin() + a * M + U, T.begin() + b * M);
  for (int64_t r = 0; r < U; ++r) std::swap(T[r * M + a], T[r * M + b]);
  std::swap(table_tokens[a], table_tokens[b]);
  token_slot[table_tokens[a]] = static_cast<int32_t>(a);
  token_slot[table_tokens[b]] = static_cast<int32_t>(b);
}

// The sweeps on T from here. The active set's tokens first (live of them; the others stay
// for when they return), so an update moves the live scores only: no active constraint
// reads another. Every live score from the checkpoint's (p has not moved since: a join's
// blocks come before any sweep).
void SvmSolver::State::EnterTokens() {
  std::vector<uint8_t> used(E->rows(), 0);  // V
  for (int64_t k = 0; k < active; ++k) used[records[k].winner] = used[records[k].loser] = 1;
  // Two-ended partition: as few swaps as tokens out of place (those that left or returned
  // since the last checkpoint), each O(U).
  const int64_t U = static_cast<int64_t>(table_tokens.size());
  int64_t front = 0, back = U, swaps = 0;
  while (true) {
    while (front < back && used[table_tokens[front]]) ++front;
    while (front < back && !used[table_tokens[back - 1]]) --back;
    if (front >= back) break;
    SwapTokens(front++, --back);
    ++swaps;
  }
  progress.updates += swaps * U / (2 * int64_t{d()}) + 1;
  token_score.resize(front);
  for (int64_t a = 0; a < front; ++a) token_score[a] = scores[table_tokens[a]];
  by_token = true;
  progress.tokens = true;
  updates_at_checkpoint = progress.updates;  // the sweeps until the next checkpoint start here
}

// Visit on T: the same coordinate step and shrinking, the margin a difference of two
// scores and the step added to every score (O(U)) instead of to p (O(d)). A constraint's
// first visit reads its two rows of E once for its curvature (exact, as z = 0 needs).
void SvmSolver::State::VisitToken() {
  Coordinate& r = records[position];
  const int64_t w = token_slot[r.winner], l = token_slot[r.loser];
  if (r.curvature == kUnknownCurvature) {
    const double curvature = SquaredDistance(E->row(r.winner).data(), E->row(r.loser).data(), d());
    r.curvature = static_cast<float>(curvature);
    if (curvature == 0) return SetDegenerate();
  }
  const double step = StepOf(token_score[w] - token_score[l]);
  if (step == 0) return;
  const double* tw = &T[w * kTokenMost];  // U
  const double* tl = &T[l * kTokenMost];  // U
  double* score = token_score.data();
  const size_t U = token_score.size();
  for (size_t a = 0; a < U; ++a) score[a] += step * (tw[a] - tl[a]);
}

// BeginSweep and Sweep are functions of their own, called once per sweep, and kept out of
// Run: V8 starts a WebAssembly function in its baseline compiler (Liftoff) and switches to
// the optimized code only at a later call, never inside a running one. Run may be called
// once for a whole solve (SolveAttentionSvm), and with the sweeps inlined its loops ran at
// baseline speed to the end (measured: the one-shot solve 1.4x slower than the same solve
// in slices). Called per sweep, they run optimized from the second or third sweep on.
// `used` keeps them: binaryen (emcc -O3) inlines any function with a single caller that is
// not referenced from outside, and `noinline` only tells clang. Results are unaffected.
#define CLSLAB_OWN_FUNCTION __attribute__((noinline, used))

CLSLAB_OWN_FUNCTION void SvmSolver::State::BeginSweep() {
  // Fisher-Yates with our Rng over the active records: the same order on every platform.
  for (int64_t k = active; k > 1; --k) {
    std::swap(records[k - 1], records[rng.Below(static_cast<uint64_t>(k))]);
  }
  position = 0;
  pg_max_new = -kInfinity;
  pg_min_new = kInfinity;
  in_sweep = true;
}

CLSLAB_OWN_FUNCTION void SvmSolver::State::Sweep(int64_t stop) {
  if (gram) {
    while (position < active && progress.updates < stop) VisitGram();
  } else if (by_token) {
    while (position < active && progress.updates < stop) VisitToken();
  } else if (single) {
    while (position < active && progress.updates < stop) Visit(p_single.data());
  } else {
    while (position < active && progress.updates < stop) Visit(p.data());
  }
}

void SvmSolver::State::EndSweep() {
  in_sweep = false;
  ++progress.epochs;
  const bool last = progress.epochs >= options.max_epochs;
  // liblinear's test: the active set is solved to eps (an empty one trivially).
  const bool settled = active == 0 || (pg_max_new - pg_min_new <= eps &&
                                       std::abs(pg_max_new) <= eps && std::abs(pg_min_new) <= eps);
  // Unshrink once the sweeps since the last checkpoint cost twice a checkpoint (a third of
  // the work at most goes to checkpoints; 1x and 4x measured within 15% of 2x), four times
  // in the token phase (a fifth at most): there a checkpoint was a third of the solve (it
  // reads E twice, to rebuild p and to score the tokens), and 4x took as many sweeps with
  // fewer updates (the IMDB-shaped 7,000's p_local: 14,132 sweeps and 15.8 M updates against
  // 14,045 and 17.2 M; the run 10% less CPU; BENCHMARKS.md). Each checkpoint still certifies
  // the gap on all K, so where the solve stops is unchanged: gap <= tolerance.
  // A Gram update costs about G / (2 d) of one on the rows of E, a token update U / d.
  const double cost = gram       ? std::max<double>(1, gram_margin.size()) / (2.0 * d())
                      : by_token ? std::max<double>(1, token_score.size()) / d()
                                 : 1.0;
  const bool due = static_cast<double>(progress.updates - updates_at_checkpoint) * cost >=
                   (by_token ? 4 : 2) * CheckpointUnits();
  double gap = kInfinity;
  if (settled || due || last) {
    gap = Checkpoint(true).gap;
    ChooseGram();
    if (settled) eps = std::max(eps * kEpsDecay, kSmallestEps);
  } else {
    pg_max_old = pg_max_new <= 0 ? kInfinity : pg_max_new;
    pg_min_old = pg_min_new >= 0 ? -kInfinity : pg_min_new;
  }
  progress.converged = gap <= options.tolerance;
  progress.done = progress.converged || last;
}

SvmSolver::SvmSolver(std::unique_ptr<State> state) : state_(std::move(state)) {}
SvmSolver::~SvmSolver() = default;
const SvmProgress& SvmSolver::progress() const { return state_->progress; }

void SvmSolver::State::Begin() {
  started = true;
  RebuildExact();
  const double gap = Checkpoint(true).gap;
  if (first_share < active) {  // a random share of the first active set (Start)
    for (int64_t k = 0; k < first_share; ++k) {
      std::swap(records[k], records[k + rng.Below(static_cast<uint64_t>(active - k))]);
    }
    active = first_share;
  }
  progress.converged = gap <= options.tolerance;
  progress.done = progress.converged;
}

SvmProgress SvmSolver::Run(int64_t max_coordinate_updates) {
  State& st = *state_;
  const int64_t stop = st.progress.updates + std::max<int64_t>(0, max_coordinate_updates);
  if (!st.started && !st.progress.done && max_coordinate_updates > 0) st.Begin();
  while (!st.progress.done && st.progress.updates < stop) {
    if (st.gram_build >= 0) {
      st.BuildGramBlock();
      continue;
    }
    if (st.join_column >= 0) {
      st.JoinBlock();
      continue;
    }
    if (!st.in_sweep) st.BeginSweep();
    st.Sweep(stop);
    if (st.position < st.active) break;  // budget spent mid-sweep: resume here next call
    st.EndSweep();
  }
  st.progress.active = st.active;
  return st.progress;
}

}  // namespace clslab
