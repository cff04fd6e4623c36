// Provably fair rounds: HMAC-SHA256 (RFC 4231), the derivation, and "the core's provable deck
// deals exactly the specification's order" against an independent reference written from
// docs/provably-fair.md (one ChaCha20 block at a time, cards as faces, no Deck).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>

#include "fairdeck/json.hpp"
#include "provable_cases.hpp"
#include "sodium_reference.hpp"

using namespace fairdeck;
namespace t = fairdeck::tests;

namespace {
std::string h(const Bytes32& b) { return hex::encode(b); }

/// §2's composition text of a case, spelled out again.
std::string composition_text(const t::ProvableCase& c) {
  if (c.style == "generic") return "generic:size=" + std::to_string(c.size);
  return c.style + ":decks=" + std::to_string(c.decks) + ":jokers=" + std::to_string(c.jokers);
}

/// §2's message, byte by byte.
std::string spec_message(const t::ProvableCase& c, std::uint64_t nonce) {
  std::string m;
  const auto u32 = [&m](std::uint64_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) m.push_back(static_cast<char>((v >> shift) & 0xff));
  };
  const auto field = [&](const std::string& b) { u32(b.size()), m += b; };
  field(c.version == 1 ? "fairdeck/provable/v1" : "fairdeck/provable/v2");
  field(c.client);
  u32(nonce >> 32), u32(nonce & 0xffffffffu);
  if (c.version == 2) field(composition_text(c));
  return m;
}

/// How a return pile could be read to be reshuffled: at the next deal that finds the undealt pile
/// empty (the core, and the specification), or as soon as the last undealt card is dealt.
enum class Reading { at_next_deal, when_emptied };

/// The specification, followed literally.
class Reference {
public:
  Reference(const t::ProvableCase& c, std::uint64_t nonce) {
    Bytes32 server;
    hex::decode(c.server_hex, server);
    const Bytes32 key = hmac_sha256(std::string_view(reinterpret_cast<const char*>(server.data()), 32), spec_message(c, nonce));
    for (int i = 0; i < 16; ++i) in_[i] = 0;
    in_[0] = 0x61707865, in_[1] = 0x3320646e, in_[2] = 0x79622d32, in_[3] = 0x6b206574;
    for (int i = 0; i < 8; ++i)
      in_[4 + i] = key[4 * i] | (key[4 * i + 1] << 8) | (key[4 * i + 2] << 16) | (std::uint32_t{key[4 * i + 3]} << 24);
  }
  std::uint32_t word() {
    if (used_ == 16) {
      in_[12] = static_cast<std::uint32_t>(block_), in_[13] = static_cast<std::uint32_t>(block_ >> 32);
      fairdeck::test::sodium_blocks(in_, out_);
      ++block_, used_ = 0;
    }
    return out_[used_++];
  }
  std::uint32_t draw(std::uint32_t bound) {
    std::uint32_t mask = 1;
    while (mask < bound) mask <<= 1;
    for (;;)
      if (const std::uint32_t x = word() & (mask - 1); x < bound) return x;
  }
  /// Sorted, then Fisher–Yates; returned in deal order (last position first).
  std::vector<std::uint32_t> shuffle(std::vector<std::uint32_t> keys) {
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = keys.size(); i-- > 1;) std::swap(keys[i], keys[draw(static_cast<std::uint32_t>(i + 1))]);
    std::reverse(keys.begin(), keys.end());
    return keys;
  }

private:
  std::uint32_t in_[16], out_[16];
  std::uint64_t block_ = 0;
  int used_ = 16;
};

/// Replays a case by the specification; codes of each deal (and return) call.
std::vector<std::vector<std::string>> spec_replay(const t::ProvableCase& c, Reading reading = Reading::at_next_deal) {
  const Composition comp = make_composition(c.style, c.decks, c.jokers, c.size);
  const std::uint32_t per = comp.per_deck(), decks = comp.style ? comp.decks : 1;
  auto code = [&](std::uint32_t key) { return comp.style ? comp.style->face(key / decks).code : std::to_string(key); };
  std::uint64_t nonce = c.nonce;
  std::vector<std::uint32_t> all(comp.size());
  for (std::uint32_t i = 0; i < comp.size(); ++i) all[i] = (i % per) * decks + i / per;
  auto ref = std::make_unique<Reference>(c, nonce);
  std::vector<std::uint32_t> undealt = ref->shuffle(all), returned, round;  // undealt: next card first
  std::vector<std::vector<std::string>> out;
  for (const auto& op : c.history) {
    std::vector<std::string> codes;
    if (op.op == "deal") {
      for (std::uint32_t k = 0; k < op.n; ++k) {
        if (undealt.empty() && !returned.empty()) undealt = ref->shuffle(std::exchange(returned, {}));
        if (undealt.empty()) break;
        round.push_back(undealt.front());
        codes.push_back(code(undealt.front()));
        undealt.erase(undealt.begin());
        if (reading == Reading::when_emptied && undealt.empty() && !returned.empty())
          undealt = ref->shuffle(std::exchange(returned, {}));
      }
    } else if (op.op == "returnCards") {
      for (std::uint32_t p : op.picks) returned.push_back(round.at(p)), codes.push_back(code(round.at(p)));
    } else if (op.op == "shuffle") {
      ref = std::make_unique<Reference>(c, ++nonce);
      undealt = ref->shuffle(all), returned.clear(), round.clear();
    } else {
      undealt.insert(undealt.end(), returned.begin(), returned.end());
      undealt = ref->shuffle(undealt), returned.clear();
    }
    out.push_back(codes);
  }
  return out;
}

std::vector<std::vector<std::string>> deck_replay(const t::ProvableCase& c) {
  Composition comp;
  const auto ids = t::replay(c, &comp);
  std::vector<std::vector<std::string>> out;
  for (const auto& v : ids) {
    out.emplace_back();
    for (std::uint32_t id : v) out.back().push_back(t::code_of(comp, id));
  }
  return out;
}
}  // namespace

TEST(Hmac, Rfc4231TestCases) {
  EXPECT_EQ(h(hmac_sha256(std::string(20, '\x0b'), "Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(h(hmac_sha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(h(hmac_sha256(std::string(20, '\xaa'), std::string(50, '\xdd'))),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
  std::string key4;
  for (int i = 1; i <= 25; ++i) key4.push_back(static_cast<char>(i));
  EXPECT_EQ(h(hmac_sha256(key4, std::string(50, '\xcd'))),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
  EXPECT_EQ(h(hmac_sha256(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First")),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  EXPECT_EQ(h(hmac_sha256(std::string(131, '\xaa'),
                          "This is a test using a larger than block-size key and a larger than block-size data. The "
                          "key needs to be hashed before being used by the HMAC algorithm.")),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

TEST(Provable, MessageIsLengthPrefixedSoFieldsCannotRunTogether) {
  const std::string m = provable_message(1, "ab", 1, "ignored by version 1");
  const std::string expected = std::string("\0\0\0\x14", 4) + "fairdeck/provable/v1" + std::string("\0\0\0\x02", 4) +
                               "ab" + std::string("\0\0\0\0\0\0\0\x01", 8);
  EXPECT_EQ(m, expected);
  const std::string m2 = provable_message(2, "ab", 1, "generic:size=7");
  const std::string expected2 = std::string("\0\0\0\x14", 4) + "fairdeck/provable/v2" + std::string("\0\0\0\x02", 4) +
                                "ab" + std::string("\0\0\0\0\0\0\0\x01", 8) + std::string("\0\0\0\x0e", 4) + "generic:size=7";
  EXPECT_EQ(m2, expected2);
  for (std::uint32_t v : {1u, 2u}) {
    EXPECT_NE(provable_message(v, "a:1", 0, "x"), provable_message(v, "a", 1, "x"));
    ProvableSeeds a, b;
    a.client = "a", a.nonce = 0x3a31, a.version = v;  // a "…a:1…"-style collision attempt through the nonce bytes
    b.client = "a:1", b.nonce = 0, b.version = v;
    const Composition french = make_composition("french", 1, 0, 0);
    EXPECT_NE(h(provable_key(a, french)), h(provable_key(b, french)));
  }
}

TEST(Provable, Version2BindsTheCompositionIntoTheKey) {
  const Composition comps[] = {make_composition("french", 1, 0, 0), make_composition("french", 1, 1, 0),
                               make_composition("french", 1, 2, 0), make_composition("french", 6, 2, 0),
                               make_composition("german", 1, 0, 0), make_composition("generic", 1, 0, 52)};
  const char* texts[] = {"french:decks=1:jokers=0", "french:decks=1:jokers=1", "french:decks=1:jokers=2",
                         "french:decks=6:jokers=2", "german:decks=1:jokers=0", "generic:size=52"};
  ProvableSeeds v1 = t::seeds_of(t::provable_cases()[0]), v2 = v1;
  v1.version = 1, v2.version = 2;
  std::vector<std::string> keys2;
  for (std::size_t i = 0; i < std::size(comps); ++i) {
    EXPECT_EQ(provable_composition_text(comps[i]), texts[i]);
    EXPECT_EQ(h(provable_key(v1, comps[i])), h(provable_key(v1, comps[0])));  // v1: one key for every deck
    keys2.push_back(h(provable_key(v2, comps[i])));
  }
  std::sort(keys2.begin(), keys2.end());
  EXPECT_EQ(std::unique(keys2.begin(), keys2.end()), keys2.end());  // v2: a key per composition
  // The default composition is new Deck()'s, and new decks use version 2.
  EXPECT_EQ(provable_composition_text(Composition{}), "french:decks=1:jokers=0");
  EXPECT_EQ(ProvableSeeds{}.version, 2u);
  Deck deck(Composition{}, ProvableSeeds{});
  EXPECT_EQ(deck.provable()->version, 2u);
}

TEST(Provable, CommitmentIsSha256OfTheSeedBytes) {
  // SHA-256 of 32 zero bytes (FIPS 180-4 arithmetic; also `printf '\0%.0s' {1..32} | sha256sum`).
  EXPECT_EQ(h(provable_commitment(Bytes32{})), "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
}

TEST(Provable, DrawRejectsAboveTheBoundAndNeverUsesModulo) {
  // Every word whose masked value is < bound maps to itself: exactly uniform over [0, bound).
  for (std::uint32_t bound : {2u, 3u, 5u, 52u, 53u, 64u, 65u}) {
    ChaCha20 a(Bytes32{}), b(Bytes32{});
    for (int k = 0; k < 200; ++k) {
      const std::uint32_t got = provable_draw(a, bound);
      std::uint32_t x;
      do x = b.next_u32() & (std::bit_ceil(bound) - 1); while (x >= bound);
      ASSERT_EQ(got, x);
      ASSERT_LT(got, bound);
    }
  }
}

TEST(Provable, DeckDealsExactlyTheSpecificationOrder) {
  for (const auto& c : t::provable_cases()) EXPECT_EQ(deck_replay(c), spec_replay(c)) << c.name;
}

TEST(Provable, SpecificationIsSensitiveToEveryInput) {
  for (std::uint32_t version : {1u, 2u}) {
    auto c = t::provable_cases()[0];
    c.version = version;
    const auto base = spec_replay(c);
    auto d = c; d.nonce += 1;
    EXPECT_NE(spec_replay(d), base);
    d = c; d.client += "x";
    EXPECT_NE(spec_replay(d), base);
    d = c; d.server_hex[63] = '1';
    EXPECT_NE(spec_replay(d), base);
    d = c; d.version = 3 - version;
    EXPECT_NE(spec_replay(d), base);
  }
}

const t::ProvableCase& named(const std::vector<t::ProvableCase>& cases, const std::string& prefix) {
  const auto it = std::find_if(cases.begin(), cases.end(), [&](const auto& c) { return c.name.rfind(prefix, 0) == 0; });
  if (it == cases.end()) throw std::runtime_error("no case " + prefix);
  return *it;
}

TEST(Provable, ReturnPileIsShuffledAtTheNextDealNotWhenTheUndealtPileEmpties) {
  const auto cases = t::provable_cases();
  const auto& c = named(cases, "v2: return pile shuffled at the next deal");
  const auto core = deck_replay(c);
  EXPECT_EQ(core, spec_replay(c, Reading::at_next_deal));
  EXPECT_NE(core, spec_replay(c, Reading::when_emptied));  // the vector tells the two readings apart
  ASSERT_EQ(core.size(), 5u);
  EXPECT_EQ(core[4].size(), 7u);  // the last deal: all 7 returned cards, in one shuffle
}

TEST(Provable, ClientSeedIsHashedAsGivenWithoutNormalisation) {
  const auto cases = t::provable_cases();
  const auto& nfc = named(cases, "v2: client seed e-acute NFC");
  const auto& nfd = named(cases, "v2: client seed e-acute NFD");
  EXPECT_EQ(nfc.client, "\xc3\xa9");
  EXPECT_EQ(nfd.client, "e\xcc\x81");
  EXPECT_NE(deck_replay(nfc), deck_replay(nfd));
  EXPECT_NE(h(provable_key(t::seeds_of(nfc), Composition{})), h(provable_key(t::seeds_of(nfd), Composition{})));
}

TEST(Provable, VectorsMatchTheGoldenFile) {
  std::ifstream f(std::string(FAIRDECK_VECTORS_DIR) + "/provable.json");
  // One vector per line (the core's strict JSON reader allows only 4 levels of nesting).
  std::string line;
  std::getline(f, line);
  EXPECT_EQ(line, "{\"schemes\":[\"fairdeck/provable/v1\",\"fairdeck/provable/v2\"],\"vectors\":[");
  std::vector<json::Value> vectors;
  while (std::getline(f, line) && line != "]}") vectors.push_back(json::parse(line.substr(0, line.size() - (line.back() == ','))));
  const auto cases = t::provable_cases();
  ASSERT_EQ(vectors.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& o = vectors[i].object;
    const auto got = deck_replay(cases[i]);
    ASSERT_EQ(o.at("history").array.size(), got.size()) << cases[i].name;
    EXPECT_EQ(o.at("name").string, cases[i].name);
    EXPECT_EQ(o.at("commitment").string, h(provable_commitment(t::seeds_of(cases[i]).server)));
    // "version" and "composition" only in version 2 vectors (the version 1 ones predate them).
    EXPECT_EQ(o.count("version") ? o.at("version").integer : 1, cases[i].version) << cases[i].name;
    const Composition comp = make_composition(cases[i].style, cases[i].decks, cases[i].jokers, cases[i].size);
    if (cases[i].version == 2) EXPECT_EQ(o.at("composition").string, composition_text(cases[i])) << cases[i].name;
    else EXPECT_EQ(o.count("composition"), 0u) << cases[i].name;
    EXPECT_EQ(o.at("deck").object.items.empty(), cases[i].deck_omitted) << cases[i].name;
    EXPECT_EQ(o.at("key").string, h(provable_key(t::seeds_of(cases[i]), comp))) << cases[i].name;
    for (std::size_t k = 0; k < got.size(); ++k) {
      const auto& op = o.at("history").array[k].object;
      std::vector<std::string> want;
      if (op.count("cards"))
        for (const auto& x : op.at("cards").array) want.push_back(x.string);
      EXPECT_EQ(got[k], want) << cases[i].name << " op " << k;
    }
  }
}

TEST(Provable, NonceIsBoundedAndShuffleStopsAtTheLast) {
  const Composition comp = make_composition("french", 1, 0, 0);
  ProvableSeeds s;
  s.nonce = kMaxProvableNonce + 1;
  EXPECT_THROW(Deck(comp, s), RangeError);
  for (std::uint32_t bad : {0u, 3u}) {
    ProvableSeeds v;
    v.version = bad;
    try {
      Deck d(comp, v);
      ADD_FAILURE() << "version " << bad << " was accepted";
    } catch (const RangeError& e) {
      EXPECT_EQ(std::string(e.what()), "provable.version must be 1 or 2, got " + std::to_string(bad));
    }
  }
  s.nonce = kMaxProvableNonce;
  Deck deck(comp, s);
  std::uint32_t first[52];
  deck.deal(52, first);
  EXPECT_THROW(deck.shuffle(), RangeError);
  EXPECT_EQ(deck.provable()->nonce, kMaxProvableNonce);
  EXPECT_EQ(deck.remaining(), 0u);  // nothing changed
}

TEST(Provable, HasNoSavedState) {
  Deck deck(make_composition("french", 1, 0, 0), ProvableSeeds{});
  EXPECT_THROW(save_state(deck, true), TypeError);
}
