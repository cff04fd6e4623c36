// sample_ids (fairdeck/sample.hpp): the dice its specification gives, the deck left as it was, and
// the exact law of the samples.
//
// Thresholds: α = 10^-6 per assertion (stats.hpp). Ordered 3-subsets of 6 cards: 120 cells,
// 120,000 trials (expected 1,000 a cell); 4 of 4 cards (every order): 24 cells, 24,000 trials.
// Negative control: the same harness fed by a deliberately biased sampler (the first k cards of
// the naive swap shuffle of reference.hpp), which the test must reject at the same threshold.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "fairdeck/reference.hpp"
#include "fairdeck/sample.hpp"
#include "make_deck.hpp"
#include "stats.hpp"

using namespace fairdeck;

namespace {

std::unique_ptr<Deck> seeded(const char* strategy, std::uint32_t size, const char* rng = "chacha20", const char* seed = "s") {
  DeckOptions o;
  o.style = size ? "generic" : "french";
  o.size = size;
  o.strategy = strategy;
  o.rng = rng;
  o.seed_kind = SeedKind::text;
  o.seed = seed;
  return make_deck(o);
}

/// The remaining cards in sample_ids' scratch order: pile(0) then pile(1).
std::vector<std::uint32_t> remaining_ids(const Deck& d) {
  std::vector<std::uint32_t> s = d.pile(0), r = d.pile(1);
  s.insert(s.end(), r.begin(), r.end());
  return s;
}

/// What sample_ids must give, as sample.hpp specifies it, written the other way round: per
/// trial the bounds m, m − 1, … grouped greedily while their product P stays ≤ 2^29 (at most 8 to
/// a word); each group from one engine word, its dice by chained 64-bit Lemire steps, kept when
/// the last step's low 32 bits are ≥ 2^32 mod P (else the next word); then the swaps on a copy.
std::vector<std::uint32_t> reference_samples(Deck& d, std::uint32_t k, std::uint32_t trials) {
  const std::vector<std::uint32_t> start = remaining_ids(d);
  const auto m = static_cast<std::uint32_t>(start.size());
  const std::uint32_t last = std::max<std::uint32_t>(2, m - k + 1);
  std::vector<std::uint32_t> out;
  d.rng().visit([&](auto& e, Dice&) {
    for (std::uint32_t t = 0; t < trials; ++t) {
      std::vector<std::uint32_t> dice;
      for (std::uint32_t b = m; b >= last && b >= 2;) {
        std::uint64_t product = b;
        std::uint32_t n = 1;
        while (n < 8 && b - n >= last && product * (b - n) <= (1u << 29)) product *= b - n, ++n;
        for (;;) {
          std::uint64_t low = e.next_u32();
          std::vector<std::uint32_t> got;
          for (std::uint32_t q = 0; q < n; ++q) {
            low *= b - q;
            got.push_back(static_cast<std::uint32_t>(low >> 32));
            low &= 0xffffffffu;
          }
          if (low >= (std::uint64_t{1} << 32) % product) {
            dice.insert(dice.end(), got.begin(), got.end());
            break;
          }
        }
        b -= n;
      }
      std::vector<std::uint32_t> s = start;
      for (std::uint32_t i = 0; i < k; ++i) {
        if (i < dice.size()) std::swap(s[m - 1 - i], s[dice[i]]);
        out.push_back(s[m - 1 - i]);  // k = m: the last card, at s[0], draws nothing
      }
    }
  });
  return out;
}

std::uint32_t rank_of(const std::vector<std::uint32_t>& cards, const std::vector<std::uint32_t>& ids, std::uint32_t k) {
  // Ordered k-subsets of the m cards `cards` numbered in mixed radix: position of each pick among those left.
  std::vector<std::uint32_t> left = cards;
  std::uint32_t r = 0;
  for (std::uint32_t i = 0; i < k; ++i) {
    const auto at = static_cast<std::uint32_t>(std::find(left.begin(), left.end(), ids[i]) - left.begin());
    EXPECT_LT(at, left.size()) << "card " << ids[i] << " is not a remaining card, or is drawn twice";
    r = r * static_cast<std::uint32_t>(left.size()) + at;
    left.erase(left.begin() + at);
  }
  return r;
}

/// χ² of `trials` samples of k from deck `d` by `sampler` over the (m)_k ordered k-subsets.
template <class Sampler>
double ordered_chi2(Deck& d, std::uint32_t k, std::uint32_t trials, Sampler sampler) {
  const std::vector<std::uint32_t> cards = remaining_ids(d);
  const auto m = static_cast<std::uint32_t>(cards.size());
  std::uint32_t cells = 1;
  for (std::uint32_t i = 0; i < k; ++i) cells *= m - i;
  std::vector<std::uint32_t> out(std::size_t{k} * trials);
  sampler(d, k, trials, out.data());
  std::vector<std::uint64_t> counts(cells);
  for (std::uint32_t t = 0; t < trials; ++t)
    ++counts[rank_of(cards, std::vector<std::uint32_t>(out.begin() + t * k, out.begin() + (t + 1) * k), k)];
  return tests::chi2_uniform(counts);
}

/// The negative control: the first k cards of the naive swap shuffle (biased, reference.hpp).
void biased_sampler(Deck& d, std::uint32_t k, std::uint32_t trials, std::uint32_t* out) {
  const std::vector<std::uint32_t> start = remaining_ids(d);
  d.rng().visit([&](auto& e, Dice&) {
    for (std::uint32_t t = 0; t < trials; ++t) {
      std::vector<std::uint32_t> s = start;
      reference::naive_swap(std::span<std::uint32_t>(s), e);
      out = std::copy_n(s.begin(), k, out);
    }
  });
}
void fair_sampler(Deck& d, std::uint32_t k, std::uint32_t trials, std::uint32_t* out) { sample_ids(d, k, trials, out); }

}  // namespace

TEST(Sample, DrawsTheDiceItsSpecificationGives) {
  for (const char* strategy : {"eager", "lazy", "bitmap"})
    for (const char* rng : {"chacha20", "xoshiro256"})
      for (std::uint32_t k : {1u, 2u, 5u, 6u, 9u, 47u, 48u}) {  // 1–5: pick(); 6 up: swaps
        auto a = seeded(strategy, 0, rng), b = seeded(strategy, 0, rng);
        std::vector<std::uint32_t> dealt(4);
        for (auto* d : {a.get(), b.get()}) {  // 48 remaining: 47 undealt and 1 returned
          d->deal(4, dealt.data());
          d->return_cards(std::span(dealt.data(), 1));
        }
        std::vector<std::uint32_t> got(k * 300u);
        ASSERT_EQ(sample_ids(*a, k, 300, got.data()), k * 300u);
        EXPECT_EQ(got, reference_samples(*b, k, 300)) << strategy << " " << rng << " k=" << k;
        EXPECT_EQ(a->rng().save(), b->rng().save()) << "the engines end at the same word";
      }
}

TEST(Sample, LeavesTheCardsAndTheDiceWhereTheyWereAndMovesTheEngineOn) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = seeded(strategy, 0), twin = seeded(strategy, 0);
    std::vector<std::uint32_t> ids(52);
    for (auto* x : {d.get(), twin.get()}) {
      x->deal(3, ids.data());
      x->deal_one();  // a lazy deck now has pending dice
    }
    const std::string engine = d->rng().save();
    std::vector<std::uint32_t> out(5 * 1000);
    sample_ids(*d, 5, 1000, out.data());
    EXPECT_NE(d->rng().save(), engine) << strategy;
    for (int p = 0; p < 3; ++p) EXPECT_EQ(d->pile(p), twin->pile(p)) << strategy << " pile " << p;
    EXPECT_EQ(d->rng().dice().count, twin->rng().dice().count);
    EXPECT_EQ(d->rng().dice().next_bound, twin->rng().dice().next_bound);
  }
}

TEST(Sample, RefusesMoreCardsThanRemainAndProvableDecksChangingNothing) {
  auto d = seeded("eager", 0);
  std::vector<std::uint32_t> out(60);
  const std::string engine = d->rng().save();
  try {
    sample_ids(*d, 53, 1, out.data());
    ADD_FAILURE();
  } catch (const RangeError& e) {
    EXPECT_STREQ(e.what(), "k must be at most the 52 cards remaining, got 53");
  }
  EXPECT_THROW(sample_ids(*d, 2, 0x80000000u, out.data()), RangeError);
  EXPECT_EQ(d->rng().save(), engine);
  EXPECT_EQ(sample_ids(*d, 0, 10, out.data()), 0u);
  EXPECT_EQ(sample_ids(*d, 5, 0, out.data()), 0u);
  EXPECT_EQ(d->rng().save(), engine);
  ProvableSeeds p;
  p.server.fill(7);
  p.client = "c";
  Deck provable(make_composition("french", 1, 0, 0), p);
  EXPECT_THROW(sample_ids(provable, 5, 1, out.data()), TypeError);
}

TEST(Sample, EveryOrderedSubsetIsEquallyLikelyAndTheBiasedControlFails) {
  // 6 remaining of a generic 8-card deck: 5 undealt and 1 returned (both piles feed the sample).
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = seeded(strategy, 8, "chacha20", "exact");
    std::vector<std::uint32_t> two(2);
    d->deal(2, two.data());
    d->return_cards(std::span(two.data(), 1));
    d->deal(1, two.data());
    ASSERT_EQ(d->remaining(), 6u);
    EXPECT_LT(ordered_chi2(*d, 3, 120000, fair_sampler), tests::chi2_critical(119)) << strategy;
    EXPECT_GT(ordered_chi2(*d, 3, 120000, biased_sampler), tests::chi2_critical(119)) << strategy << " (negative control)";
  }
  auto whole = seeded("eager", 4, "xoshiro256", "all");  // k = m: every order of 4 cards, the last card drawing nothing
  EXPECT_LT(ordered_chi2(*whole, 4, 24000, fair_sampler), tests::chi2_critical(23));
  EXPECT_GT(ordered_chi2(*whole, 4, 24000, biased_sampler), tests::chi2_critical(23));
}
