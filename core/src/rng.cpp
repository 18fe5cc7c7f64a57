// Rng implementation: xoshiro256** (Blackman & Vigna) seeded by splitmix64.
#include "clslab/rng.h"

#include <cmath>

namespace clslab {
namespace {

uint64_t SplitMix64(uint64_t* x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t RotateLeft(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Rng::Rng(uint64_t seed) {
  uint64_t x = seed;
  for (uint64_t& s : state_) s = SplitMix64(&x);
}

RngState Rng::State() const {
  RngState state;
  for (int k = 0; k < 4; ++k) state.words[k] = state_[k];
  state.has_spare_normal = has_spare_normal_;
  state.spare_normal = spare_normal_;
  return state;
}

void Rng::Restore(const RngState& state) {
  for (int k = 0; k < 4; ++k) state_[k] = state.words[k];
  has_spare_normal_ = state.has_spare_normal;
  spare_normal_ = state.spare_normal;
}

uint64_t Rng::NextU64() {
  const uint64_t result = RotateLeft(state_[1] * 5, 7) * 9;
  const uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = RotateLeft(state_[3], 45);
  return result;
}

double Rng::Uniform() { return static_cast<double>(NextU64() >> 11) * 0x1.0p-53; }

uint64_t Rng::Below(uint64_t n) {
  // Reject the top partial block so every residue is equally likely.
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do {
    x = NextU64();
  } while (x >= limit);
  return x % n;
}

double Rng::Normal() {
  if (has_spare_normal_) {
    has_spare_normal_ = false;
    return spare_normal_;
  }
  // 1 - Uniform() lies in (0, 1], so the log is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - Uniform()));
  const double angle = 2.0 * M_PI * Uniform();
  spare_normal_ = radius * std::sin(angle);
  has_spare_normal_ = true;
  return radius * std::cos(angle);
}

}  // namespace clslab
