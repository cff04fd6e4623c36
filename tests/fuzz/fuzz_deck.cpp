// tests/fuzz/fuzz_deck.cpp — libFuzzer target: bytes → a deck and a sequence of operations on it,
// checked against a tiny model after every step.
//
// Invariants asserted (any violation aborts, so libFuzzer saves the input as a crash):
//  - every card id 0…n−1 is in exactly one place: pile(0) undealt, pile(1) returned, or one pile
//    of dealt cards (the default pile "dealt" or a named one), and each is exactly the model's:
//    named piles in the order their cards arrived, the default pile too (eager and lazy decks:
//    in the order they arrived, a return_cards() filling the places it empties as 0.1 did; bitmap
//    decks: by id), pile_names() the default pile first, then the others in first-use order;
//  - remaining() = undealt + returned, returned(), dealt_count(), pile_size() agree with the model;
//  - deal_one() returns a card the model has undealt (or returned, once undealt is empty), and
//    kNoCard exactly when the model is empty; an eager deck deals pile(0).front();
//  - deal(n) returns min(n, remaining) cards, each as deal_one would; deal_to, burn, deal_hands
//    and deal_pattern return exactly the cards a plain twin's deal() gives, onto the right piles
//    (hands round by round, patterns packet by packet);
//  - a bad return_cards, move_cards, deal_to, deal_hands or deal_pattern (unknown id, card not
//    dealt or not in `from`, a card twice, a bad pile name, too few cards, a 65th pile, seats out
//    of range) throws the model's fairdeck::TypeError or RangeError and changes nothing: the
//    full state with the engine position is compared (decks above 128 cards: the counts, pile
//    names and engine position, to keep executions fast);
//  - valid moves and returns from any pile do what the model does;
//  - with a cut card (a penetration p), drawn() counts every card dealt since the last shuffle
//    (not moves or returns) and cut_card_out() is true exactly from cut() cards on;
//  - save_state → restore_state gives a twin that, from then on, answers every operation exactly
//    as the original does (a secure deck saved without its secret restores with the same piles);
//  - boards_ahead(k, b) / settle_boards (lazy decks make a simulation's rounds of shuffle() and k
//    deals in advance): the rounds' cards are the ones the twins deal making each call, and however
//    many rounds and cards are handed out, the deck then goes on as they do
//  - look_ahead(k) / take(t) (lazy and bitmap decks deal up to 64 cards in advance and take back
//    what the caller did not hand out): the window holds min(k, 64, undealt) cards, each the card
//    the next deal_one() would give, and the deck answers, deals and saves exactly as a plain twin
//    that never looks ahead (made from the same options, given every other operation), whether
//    the look-ahead is taken whole, in part, or left pending under any other operation;
//  - no other exception type escapes, and ASan/UBSan see no memory or undefined-behaviour error.
// Cost (tests/fuzz/README.md): after every operation the counts, pile names and named piles are
// compared with the model (the twins: their counts), every 4th the full O(n) partition of decks
// of up to 64 cards; at the end of the input every deck's full partition and each twin's whole
// state; every deal's cards at once.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "fairdeck/json.hpp"
#include "../cpp/make_deck.hpp"

namespace fd = fairdeck;

namespace {

[[noreturn]] void fail(const char* what, unsigned long long a = 0, unsigned long long b = 0) { fuzz::fail("fuzz_deck", what, a, b); }
#define CHECK(cond, ...) \
  do {                   \
    if (!(cond)) fail(#cond, ##__VA_ARGS__); \
  } while (0)

enum Where : std::uint8_t { kUndealt = 0, kReturned = 1, kDealt = 2, kNamed = 3 };  // kDealt: the default pile

using Pile = std::pair<std::string, std::vector<std::uint32_t>>;

struct Model {
  std::vector<std::uint8_t> where;  // per card id
  std::uint32_t count[4] = {0, 0, 0, 0};
  std::vector<std::uint32_t> dealt;  // the default pile, oldest first (eager, lazy: exactly the deck's order)
  std::vector<Pile> named;           // piles besides the default one that hold cards, first-use order
  std::uint32_t drawn = 0;  // a deck with a cut card: cards drawn since the last shuffle

  explicit Model(std::uint32_t n) : where(n, kUndealt) { count[kUndealt] = n; }
  std::uint32_t n() const { return static_cast<std::uint32_t>(where.size()); }
  void move(std::uint32_t c, Where to) {
    --count[where[c]];
    where[c] = to;
    ++count[to];
  }
  void gather(Where from, Where to) {
    for (std::uint32_t c = 0; c < where.size(); ++c)
      if (where[c] == from) move(c, to);
  }
  Pile* find(const std::string& name) {
    for (Pile& p : named)
      if (p.first == name) return &p;
    return nullptr;
  }
  /// The pile that holds dealt card c.
  std::string pile_of(std::uint32_t c) const {
    if (where[c] == kDealt) return "dealt";
    for (const Pile& p : named)
      if (std::find(p.second.begin(), p.second.end(), c) != p.second.end()) return p.first;
    fail("pile_of: card not dealt", c);
  }
  /// Puts a card that was just dealt (where[c] == kDealt) onto pile `name`.
  void place(std::uint32_t c, const std::string& name) {
    if (name == "dealt") return dealt.push_back(c);
    move(c, kNamed);
    Pile* p = find(name);
    if (!p) named.push_back({name, {}}), p = &named.back();
    p->second.push_back(c);
  }
  /// Takes the dealt cards `ids` (sorted) out of their piles, to `to`. The default pile loses them
  /// as return_cards() does it: on its cards newest first, each found card swaps with the first
  /// place not yet filled (0.1's card array); moves keep the rest in order.
  void take_out(const std::vector<std::uint32_t>& sorted, Where to, bool as_return) {
    const auto in = [&sorted](std::uint32_t c) { return std::binary_search(sorted.begin(), sorted.end(), c); };
    if (as_return) {
      std::vector<std::uint32_t> newest(dealt.rbegin(), dealt.rend());
      std::size_t found = 0;
      for (std::size_t p = 0; p < newest.size(); ++p)
        if (in(newest[p])) std::swap(newest[p], newest[found++]);
      dealt.assign(newest.rbegin(), newest.rend() - static_cast<std::ptrdiff_t>(found));
    } else {
      dealt.erase(std::remove_if(dealt.begin(), dealt.end(), in), dealt.end());
    }
    for (Pile& p : named) p.second.erase(std::remove_if(p.second.begin(), p.second.end(), in), p.second.end());
    for (std::uint32_t c : sorted) move(c, to);
  }
  void drop_empty() {
    named.erase(std::remove_if(named.begin(), named.end(), [](const Pile& p) { return p.second.empty(); }), named.end());
  }
  void shuffle() {
    gather(kDealt, kUndealt), gather(kNamed, kUndealt), gather(kReturned, kUndealt);
    dealt.clear(), named.clear();
    drawn = 0;
  }
  std::vector<std::string> names() const {
    std::vector<std::string> v;
    if (count[kDealt]) v.push_back("dealt");
    for (const Pile& p : named) v.push_back(p.first);
    return v;
  }
  void drew(std::uint32_t k) { drawn = std::min(n(), drawn + k); }
};

std::vector<std::uint32_t> sorted_copy(std::vector<std::uint32_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

/// Everything a saved state holds (save_state with the secret), as values rather than JSON text:
/// the same comparison at a fraction of the cost under the sanitizers.
struct Snapshot {
  std::vector<std::uint32_t> undealt, returned, dealt, pending;
  std::vector<Pile> named;
  std::uint32_t cut = 0, drawn = 0;
  std::string engine;

  explicit Snapshot(const fd::Deck& d)
      : undealt(d.pile(0)), returned(d.pile(1)), dealt(d.default_pile_as_saved()), cut(d.cut()), drawn(d.drawn()),
        engine(d.rng().save()) {
    for (const fd::NamedPile& p : d.named_piles()) named.push_back({p.name, p.cards});
    const fd::Dice& dice = d.rng().dice();
    if (dice.count) pending.push_back(dice.next_bound);
    for (int i = 0; i < dice.count; ++i) pending.push_back(dice.dice[dice.pos + i]);
  }
  bool operator==(const Snapshot&) const = default;
};

/// What every step compares: counts, pile names and sizes, the cut card. O(piles).
void check_counts(const fd::Deck& d, const Model& m, const std::vector<std::string>& names) {
  const std::uint32_t drawn = d.cut() ? m.drawn : m.count[kDealt] + m.count[kNamed];  // no cut card: nothing counts
  CHECK(d.remaining() == m.count[kUndealt] + m.count[kReturned], d.remaining());
  CHECK(d.returned() == m.count[kReturned], d.returned());
  CHECK(d.dealt_count() == m.count[kDealt] + m.count[kNamed], d.dealt_count());
  CHECK(d.pile_size("dealt") == m.count[kDealt], d.pile_size("dealt"), m.count[kDealt]);
  CHECK(d.has_named_piles() == (m.count[kNamed] > 0));
  CHECK(d.pile_names() == names, d.pile_names().size(), names.size());
  CHECK(d.drawn() == drawn, d.drawn(), drawn);
  CHECK(d.cut_card_out() == (d.cut() != 0 && drawn >= d.cut()), drawn, d.cut());
}

/// The named piles' cards, in arrival order. O(cards in named piles).
void check_named(const fd::Deck& d, const Model& m) {
  for (const Pile& p : m.named) CHECK(d.pile_cards(p.first) == p.second, p.second.size());
}

/// Everything: the partition of 0…n−1 and the default pile's order. O(n).
void check_full(const fd::Deck& d, const Model& m) {
  const std::uint32_t n = d.size();
  CHECK(m.n() == n);
  std::vector<std::uint8_t> seen(n, 0);
  for (int p = 0; p < 3; ++p) {
    const std::vector<std::uint32_t> pile = d.pile(p);
    CHECK(pile.size() == (p < 2 ? m.count[p] : m.count[kDealt] + m.count[kNamed]), pile.size(), p);
    for (std::uint32_t c : pile) {
      CHECK(c < n, c, n);
      CHECK(seen[c]++ == 0, c);
      CHECK(p < 2 ? m.where[c] == p : m.where[c] >= kDealt, c, p);
    }
  }
  const std::vector<std::uint32_t> dealt = d.pile_cards("dealt");
  CHECK(dealt == (d.strategy() == fd::Strategy::bitmap ? sorted_copy(m.dealt) : m.dealt), dealt.size(), m.dealt.size());
  check_named(d, m);
}

/// What deal_one must do to the model; returns false when the deck must report kNoCard.
bool model_deal(Model& m, std::uint32_t card) {
  if (m.count[kUndealt] == 0) {
    if (m.count[kReturned] == 0) return false;
    m.gather(kReturned, kUndealt);
  }
  CHECK(card != fd::kNoCard);
  CHECK(card < m.n(), card);
  CHECK(m.where[card] == kUndealt, card, m.where[card]);
  m.move(card, kDealt);
  m.drew(1);
  return true;
}

/// Operations per input. Under ASan, UBSan and coverage an operation costs 50–100 µs (most of it
/// in the core's checks and libFuzzer's bookkeeping) and an input's fixed part about 85 µs; with
/// -O2, no comparison tracing and -entropic=0 a cap of 8 gives about 2,300–2,500 executions a
/// second on an idle core (6 measured only ~6% more: tests/fuzz/README.md); each operation deals,
/// moves or returns many cards at once, so 8 reach deep states (a return pile merged, 64 piles).
/// Decks above 300 cards (1 input in 16 at random, but a quarter of a grown corpus, since their
/// sizes reach more features) take 4 times as long per operation: they get at most 4 operations.
constexpr int kMaxSteps = 8;
constexpr int kMaxLargeSteps = 4;

/// The deck under test, its twin after a save/restore (which must answer every operation exactly
/// as the deck does), and a plain twin that never looks ahead.
struct Pair {
  std::unique_ptr<fd::Deck> deck, twin, plain;
};

/// A pile name: mostly from a small set (so that piles fill up, empty and are reused), sometimes
/// one of 70 numbered piles (to reach the 64-pile limit), rarely any bytes (mostly not a name).
std::string pile_name(FuzzedDataProvider& in) {
  static const char* common[] = {"dealt", "burn", "hand:0", "hand:1", "hand:2", "hand:3", "skat", "muck",
                                 "\"q\\", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"};
  const int kind = in.ConsumeIntegralInRange<int>(0, 15);
  if (kind < 11) return common[in.ConsumeIntegralInRange<int>(0, 9)];
  if (kind < 15) return fd::cat("p", in.ConsumeIntegralInRange<std::uint32_t>(0, 69));
  return in.ConsumeRandomLengthString(34);
}
bool valid_name(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s)
    if (c < 0x21 || c > 0x7e) return false;
  return true;
}

/// The error an operation must throw: none, a TypeError or a RangeError.
enum class Expect { ok, type, range };

/// Runs `op` on the deck, which must throw exactly `expect`; if it throws, the deck must be
/// unchanged (the whole state for small decks, else counts, names and engine position).
template <class Op>
bool run(fd::Deck& d, Expect expect, Op op, bool whole = true) {
  const bool small = whole && d.size() <= 300;
  const std::optional<Snapshot> before = expect != Expect::ok && small ? std::optional<Snapshot>(d) : std::nullopt;
  const std::string engine = expect != Expect::ok && !small ? d.rng().save() : std::string();
  const std::uint32_t remaining = d.remaining(), returned = d.returned(), drawn = d.drawn();
  const std::vector<std::string> names = expect == Expect::ok ? std::vector<std::string>() : d.pile_names();
  Expect got = Expect::ok;
  try {
    op(d);
  } catch (const fd::TypeError&) {
    got = Expect::type;
  } catch (const fd::RangeError&) {
    got = Expect::range;
  }
  CHECK(got == expect, static_cast<int>(got), static_cast<int>(expect));
  if (got != Expect::ok) {
    CHECK(small ? Snapshot(d) == *before : d.rng().save() == engine);
    CHECK(d.remaining() == remaining && d.returned() == returned && d.drawn() == drawn && d.pile_names() == names);
  }
  return got == Expect::ok;
}

/// Expect for adding cards to piles `targets` (count > 0 each, valid names): a RangeError if more
/// than kMaxPiles piles besides the default one would hold cards.
Expect pile_limit(const Model& m, const std::vector<std::string>& targets) {
  std::vector<std::string> fresh;
  for (const std::string& t : targets)
    if (t != "dealt" && !const_cast<Model&>(m).find(t) && std::find(fresh.begin(), fresh.end(), t) == fresh.end())
      fresh.push_back(t);
  return m.named.size() + fresh.size() > fd::kMaxPiles ? Expect::range : Expect::ok;
}

/// Every dealt card the model has, for picking: the default pile, then each named pile.
std::vector<std::uint32_t> dealt_cards(const Model& m) {
  std::vector<std::uint32_t> v = m.dealt;
  for (const Pile& p : m.named) v.insert(v.end(), p.second.begin(), p.second.end());
  return v;
}

/// Deals `total` cards onto piles by `pile_of(i)` in every deck and the model: the ids must be
/// what the plain twin's deal() gives.
template <class PileOf>
void model_piles(Model& m, const std::vector<std::uint32_t>& ids, std::uint64_t total, PileOf pile_of) {
  CHECK(ids.size() == total, ids.size(), total);
  for (std::uint64_t i = 0; i < total; ++i) {
    CHECK(model_deal(m, ids[i]), i);
    m.place(ids[i], pile_of(i));  // model_deal counted it in the default pile; place() files it
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  Pair p;
  fd::DeckOptions options;
  try {
    options = fuzz::options(in, fuzz::Sizes::mostly_small);
    switch (in.ConsumeIntegralInRange<int>(0, 7)) {  // a cut card in 3 decks of 8
      case 0: options.penetration = 1; break;
      case 1:
      case 2: options.penetration = (1 + in.ConsumeIntegral<std::uint8_t>()) / 256.0; break;
      case 3:
        if (in.ConsumeBool()) {  // a bad penetration is refused
          const double bad[] = {0, -0.5, 1.0000001, 2, __builtin_nan("")};
          fd::DeckOptions o = options;
          o.penetration = bad[in.ConsumeIntegralInRange<int>(0, 4)];
          bool refused = false;
          try {
            fd::make_deck(o);
          } catch (const fd::RangeError&) {
            refused = true;
          }
          CHECK(refused);
        }
        break;
      default: break;
    }
    p.deck = fd::make_deck(options);
    if (options.strategy != "eager") p.plain = fd::make_deck(options);  // an eager deck never looks ahead
  } catch (const fd::TypeError&) {
    fail("valid options were rejected");
  } catch (const fd::RangeError&) {
    fail("valid options were rejected (range)");
  }
  fd::Deck* d = p.deck.get();
  const std::uint32_t n = d->size();
  if (options.penetration) CHECK(d->cut() == fd::cut_for(*options.penetration, n) && d->cut() >= 1 && d->cut() <= n, d->cut());
  const bool small = n <= 64;
  Model m(n);
  check_full(*d, m);
  std::vector<std::uint32_t> out;
  struct Kept {
    std::vector<fd::Packet> packets;
    std::array<fd::DealPlan, 3> plans;  // one per deck of `all`
  };
  std::vector<Kept> kept;  // valid patterns dealt before (case 18)

  const int max_steps = n > 300 ? kMaxLargeSteps : kMaxSteps;
  for (int step = 0; step < max_steps && in.remaining_bytes() > 0; ++step) {
    fd::Deck* t = p.twin.get();
    fd::Deck* w = p.plain.get();
    fd::Deck* const all[] = {d, w, t};  // t may be null
    // Operations by weight (of 64). Saving and restoring (9, 10), which builds and parses JSON text
    // and so costs as much as ten other steps under the sanitizers, is 2 in 64 (fuzz_state fuzzes
    // the reader itself); filling up to 70 numbered piles at once (22) is 1 in 64.
    static constexpr std::uint8_t kOps[64] = {0,  0,  1,  1,  2,  2,  2,  3,  3,  3,  3,  4,  4,  5,  5,  5,
                                              6,  6,  6,  7,  7,  7,  8,  8,  8,  9,  9,  11, 12, 12, 12, 12,
                                              13, 13, 14, 14, 14, 14, 23, 15, 15, 15, 15, 15, 16, 16, 17, 17,
                                              17, 17, 18, 18, 18, 18, 19, 19, 19, 20, 20, 20, 21, 21, 21, 22};
    int op = kOps[in.ConsumeIntegralInRange<int>(0, 63)];
    if (op == 9 && in.ConsumeBool()) op = 10;
    switch (op) {
      case 0:
        for (fd::Deck* x : all)
          if (x) x->shuffle();
        m.shuffle();
        break;
      case 1:
        for (fd::Deck* x : all)
          if (x) x->shuffle_remaining();
        m.gather(kReturned, kUndealt);
        break;
      case 2:
      case 3: {
        std::uint32_t expect_front = fd::kNoCard;
        if (d->strategy() == fd::Strategy::eager && m.count[kUndealt] > 0) expect_front = d->pile(0).front();
        const std::uint32_t c = d->deal_one();
        if (w) CHECK(w->deal_one() == c, c);
        if (t) CHECK(t->deal_one() == c, c);
        if (model_deal(m, c)) m.dealt.push_back(c);
        else CHECK(c == fd::kNoCard, c);
        if (expect_front != fd::kNoCard) CHECK(c == expect_front, c, expect_front);
        break;
      }
      case 4:
      case 5: {
        const std::uint32_t want = in.ConsumeIntegralInRange<std::uint32_t>(0, std::min(n + 3, 70u));
        out.assign(want + 1, 0xdeadbeefu);
        const std::uint32_t before = d->remaining();
        const std::uint32_t k = d->deal(want, out.data());
        CHECK(k == std::min(want, before), k, want);
        CHECK(out[want] == 0xdeadbeefu, want);  // wrote no more than asked
        for (fd::Deck* other : {t, w}) {
          if (!other) continue;
          std::vector<std::uint32_t> twin_out(want + 1, 0);
          CHECK(other->deal(want, twin_out.data()) == k);
          for (std::uint32_t i = 0; i < k; ++i) CHECK(twin_out[i] == out[i], i);
        }
        for (std::uint32_t i = 0; i < k; ++i) {
          CHECK(model_deal(m, out[i]), i);
          m.dealt.push_back(out[i]);
        }
        break;
      }
      case 6:
      case 7: {  // a valid return: some distinct dealt cards, from any pile
        std::vector<std::uint32_t> ids;
        for (std::uint32_t c : dealt_cards(m))
          if (in.ConsumeBool()) ids.push_back(c);
        if (ids.size() > 1 && in.ConsumeBool()) std::swap(ids.front(), ids.back());  // order does not matter
        for (fd::Deck* x : all)
          if (x) CHECK(run(*x, Expect::ok, [&](fd::Deck& y) { y.return_cards(ids); }));
        m.take_out(sorted_copy(ids), kReturned, true);
        m.drop_empty();
        break;
      }
      case 8: {  // a bad return: must throw RangeError and change nothing
        std::vector<std::uint32_t> dealt = dealt_cards(m), ids;
        for (std::uint32_t c : dealt)
          if (in.ConsumeBool()) ids.push_back(c);
        switch (in.ConsumeIntegralInRange<int>(0, 3)) {
          case 0:  // an id that is not in the deck
            ids.insert(ids.begin() + static_cast<std::ptrdiff_t>(in.ConsumeIntegralInRange<std::size_t>(0, ids.size())),
                       n + in.ConsumeIntegralInRange<std::uint32_t>(0, 0xffffffffu - n));
            break;
          case 1:  // a card still in the deck or in the return pile
          case 2: {
            std::vector<std::uint32_t> other;
            const Where want = in.ConsumeBool() ? kUndealt : kReturned;
            for (std::uint32_t c = 0; c < n && other.size() < 64; ++c)
              if (m.where[c] == want || (m.count[want] == 0 && m.where[c] < kDealt)) other.push_back(c);
            if (other.empty()) {  // everything is dealt: name a card twice instead
              if (dealt.empty()) continue;
              ids.push_back(dealt[0]);
              ids.push_back(dealt[0]);
            } else {
              ids.push_back(other[in.ConsumeIntegralInRange<std::size_t>(0, other.size() - 1)]);
            }
            break;
          }
          default:  // a dealt card named twice
            if (dealt.empty()) continue;
            ids.push_back(dealt[in.ConsumeIntegralInRange<std::size_t>(0, dealt.size() - 1)]);
            ids.push_back(ids.back());
        }
        for (fd::Deck* x : {d, w})
          if (x) run(*x, Expect::range, [&](fd::Deck& y) { y.return_cards(ids); }, x == d);
        break;
      }
      case 9: {  // save and restore exactly: the twin must behave like the deck from now on
        const std::string s = fd::save_state(*d, true);
        CHECK((s.find("\"version\":2,") != std::string::npos) == (m.count[kNamed] > 0 || d->cut() != 0));
        p.twin = fd::restore_state(s, std::nullopt);
        CHECK(fd::save_state(*p.twin, true) == s);
        check_full(*p.twin, m);
        break;
      }
      case 10: {  // save without the secret: a seeded deck is still exact; a secure one is re-keyed
        const std::string s = fd::save_state(*d, false);
        const fd::Bytes32 key = fuzz::bytes32(in);
        auto restored = fd::restore_state(s, key);
        check_full(*restored, m);
        if (d->rng().secure()) {
          CHECK(s.find("\"engine\":null") != std::string::npos);
          CHECK(restored->rng().secure());
          p.deck = std::move(restored);  // the model still holds: same piles
          p.twin.reset();
          if (p.plain) p.plain = fd::restore_state(s, key);  // the same fresh key: the same deck again
          d = p.deck.get();
        } else {
          CHECK(fd::save_state(*restored, true) == fd::save_state(*d, true));
        }
        break;
      }
      case 11: {  // fresh entropy mixed into a secure deck's key
        const fd::Bytes32 fresh = fuzz::bytes32(in);
        for (fd::Deck* x : all)
          if (x) x->rng().reseed(fresh);
        break;
      }
      case 12:
      case 13: {  // look ahead: the window holds the cards the plain twin deals next
        const std::uint32_t k = in.ConsumeIntegralInRange<std::uint32_t>(0, 70);
        const std::uint32_t undealt = m.count[kUndealt];
        d->look_ahead(k);
        const bool ahead = d->strategy() != fd::Strategy::eager;
        CHECK(!ahead || d->window() == std::min({k, 64u, undealt}), d->window(), k);
        break;
      }
      case 14: {  // hand out t of the window's cards and take(t); a plain twin deals them
        const std::uint32_t window = d->window();
        const std::uint32_t t_ = in.ConsumeIntegralInRange<std::uint32_t>(0, std::min(window, 70u));
        const std::uint32_t* cards = d->window_cards();
        std::vector<std::uint32_t> handed(t_);
        for (std::uint32_t i = 0; i < t_; ++i) handed[i] = cards[window - 1 - i];
        if (!w && t_) {  // eager: the window is the undealt pile, in dealing order
          const std::vector<std::uint32_t> undealt = d->pile(0);
          CHECK(std::equal(handed.begin(), handed.end(), undealt.begin()));
        }
        d->take(t_);
        for (std::uint32_t i = 0; i < t_; ++i) {
          if (w) CHECK(w->deal_one() == handed[i], handed[i], i);
          if (t) CHECK(t->deal_one() == handed[i], handed[i], i);
          CHECK(model_deal(m, handed[i]), i);
          m.dealt.push_back(handed[i]);
        }
        if (d->strategy() != fd::Strategy::eager) CHECK(d->window() == 0, d->window());
        break;
      }
      case 15:
      case 16: {  // deal_to (burn: "burn"), valid or not
        const std::string name = op == 16 ? "burn" : pile_name(in);
        const std::uint32_t k = in.ConsumeIntegralInRange<std::uint32_t>(0, in.ConsumeBool() ? 3 : std::min(n + 2, 70u));
        const Expect e = !valid_name(name) ? Expect::type : k > d->remaining() ? Expect::range
                         : k > 0 ? pile_limit(m, {name}) : Expect::ok;
        std::vector<std::uint32_t> ids[3];
        for (int i = 0; i < 3; ++i)
          if (all[i]) run(*all[i], e, [&](fd::Deck& y) { ids[i] = op == 16 ? y.burn(k) : y.deal_to(name, k); }, i == 0);
        if (e != Expect::ok) break;
        CHECK((!w || ids[0] == ids[1]) && (!t || ids[0] == ids[2]));
        model_piles(m, ids[0], k, [&](std::uint64_t) -> const std::string& { return name; });
        break;
      }
      case 17: {  // deal_hands, valid or not
        const std::uint32_t seats = in.ConsumeIntegralInRange<std::uint32_t>(0, in.ConsumeBool() ? 6 : 66);
        const std::uint32_t per = in.ConsumeIntegralInRange<std::uint32_t>(0, in.ConsumeBool() ? 4 : 20);
        const std::uint64_t total = std::uint64_t{seats} * per;
        std::vector<std::string> hands;
        for (std::uint32_t s = 0; s < seats && per > 0; ++s) hands.push_back(fd::hand_pile(s));
        const Expect e = seats < 1 || seats > fd::kMaxSeats ? Expect::range : total > d->remaining() ? Expect::range
                         : pile_limit(m, hands);
        std::vector<std::uint32_t> ids[3];
        for (int i = 0; i < 3; ++i)
          if (all[i]) run(*all[i], e, [&](fd::Deck& y) { ids[i] = y.deal_hands(seats, per); }, i == 0);
        if (e != Expect::ok) break;
        CHECK((!w || ids[0] == ids[1]) && (!t || ids[0] == ids[2]));
        model_piles(m, ids[0], total, [&](std::uint64_t i) -> const std::string& { return hands[i % seats]; });
        break;
      }
      case 18: {  // deal_pattern, valid or not; or a pattern dealt before, again through its plans
        // A kept pattern is read once into a plan per deck (as Deck.pattern does), and a plan keeps
        // the slots its deck found for its piles: dealing it again takes that cached path, across
        // shuffles, renamed slots and restored decks (a restored deck is a new one).
        const bool again = !kept.empty() && in.ConsumeBool();
        Kept* const k = again ? &kept[in.ConsumeIntegralInRange<std::size_t>(0, kept.size() - 1)] : nullptr;
        std::vector<fd::Packet> packets = k ? k->packets : std::vector<fd::Packet>(in.ConsumeIntegralInRange<std::size_t>(0, 6));
        std::uint64_t total = 0;
        Expect e = Expect::ok;
        std::vector<std::string> targets;
        for (fd::Packet& pk : packets) {
          if (!k) pk.pile = pile_name(in), pk.count = in.ConsumeIntegralInRange<std::uint32_t>(0, in.ConsumeBool() ? 4 : 40);
          total += pk.count;
          if (!valid_name(pk.pile) && e == Expect::ok) e = Expect::type;
          if (pk.count) targets.push_back(pk.pile);
        }
        if (!k && e == Expect::ok && kept.size() < 4) {
          Kept fresh{packets, {}};
          std::vector<fd::RefPacket> refs;
          for (const fd::Packet& pk : fresh.packets) refs.push_back({fd::Deck::pile_ref(pk.pile), pk.count});
          for (fd::DealPlan& plan : fresh.plans) plan.assign(refs);
          kept.push_back(std::move(fresh));
        }
        if (e == Expect::ok) e = total > d->remaining() ? Expect::range : pile_limit(m, targets);
        std::vector<std::uint32_t> ids[3];
        for (int i = 0; i < 3; ++i) {
          if (!all[i]) continue;
          if (!k) {
            run(*all[i], e, [&](fd::Deck& y) { ids[i] = y.deal_pattern(packets); }, i == 0);
            continue;
          }
          run(*all[i], e, [&](fd::Deck& y) {
            ids[i].assign(total <= y.remaining() ? total : 0, 0);
            CHECK(y.deal_pattern(k->plans[static_cast<std::size_t>(i)], ids[i].data()) == total);
          }, i == 0);
        }
        if (e != Expect::ok) break;
        CHECK((!w || ids[0] == ids[1]) && (!t || ids[0] == ids[2]));
        std::size_t packet = 0;
        std::uint64_t end = packets.empty() ? 0 : packets[0].count;
        model_piles(m, ids[0], total, [&](std::uint64_t i) -> const std::string& {
          while (i >= end) end += packets[++packet].count;
          return packets[packet].pile;
        });
        break;
      }
      case 19:
      case 20:
      case 21: {  // move_cards: dealt cards (often of one pile, given as `from`), sometimes a bad one
        std::vector<std::uint32_t> dealt = dealt_cards(m), ids;
        std::optional<std::string> from;
        if (!dealt.empty() && in.ConsumeBool()) {  // all from the pile of one card
          from = m.pile_of(dealt[in.ConsumeIntegralInRange<std::size_t>(0, dealt.size() - 1)]);
          dealt = from == "dealt" ? m.dealt : m.find(*from)->second;
        }
        for (std::uint32_t c : dealt)
          if (in.ConsumeIntegralInRange<int>(0, 2) == 0) ids.push_back(c);
        for (std::size_t i = ids.size(); i > 1; --i)  // any order: they arrive in it
          std::swap(ids[i - 1], ids[in.ConsumeIntegralInRange<std::size_t>(0, i - 1)]);
        const std::string to = pile_name(in);
        if (op == 21) {  // a bad one: an id out of range, not dealt, twice, or from the wrong pile
          switch (in.ConsumeIntegralInRange<int>(0, 3)) {
            case 0: ids.push_back(n + in.ConsumeIntegralInRange<std::uint32_t>(0, 0xffffffffu - n)); break;
            case 1:
              for (std::uint32_t c = 0; c < n; ++c)
                if (m.where[c] < kDealt) {
                  ids.push_back(c);
                  break;
                }
              break;
            case 2:
              if (!ids.empty()) ids.push_back(ids[0]);
              break;
            default: from = pile_name(in);
          }
        }
        // what the deck must say: names first, then each card by id, then the pile limit
        Expect e = !valid_name(to) || (from && !valid_name(*from)) ? Expect::type : Expect::ok;
        const std::vector<std::uint32_t> sorted = sorted_copy(ids);
        for (std::size_t i = 0; i < sorted.size() && e == Expect::ok; ++i)
          if (sorted[i] >= n || (i > 0 && sorted[i] == sorted[i - 1]) || m.where[sorted[i]] < kDealt ||
              (from && m.pile_of(sorted[i]) != *from))
            e = Expect::range;
        if (e == Expect::ok && !ids.empty()) {
          std::size_t after = to != "dealt" && !m.find(to);
          for (const Pile& pl : m.named) {
            std::size_t leaving = 0;
            for (std::uint32_t c : pl.second) leaving += std::binary_search(sorted.begin(), sorted.end(), c);
            after += pl.second.size() > leaving || pl.first == to;
          }
          if (after > fd::kMaxPiles) e = Expect::range;
        }
        for (fd::Deck* x : all)
          if (x) run(*x, e, [&](fd::Deck& y) {
              if (from) y.move_cards(ids, to, std::string_view(*from));
              else y.move_cards(ids, to);
            }, x == d);
        if (e != Expect::ok || ids.empty()) break;
        m.take_out(sorted, kDealt, false);
        for (std::uint32_t c : ids) m.place(c, to);
        m.drop_empty();
        break;
      }
      case 23: {  // shuffle, rounds in advance (boards_ahead), some handed out; the twins make each call
        for (fd::Deck* x : all)
          if (x) x->shuffle();
        m.shuffle();
        const std::uint32_t k = in.ConsumeIntegralInRange<std::uint32_t>(1, 9);
        const std::uint32_t boards = d->boards_ahead(k, in.ConsumeIntegralInRange<std::uint32_t>(0, 40));
        if (boards == 0) break;
        CHECK(d->strategy() == fd::Strategy::lazy && d->boards_pending() == boards && d->run_size() == k, boards);
        const std::uint32_t board = in.ConsumeIntegralInRange<std::uint32_t>(0, boards - 1);
        const std::uint32_t taken = in.ConsumeIntegralInRange<std::uint32_t>(0, k);
        const std::uint32_t* ids = d->board_ids();
        for (std::uint32_t i = 0; i <= board; ++i) {
          if (i != 0) {
            for (fd::Deck* x : {w, t})
              if (x) x->shuffle();
            m.shuffle();
          }
          for (std::uint32_t j = 0; j < (i < board ? k : taken); ++j) {
            const std::uint32_t card = ids[i * k + k - 1 - j];
            if (w) CHECK(w->deal_one() == card, card, i * 16 + j);
            if (t) CHECK(t->deal_one() == card, card, i * 16 + j);
            CHECK(model_deal(m, card), i, j);
            m.dealt.push_back(card);
          }
        }
        if (board == 0 && taken == 0 && in.ConsumeBool()) break;  // left pending: the next question settles it, nothing handed out
        d->settle_boards(board, taken);
        CHECK(d->boards_pending() == 0);
        break;
      }
      default: {  // many numbered piles at once, up to the limit and past it
        const std::uint32_t first = in.ConsumeIntegralInRange<std::uint32_t>(0, 69);
        const std::uint32_t count = in.ConsumeIntegralInRange<std::uint32_t>(1, 70);
        for (std::uint32_t i = 0; i < count && d->remaining() > 0; ++i) {
          const std::string name = fd::cat("p", (first + i) % 70);
          const Expect e = pile_limit(m, {name});
          std::vector<std::uint32_t> ids[3];
          for (int j = 0; j < 3; ++j)
            if (all[j]) run(*all[j], e, [&](fd::Deck& y) { ids[j] = y.deal_to(name, 1); }, j == 0);
          if (e != Expect::ok) break;
          CHECK((!w || ids[0] == ids[1]) && (!t || ids[0] == ids[2]));
          model_piles(m, ids[0], 1, [&](std::uint64_t) -> const std::string& { return name; });
        }
      }
    }
    d = p.deck.get();
    if (op == 12 || op == 13) continue;  // leave the look-ahead pending for the next operation (asking settles it)
    check_counts(*d, m, m.names());
    for (const fd::Deck* x : {p.plain.get(), p.twin.get()})
      if (x) CHECK(x->remaining() == d->remaining() && x->dealt_count() == d->dealt_count() && x->drawn() == d->drawn());
    if (m.count[kNamed] <= 16) check_named(*d, m);
    if (small && step % 4 == 3) check_full(*d, m);
  }
  // the end: every card, the order of every pile and the engine position, of each deck
  check_full(*p.deck, m);
  const Snapshot s(*p.deck);
  if (p.plain) CHECK(s == Snapshot(*p.plain));
  if (p.twin) CHECK(s == Snapshot(*p.twin));
  return 0;
}
