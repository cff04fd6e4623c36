// tests/fuzz/fuzz_state.cpp — libFuzzer target: bytes into restore_state, the C++ side of
// Deck.fromJSON.
//
// Byte 0 of an input picks the mode; bit 0 also offers fresh entropy to restore_state.
//  - raw (bit 1 clear): the remaining bytes ARE the state text — arbitrary bytes, whatever the
//    JSON reader makes of them (the committed corpus holds real states; state.dict its tokens);
//  - structured (bit 1 set): the remaining bytes make a real deck (any strategy, engine, seed and
//    composition), play a few operations, save its state, then apply 0–4 targeted mutations to
//    the parsed state — integers moved to their edges (±1, sizes, 2^26, 2^32, 2^53 − 1), cards
//    moved, duplicated or dropped between piles, dice set at or beyond their bounds, engines
//    truncated or zeroed, names swapped, fields removed or added, and in version 2 states (piles
//    and a cut card) cards moved or copied between named piles, piles renamed (to bad names,
//    "dealt" or each other), emptied or split past 64, cut and drawn at their edges — and
//    serialise it again.
//    Raw mutation of decimal text almost never lands exactly on such an edge.
// Asserted, in both modes:
//  - restore_state returns a deck or throws fairdeck::TypeError / fairdeck::RangeError: never
//    another exception, a crash, a leak, an out-of-bounds access or undefined behaviour;
//  - an unmutated state always restores, to exactly the state that was saved;
//  - a restored deck's three piles hold every id 0…n−1 exactly once and agree with remaining(),
//    returned() and dealt_count(), and its named piles (pile_names, pile_cards) hold exactly the
//    dealt cards; its state saves and restores to the same state;
//  - it deals its undealt cards first (an eager deck in exactly pile(0)'s order), then its
//    returned ones, each once, then reports empty; after a shuffle it deals every card once.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "fairdeck/json.hpp"
#include "../cpp/make_deck.hpp"

namespace fd = fairdeck;
using fd::json::Value;

namespace {
[[noreturn]] void fail(const char* what, unsigned long long a = 0, unsigned long long b = 0) {
  fuzz::fail("fuzz_state", what, a, b);
}
#define CHECK(cond, ...) \
  do {                   \
    if (!(cond)) fail(#cond, ##__VA_ARGS__); \
  } while (0)

void check_piles(const fd::Deck& d) {
  const std::uint32_t n = d.size();
  std::vector<std::uint8_t> seen(n, 0);
  std::size_t count[3];
  for (int p = 0; p < 3; ++p) {
    const auto pile = d.pile(p);
    count[p] = pile.size();
    for (std::uint32_t c : pile) {
      CHECK(c < n, c);
      CHECK(seen[c]++ == 0, c);
    }
  }
  CHECK(count[0] + count[1] + count[2] == n, n);
  CHECK(d.remaining() == count[0] + count[1], d.remaining());
  CHECK(d.returned() == count[1], d.returned());
  CHECK(d.dealt_count() == count[2], d.dealt_count());
  std::vector<std::uint32_t> in_piles;
  for (const std::string& name : d.pile_names()) {
    const auto cards = d.pile_cards(name);
    CHECK(!cards.empty());
    in_piles.insert(in_piles.end(), cards.begin(), cards.end());
  }
  std::sort(in_piles.begin(), in_piles.end());
  std::vector<std::uint32_t> dealt = d.pile(2);
  std::sort(dealt.begin(), dealt.end());
  CHECK(in_piles == dealt, in_piles.size(), dealt.size());
  CHECK(d.drawn() >= d.dealt_count() && d.drawn() <= n, d.drawn());
  CHECK(d.cut() <= n, d.cut());
}

/// Everything a restored deck must satisfy (see the file comment).
void check_restored(fd::Deck& d) {
  check_piles(d);
  const std::string saved = fd::save_state(d, true);
  const auto again = fd::restore_state(saved, std::nullopt);
  CHECK(fd::save_state(*again, true) == saved);
  check_piles(*again);

  const std::uint32_t n = d.size(), left = d.remaining();
  std::vector<std::uint8_t> seen(n, 0), pile_of(n, 2);
  const std::vector<std::uint32_t> undealt = d.pile(0);
  for (std::uint32_t c : undealt) pile_of[c] = 0;
  for (std::uint32_t c : d.pile(1)) pile_of[c] = 1;
  for (std::uint32_t i = 0; i < left; ++i) {
    const std::uint32_t c = d.deal_one();
    CHECK(c < n, c, n);
    CHECK(seen[c]++ == 0, c);
    CHECK(pile_of[c] == (i < undealt.size() ? 0 : 1), c, i);
    if (d.strategy() == fd::Strategy::eager && i < undealt.size()) CHECK(c == undealt[i], c, i);
  }
  CHECK(d.deal_one() == fd::kNoCard);
  if (n <= 4096) {  // keeps executions fast; bigger decks get the checks above
    d.shuffle();
    std::fill(seen.begin(), seen.end(), 0);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t c = d.deal_one();
      CHECK(c < n, c, n);
      CHECK(seen[c]++ == 0, c);
    }
    CHECK(d.deal_one() == fd::kNoCard);
  }
  check_piles(d);
}

/// Restores `text`; a deck, or nullptr after a TypeError/RangeError. Anything else escapes and
/// libFuzzer reports it as a crash.
std::unique_ptr<fd::Deck> restore(std::string_view text, const std::optional<fd::Bytes32>& entropy) {
  try {
    return fd::restore_state(text, entropy);
  } catch (const fd::TypeError&) {
  } catch (const fd::RangeError&) {
  }
  return nullptr;
}

// ---- structured mode -------------------------------------------------------------------------

void write(std::string& out, const Value& v) {
  switch (v.kind) {
    case Value::Kind::null: out += "null"; break;
    case Value::Kind::boolean: out += v.boolean ? "true" : "false"; break;
    case Value::Kind::integer: out += std::to_string(v.integer); break;
    case Value::Kind::string:
      out += '"';
      for (char c : v.string) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += '"';
      break;
    case Value::Kind::array:
      out += '[';
      for (std::size_t i = 0; i < v.array.size(); ++i) {
        if (i) out += ',';
        write(out, v.array[i]);
      }
      out += ']';
      break;
    case Value::Kind::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : v.object) {
        if (!first) out += ',';
        first = false;
        out += '"' + key + "\":";
        write(out, value);
      }
      out += '}';
      break;
    }
  }
}

Value integer(std::uint64_t x) {
  Value v;
  v.kind = Value::Kind::integer;
  v.integer = x;
  return v;
}

/// The length of the array `key` of a state (0 if it is missing or not an array).
std::uint64_t len(const Value& state, const char* key) {
  const auto it = state.object.find(key);
  return it != state.object.end() ? it->second.array.size() : 0;
}

/// An integer near an edge that matters to the state reader.
std::uint64_t edge(FuzzedDataProvider& in, const Value& state, std::uint64_t near) {
  const auto len = [&](const char* k) -> std::uint64_t {
    const auto it = state.object.find(k);
    return it != state.object.end() ? it->second.array.size() : 0;
  };
  const auto size_it = state.object.find("size");
  const std::uint64_t size = size_it != state.object.end() ? size_it->second.integer : 52;
  const std::uint64_t bases[] = {near, size, len("undealt"), len("undealt") + len("returned"), len("returned"),
                                 0, 1, 2, 8, 9, 32, 52, 54, 64, 1u << 26, 1ull << 32, (1ull << 53) - 1};
  const std::uint64_t base = bases[in.ConsumeIntegralInRange<std::size_t>(0, std::size(bases) - 1)];
  const int delta = in.ConsumeIntegralInRange<int>(-1, 1);
  return delta < 0 && base == 0 ? 0 : (delta > 0 && base >= (1ull << 53) - 1 ? base : base + delta);
}

void mutate(FuzzedDataProvider& in, Value& state) {
  static const char* piles[] = {"undealt", "returned", "dealt", "dice"};
  static const char* names[] = {"french", "german", "generic", "eager", "lazy", "bitmap", "chacha20",
                                "xoshiro256", "exact", "hidden", "fairdeck-deck", ""};
  static const char* fields[] = {"format", "version", "style", "decks", "jokers", "size", "strategy", "rng",
                                 "seeded", "order", "undealt", "returned", "dealt", "engine", "dice",
                                 "piles", "cut", "drawn"};
  const auto pick = [&](const char* const* list, std::size_t n) { return list[in.ConsumeIntegralInRange<std::size_t>(0, n - 1)]; };
  // Each case below holds references into the state's members while it may add up to two more
  // (object[key] adds a missing key): room for them now keeps those references valid (without it,
  // a case that added "to" after taking "from" read freed memory: fuzz_state found it, issue 31).
  state.object.items.reserve(state.object.size() + 4);
  static const char* piles_of_cards[] = {"undealt", "returned", "dealt"};
  switch (in.ConsumeIntegralInRange<int>(0, 11)) {
    case 0: {  // a top-level integer to an edge
      static const char* ints[] = {"version", "decks", "jokers", "size"};
      Value& v = state.object[pick(ints, 4)];
      v = integer(edge(in, state, v.integer));
      break;
    }
    case 1: {  // a pile or dice entry to an edge, or to another entry ± 1
      Value& a = state.object[pick(piles, 4)];
      if (a.array.empty()) break;
      Value& e = a.array[in.ConsumeIntegralInRange<std::size_t>(0, a.array.size() - 1)];
      if (in.ConsumeBool()) {
        const Value& b = state.object[pick(piles, 3)];
        const std::uint64_t other = b.array.empty() ? 0 : b.array[in.ConsumeIntegralInRange<std::size_t>(0, b.array.size() - 1)].integer;
        e = integer(other + static_cast<std::uint64_t>(in.ConsumeIntegralInRange<int>(0, 2)) - (other ? 1 : 0));
      } else {
        e = integer(edge(in, state, e.integer));
      }
      break;
    }
    case 2: {  // move a card from one pile to another (often still a consistent state)
      Value& from = state.object[pick(piles, 3)];
      Value& to = state.object[pick(piles, 3)];
      if (from.array.empty()) break;
      const std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, from.array.size() - 1);
      const Value card = from.array[i];
      from.array.erase(from.array.begin() + static_cast<std::ptrdiff_t>(i));
      to.array.insert(to.array.begin() + static_cast<std::ptrdiff_t>(in.ConsumeIntegralInRange<std::size_t>(0, to.array.size())), card);
      break;
    }
    case 3: {  // duplicate or drop an entry
      Value& a = state.object[pick(piles, 4)];
      if (a.array.empty()) break;
      const std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, a.array.size() - 1);
      if (in.ConsumeBool()) a.array.push_back(a.array[i]);
      else a.array.erase(a.array.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
    case 4: {  // dice for the next deal's bound (or one off), with dice at or past their bounds
      Value& dice = state.object["dice"];
      dice.kind = Value::Kind::array;
      dice.array.clear();
      const auto undealt = state.object.find("undealt");
      const std::uint64_t next = undealt != state.object.end() ? undealt->second.array.size() : 0;
      const std::uint64_t bound = in.ConsumeBool() ? next + 1 - std::min<std::uint64_t>(next + 1, in.ConsumeIntegralInRange<std::uint64_t>(0, 2))
                                                   : edge(in, state, 2);
      dice.array.push_back(integer(bound));
      const int k = in.ConsumeIntegralInRange<int>(0, 9);
      for (int i = 0; i < k; ++i) {  // die i is for bound − i: at that bound (invalid), just under it, or anything
        const std::uint64_t b = bound >= static_cast<std::uint64_t>(i) ? bound - static_cast<std::uint64_t>(i) : 0;
        switch (in.ConsumeIntegralInRange<int>(0, 2)) {
          case 0: dice.array.push_back(integer(b)); break;
          case 1: dice.array.push_back(integer(b ? b - 1 : 0)); break;
          default: dice.array.push_back(integer(in.ConsumeIntegral<std::uint32_t>()));
        }
      }
      break;
    }
    case 5: {  // a name field to another known name (or the empty string)
      static const char* strs[] = {"format", "style", "strategy", "rng", "order"};
      Value& v = state.object[pick(strs, 5)];
      v.kind = Value::Kind::string;
      v.string = pick(names, std::size(names));
      break;
    }
    case 6: {  // flip seeded, or change the kind of a field
      Value& v = state.object[in.ConsumeBool() ? "seeded" : pick(fields, std::size(fields))];
      if (v.kind == Value::Kind::boolean && in.ConsumeBool()) v.boolean = !v.boolean;
      else v.kind = static_cast<Value::Kind>(in.ConsumeIntegralInRange<int>(0, 5));
      break;
    }
    case 7: {  // the engine: null, truncated, a digit changed, all zero, or its position maxed
      Value& e = state.object["engine"];
      switch (in.ConsumeIntegralInRange<int>(0, 4)) {
        case 0: e = Value(); break;
        case 1: if (e.kind == Value::Kind::string && !e.string.empty()) e.string.pop_back(); break;
        case 2:
          if (e.kind == Value::Kind::string && !e.string.empty())
            e.string[in.ConsumeIntegralInRange<std::size_t>(0, e.string.size() - 1)] = "0f9aF g"[in.ConsumeIntegralInRange<int>(0, 6)];
          break;
        case 3: if (e.kind == Value::Kind::string) std::fill(e.string.begin(), e.string.end(), '0'); break;
        default:
          if (e.kind == Value::Kind::string && e.string.size() >= 16)
            for (std::size_t i = e.string.size() - 16; i < e.string.size(); ++i) e.string[i] = i == e.string.size() - 16 ? '0' + in.ConsumeIntegralInRange<int>(0, 1) * 7 : 'f';
      }
      break;
    }
    case 8:  // remove a field
      state.object.erase(pick(fields, std::size(fields)));
      break;
    case 10:
    case 11: {  // version 2: piles, cut and drawn
      Value& piles = state.object["piles"];
      if (piles.kind != Value::Kind::object) piles = Value(), piles.kind = Value::Kind::object;
      static const char* pile_names[] = {"hand:0", "hand:1", "burn", "dealt", "", "a b", "x\"y", "hand:0"};
      switch (in.ConsumeIntegralInRange<int>(0, 6)) {
        case 0: {  // a card from a list (or a pile) into a pile, often a new one
          Value& from = state.object[pick(piles_of_cards, 3)];
          if (from.array.empty()) break;
          const std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, from.array.size() - 1);
          const Value card = from.array[i];
          if (in.ConsumeBool()) from.array.erase(from.array.begin() + static_cast<std::ptrdiff_t>(i));  // else: twice
          Value& to = piles.object[pick(pile_names, std::size(pile_names))];
          to.kind = Value::Kind::array;
          to.array.push_back(card);
          break;
        }
        case 1:  // a pile renamed
          if (!piles.object.items.empty())
            piles.object.items[in.ConsumeIntegralInRange<std::size_t>(0, piles.object.size() - 1)].first =
                in.ConsumeBool() ? pick(pile_names, std::size(pile_names)) : in.ConsumeRandomLengthString(40);
          break;
        case 2:  // a pile emptied
          if (!piles.object.items.empty()) piles.object.items[in.ConsumeIntegralInRange<std::size_t>(0, piles.object.size() - 1)].second.array.clear();
          break;
        case 3: {  // the dealt cards split into up to 70 piles of one card
          Value& dealt = state.object["dealt"];
          const std::size_t k = std::min<std::size_t>(dealt.array.size(), in.ConsumeIntegralInRange<std::size_t>(1, 70));
          for (std::size_t i = 0; i < k; ++i) {
            Value& pile = piles.object[fuzz::fd::cat("p", i)];
            pile.kind = Value::Kind::array;
            pile.array.push_back(dealt.array.back());
            dealt.array.pop_back();
          }
          break;
        }
        case 4:  // cut at an edge, or null
          state.object["cut"] = in.ConsumeBool() ? Value() : integer(edge(in, state, 0));
          break;
        case 5:  // drawn at an edge
          state.object["drawn"] = integer(edge(in, state, len(state, "dealt")));
          break;
        default:  // the version the fields call for, or not
          state.object["version"] = integer(in.ConsumeIntegralInRange<std::uint64_t>(1, 3));
          if (!state.object.count("cut")) state.object["cut"] = Value();
          if (!state.object.count("drawn")) state.object["drawn"] = integer(len(state, "dealt"));
      }
      break;
    }
    default: {  // an unknown field
      Value v = integer(1);
      state.object.emplace(in.ConsumeBool() ? "extra" : "Size", v);
    }
  }
}

int structured(FuzzedDataProvider& in, const std::optional<fd::Bytes32>& entropy) {
  fd::DeckOptions options = fuzz::options(in);
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) options.penetration = (1 + in.ConsumeIntegral<std::uint8_t>()) / 256.0;
  std::unique_ptr<fd::Deck> d = fd::make_deck(options);
  const int ops = in.ConsumeIntegralInRange<int>(0, 40);
  std::vector<std::uint32_t> dealt;
  static const char* names[] = {"hand:0", "hand:1", "burn", "dealt", "skat"};
  for (int i = 0; i < ops; ++i) {
    switch (in.ConsumeIntegralInRange<int>(0, 8)) {
      case 6:  // cards onto a named pile (version 2 states)
        d->deal_to(names[in.ConsumeIntegralInRange<int>(0, 4)], std::min(d->remaining(), in.ConsumeIntegralInRange<std::uint32_t>(0, 5)));
        break;
      case 7:
        if (d->remaining() >= 6) d->deal_hands(3, 2);
        break;
      case 8: {  // dealt cards moved to a pile
        dealt = d->pile(2);
        std::vector<std::uint32_t> ids;
        for (std::uint32_t c : dealt)
          if (in.ConsumeIntegralInRange<int>(0, 3) == 0) ids.push_back(c);
        d->move_cards(ids, names[in.ConsumeIntegralInRange<int>(0, 4)]);
        break;
      }
      case 0: d->shuffle_remaining(); break;
      case 1: {
        dealt = d->pile(2);
        std::vector<std::uint32_t> ids;
        for (std::uint32_t c : dealt)
          if (in.ConsumeIntegralInRange<int>(0, 3) == 0) ids.push_back(c);
        d->return_cards(ids);
        break;
      }
      default: {  // deal one at a time, so a lazy or bitmap deck keeps pending dice
        const int k = in.ConsumeIntegralInRange<int>(1, 20);
        for (int j = 0; j < k; ++j) d->deal_one();
      }
    }
  }
  const bool secret = in.ConsumeBool();
  const std::string saved = fd::save_state(*d, secret);
  Value state = fd::json::parse(saved);
  const int mutations = in.ConsumeIntegralInRange<int>(0, 4);
  for (int i = 0; i < mutations; ++i) mutate(in, state);
  std::string text;
  write(text, state);
  if (mutations == 0) CHECK(text.size() == saved.size());  // the writer reproduces the reader's input
  auto restored = restore(text, entropy);
  if (mutations == 0 && (entropy || saved.find("\"engine\":null") == std::string::npos)) {
    CHECK(restored != nullptr);  // a state as saved always restores
    if (saved.find("\"engine\":null") == std::string::npos) CHECK(fd::save_state(*restored, secret) == saved);
  }
  if (restored) check_restored(*restored);
  return 0;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::optional<fd::Bytes32> entropy;
  if (data[0] & 1) {
    entropy.emplace();
    for (std::size_t i = 0; i < 32; ++i) (*entropy)[i] = static_cast<std::uint8_t>(i * 37 + data[0]);
  }
  if (data[0] & 2) {
    FuzzedDataProvider in(data + 1, size - 1);
    return structured(in, entropy);
  }
  auto d = restore(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), entropy);
  if (d) check_restored(*d);
  return 0;
}
