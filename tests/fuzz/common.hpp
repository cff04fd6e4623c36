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

/// How deck sizes are drawn: `spread` (fuzz_state) a generic deck of 1…300 cards (bitmap word
/// edges at 64, 128, 192, 256) or a French/German shoe of 1–3 decks with 0–2 jokers, about
/// evenly; `mostly_small` (fuzz_deck, whose every operation is checked against a model) 13 in 16
/// inputs a generic deck of 1…70 cards (one bitmap word edge; 65 cards and more reach the pile
/// limit) or a single French/German deck, 2 in 16 a generic deck of up to 300 cards or a shoe of
/// 2–3 decks, and 1 in 16 a generic deck of up to 2,000 cards.
enum class Sizes { spread, mostly_small };

/// Deck options decoded from the input: any strategy, engine and seed kind, sizes as `sizes` says.
inline fd::DeckOptions options(FuzzedDataProvider& in, Sizes sizes = Sizes::spread) {
  fd::DeckOptions o;
  static const char* strategies[] = {"eager", "lazy", "bitmap"};
  o.strategy = strategies[in.ConsumeIntegralInRange<int>(0, 2)];
  o.rng = in.ConsumeBool() ? "chacha20" : "xoshiro256";
  int kind = in.ConsumeIntegralInRange<int>(0, 3);
  if (sizes == Sizes::mostly_small) {
    const int roll = in.ConsumeIntegralInRange<int>(0, 15);
    kind = roll < 9 ? 4 : roll < 13 ? 5 : roll < 15 ? kind : 6;
  }
  switch (kind) {
    case 0:
      o.style = "generic";
      o.size = in.ConsumeIntegralInRange<std::uint32_t>(1, 130);
      break;
    case 1:
      o.style = "generic";
      o.size = in.ConsumeIntegralInRange<std::uint32_t>(1, 300);
      break;
    case 4:
      o.style = "generic";
      o.size = in.ConsumeIntegralInRange<std::uint32_t>(1, 70);
      break;
    case 5:
      o.style = in.ConsumeBool() ? "french" : "german";
      o.jokers = in.ConsumeIntegralInRange<std::uint32_t>(0, 2);
      break;
    case 6:
      o.style = "generic";
      o.size = in.ConsumeIntegralInRange<std::uint32_t>(1, 2000);
      break;
    default:
      o.style = in.ConsumeBool() ? "french" : "german";
      o.decks = in.ConsumeIntegralInRange<std::uint32_t>(sizes == Sizes::mostly_small ? 2 : 1, 3);
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
