// tests/cpp/twin_keys.hpp — test support for secure twins (lookahead_test.cpp, boards_test.cpp):
// numbered fake entropy, and a secure deck moved close to its first re-key.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "fairdeck/deck.hpp"
#include "fairdeck/entropy.hpp"
#include "fairdeck/state.hpp"

namespace fairdeck {

/// Entropy for secure twins: each deck of a pair draws its own numbered keys (the key given to
/// deck `active` is its next one), so both re-key with the same keys at the same words whenever
/// they fetch them. `failing` makes every fetch fail. Install `source` with set_entropy_source.
struct TwinEntropy {
  static inline std::uint32_t next[2] = {0, 0};
  static inline int active = 0;
  static inline bool failing = false;
  static void reset() { next[0] = next[1] = 0, active = 0, failing = false; }
  static bool source(std::uint8_t* out, std::size_t n) {
    if (failing) return false;
    for (std::size_t k = 0; k < n / 32; ++k) {
      std::memset(out + 32 * k, 0x6b, 32);
      const std::uint32_t i = next[active]++;
      std::memcpy(out + 32 * k, &i, sizeof i);
    }
    return n % 32 == 0;
  }
};

/// TwinEntropy installed (reset) for a test fixture's life, the previous source put back after.
class TwinKeysInstalled {
public:
  TwinKeysInstalled() { TwinEntropy::reset(), previous_ = set_entropy_source(&TwinEntropy::source); }
  ~TwinKeysInstalled() { set_entropy_source(previous_); }
  TwinKeysInstalled(const TwinKeysInstalled&) = delete;
  TwinKeysInstalled& operator=(const TwinKeysInstalled&) = delete;

private:
  EntropySource previous_ = nullptr;
};

/// Secure deck `deck`, restored `before` words short of its first re-key (the state's engine
/// position: the last 16 hex digits of its engine), so that a short run crosses it.
inline std::unique_ptr<Deck> near_rekey(const Deck& deck, std::uint64_t before) {
  std::string state = save_state(deck, true);
  const std::size_t at = state.find("\"engine\":\"") + 10 + 64;
  static const char* hex = "0123456789abcdef";
  for (int i = 0; i < 16; ++i) state[at + 15 - i] = hex[((kReseedWords - before) >> (4 * i)) & 15];
  return restore_state(state, std::nullopt);
}

}  // namespace fairdeck
