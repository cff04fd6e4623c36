// Saving and restoring a deck's state.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"

using namespace fairdeck;

namespace {
DeckOptions opts(const std::string& strategy, SeedKind kind = SeedKind::integer) {
  DeckOptions o;
  o.strategy = strategy, o.seed_kind = kind;
  o.seed = kind == SeedKind::entropy ? std::string(32, '\7') : std::string(8, '\3');
  return o;
}
std::vector<std::uint32_t> deal_all(Deck& d) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t c; (c = d.deal_one()) != kNoCard;) v.push_back(c);
  return v;
}
}  // namespace

TEST(State, ARestoredSeededDeckDealsExactlyWhatTheOriginalWould) {
  for (const char* strategy : {"eager", "lazy", "bitmap"})
    for (const char* rng : {"chacha20", "xoshiro256"}) {
      DeckOptions o = opts(strategy);
      o.rng = rng;
      auto d = make_deck(o);
      std::uint32_t out[7];
      d->deal(7, out);
      d->return_cards(std::span<const std::uint32_t>(out, 2));
      auto copy = restore_state(save_state(*d, false), std::nullopt);
      EXPECT_EQ(save_state(*copy, false), save_state(*d, false));
      EXPECT_EQ(deal_all(*copy), deal_all(*d)) << strategy << " " << rng;
      copy->shuffle(), d->shuffle();
      EXPECT_EQ(deal_all(*copy), deal_all(*d));
    }
}

TEST(State, ASecureDeckHidesItsKeyAndFutureOrderUnlessAsked) {
  auto d = make_deck(opts("eager", SeedKind::entropy));
  const std::string hidden = save_state(*d, false);
  EXPECT_NE(hidden.find("\"engine\":null"), std::string::npos);
  EXPECT_NE(hidden.find("\"order\":\"hidden\""), std::string::npos);
  EXPECT_NE(hidden.find("\"undealt\":[0,1,2,3,"), std::string::npos) << "undealt must be sorted, not in deal order";
  EXPECT_THROW(restore_state(hidden, std::nullopt), TypeError);
  Bytes32 fresh{};
  fresh[0] = 1;
  auto restored = restore_state(hidden, fresh);
  EXPECT_EQ(restored->remaining(), 52u);
  const std::string secret = save_state(*d, true);
  EXPECT_EQ(secret.find("\"engine\":null"), std::string::npos);
  auto twin = restore_state(secret, std::nullopt);
  EXPECT_EQ(deal_all(*twin), deal_all(*d));
}

TEST(State, MalformedOrInconsistentStatesAreRejected) {
  auto d = make_deck(opts("eager"));
  const std::string good = save_state(*d, false);
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  const std::vector<std::string> bad = {
      "", "{", "[]", "null", good + "x", replace("\"size\":52", "\"size\":51"), replace("\"version\":1", "\"version\":2"),
      replace("\"strategy\":\"eager\"", "\"strategy\":\"fast\""), replace("\"rng\":\"chacha20\"", "\"rng\":\"rc4\""),
      replace("\"undealt\":[", "\"undealt\":[0,"), replace("\"undealt\":[", "\"undealt\":[99,"),
      replace("\"engine\":\"", "\"engine\":\"z"), replace("\"dice\":[]", "\"dice\":[5,9]"),
      replace("\"dice\":[]", "\"dice\":[5,1,2,3,4,5]"), replace("\"format\"", "\"extra\":1,\"format\""),
      replace("\"seeded\":true", "\"seeded\":1"), replace("\"decks\":1", "\"decks\":0")};
  for (const auto& s : bad) EXPECT_ANY_THROW(restore_state(s, std::nullopt)) << s.substr(0, 120);
  EXPECT_NO_THROW(restore_state(good, std::nullopt));
}

// tests/vectors/bad-states.json: a good state, then states made from it that must be refused, each
// with its exact error. The package (web/src/state.ts readState over JSON.parse, then the core's
// restore_fields; tests/unit/state-errors.test.ts) and the native reader must agree on every one,
// so the two readers cannot drift apart.
namespace {
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) (ch == '"' || ch == '\\' ? out += '\\' : out) += ch;
  return out + "\"";
}
/// JSON text of a parsed value (the fixture's strings need no escapes but quotes and backslashes).
std::string to_text(const json::Value& v) {
  using K = json::Value::Kind;
  std::string out;
  switch (v.kind) {
    case K::null: return "null";
    case K::boolean: return v.boolean ? "true" : "false";
    case K::integer: return std::to_string(v.integer);
    case K::string: return quoted(v.string);
    case K::array:
      for (const auto& x : v.array) out += (out.empty() ? "[" : ",") + to_text(x);
      return out.empty() ? "[]" : out + "]";
    case K::object:
      for (const auto& [k, x] : v.object) out += (out.empty() ? "{" : ",") + quoted(k) + ":" + to_text(x);
      return out.empty() ? "{}" : out + "}";
  }
  return out;
}
}  // namespace

TEST(State, RefusesTheSharedBadStatesWithTheSameErrors) {
  std::ifstream file(std::string(FAIRDECK_VECTORS_DIR) + "/bad-states.json");
  std::stringstream text;
  text << file.rdbuf();
  const json::Value all = json::parse(text.str());  // the first case is the good state, error "none"
  const auto& cases = all.array;
  ASSERT_GE(cases.size(), 20u);
  for (const auto& c : cases) {
    const std::string& name = c.object.at("name").string;
    std::string kind = "none", message;
    try {
      restore_state(to_text(c.object.at("state")), std::nullopt);
    } catch (const RangeError& e) {
      kind = "RangeError", message = e.what();
    } catch (const TypeError& e) {
      kind = "TypeError", message = e.what();
    }
    EXPECT_EQ(kind, c.object.at("error").string) << name;
    EXPECT_EQ(message, c.object.at("message").string) << name;
  }
}

// Version 2 (issue 31): the fixture's good state with its dealt cards split into piles, as the
// "v2: …" cases of bad-states.json change it, restores; so each of those fails for its own fault.
TEST(State, TheSharedBadStatesVersionTwoBaseRestores) {
  std::ifstream file(std::string(FAIRDECK_VECTORS_DIR) + "/bad-states.json");
  std::stringstream text;
  text << file.rdbuf();
  json::Value s = json::parse(text.str()).array.at(0).object.at("state");
  const std::string v1 = to_text(s);
  EXPECT_EQ(save_state(*restore_state(v1, std::nullopt), false), v1) << "a version 1 state restores byte for byte";
  s.object["version"].integer = 2;
  s.object["dealt"].array.resize(3);  // 13, 50, 46
  json::Value piles = json::parse("{\"piles\":{\"hand:0\":[21],\"hand:1\":[36]},\"cut\":null,\"drawn\":5}");
  json::Value rebuilt;
  rebuilt.kind = json::Value::Kind::object;
  for (const auto& [key, value] : s.object) {  // the new fields after "dealt", where save_state writes them
    rebuilt.object.emplace(key, value);
    if (key == "dealt")
      for (const auto& [k, v] : piles.object) rebuilt.object.emplace(k, v);
  }
  const std::string v2 = to_text(rebuilt);
  auto d = restore_state(v2, std::nullopt);
  EXPECT_EQ(save_state(*d, false), v2);
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "hand:0", "hand:1"}));
  EXPECT_EQ(d->pile_cards("hand:1"), std::vector<std::uint32_t>{36});
  EXPECT_EQ(d->pile_cards("dealt"), (std::vector<std::uint32_t>{46, 50, 13}));  // the state holds it newest first
  EXPECT_EQ(d->drawn(), 5u);
  EXPECT_EQ(d->cut(), 0u);
}

TEST(State, VersionTwoStatesKeepPilesCutAndDrawnAndHideWhatTheyMust) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = make_deck(opts(strategy, SeedKind::entropy));
    d->deal_hands(2, 3);
    d->burn();
    d->return_cards(d->pile_cards("hand:0"));
    const std::string hidden = save_state(*d, false);
    EXPECT_NE(hidden.find("\"version\":2,"), std::string::npos);
    EXPECT_NE(hidden.find("\"engine\":null"), std::string::npos);
    const StateFields f = read_state(hidden);
    ASSERT_EQ(f.piles.size(), 2u);
    EXPECT_EQ(f.piles[0].first, "hand:1");
    EXPECT_EQ(f.piles[0].second, d->pile_cards("hand:1"));
    EXPECT_EQ(f.piles[1].first, "burn");
    EXPECT_FALSE(f.cut.has_value());
    EXPECT_EQ(f.drawn, std::optional<std::uint64_t>(4));  // without a cut card: the cards out
    Bytes32 fresh{};
    fresh[3] = 9;
    auto restored = restore_state(hidden, fresh);
    EXPECT_EQ(restored->pile_names(), d->pile_names()) << strategy;
    EXPECT_EQ(restored->pile_cards("hand:1"), d->pile_cards("hand:1"));
    EXPECT_EQ(restored->pile_cards("burn"), d->pile_cards("burn"));
    EXPECT_EQ(restored->returned(), 3u);
    EXPECT_EQ(restored->drawn(), 4u);
    auto twin = restore_state(save_state(*d, true), std::nullopt);
    EXPECT_EQ(deal_all(*twin), deal_all(*d));
  }
}

TEST(State, TheVersionMustBeTheOneTheFieldsCallFor) {
  auto d = make_deck(opts("lazy"));
  const std::string v1 = save_state(*d, false);
  d->burn();
  const std::string v2 = save_state(*d, false);
  const auto message = [](const std::string& s) {
    try {
      restore_state(s, std::nullopt);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("restored");
  };
  auto with = [](std::string s, const std::string& from, const std::string& to) { return s.replace(s.find(from), from.size(), to); };
  EXPECT_EQ(message(with(v1, "\"version\":1", "\"version\":2")), "state.version must be 1: the state has none of the fields that version 2 adds (piles, cut, drawn)");
  EXPECT_EQ(message(with(v2, "\"version\":2", "\"version\":1")), "state.version must be 2: the state has fields that version 2 adds (piles, cut, drawn)");
  EXPECT_EQ(message(with(v2, "\"version\":2", "\"version\":3")), "state.version 3 is newer than this fairdeck reads (1 and 2): restore it with the fairdeck that wrote it, or a newer one");
  EXPECT_EQ(message(with(v2, "\"version\":2", "\"version\":\"2\"")), "state.version must be 2");
  EXPECT_EQ(message(with(v1, "\"dice\"", "\"drawn\":0,\"dice\"")), "state.version must be 2: the state has fields that version 2 adds (piles, cut, drawn)");
  EXPECT_EQ(message(with(v2, ",\"cut\":null", "")), "state.cut must be an integer or null");
  EXPECT_EQ(message(with(v2, "\"piles\":{", "\"piles\":{\"a\":[],")), "state.piles 'a' is empty (a state lists only piles that hold cards)");
  EXPECT_EQ(message(v2), "restored");
}
