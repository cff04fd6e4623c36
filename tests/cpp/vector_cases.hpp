// tests/cpp/vector_cases.hpp — the golden-vector cases shared by the generator and the tests.
//
// A case names an engine, a seed (kind + text as in the JSON files) and deck options. The same
// cases, read back from tests/vectors/*.json, are replayed by Vitest through WASM.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "fairdeck/engine/seed.hpp"
#include "fairdeck/sample.hpp"
#include "fairdeck/state.hpp"
#include "make_deck.hpp"

namespace fairdeck::tests {

/// A seed as written in the vector files: kind "integer" (decimal), "text", or "bytes" (hex).
struct SeedSpec {
  std::string kind, text;

  SeedKind seed_kind() const {
    if (kind == "integer") return SeedKind::integer;
    if (kind == "text") return SeedKind::text;
    if (kind == "bytes") return SeedKind::bytes;
    throw std::invalid_argument("unknown seed kind " + kind);
  }
  /// Seed material as the core takes it.
  std::string material() const {
    if (kind == "integer") {
      const std::uint64_t v = std::stoull(text);
      std::string m(8, '\0');
      for (int b = 0; b < 8; ++b) m[static_cast<std::size_t>(b)] = static_cast<char>(v >> (8 * b));
      return m;
    }
    if (kind == "bytes") {
      std::string m;
      for (std::size_t i = 0; i + 1 < text.size(); i += 2) m.push_back(static_cast<char>(std::stoi(text.substr(i, 2), nullptr, 16)));
      return m;
    }
    return text;
  }
};

inline const std::vector<SeedSpec>& engine_seeds() {
  static const std::vector<SeedSpec> s = {{"integer", "0"},     {"integer", "1"},       {"integer", "42"},
                                          {"integer", "18446744073709551615"}, {"text", ""},
                                          {"text", "fairdeck"}, {"bytes", "00010203"}};
  return s;
}

inline const std::vector<SeedSpec>& deal_seeds() {
  static const std::vector<SeedSpec> s = {{"integer", "1"}, {"text", "table-7"}, {"bytes", "deadbeef"}};
  return s;
}

/// Deck options of one deal case.
struct DealCase {
  std::string rng, strategy, style;
  std::uint32_t decks, jokers, size;
  SeedSpec seed;

  DeckOptions options() const {
    DeckOptions o;
    o.rng = rng, o.strategy = strategy, o.style = style, o.decks = decks, o.jokers = jokers, o.size = size;
    o.seed_kind = seed.seed_kind(), o.seed = seed.material();
    return o;
  }
};

inline std::vector<DealCase> deal_cases() {
  std::vector<DealCase> v;
  for (const char* rng : {"chacha20", "xoshiro256"})
    for (const char* strategy : {"eager", "lazy", "bitmap"})
      for (const SeedSpec& seed : deal_seeds()) v.push_back({rng, strategy, "french", 1, 0, 0, seed});
  v.push_back({"chacha20", "eager", "german", 1, 0, 0, {"integer", "7"}});
  v.push_back({"xoshiro256", "lazy", "french", 2, 2, 0, {"integer", "7"}});
  v.push_back({"chacha20", "bitmap", "generic", 1, 0, 10, {"text", "ten"}});
  return v;
}

/// Two full deals: the one a new deck gives, then the one after shuffle().
inline std::vector<std::vector<std::uint32_t>> two_deals(const DealCase& c) {
  auto deck = make_deck(c.options());
  std::vector<std::vector<std::uint32_t>> out(2);
  for (auto& deal : out) {
    for (std::uint32_t card; (card = deck->deal_one()) != kNoCard;) deal.push_back(card);
    deck->shuffle();
  }
  return out;
}

/// The simulation steps of tests/vectors/simulations.json (issue 40), on a new deck of case `c`:
/// dealIds(3), sampleIds(3, 4), dealIds(2), sampleIds(5, 2) — each step's ids.
inline std::vector<std::vector<std::uint32_t>> simulation_steps(const DealCase& c) {
  auto deck = make_deck(c.options());
  std::vector<std::vector<std::uint32_t>> out;
  const auto deal = [&](std::uint32_t n) {
    std::vector<std::uint32_t> v(n);
    v.resize(deck->deal(n, v.data()));
    out.push_back(v);
  };
  const auto sample = [&](std::uint32_t k, std::uint32_t trials) {
    std::vector<std::uint32_t> v(std::size_t{k} * trials);
    sample_ids(*deck, k, trials, v.data());
    out.push_back(v);
  };
  deal(3), sample(3, 4), deal(2), sample(5, 2);
  return out;
}

/// First `n` raw 32-bit words of an engine.
inline std::vector<std::uint32_t> first_words(const std::string& rng, const SeedSpec& seed, int n) {
  Rng r(rng, derive_key(seed.seed_kind(), seed.material()), false);
  std::vector<std::uint32_t> out;
  r.visit([&](auto& e, Dice&) {
    for (int i = 0; i < n; ++i) out.push_back(e.next_u32());
  });
  return out;
}

}  // namespace fairdeck::tests
