// cpp/bindings/fairdeck.cpp — the one Embind file: translates between JavaScript and the core.
//
// It only translates: numbers, strings and copies through the WASM heap. No C++ exception crosses
// into JavaScript (3.1.6 would deliver it as a bare number, and a JS exception thrown through C++
// frames would skip their destructors): every fallible call catches, records the error's kind and
// message, and reports failure by its return value; the TypeScript layer then reads `lastError*`
// and throws a real TypeError/RangeError. Objects handed to JS are freed by the TS wrappers.
#include <emscripten/bind.h>
#include <malloc.h>

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "fairdeck/bulk.hpp"
#include "fairdeck/fairness.hpp"
#include "fairdeck/state.hpp"

namespace fd = fairdeck;

namespace {

int g_error_kind = 0;  // 0 none, 1 Error, 2 TypeError, 3 RangeError
std::string g_error_message;

/// Returned by calls that report a count when they fail (the error is recorded).
constexpr std::uint32_t kFailed = 0xffffffffu;

/// `s`, once the heap has shown it can hold a copy: Embind copies a returned std::string into a
/// malloc'd buffer without checking for null (a full heap would make it write at address 0), so
/// a probe of that size is allocated and freed first; throws std::bad_alloc if it fails.
std::string returnable(std::string s) {
  void* probe = std::malloc(sizeof(std::size_t) + s.size() + 1);
  if (!probe) throw std::bad_alloc();
  std::free(probe);
  return s;
}

/// Runs f; on a C++ exception records it and returns `fallback`.
template <class R, class F>
R guard(R fallback, F&& f) noexcept {
  g_error_kind = 0;
  try {
    return f();
  } catch (const fd::TypeError& e) {
    g_error_kind = 2, g_error_message = e.what();
  } catch (const std::invalid_argument& e) {
    g_error_kind = 2, g_error_message = e.what();
  } catch (const std::out_of_range& e) {
    g_error_kind = 3, g_error_message = e.what();
  } catch (const std::bad_alloc&) {
    g_error_kind = 3, g_error_message = "not enough WASM memory for this request";
  } catch (const std::exception& e) {
    g_error_kind = 1, g_error_message = e.what();
  } catch (...) {
    g_error_kind = 1, g_error_message = "unknown error in the fairdeck core";
  }
  return fallback;
}

fd::Rng make_rng(const std::string& rng, int seed_kind, const std::string& seed) {
  if (seed_kind < 0 || seed_kind > 3) throw fd::TypeError("seed kind must be 0–3");
  const auto kind = static_cast<fd::SeedKind>(seed_kind);
  return fd::Rng(rng, fd::derive_key(kind, seed), kind == fd::SeedKind::entropy);
}

fd::Bytes32 to_key(const std::string& bytes) { return fd::derive_key(fd::SeedKind::entropy, bytes); }

/// A deck as JS sees it, with the heap buffers used to pass card ids in and out.
class CoreDeck {
public:
  CoreDeck(std::string style, std::uint32_t decks, std::uint32_t jokers, std::uint32_t size, std::string strategy,
           std::string rng, int seed_kind, std::string seed) {
    guard(0, [&] {
      const auto c = fd::make_composition(style, decks, jokers, size);
      deck_ = std::make_unique<fd::Deck>(c, fd::parse_strategy(strategy), make_rng(rng, seed_kind, seed));
      return 0;
    });
  }
  /// A provable deck (provable.hpp): `server` is the 32 seed bytes, `client` the UTF-8 client seed,
  /// `nonce` an integer 0 … 2^53 − 1 (exact in a double).
  CoreDeck(std::string style, std::uint32_t decks, std::uint32_t jokers, std::uint32_t size, std::string server,
           std::string client, double nonce) {
    guard(0, [&] {
      fd::ProvableSeeds seeds;
      if (server.size() != 32) throw fd::TypeError("provable.serverSeed must be 32 bytes");
      std::copy(server.begin(), server.end(), seeds.server.begin());
      if (!(nonce >= 0 && nonce <= 9007199254740991.0) || nonce != static_cast<double>(static_cast<std::uint64_t>(nonce)))
        throw fd::RangeError("provable.nonce must be an integer from 0 to 2^53 − 1");
      seeds.client = std::move(client), seeds.nonce = static_cast<std::uint64_t>(nonce);
      deck_ = std::make_unique<fd::Deck>(fd::make_composition(style, decks, jokers, size), seeds);
      return 0;
    });
  }
  CoreDeck(std::string state, std::string entropy) {
    guard(0, [&] {
      std::optional<fd::Bytes32> key;
      if (!entropy.empty()) key = to_key(entropy);
      deck_ = fd::restore_state(state, key);
      return 0;
    });
  }

  bool ok() const { return deck_ != nullptr; }
  /// Deals `taken` cards from the window (see take), shuffles, and returns straight() (see
  /// window), or -1 if a secure deck wants fresh entropy first.
  int shuffle(std::uint32_t taken) { return deck_->take(taken), deck_->shuffle(), opened(); }
  int shuffleRemaining() { return deck_->shuffle_remaining(), opened(); }
  /// Cards JS may deal itself from the heap at order(), from index window() − 1 down, telling
  /// the core with take(k) before any other call (Deck::straight; 0 when draws are needed).
  std::uint32_t window() const { return deck_->straight(); }
  std::uintptr_t order() const { return reinterpret_cast<std::uintptr_t>(deck_->order()); }
  void take(std::uint32_t k) { deck_->take(k); }
  int dealOne() {
    const std::uint32_t c = deck_->deal_one();
    return c == fd::kNoCard ? -1 : static_cast<int>(c);
  }
  /// Deals up to n cards into the buffer; returns how many, or kFailed (error recorded, nothing
  /// dealt) if the buffer cannot grow.
  std::uint32_t deal(std::uint32_t n) {
    const std::uint32_t k = std::min(n, deck_->remaining());
    if (buffer_.size() < k && !guard(false, [&] { return reserve(k), true; })) return kFailed;
    return deck_->deal(n, buffer_.data());
  }
  /// Copies a pile into the buffer; returns its length, or kFailed (error recorded).
  std::uint32_t pile(int which) {
    return guard(kFailed, [&] {
      const auto v = deck_->pile(which);
      std::copy(v.begin(), v.end(), reserve(static_cast<std::uint32_t>(v.size())));
      return static_cast<std::uint32_t>(v.size());
    });
  }
  /// Pointer to `n` writable uint32 slots (for returnCards' ids); 0 if out of memory.
  std::uintptr_t input(std::uint32_t n) {
    return guard<std::uintptr_t>(0, [&] { return reinterpret_cast<std::uintptr_t>(reserve(n)); });
  }
  bool returnCards(std::uint32_t n) {
    return guard(false, [&] { return deck_->return_cards(std::span(buffer_.data(), n)), true; });
  }
  std::uintptr_t buffer() const { return reinterpret_cast<std::uintptr_t>(buffer_.data()); }
  std::uint32_t size() const { return deck_->size(); }
  std::uint32_t remaining() const { return deck_->remaining(); }
  std::uint32_t returned() const { return deck_->returned(); }
  void reseed(std::string entropy) {
    guard(0, [&] { return deck_->rng().reseed(to_key(entropy)), 0; });
  }
  /// The state as JSON; "" (error recorded) if the heap cannot hold it twice (see returnable).
  std::string saveState(bool include_secret) const {
    return guard(std::string(), [&] { return returnable(fd::save_state(*deck_, include_secret)); });
  }

private:
  int opened() const { return deck_->rng().wants_entropy() ? -1 : static_cast<int>(deck_->straight()); }
  std::uint32_t* reserve(std::uint32_t n) {
    if (buffer_.size() < n) buffer_.resize(n);
    return buffer_.data();
  }
  std::unique_ptr<fd::Deck> deck_;
  std::vector<std::uint32_t> buffer_;
};

/// A fairness experiment (or, with measure 2, a timing run); counts are copied out as doubles.
class CoreExperiment {
public:
  CoreExperiment(std::string algorithm, int measure, std::uint32_t n, std::uint32_t rounds, std::string rng,
                 int seed_kind, std::string seed) {
    guard(0, [&] {
      if (measure < 0 || measure > 2) throw fd::TypeError("measure must be 0 (permutations), 1 (positions) or 2 (time)");
      exp_ = std::make_unique<fd::Experiment>(algorithm, static_cast<fd::Experiment::Measure>(measure), n, rounds,
                                              make_rng(rng, seed_kind, seed));
      return 0;
    });
  }
  bool ok() const { return exp_ != nullptr; }
  void run(std::uint32_t trials) { exp_->run(trials); }
  std::uintptr_t counts() {
    const auto& c = exp_->counts();
    out_.assign(c.begin(), c.end());
    return reinterpret_cast<std::uintptr_t>(out_.data());
  }
  std::uint32_t cells() const { return static_cast<std::uint32_t>(exp_->counts().size()); }

private:
  std::unique_ptr<fd::Experiment> exp_;
  std::vector<double> out_;
};

/// Bulk shuffle of a heap array, or swap targets for a JS Array; also a raw engine stream.
class CoreStream {
public:
  CoreStream(std::uint32_t n, std::string rng, int seed_kind, std::string seed) {
    guard(0, [&] {
      rng_ = std::make_unique<fd::Rng>(make_rng(rng, seed_kind, seed));
      bulk_ = std::make_unique<fd::BulkShuffle>(n, make_rng(rng, seed_kind, seed));
      return 0;
    });
  }
  /// False if construction failed, or if a cache-aware shuffle could not get its scratch array.
  bool ok() const { return bulk_ != nullptr && !bulk_->failed(); }
  std::uint32_t pending() const { return bulk_->pending(); }
  /// Shuffles in bounded steps (see BulkShuffle::step); 0 when done or failed (then ok() is false).
  std::uint32_t step(std::uintptr_t ptr, int width, std::uint32_t count) {
    std::uint32_t k = 0;
    switch (width) {
      case 1: k = bulk_->step(reinterpret_cast<std::uint8_t*>(ptr), count); break;
      case 2: k = bulk_->step(reinterpret_cast<std::uint16_t*>(ptr), count); break;
      case 8: k = bulk_->step(reinterpret_cast<std::uint64_t*>(ptr), count); break;
      default: k = bulk_->step(reinterpret_cast<std::uint32_t*>(ptr), count); break;
    }
    if (bulk_->failed()) g_error_kind = 3, g_error_message = "not enough WASM memory for the cache-aware shuffle's scratch array";
    return k;
  }
  /// True if step() runs the cache-aware shuffle (bulk_cache.hpp); targets() then returns 0.
  bool cacheAware() const { return bulk_->cache_aware(); }
  /// Makes step() plain Fisher–Yates whatever the size (benchmarks and tests); before any step.
  void fisherYatesOnly() { bulk_->fisher_yates_only(); }
  std::uint32_t targets(std::uintptr_t ptr, std::uint32_t count) {
    return bulk_->targets(reinterpret_cast<std::uint32_t*>(ptr), count);
  }
  /// Writes `words` raw 32-bit engine outputs at ptr.
  void words(std::uintptr_t ptr, std::uint32_t words) {
    auto* out = reinterpret_cast<std::uint32_t*>(ptr);
    rng_->visit([&](auto& e, fd::Dice&) {
      for (std::uint32_t i = 0; i < words; ++i) out[i] = e.next_u32();
    });
  }

private:
  std::unique_ptr<fd::Rng> rng_;
  std::unique_ptr<fd::BulkShuffle> bulk_;
};

/// Faces of one deck of a style (jokers included) as a JSON array of [code, name, rank, suit].
std::string faces(std::string style, std::uint32_t jokers) {
  return guard(std::string(), [&] {
    const auto c = fd::make_composition(style, 1, jokers, 0);
    std::string out = "[";
    for (std::uint32_t i = 0; i < c.per_deck(); ++i) {
      const fd::Face f = c.style->face(i);
      out += (i ? ",[\"" : "[\"") + f.code + "\",\"" + f.name + "\",\"" + f.rank + "\",\"" + f.suit + "\"]";
    }
    return returnable(out + "]");
  });
}

void fillIdentity(std::uintptr_t ptr, std::uint32_t start, std::uint32_t count) {
  auto* out = reinterpret_cast<std::uint32_t*>(ptr);
  for (std::uint32_t i = 0; i < count; ++i) out[i] = start + i;
}

std::uintptr_t allocate(double bytes) {
  if (!(bytes >= 0) || bytes > 4294967295.0) return 0;
  return reinterpret_cast<std::uintptr_t>(std::malloc(static_cast<std::size_t>(bytes)));
}
void release(std::uintptr_t ptr) { std::free(reinterpret_cast<void*>(ptr)); }
int lastErrorKind() { return g_error_kind; }
std::string lastErrorMessage() { return g_error_message; }
/// Bytes of the heap currently allocated (malloc's count, not the memory's size, which never
/// shrinks): lets tests prove that decks, streams and strings are freed.
double heapUsed() { return static_cast<double>(static_cast<unsigned>(mallinfo().uordblks)); }

}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck) {
  using namespace emscripten;
  class_<CoreDeck>("CoreDeck")
      .constructor<std::string, std::uint32_t, std::uint32_t, std::uint32_t, std::string, std::string, int, std::string>()
      .constructor<std::string, std::string>()
      .constructor<std::string, std::uint32_t, std::uint32_t, std::uint32_t, std::string, std::string, double>()
      .function("ok", &CoreDeck::ok)
      .function("shuffle", &CoreDeck::shuffle)
      .function("shuffleRemaining", &CoreDeck::shuffleRemaining)
      .function("dealOne", &CoreDeck::dealOne)
      .function("deal", &CoreDeck::deal)
      .function("pile", &CoreDeck::pile)
      .function("input", &CoreDeck::input)
      .function("returnCards", &CoreDeck::returnCards)
      .function("buffer", &CoreDeck::buffer)
      .function("window", &CoreDeck::window)
      .function("order", &CoreDeck::order)
      .function("take", &CoreDeck::take)
      .function("size", &CoreDeck::size)
      .function("remaining", &CoreDeck::remaining)
      .function("returned", &CoreDeck::returned)
      .function("reseed", &CoreDeck::reseed)
      .function("saveState", &CoreDeck::saveState);
  class_<CoreExperiment>("CoreExperiment")
      .constructor<std::string, int, std::uint32_t, std::uint32_t, std::string, int, std::string>()
      .function("ok", &CoreExperiment::ok)
      .function("run", &CoreExperiment::run)
      .function("counts", &CoreExperiment::counts)
      .function("cells", &CoreExperiment::cells);
  class_<CoreStream>("CoreStream")
      .constructor<std::uint32_t, std::string, int, std::string>()
      .function("ok", &CoreStream::ok)
      .function("pending", &CoreStream::pending)
      .function("step", &CoreStream::step)
      .function("targets", &CoreStream::targets)
      .function("cacheAware", &CoreStream::cacheAware)
      .function("fisherYatesOnly", &CoreStream::fisherYatesOnly)
      .function("words", &CoreStream::words);
  function("faces", &faces);
  function("fillIdentity", &fillIdentity);
  function("allocate", &allocate);
  function("release", &release);
  function("lastErrorKind", &lastErrorKind);
  function("lastErrorMessage", &lastErrorMessage);
  function("heapUsed", &heapUsed);
}
