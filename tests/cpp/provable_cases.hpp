// tests/cpp/provable_cases.hpp — the provable-round vector cases, shared by the generator
// (tools/make_provable_vectors.cpp) and GoogleTest (provable_test.cpp).
//
// A case is seeds + composition + a history of calls. Replaying it on the core's provable Deck
// gives the cards of each `deal` call; tests/vectors/provable.json records them as codes, and
// the TypeScript deck, the TypeScript verifier and the Python verifier all replay it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "fairdeck/engine/hex.hpp"
#include "fairdeck/state.hpp"

namespace fairdeck::tests {

/// One call: deal(n); returnCards(the round's dealt cards at `picks`, in deal order); shuffle();
/// shuffleRemaining().
struct ProvableOp {
  std::string op;
  std::uint32_t n = 0;
  std::vector<std::uint32_t> picks = {};
};

struct ProvableCase {
  std::string name, server_hex, client;
  std::uint64_t nonce;
  std::string style;
  std::uint32_t decks, jokers, size;
  std::vector<ProvableOp> history;
  std::uint32_t version = 1;  ///< the scheme; the vector file writes "version" only for 2
  bool deck_omitted = false;  ///< the vector gives no composition ("deck":{}): the default one
};

inline constexpr const char* kServerA = "9f1c2e3d4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
inline constexpr const char* kServerB = "0000000000000000000000000000000000000000000000000000000000000000";

/// Every case: the version 1 cases under version 2, cases of version 2 alone, then the version 1
/// cases, last so that their lines of the vector file never change.
inline std::vector<ProvableCase> provable_cases() {
  const std::vector<ProvableOp> all = {{"deal", 200}};
  const std::vector<ProvableCase> v1 = {
      {"french, one round", kServerA, "player-1", 0, "french", 1, 0, 0, all},
      {"empty client seed", kServerA, "", 0, "french", 1, 0, 0, all},
      {"unicode client seed", kServerA, "Zoë 🂡 ünïcödé", 7, "french", 1, 0, 0, all},
      {"nonce 2^53 - 1", kServerB, "max", 9007199254740991ULL, "french", 1, 0, 0, all},
      {"consecutive rounds", kServerA, "rounds", 41, "french", 1, 0, 0,
       {{"deal", 5}, {"shuffle"}, {"deal", 52}, {"shuffle"}, {"deal", 3}}},
      {"shoe of 6 with jokers", kServerA, "shoe", 3, "french", 6, 2, 0, {{"deal", 400}}},
      {"german", kServerB, "skat", 12, "german", 1, 0, 0, all},
      {"german with 1 joker", kServerA, "skat", 0, "german", 1, 1, 0, all},
      {"generic size 1", kServerA, "g", 0, "generic", 1, 0, 1, all},
      {"generic size 1000", kServerA, "g", 5, "generic", 1, 0, 1000, {{"deal", 1000}}},
      {"returned cards", kServerA, "returns", 2, "french", 1, 0, 0,
       {{"deal", 10}, {"returnCards", 0, {1, 4, 9}}, {"deal", 45}, {"returnCards", 0, {0, 50}}, {"deal", 10}}},
      {"shoe returns", kServerA, "shoe returns", 9, "french", 2, 1, 0,
       {{"deal", 100}, {"returnCards", 0, {0, 3, 98}}, {"deal", 10}, {"returnCards", 0, {101}}, {"deal", 10}}},
      {"shuffleRemaining and returns", kServerB, "mix", 100, "french", 1, 2, 0,
       {{"deal", 7}, {"returnCards", 0, {2, 6}}, {"shuffleRemaining"}, {"deal", 20}, {"returnCards", 0, {0}},
        {"deal", 40}, {"shuffle"}, {"deal", 4}, {"returnCards", 0, {1}}, {"shuffleRemaining"}, {"deal", 60}}},
  };
  std::vector<ProvableCase> cases;
  for (ProvableCase c : v1) {
    c.name = "v2: " + c.name, c.version = 2;
    cases.push_back(std::move(c));
  }
  const std::vector<ProvableCase> v2_only = {
      // The undealt pile runs out with 3 cards in the return pile, then 4 more are returned: the
      // next deal shuffles all 7 (the core), not the 3 alone when the last undealt card went.
      {"v2: return pile shuffled at the next deal, not when the undealt pile empties", kServerA, "reshuffle timing", 4,
       "french", 1, 0, 0,
       {{"deal", 40}, {"returnCards", 0, {0, 1, 2}}, {"deal", 12}, {"returnCards", 0, {3, 4, 5, 6}}, {"deal", 10}}, 2},
      // The same text in two Unicode normal forms: the seed is hashed as given, so two deals.
      {"v2: client seed e-acute NFC (U+00E9)", kServerA, "\xc3\xa9", 0, "french", 1, 0, 0, all, 2},
      {"v2: client seed e-acute NFD (U+0065 U+0301)", kServerA, "e\xcc\x81", 0, "french", 1, 0, 0, all, 2},
      // No composition given: the default, french:decks=1:jokers=0.
      {"v2: default composition (no deck given)", kServerB, "default", 1, "french", 1, 0, 0, all, 2, true},
      // The seeds of "french, one round" with other compositions: under version 1 these share its
      // key; under version 2 each has its own.
      {"v2: 2 jokers, seeds of 'french, one round'", kServerA, "player-1", 0, "french", 1, 2, 0, all, 2},
      {"v2: generic size 52, seeds of 'french, one round'", kServerA, "player-1", 0, "generic", 1, 0, 52, all, 2},
  };
  cases.insert(cases.end(), v2_only.begin(), v2_only.end());
  cases.insert(cases.end(), v1.begin(), v1.end());
  return cases;
}

/// Seeds of a case.
inline ProvableSeeds seeds_of(const ProvableCase& c) {
  ProvableSeeds s;
  hex::decode(c.server_hex, s.server);
  s.client = c.client;
  s.nonce = c.nonce;
  s.version = c.version;
  return s;
}

/// Card code of `id` in the case's composition (generic decks: the id in decimal).
inline std::string code_of(const Composition& comp, std::uint32_t id) {
  return comp.style ? comp.style->face(id % comp.per_deck()).code : std::to_string(id);
}

/// Replays a case on the core's provable deck: for each op, the ids it dealt (deal) or returned
/// (returnCards); empty for the others.
inline std::vector<std::vector<std::uint32_t>> replay(const ProvableCase& c, Composition* comp_out = nullptr) {
  const Composition comp = make_composition(c.style, c.decks, c.jokers, c.size);
  if (comp_out) *comp_out = comp;
  Deck deck(comp, seeds_of(c));
  std::vector<std::vector<std::uint32_t>> out;
  std::vector<std::uint32_t> round;  // the round's dealt ids, in deal order
  for (const ProvableOp& op : c.history) {
    std::vector<std::uint32_t> ids;
    if (op.op == "deal") {
      ids.resize(op.n);
      ids.resize(deck.deal(op.n, ids.data()));
      round.insert(round.end(), ids.begin(), ids.end());
    } else if (op.op == "returnCards") {
      for (std::uint32_t p : op.picks) ids.push_back(round.at(p));
      deck.return_cards(ids);
    } else if (op.op == "shuffle") {
      deck.shuffle();
      round.clear();
    } else {
      deck.shuffle_remaining();
    }
    out.push_back(std::move(ids));
  }
  return out;
}

}  // namespace fairdeck::tests
