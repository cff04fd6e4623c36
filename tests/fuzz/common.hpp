// tests/fuzz/common.hpp — shared by the fuzz targets: failing loudly, and decoding fuzzer bytes
// into deck options (every strategy, engine, seed kind and composition, kept small enough that
// an execution takes milliseconds).
#pragma once
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fairdeck/state.hpp"
#include "../cpp/make_deck.hpp"

namespace fuzz {

namespace fd = fairdeck;

/// Re-keying entropy for the targets (fairdeck/entropy.hpp): a fixed pattern, so a deck and its
/// restored twin re-key identically (platform entropy would make them diverge) and every crash
/// replays exactly.
inline bool fixed_entropy(std::uint8_t* out, std::size_t n) {
  std::memset(out, 0xa5, n);
  return true;
}
inline const bool kFixedEntropy = (fd::set_entropy_source(&fixed_entropy), true);

/// Reports a broken invariant and aborts, so libFuzzer keeps the input as a crash.
[[noreturn]] inline void fail(const char* target, const char* what, unsigned long long a, unsigned long long b) {
  std::fprintf(stderr, "%s invariant broken: %s (%llu, %llu)\n", target, what, a, b);
  std::abort();
}

/// Deck options decoded from the input: any strategy, engine and seed kind; a generic deck of
/// 1…300 cards (bitmap word edges at 64, 128, 192, 256) or a French/German shoe of 1–3 decks
/// with 0–2 jokers.
inline fd::DeckOptions options(FuzzedDataProvider& in) {
  fd::DeckOptions o;
  static const char* strategies[] = {"eager", "lazy", "bitmap"};
  o.strategy = strategies[in.ConsumeIntegralInRange<int>(0, 2)];
  o.rng = in.ConsumeBool() ? "chacha20" : "xoshiro256";
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      o.style = "generic";
      o.size = in.ConsumeIntegralInRange<std::uint32_t>(1, 130);
      break;
    case 1:
      o.style = "generic";
      o.size = in.ConsumeIntegralInRange<std::uint32_t>(1, 300);
      break;
    default:
      o.style = in.ConsumeBool() ? "french" : "german";
      o.decks = in.ConsumeIntegralInRange<std::uint32_t>(1, 3);
      o.jokers = in.ConsumeIntegralInRange<std::uint32_t>(0, 2);
  }
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      o.seed_kind = fd::SeedKind::entropy;
      o.seed = in.ConsumeBytesAsString(32);
      o.seed.resize(32, '\0');
      break;
    case 1:
      o.seed_kind = fd::SeedKind::integer;
      o.seed = in.ConsumeBytesAsString(8);
      o.seed.resize(8, '\0');
      break;
    default:
      o.seed_kind = in.ConsumeBool() ? fd::SeedKind::text : fd::SeedKind::bytes;
      o.seed = in.ConsumeRandomLengthString(40);
  }
  return o;
}

/// 32 bytes from the input (zero-padded).
inline fd::Bytes32 bytes32(FuzzedDataProvider& in) {
  fd::Bytes32 out{};
  const std::string bytes = in.ConsumeBytesAsString(32);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

}  // namespace fuzz
