// Bounded draws: exhaustive proofs on small words, and the dice stream's bookkeeping.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "fairdeck/engine/chacha20.hpp"
#include "fairdeck/engine/seed.hpp"
#include "fairdeck/engine/xoshiro256.hpp"
#include "fairdeck/uniform.hpp"
#include "stats.hpp"

using namespace fairdeck;

TEST(Lemire, EveryBoundOn8BitWordsProducesEachValueEquallyOften) {
  for (unsigned s = 1; s < 256; ++s) {
    std::vector<int> count(s, 0);
    for (unsigned x = 0; x < 256; ++x) {
      std::uint8_t out;
      if (detail::lemire_try<std::uint8_t>(static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(s), out)) {
        ASSERT_LT(out, s);
        ++count[out];
      }
    }
    for (unsigned v = 0; v < s; ++v) ASSERT_EQ(count[v], 256 / s) << "s=" << s << " v=" << v;
  }
}

TEST(Lemire, EveryBoundOn16BitWordsProducesEachValueEquallyOften) {
  for (unsigned s : {3u, 52u, 1000u, 32769u, 40000u, 65535u}) {
    std::vector<int> count(s, 0);
    for (unsigned x = 0; x < 65536; ++x) {
      std::uint16_t out;
      if (detail::lemire_try<std::uint16_t>(static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(s), out)) ++count[out];
    }
    for (unsigned v = 0; v < s; ++v) ASSERT_EQ(count[v], static_cast<int>(65536 / s)) << "s=" << s;
  }
}

TEST(Lemire, ModuloReductionIsBiasedOnTheSameWords) {  // negative control for the proof above
  std::vector<int> count(3, 0);
  for (unsigned x = 0; x < 256; ++x) ++count[x % 3];
  EXPECT_NE(count[0], count[2]);
}

TEST(BatchedDice, EveryWordOn16BitsGivesEachCombinationEquallyOften) {
  const std::vector<std::vector<std::uint16_t>> cases = {{52, 51}, {7, 6, 5}, {3, 2}, {255, 254}, {13, 12, 11, 10}};
  for (const auto& bounds : cases) {
    std::uint32_t prod = 1;
    for (auto b : bounds) prod *= b;
    std::vector<int> count(prod, 0);
    for (unsigned x = 0; x < 65536; ++x) {
      std::uint16_t out[8];
      if (!detail::batch_try<std::uint16_t>(static_cast<std::uint16_t>(x), bounds.data(), static_cast<int>(bounds.size()), prod, out))
        continue;
      std::uint32_t index = 0;
      for (std::size_t i = 0; i < bounds.size(); ++i) {
        ASSERT_LT(out[i], bounds[i]);
        index = index * bounds[i] + out[i];
      }
      ++count[index];
    }
    for (std::uint32_t v = 0; v < prod; ++v) ASSERT_EQ(count[v], static_cast<int>(65536 / prod)) << "prod=" << prod;
  }
}

TEST(Bounded, BoundsJustOverAPowerOfTwoAreUniform) {
  // s = 2^31 + 1 makes Lemire's method reject almost half of all words (the rejection path is
  // exercised constantly); s = 3·2^30 is where `x % s` makes the lowest third twice as likely.
  // 16 equal buckets, 200,000 draws: X² with df 15 at α = 1e-6 must stay under 56.5.
  ChaCha20 e(key_from_u64(2024));
  for (std::uint32_t s : {(1u << 31) + 1, 3u << 30}) {
    std::vector<std::uint64_t> buckets(16, 0);
    for (int i = 0; i < 200000; ++i) ++buckets[static_cast<std::uint64_t>(bounded(e, s)) * 16 / s];
    EXPECT_LT(tests::chi2_uniform(buckets), 56.5) << "s=" << s;
  }
  // Negative control: the same test rejects `x % s` for s = 3·2^30.
  const std::uint32_t s = 3u << 30;
  std::vector<std::uint64_t> biased(16, 0);
  for (int i = 0; i < 200000; ++i) ++biased[static_cast<std::uint64_t>(e.next_u32() % s) * 16 / s];
  EXPECT_GT(tests::chi2_uniform(biased), 56.5);
}

TEST(Dice, DescendingRollsComeFromOneBatchAndMismatchesDrawAnew) {
  ChaCha20 a(key_from_u64(5)), b(key_from_u64(5));
  Dice da, db;
  std::vector<std::uint32_t> x, y;
  for (std::uint32_t bound = 52; bound >= 2; --bound) x.push_back(da.roll(a, bound));
  for (std::uint32_t bound = 52; bound >= 2; --bound) y.push_back(db.roll(b, bound));
  EXPECT_EQ(x, y);
  EXPECT_EQ(da.count, 0);
  EXPECT_LT(a.position(), 20u) << "52 cards should need about 12 words, not 51";
  EXPECT_EQ(da.roll(a, 1), 0u);
  da.roll(a, 30);
  const auto pos = a.position();
  da.roll(a, 10);  // not 29: a new batch
  EXPECT_GT(a.position(), pos);
}

TEST(Dice, DescendDrawsExactlyWhatRollWouldInAnyChunkingAndLeavesTheSamePendingDice) {
  // descend() is the fast path of Fisher–Yates and bulk shuffles; it must be roll() in disguise.
  for (std::uint32_t from : {2u, 3u, 52u, 200u, 8190u, 8200u, 9000u}) {
    for (std::uint32_t chunk : {1u, 2u, 3u, 7u, 64u, 100000u}) {
      for (std::uint32_t pending : {0u, 1u, 3u}) {  // pending dice from earlier rolls (e.g. a restored deck)
        ChaCha20 a(key_from_u64(from * 31 + chunk)), b(key_from_u64(from * 31 + chunk));
        Dice da, db;
        std::vector<std::uint32_t> x, y;
        const std::uint32_t top = from + pending;
        for (std::uint32_t bound = top; bound > from; --bound) x.push_back(da.roll(a, bound)), y.push_back(db.roll(b, bound));
        for (std::uint32_t bound = from; bound >= 2; --bound) x.push_back(da.roll(a, bound));
        for (std::uint32_t hi = from; hi >= 2; hi = hi > chunk + 1 ? hi - chunk : 1) {
          const std::uint32_t lo = hi > chunk + 1 ? hi - chunk + 1 : 2;
          db.descend(b, hi, lo, [&y, expected = hi](std::uint32_t bound, std::uint32_t die) mutable {
            EXPECT_EQ(bound, expected--);
            y.push_back(die);
          });
        }
        ASSERT_EQ(x, y) << "from=" << from << " chunk=" << chunk << " pending=" << pending;
        EXPECT_EQ(a.position(), b.position());
        EXPECT_EQ(da.count, db.count);
      }
    }
  }
}

TEST(Dice, DescendStoppingMidBatchKeepsTheRestForTheNextCall) {
  ChaCha20 a(key_from_u64(9)), b(key_from_u64(9));
  Dice da, db;
  std::vector<std::uint32_t> x, y;
  for (std::uint32_t bound = 52; bound >= 50; --bound) x.push_back(da.roll(a, bound));
  db.descend(b, 52, 50, [&y](std::uint32_t, std::uint32_t die) { y.push_back(die); });
  EXPECT_EQ(x, y);
  EXPECT_EQ(db.count, da.count);
  EXPECT_EQ(db.next_bound, da.next_bound);
  for (int i = 0; i < da.count; ++i) EXPECT_EQ(db.dice[db.pos + i], da.dice[da.pos + i]);
  EXPECT_EQ(db.roll(b, 49), da.roll(a, 49));  // served from the pending batch, no new word
  EXPECT_EQ(a.position(), b.position());
}

namespace {
/// xoshiro256 whose every third word is 0: a batch drawn from 0 sends every die to 0 and is then
/// rejected (low = 0 < 2^32 mod prod unless prod is a power of two), so swap_down() undoes swaps often.
struct ZeroEveryThird {
  Xoshiro256 e;
  int n = 0;
  std::uint32_t next_u32() noexcept { return ++n % 3 == 0 ? 0 : e.next_u32(); }
};

/// The same words as ZeroEveryThird, handed out as ChaCha20 hands out its own: from a buffer (of
/// 7 words, so that runs end at every phase of the zeros) through a Reader with words(), end() and
/// resume(). swap_down()'s batches of one then read the buffer directly, and every third word
/// (0: below 2^32 mod b for every bound b that is not a power of two) is rejected there.
struct BufferedZeroEveryThird {
  static constexpr std::uint32_t kWords = 7;
  Xoshiro256 e;
  int n = 0;
  std::uint32_t buffer[kWords] = {};
  std::uint32_t at = kWords;
  void refill() noexcept {
    for (auto& w : buffer) w = ++n % 3 == 0 ? 0 : e.next_u32();
    at = 0;
  }
  std::uint32_t next_u32() noexcept {
    if (at == kWords) refill();
    return buffer[at++];
  }
  class Reader {
  public:
    explicit Reader(BufferedZeroEveryThird& engine) noexcept : e_(engine) {}
    std::uint32_t next_u32() noexcept { return e_.next_u32(); }
    const std::uint32_t* words() noexcept {
      if (e_.at == kWords) e_.refill();
      return e_.buffer + e_.at;
    }
    const std::uint32_t* end() const noexcept { return e_.buffer + kWords; }
    void resume(const std::uint32_t* at) noexcept { e_.at = static_cast<std::uint32_t>(at - e_.buffer); }

  private:
    BufferedZeroEveryThird& e_;
  };
};

/// Fisher–Yates steps from bound `from` down to 2 in chunks of `chunk`, with `pending` dice left by
/// earlier rolls, through descend() + swap (reference) or swap_down(); the array, then a word.
template <class Engine>
std::pair<std::vector<std::uint32_t>, std::uint32_t> steps(Engine engine, std::uint32_t from, std::uint32_t chunk,
                                                           std::uint32_t pending, bool fast, Dice& dice) {
  std::vector<std::uint32_t> a(from + pending);
  std::iota(a.begin(), a.end(), 0u);
  std::uint32_t* p = a.data();
  for (std::uint32_t bound = from + pending; bound > from; --bound) std::swap(p[bound - 1], p[dice.roll(engine, bound)]);
  for (std::uint32_t hi = from; hi >= 2; hi = hi > chunk + 1 ? hi - chunk : 1) {
    const std::uint32_t lo = hi > chunk + 1 ? hi - chunk + 1 : 2;
    if (fast) dice.swap_down(engine, p, hi, lo);
    else dice.descend(engine, hi, lo, [p](std::uint32_t i, std::uint32_t j) { std::swap(p[i - 1], p[j]); });
  }
  return {a, engine.next_u32()};
}
}  // namespace

TEST(Dice, SwapDownIsDescendWithSwapsEvenWhenWordsAreRejected) {
  // swap_down() is Fisher–Yates' fast path (deck shuffles, bulk and bucket shuffles): the same
  // swaps, words and pending dice as descend(), including after undoing a rejected batch.
  for (std::uint32_t from : {2u, 3u, 5u, 52u, 200u, 8190u, 8200u, 9000u}) {
    for (std::uint32_t chunk : {1u, 2u, 3u, 7u, 64u, 100000u}) {
      for (std::uint32_t pending : {0u, 1u, 3u}) {
        const Bytes32 key = key_from_u64(from * 31 + chunk);
        Dice d1, d2, d3, d4, d5, d6, d7, d8;
        EXPECT_EQ(steps(ChaCha20(key), from, chunk, pending, false, d1), steps(ChaCha20(key), from, chunk, pending, true, d2))
            << "chacha20 from=" << from << " chunk=" << chunk << " pending=" << pending;
        EXPECT_EQ(steps(Xoshiro256(key), from, chunk, pending, false, d3), steps(Xoshiro256(key), from, chunk, pending, true, d4))
            << "xoshiro256 from=" << from << " chunk=" << chunk << " pending=" << pending;
        EXPECT_EQ(steps(ZeroEveryThird{Xoshiro256(key)}, from, chunk, pending, false, d5),
                  steps(ZeroEveryThird{Xoshiro256(key)}, from, chunk, pending, true, d6))
            << "zero every third word, from=" << from << " chunk=" << chunk << " pending=" << pending;
        EXPECT_EQ(steps(BufferedZeroEveryThird{Xoshiro256(key)}, from, chunk, pending, false, d7),
                  steps(BufferedZeroEveryThird{Xoshiro256(key)}, from, chunk, pending, true, d8))
            << "buffered, zero every third word, from=" << from << " chunk=" << chunk << " pending=" << pending;
        for (const auto& [x, y] : {std::pair{&d1, &d2}, std::pair{&d3, &d4}, std::pair{&d5, &d6}, std::pair{&d7, &d8}}) {
          ASSERT_EQ(x->count, y->count);
          if (x->count == 0) continue;
          EXPECT_EQ(x->next_bound, y->next_bound);
          for (int i = 0; i < x->count; ++i) EXPECT_EQ(x->dice[x->pos + i], y->dice[y->pos + i]);
        }
      }
    }
  }
}

namespace {
/// Rounds of a simulation's loop on one array of `live` items: each round `deals` Fisher–Yates
/// steps from bound `live` down, then drops the pending dice, as each round's shuffle() does;
/// through descend() + swap + clear() (way 0, the reference), swap_down() + clear() (1) or
/// swap_down_rounds() (2, bounds that batch only); every round's array, then a word.
template <class Engine>
std::pair<std::vector<std::uint32_t>, std::uint32_t> rounds(Engine engine, std::uint32_t live, std::uint32_t deals,
                                                            std::uint32_t pending, int way) {
  constexpr std::uint32_t kRounds = 40;
  Dice dice;
  std::vector<std::uint32_t> a(live), seen;
  std::iota(a.begin(), a.end(), 0u);
  std::uint32_t* p = a.data();
  for (std::uint32_t bound = live + pending; bound > live; --bound) dice.roll(engine, bound);  // pending dice for bound `live`
  const std::uint32_t lo = live - deals + 1 < 2 ? 2 : live - deals + 1;
  if (way == 2) {  // swap_down_rounds() starts with no dice pending: with some, round 0 is descend()'s, as make_rounds() does
    std::uint32_t first = 0;
    if (dice.count != 0) {
      dice.descend(engine, live, lo, [p](std::uint32_t i, std::uint32_t j) { std::swap(p[i - 1], p[j]); });
      dice.clear();
      seen.insert(seen.end(), a.begin(), a.end());
      first = 1;
    }
    dice.swap_down_rounds(engine, p, live, Dice::Rounds(live, lo), kRounds - first, [&](std::uint32_t) { seen.insert(seen.end(), a.begin(), a.end()); });
    EXPECT_EQ(dice.count, 0);
  }
  for (std::uint32_t round = 0; way != 2 && round < kRounds; ++round) {
    if (way == 1) dice.swap_down(engine, p, live, lo), dice.clear();
    else dice.descend(engine, live, lo, [p](std::uint32_t i, std::uint32_t j) { std::swap(p[i - 1], p[j]); }), dice.clear();
    EXPECT_EQ(dice.count, 0);
    seen.insert(seen.end(), a.begin(), a.end());
  }
  return {seen, engine.next_u32()};
}
}  // namespace

TEST(Dice, SwapDownRoundsAreDescendThenClearEvenWhenWordsAreRejected) {
  // swap_down_rounds() is the boards-in-advance fast path (deck_boards.hpp): a last batch used in
  // part is drawn in registers, and the word must still be accepted or rejected on the whole
  // batch's product, so the same words, swaps and next word as descend() then clear() each
  // round (and as swap_down() then clear()). Bounds where the last batch is used whole, in part
  // and alone, batches of one (above 8192, way 1 only), up to 64 steps a round (way 2's most),
  // engines that reject every third word.
  for (std::uint32_t live : {2u, 3u, 5u, 48u, 52u, 200u, 8190u, 8200u, 9000u}) {
    for (std::uint32_t deals : {1u, 2u, 3u, 4u, 5u, 7u, 9u, 13u, 63u, 64u, 100000u}) {
      for (std::uint32_t pending : {0u, 2u}) {
        const Bytes32 key = key_from_u64(live * 131 + deals * 7 + pending);
        for (int way : {1, 2}) {
          const std::uint32_t steps = std::min(deals, live - 1);
          if (way == 2 && (live > kSingleAbove || steps > Dice::kRoundSteps)) continue;  // swap_down_rounds()'s reach
          EXPECT_EQ(rounds(ChaCha20(key), live, deals, pending, 0), rounds(ChaCha20(key), live, deals, pending, way))
              << "chacha20 live=" << live << " deals=" << deals << " pending=" << pending << " way=" << way;
          EXPECT_EQ(rounds(Xoshiro256(key), live, deals, pending, 0), rounds(Xoshiro256(key), live, deals, pending, way))
              << "xoshiro256 live=" << live << " deals=" << deals << " pending=" << pending << " way=" << way;
          EXPECT_EQ(rounds(ZeroEveryThird{Xoshiro256(key)}, live, deals, pending, 0),
                    rounds(ZeroEveryThird{Xoshiro256(key)}, live, deals, pending, way))
              << "zero every third word, live=" << live << " deals=" << deals << " pending=" << pending << " way=" << way;
          EXPECT_EQ(rounds(BufferedZeroEveryThird{Xoshiro256(key)}, live, deals, pending, 0),
                    rounds(BufferedZeroEveryThird{Xoshiro256(key)}, live, deals, pending, way))
              << "buffered, zero every third word, live=" << live << " deals=" << deals << " pending=" << pending << " way=" << way;
        }
      }
    }
  }
}
