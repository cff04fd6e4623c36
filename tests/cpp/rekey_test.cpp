// Re-keying of secure ChaCha20 decks inside the core (issue 17, defect 6), with a counting fake
// entropy source: fresh entropy is mixed in at the exact word where output crosses the
// kReseedWords interval, for every strategy, including decks that only deal and take cards back;
// a failing source makes the operation throw and changes nothing.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"

using namespace fairdeck;

namespace {
/// The fake source: key i is bytes (i, i >> 8, 0x33, …); counts calls and keys handed out.
struct Fake {
  static inline std::uint32_t keys = 0, calls = 0;
  static inline bool failing = false;
  static bool source(std::uint8_t* out, std::size_t n) {
    ++calls;
    if (failing) return false;
    for (std::size_t k = 0; k < n / 32; ++k) {
      const Bytes32 key = nth(keys++);
      std::memcpy(out + 32 * k, key.data(), 32);
    }
    return n % 32 == 0;
  }
  static Bytes32 nth(std::uint32_t i) {
    Bytes32 k{};
    k.fill(0x33);
    k[0] = static_cast<std::uint8_t>(i), k[1] = static_cast<std::uint8_t>(i >> 8);
    return k;
  }
};

class Rekey : public ::testing::Test {
protected:
  void SetUp() override {
    Fake::keys = Fake::calls = 0, Fake::failing = false;
    previous_ = set_entropy_source(&Fake::source);
  }
  void TearDown() override { set_entropy_source(previous_); }
  EntropySource previous_ = nullptr;
};

/// ChaCha20 re-keyed by hand, exactly at every kReseedWords words, with the fake's keys in order.
struct Reference {
  ChaCha20 c;
  std::uint32_t next_key = 0;
  std::uint32_t next_u32() noexcept {
    if (c.position() == kReseedWords) c.reseed(Fake::nth(next_key++));
    return c.next_u32();
  }
};

const std::string kInitial(32, '\x5c');

std::unique_ptr<Deck> secure_deck(const char* strategy, std::uint32_t size = 0) {
  DeckOptions o;
  o.strategy = strategy, o.seed_kind = SeedKind::entropy, o.seed = kInitial;
  if (size) o.style = "generic", o.size = size;
  return make_deck(o);
}
}  // namespace

TEST_F(Rekey, TheEngineReKeysAtTheExactWordWithReserveKeysInOrder) {
  ChaCha20 a(Fake::nth(900));
  Reference ref{ChaCha20(Fake::nth(900))};
  a.rekey_every(kReseedWords);
  for (int i = 0; i < 3; ++i) a.add_reserve(Fake::nth(static_cast<std::uint32_t>(i)));
  for (std::uint64_t w = 0; w < 3 * kReseedWords + 100; ++w) ASSERT_EQ(a.next_u32(), ref.next_u32()) << "word " << w;
  EXPECT_EQ(a.rekeys(), 3u);
  EXPECT_EQ(a.last_rekey_at(), kReseedWords);
  EXPECT_EQ(a.reserve(), 0u);
  EXPECT_EQ(Fake::calls, 0u);  // all from the reserve
}

TEST_F(Rekey, AnEmptyReserveAtTheCrossingFetchesThereAndAFailedFetchIsCaughtUpBeforeTheNextDraws) {
  ChaCha20 a(Fake::nth(900)), ref(Fake::nth(900));
  a.rekey_every(128);
  for (int w = 0; w < 128; ++w) ASSERT_EQ(a.next_u32(), ref.next_u32());
  EXPECT_EQ(Fake::calls, 0u);
  ref.reseed(Fake::nth(0));
  EXPECT_EQ(a.next_u32(), ref.next_u32());  // word 128: fetched synchronously
  EXPECT_EQ(Fake::calls, 1u);
  EXPECT_FALSE(a.missed());
  for (int w = 1; w < 128; ++w) a.next_u32(), ref.next_u32();
  Fake::failing = true;
  ref.reseed(Bytes32{});  // the documented fallback: the old keystream alone (old key erased)
  EXPECT_EQ(a.next_u32(), ref.next_u32());
  EXPECT_TRUE(a.missed());
  // A deck's next operation catches up with fresh entropy before it draws, or throws.
  Rng rng("chacha20", Fake::nth(900), true);
  rng.enable_rekeying();
  rng.visit([](auto& e, Dice&) {
    if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>)
      for (std::uint64_t w = 0; w <= kReseedWords; ++w) e.next_u32();  // crosses with no reserve
  });
  ASSERT_TRUE(rng.rekeying()->missed());
  const std::string before = rng.save();
  EXPECT_THROW(rng.prepare(1), EntropyError);
  EXPECT_EQ(rng.save(), before);
  Fake::failing = false;
  rng.prepare(1);
  EXPECT_FALSE(rng.rekeying()->missed());
  EXPECT_EQ(rng.rekeying()->rekeys(), 2u);
}

// Every strategy, dealt and reshuffled, against the hand-re-keyed reference running the same
// algorithm: the same cards, so the key changed at exactly the same word. No fetch happens
// during an operation: every key came from a prepare() before it (Fake::calls counts them).
TEST_F(Rekey, EveryStrategyReKeysExactlyAtTheCrossing) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    Fake::keys = Fake::calls = 0;
    auto d = secure_deck(strategy);
    Reference ref{ChaCha20(derive_key(SeedKind::entropy, kInitial))};
    Dice dice;
    std::vector<std::uint32_t> a(52);
    for (std::uint32_t i = 0; i < 52; ++i) a[i] = i;
    const std::string s = strategy;
    auto ref_shuffle = [&] {
      dice.clear();
      if (s == "eager") fisher_yates(std::span(a), ref, dice);
    };
    ref_shuffle();
    std::vector<std::uint64_t> words(1, 0);
    for (int round = 0; round < 10000 && d->rng().rekeying()->rekeys() < 3; ++round) {
      for (std::uint32_t u = 52; u >= 1; --u) {
        std::uint32_t want = 0;
        if (s == "eager") want = a[u - 1];
        if (s == "lazy") lazy_step(std::span(a), u, ref, dice), want = a[u - 1];
        if (s == "bitmap") {
          std::vector<std::uint64_t> bits(1, ~0ULL << 52);
          for (std::uint32_t k = u; k < 52; ++k) bits[0] |= 1ULL << a[k];
          want = bitmap_step(std::span(bits), u, ref, dice);
          a[u - 1] = want;
        }
        ASSERT_EQ(d->deal_one(), want) << s << " round " << round << " card " << u;
        ASSERT_LE(d->rng().rekeying()->position(), kReseedWords);
      }
      d->shuffle();
      ref_shuffle();
    }
    const ChaCha20& e = *d->rng().rekeying();
    EXPECT_EQ(e.rekeys(), 3u) << s;
    EXPECT_EQ(e.last_rekey_at(), kReseedWords) << s;
    EXPECT_EQ(ref.next_key, 3u) << s;
  }
}

// Lazy and bitmap decks that only deal and take cards back, never shuffling, re-key too.
TEST_F(Rekey, DecksThatDealAndTakeCardsBackWithoutShufflingReKey) {
  for (const char* strategy : {"lazy", "bitmap"}) {
    auto d = secure_deck(strategy);
    std::uint64_t rekeys = 0;
    for (int i = 0; i < 200000 && rekeys < 2; ++i) {
      std::uint32_t out[5];
      const std::uint32_t k = d->deal(5, out);
      d->return_cards(std::span<const std::uint32_t>(out, k));
      const ChaCha20& e = *d->rng().rekeying();
      ASSERT_LE(e.position(), kReseedWords);
      if (e.rekeys() != rekeys) {
        EXPECT_EQ(e.last_rekey_at(), kReseedWords);
        rekeys = e.rekeys();
      }
    }
    EXPECT_EQ(rekeys, 2u) << strategy;
  }
}

// A failing source: the operation that needed a key throws EntropyError and nothing changes;
// once the source works again, the same operation succeeds and the deck re-keys.
TEST_F(Rekey, AFailingSourceLeavesTheDeckUnchanged) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = secure_deck(strategy);
    const std::uint64_t bound = std::string(strategy) == "eager" ? 2 * 52 + 64 : 2 + 64;
    auto op = [&] {
      if (std::string(strategy) == "eager") return d->shuffle();
      std::uint32_t c = d->deal_one();
      d->return_cards(std::span<const std::uint32_t>(&c, 1));
    };
    const ChaCha20& e = *d->rng().rekeying();
    while (!(e.position() + bound > kReseedWords && e.reserve() == 0)) op();
    Fake::failing = true;
    const std::string before = save_state(*d, true);
    EXPECT_THROW(op(), EntropyError) << strategy;
    EXPECT_EQ(save_state(*d, true), before) << strategy;
    EXPECT_EQ(e.rekeys(), 0u);
    Fake::failing = false;
    for (int i = 0; i < 5000 && e.rekeys() == 0; ++i) op();
    EXPECT_EQ(e.rekeys(), 1u) << strategy;
    EXPECT_EQ(e.last_rekey_at(), kReseedWords) << strategy;
  }
}

// A secure state restored at or past the interval re-keys before its first draw; seeded and
// xoshiro256 decks never ask for entropy.
TEST_F(Rekey, RestoredPastTheIntervalReKeysFirstAndSeededDecksNeverReKey) {
  auto d = secure_deck("lazy");
  std::string state = save_state(*d, true);
  const auto at = state.find("\"engine\":\"") + 10 + 64;
  state.replace(at, 16, "0000000000004e20");  // position 20,000
  auto r = restore_state(state, std::nullopt);
  ASSERT_EQ(r->rng().rekeying()->position(), 20000u);
  r->deal_one();
  EXPECT_EQ(r->rng().rekeying()->last_rekey_at(), 20000u);
  EXPECT_LT(r->rng().rekeying()->position(), 100u);
  Fake::calls = 0;
  for (const char* rng : {"chacha20", "xoshiro256"})
    for (const char* strategy : {"eager", "lazy", "bitmap"}) {
      DeckOptions o;
      o.strategy = strategy, o.rng = rng, o.seed_kind = SeedKind::integer, o.seed = std::string(8, '\4');
      auto seeded = make_deck(o);
      EXPECT_EQ(seeded->rng().rekeying(), nullptr);
      for (int i = 0; i < 3000; ++i) seeded->shuffle(), seeded->deal_one();
    }
  DeckOptions x;
  x.rng = "xoshiro256", x.seed_kind = SeedKind::entropy, x.seed = kInitial;
  EXPECT_EQ(make_deck(x)->rng().rekeying(), nullptr);
  EXPECT_EQ(Fake::calls, 0u);
}
