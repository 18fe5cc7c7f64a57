// Rng: the only source of randomness in core. Seeded, platform independent: the same
// seed draws the same numbers natively and in wasm (we avoid std::normal_distribution
// and std::uniform_*_distribution, whose algorithms differ between libstdc++ and libc++).
#pragma once

#include <cstdint>

namespace clslab {

// xoshiro256** seeded through splitmix64; normals by the Box-Muller transform.
// Box-Muller uses log/sqrt/cos, which may differ in the last ulp between libm builds;
// that is the only native/wasm difference and it stays at float rounding level.
// Everything that decides the next draws: saved with a run so it resumes exactly.
struct RngState {
  uint64_t words[4] = {0, 0, 0, 0};
  bool has_spare_normal = false;
  double spare_normal = 0.0;
};

class Rng {
 public:
  explicit Rng(uint64_t seed);
  RngState State() const;
  void Restore(const RngState& state);

  uint64_t NextU64();
  // Uniform double in [0, 1) with 53 random bits.
  double Uniform();
  // Uniform integer in [0, n); n > 0. Unbiased (rejection sampling).
  uint64_t Below(uint64_t n);
  // Standard normal N(0, 1).
  double Normal();

 private:
  uint64_t state_[4];
  bool has_spare_normal_ = false;
  double spare_normal_ = 0.0;
};

}  // namespace clslab
