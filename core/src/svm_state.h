// The attention-SVM solver's state, shared by its set-up (svm_setup.cpp: Start, Solution)
// and its sweeps (svm_solver.cpp: shrinking, checkpoints, Run). Internal header.
//
// Legend: V vocabulary, d width, K constraints, A active (not shrunk) constraints.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "clslab/max_margin.h"
#include "clslab/rng.h"
#include "svm_kernels.h"

namespace clslab {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// First shrinking tolerance on the projected gradient (liblinear's default eps); margins
// are in units of the required margin 1, so this scale does not depend on the data.
constexpr double kFirstEps = 0.1;
// curvature < 0: not computed yet (it is computed with the first margin, in the same pass).
constexpr float kUnknownCurvature = -1.0f;
// The sweeps run in single precision (float p, four-float lanes: twice the lanes of double
// in wasm SIMD, half the bytes of p to read and write) while the gap is far above what float
// can resolve, then in double to the end. A float margin p.z_k is good to about
// 2^-24 ||p|| ||z_k|| (the resolution below); far from the optimum single precision finds
// the same next iterates in effect, and the certificate, always in double on p rebuilt
// from lambda, says when they are good enough. Near it, float rounding stalls the descent
// at a gap of about that resolution (measured: 1e-4 on a hard-margin chain with ||p|| 46
// and rows of norm ~10, where the resolution is 0.8e-4), so the sweeps turn to double once
// a checkpoint's gap, or the shrinking tolerance eps, is within kSingleReach of it; and,
// as a backstop, after kSingleStall checkpoints in a row with no lower gap. Measured: the
// p_mm solves (gap 1e-3, ||p|| 8-52) and the flow's own att-SVM on dvd (||p|| 125) stay in
// single; that on the IMDB-shaped 25,000 (||p|| 621) ends in double.
constexpr double kSingleReach = 16;
constexpr int32_t kSingleStall = 256;
// The Gram phase: once a checkpoint leaves at most kGramMost constraints active, and at most
// d / kGramWidthShare, the sweeps read their margins from Q_kj = z_k.z_j (a G x G table in
// double) instead of two random rows of E: an update costs O(G) in one row of Q instead of
// O(d) in two rows of E and p (libsvm's kernel cache, here with every row cached). The hard
// margin's tail is thousands of sweeps over the same few hundred support constraints
// (measured at d 4096: ~520 of 38,537 on dvd; ~1,100-1,150 of 244,350 on the IMDB-shaped
// 20,000, too many for this table). A constraint that a checkpoint brings back joins Q
// (O(G d)); when they would make Q larger than kGramMost, Q is rebuilt over the active set
// alone. p is not moved by these sweeps: each checkpoint rebuilds it from lambda in double
// (RebuildP) and certifies it, so Q's rounding sets only the path, never the certified gap.
// Budgets. Memory: Q's rows are kGramMost doubles apart, so Q holds at most kGramMost^2
// doubles (4.5 MiB at 768; the wasm heap never shrinks, so this is what the solve may add
// to it for good), plus a G x kGramColumns block of z_k (1.5 MiB) while it is rebuilt.
// Time: a rebuild is O(G^2 d / 2) (at 768 and d 4096, 1.2 G multiply-adds, one call
// before), so it is built a block of kGramColumns columns of E per piece of Run's work,
// each charged its share of G^2 / 8 updates: a slice of Work's budget overshoots by one
// block (1/16 of a rebuild at d 4096), as it does by one checkpoint, never by a rebuild.
// Measured and not taken (the IMDB-shaped 20,000's local att-SVM, d 4096): a table of
// 2,048 with G <= d / 2 engaged at sweep ~190 with 2,000 constraints active, where each
// checkpoint brings back constraints that AddToGram adds at O(G d) each (a profile at
// sweep ~240: 99% of the time in AddToGram). That set runs on the token phase instead
// (kTokenMost), where a returning constraint whose tokens are in the table costs nothing.
constexpr int32_t kGramMost = 768;
// An update on Q reads one row of G doubles and writes G margins; one on the rows of E
// reads two random rows of d floats and writes p: Q only where it is 12x cheaper at least.
constexpr int32_t kGramWidthShare = 4;
constexpr int32_t kGramSlack = 64;     // rows of Q no longer active it keeps at most 2 A + this
constexpr int32_t kGramColumns = 256;  // columns of Z per rank update (BuildGramBlock)
// The token phase, rows per token: z_k = E_w - E_l, so with T_ab = E_a.E_b over the tokens
// of the active constraints and their scores sc_a = p.E_a, a constraint's margin is
// sc_w - sc_l, its curvature T_ww - 2 T_wl + T_ll, and a step delta on lambda_k moves every
// score by delta (T_wa - T_la): O(U) for the U tokens the active set uses, no row of E
// read. It engages after a checkpoint when the active set is too large for the Gram phase
// and its tokens number at most kTokenMost and d / kTokenWidthShare (an update reads two
// rows of U doubles and writes U scores; one on the rows of E reads two rows of d floats
// and writes p). T keeps the active set's tokens first (a partition after each
// checkpoint, one swap of two rows and columns per token out of place), so the sweeps
// touch those alone; tokens no longer used stay behind them for when they return. A
// constraint a checkpoint brings back whose two tokens are in the table costs nothing;
// tokens not in it join in one matrix product per block of kGramColumns columns of E (new
// x table and the new tokens' own triangle, Eigen's blocked products in double), one block
// per piece of Run's work; when joining would overflow the table, or it is mostly tokens
// no longer used, those leave it (its entries are moved, no product). As in the Gram phase
// p is not moved by the sweeps: each checkpoint rebuilds it from lambda in double and
// certifies it on all K constraints, so the table's rounding sets only the path.
// Measured on the IMDB-shaped 20,000's local att-SVM (d 4096, 244,350 constraints): the
// active set holds 1,100-2,100 constraints over 1,100-1,250 tokens (~200 of them winners)
// from sweep ~90 on, so a token is not much rarer than a constraint there: the table wins
// by touching U doubles of a 10 MB table per update instead of two rows of a 64 MB E and
// p, and by never adding a row one at a time. dvd's 520 active name 536 tokens (the Gram
// phase runs there, its table a row per update).
// Budgets. Memory: T's rows are kTokenMost doubles apart, so T holds at most kTokenMost^2
// doubles (18 MiB at 1,536: what the solve may add to the wasm heap for good, besides the
// Gram phase's 4.5 MiB), plus a U x kGramColumns block of rows of E in double (3 MiB)
// while tokens join. Time: joining n tokens to U is O(n (U - n / 2) d) at matrix-product
// speed, charged as the Gram phase's rebuild is (4 d multiply-adds a unit).
constexpr int32_t kTokenMost = 1536;
constexpr int32_t kTokenWidthShare = 2;
// Tokens no longer used by the active set stay in T while it has room (they often return:
// 20-70 of ~1,200 tokens join at each checkpoint on the IMDB-shaped set when they do not),
// unless they outnumber the used ones by more than this.
constexpr int32_t kTokenSlack = 64;

// One constraint's solver state in one 24-byte record, so that a coordinate update touches
// one record besides the two rows of E. Records are shuffled physically (a sweep reads them
// in order); `original` is the constraint's index k in MarginConstraints.
struct Coordinate {
  double lambda;  // in [0, upper]
  int32_t winner, loser;
  // ||z_k||^2 rounded to float: it only sets the step length, while the fixed point (zero
  // projected gradient) and the certificate do not depend on it. 0: degenerate (z_k = 0).
  float curvature;
  int32_t original;
};

struct SvmSolver::State {
  const RowMatrixXf* E = nullptr;  // V x d, not owned
  SvmOptions options;
  double upper = kInfinity;         // C, or +inf for the hard margin
  double relaxation = 1;            // of each step: options.over_relaxation for the hard margin
  std::vector<Coordinate> records;  // K: [0, active) is the active set, in this sweep's order
  // d, = sum_k lambda_k z_k (up to drift between rebuilds): the sweeps' p is p_single while
  // `single`, then p. p is the certificate's: rebuilt from lambda at every checkpoint while
  // `single` (and p_single rounded from it), in double before it stops a solve.
  std::vector<double> p;
  std::vector<float> p_single;
  bool single = true;
  double best_gap = kInfinity;  // the lowest gap certified in single precision
  int32_t stalled = 0;          // checkpoints since it last fell
  double max_curvature = 0;     // max_k ||z_k||^2 over the constraints visited so far
  std::vector<double> scratch;  // V, token coefficients (RebuildP)
  std::vector<int32_t> tokens;  // the tokens of some constraint, ascending
  std::vector<double> scores;   // V, p.E_s at the last checkpoint (for `tokens`; else 0)
  int64_t active = 0;
  int64_t position = 0;  // next record of the current sweep
  bool in_sweep = false;
  double eps = kFirstEps;  // the active set counts as solved when its |PG| <= eps
  double pg_max_old = kInfinity, pg_min_old = -kInfinity;  // liblinear's shrinking bounds
  double pg_max_new = -kInfinity, pg_min_new = kInfinity;  // this sweep's PG range
  int64_t updates_at_checkpoint = 0;                       // progress.updates then
  bool started = false;                                    // the first checkpoint is done (Begin)
  int64_t first_share = 0;  // size of the first active set (a random share of it when < K)
  Rng rng{1};
  SvmProgress progress;
  // The Gram phase (kGramMost): gram_slot[original] is the constraint's row in Q (-1: none);
  // Q is gram_winner.size() rows of kGramMost; gram_margin[s] = p.z of row s, kept up to
  // date by the sweeps while `gram`.
  bool gram = false;
  std::vector<int32_t> gram_slot;                               // K
  std::vector<int32_t> gram_original, gram_winner, gram_loser;  // G
  std::vector<double> Q;                                        // G x kGramMost
  std::vector<double> gram_margin;                              // G
  int32_t gram_build = -1;  // a rebuild under way: its next column of E (-1: none)
  Eigen::MatrixXd gram_z;   // G x kGramColumns, the rebuild's block of z_k (empty after)
  // The token phase (kTokenMost): token_slot[s] is token s's row in T (-1: none); T is
  // table_tokens.size() rows of kTokenMost; token_score[a] = p.E_{table_tokens[a]} for the
  // first token_score.size() tokens (those of the active set), kept up to date by the
  // sweeps while `by_token`. Rows [join_from, U) are joining (a build under
  // way from column join_column of E; -1: none).
  bool by_token = false;
  std::vector<int32_t> token_slot;    // V
  std::vector<int32_t> table_tokens;  // U
  std::vector<double> T;              // U x kTokenMost
  std::vector<double> token_score;    // U
  int32_t join_from = 0;
  int32_t join_column = -1;
  Eigen::MatrixXd join_rows;  // U x kGramColumns, the join's block of rows of E (empty after)

  int32_t d() const { return static_cast<int32_t>(E->cols()); }
  // Work of a checkpoint in coordinate updates (SvmSolver::Run's unit). An update reads
  // two random rows of E and may write p (measured in double: 1.3 us at d = 1024, 0.1-0.2
  // us at d = 64, natively); a checkpoint streams the V rows in order to score the tokens
  // (as much as V / 4 such updates at any d), then visits the K records (about 4 ns each,
  // or 4 / d of an update). The single-precision sweeps halved an update and left the
  // checkpoint as it was (it sums in double), so a checkpoint is V / 2 of them: measured in
  // wasm at d 4096, the sweeps took 12-18% less than with V / 4 (IMDB-shaped 25k, dvd), and
  // V / 1 doubled the epochs at d 1024 with V 20,000. It counts V rows even when fewer
  // tokens are scored (ScoreTokens): the unit sets when checkpoints come.
  int64_t CheckpointUnits() const {
    return E->rows() / 2 + 4 * static_cast<int64_t>(records.size()) / d() + 1;
  }
  // Scores every token, certifies the gap on all K (progress.gap) and, when unshrink, makes
  // every non-degenerate constraint with PG != 0 active again. It certifies p rebuilt from
  // lambda (RebuildP): always in single precision; in double, a gap within tolerance is
  // certified again on p rebuilt before it counts. Turns the sweeps to double near float's
  // resolution (kSingleReach).
  Certificate Checkpoint(bool unshrink);
  Certificate Certify(bool unshrink);  // one pass over the records with the current scores
  void RebuildExact();                 // p from lambda (RebuildP), and p_single rounded from it
  void Begin();  // p from the starting lambda, the first checkpoint and active set
  template <typename Real>
  void Visit(Real* p);  // the coordinate at `position` (liblinear's loop body), on the sweeps' p
  void BeginSweep();    // a new order of the active records; position 0
  void Sweep(int64_t stop);  // Visit from `position` to the sweep's end or `stop` updates
  void EndSweep();           // liblinear's stopping test, checkpoints, epoch count
  // After a checkpoint: the sweeps run on Q when at most kGramMost constraints are active
  // (Q extended or rebuilt to hold them, margins from the checkpoint's scores), else on T
  // when their tokens are few (ChooseTokens), else on the rows of E.
  void ChooseGram();
  void BeginGramRebuild();  // Q over the active records alone, built by BuildGramBlock
  void BuildGramBlock();    // kGramColumns columns of the rebuild; the last one enters Q
  void EnterGram();         // the margins of Q's rows from the scores: the sweeps run on Q
  void AddToGram(const Coordinate& r);
  void VisitGram();      // Visit on Q: the margin from gram_margin, the step into it
  void SetDegenerate();  // the record at `position` has z_k = 0
  // After a checkpoint, when the Gram phase does not engage: the sweeps run on T when the
  // active constraints' tokens are few (the missing ones join T, or T is rebuilt over
  // them, by JoinBlock; the sweeps wait for its last block).
  void ChooseTokens();
  void DropUnusedTokens(const std::vector<uint8_t>& used /* V */);  // T over `used` alone
  void JoinBlock();  // kGramColumns columns of the join; the last one enters the table
  void SwapTokens(int64_t a, int64_t b);  // two tokens' places in T
  void EnterTokens();  // the scores of T's tokens from the checkpoint's: the sweeps run on T
  void VisitToken();   // Visit on T: the margin from two scores, the step into every score
  double StepOf(double margin);  // the visit's shrinking and step, once its margin is known
};

// p = sum_k lambda_k z_k from the records, without drift: O(K + V d) (svm_solver.cpp).
void RebuildP(const RowMatrixXf& E, const std::vector<Coordinate>& records,
              std::vector<double>* coefficients /* V, scratch */, std::vector<double>* p /* d */);
// scores[s] = p.E_s for every s in `tokens` (the tokens of some constraint: the only scores
// a certificate reads), 0 for the others: O(|tokens| d). After the solve over all reviews,
// the acyclic reviews' constraints name a few hundred of the V tokens.
void ScoreTokens(const RowMatrixXf& E, const std::vector<double>& p,
                 const std::vector<int32_t>& tokens, std::vector<double>* scores /* V */);

}  // namespace clslab
