// fairdeck_trustless_longrun — the long run of issue 62 (item 6), outside `npm test`: seeded random
// tables of 2–10 seats, each dealt and opened end to end with 52 cards, every proof checked.
//
//   fairdeck_trustless_longrun [--tables N] [--seed S] [--from K] [--tamper]
//
// Table k (k = from … from + N − 1) is a function of (S, k) alone, so any one table can be
// re-run by itself (--from k --tables 1). For each table:
// - seats 2 + rand[0, 9), table id "longrun-S-k", every seat's randomness seeded (§8) from
//   (S, k); the plan deals all 52 positions, each to a random seat (private) or to all (public);
// - deal_hand() plays it (each shuffle verified before the next, as every seat would), then
//   verify_transcript() checks the whole transcript again, as an outside verifier;
// - the holders' cards and the public cards together are every card exactly once, and every
//   public card is the one verify_transcript() opened;
// - with --tamper, one copy of the transcript has one random message changed (a shuffled deck
//   entry, a share or a key) and must be rejected, naming that message's seat.
// Exit status 0 only if every table passed. Prints progress every 100 tables and the time.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fairdeck/trustless/transcript.hpp"
#include "fairdeck/uniform.hpp"

using namespace fairdeck;
using namespace fairdeck::trustless;

namespace {

Bytes32 table_key(std::uint64_t seed, std::uint64_t k) {
  Hash h("fairdeck/trustless-longrun/table");
  h.u32(static_cast<std::uint32_t>(seed >> 32)).u32(static_cast<std::uint32_t>(seed));
  h.u32(static_cast<std::uint32_t>(k >> 32)).u32(static_cast<std::uint32_t>(k));
  const auto d = h.digest();
  Bytes32 key;
  std::memcpy(key.data(), d.data(), key.size());
  return key;
}

/// One table; returns an empty string if it passed, else what failed.
std::string run_table(std::uint64_t seed, std::uint64_t k, bool tamper, std::uint32_t& seats_out) {
  const Bytes32 key = table_key(seed, k);
  ChaCha20 draws(key);
  const std::uint32_t seats = 2 + bounded(draws, 9);
  seats_out = seats;
  const Table t{"longrun-" + std::to_string(seed) + "-" + std::to_string(k), seats, kCards};
  std::vector<std::pair<std::uint32_t, DealTo>> plan;
  for (std::uint32_t p = 0; p < kCards; ++p) {
    const std::uint32_t r = bounded(draws, seats + 1);  // seats + 1 choices: a seat, or all
    plan.emplace_back(p, r == seats ? DealTo::to_all() : DealTo::to_seat(r));
  }
  const std::vector<std::uint8_t> rng_seed(key.begin(), key.end());
  const Transcript tr = seeded_hand(t, rng_seed, plan);
  const TranscriptCheck check = verify_transcript(tr);
  if (!check.ok) return "verify_transcript: " + check.describe();
  if (tr.deals.size() != kCards || check.public_cards.size() != kCards) return "deal count";
  std::vector<int> seen(kCards, 0);
  for (std::size_t i = 0; i < tr.deals.size(); ++i) {
    const Deal& d = tr.deals[i];
    if (!d.card) return "position " + std::to_string(d.position) + " has no card";
    ++seen[*d.card];
    const bool pub = d.to.kind == DealTo::Kind::all;
    if (pub != check.public_cards[i].has_value() || (pub && *check.public_cards[i] != *d.card))
      return "position " + std::to_string(d.position) + ": the verifier's public card differs";
    if (d.shares.size() != (pub ? seats : seats - 1)) return "share count";
  }
  for (std::uint32_t c = 0; c < kCards; ++c)
    if (seen[c] != 1) return "card " + std::to_string(c) + " dealt " + std::to_string(seen[c]) + " times";

  if (tamper) {
    Transcript bad = tr;
    const Point g = mul_base(sone());
    std::uint32_t culprit = 0;
    switch (bounded(draws, 3)) {
      case 0: {  // a shuffled deck entry changed after proving
        culprit = bounded(draws, seats);
        Ciphertext& c = bad.shuffles[culprit].deck[bounded(draws, kCards)];
        c.b = add(c.b, g);
        break;
      }
      case 1: {  // a wrong share
        Deal& d = bad.deals[bounded(draws, kCards)];
        ShareMessage& m = d.shares[bounded(draws, static_cast<std::uint32_t>(d.shares.size()))];
        m.share = add(m.share, g);
        culprit = m.seat;
        break;
      }
      default: {  // a key proof's response changed
        culprit = bounded(draws, seats);
        bad.keys[culprit].proof.s = sadd(bad.keys[culprit].proof.s, sone());
        break;
      }
    }
    const TranscriptCheck r = verify_transcript(bad);
    if (r.ok) return "a tampered transcript verified";
    if (r.seat != culprit) return "tampered: blamed seat " + std::to_string(r.seat) + ", not " + std::to_string(culprit);
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t tables = 10000, seed = 62, from = 0;
  bool tamper = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::uint64_t {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", a.c_str());
        std::exit(2);
      }
      return std::strtoull(argv[++i], nullptr, 10);
    };
    if (a == "--tables") tables = value();
    else if (a == "--seed") seed = value();
    else if (a == "--from") from = value();
    else if (a == "--tamper") tamper = true;
    else {
      std::fprintf(stderr, "usage: %s [--tables N] [--seed S] [--from K] [--tamper]\n", argv[0]);
      return 2;
    }
  }
  const auto t0 = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  std::uint64_t failed = 0, by_seats[11] = {};
  for (std::uint64_t k = from; k < from + tables; ++k) {
    std::uint32_t seats = 0;
    std::string why;
    try {
      why = run_table(seed, k, tamper, seats);
    } catch (const std::exception& e) {
      why = std::string("threw: ") + e.what();
    }
    if (seats <= 10) ++by_seats[seats];
    if (!why.empty()) {
      ++failed;
      std::printf("FAIL table %llu (%u seats): %s\n", static_cast<unsigned long long>(k), seats, why.c_str());
    }
    if ((k - from + 1) % 100 == 0)
      std::printf("%llu tables, %llu failed, %.0f s\n", static_cast<unsigned long long>(k - from + 1),
                  static_cast<unsigned long long>(failed), seconds());
    std::fflush(stdout);
  }
  std::printf("seats:");
  for (int s = 2; s <= 10; ++s) std::printf(" %d:%llu", s, static_cast<unsigned long long>(by_seats[s]));
  std::printf("\n%llu tables (seed %llu, from %llu%s): %llu failed, %.1f s\n", static_cast<unsigned long long>(tables),
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(from), tamper ? ", tampered copies" : "",
              static_cast<unsigned long long>(failed), seconds());
  return failed ? 1 : 0;
}
