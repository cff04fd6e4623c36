// fairdeck/rng.hpp — a deck's randomness: one named engine, chosen at run time, plus its dice.
//
// Why: decks pick their engine by name ("chacha20" or "xoshiro256"), but the hot loops must be
// compiled per engine. `Rng::visit` dispatches once per public call, then runs templated code.
// Secure (unseeded) ChaCha20 decks re-key every kReseedWords words of output, inside the core:
// `prepare` runs before every operation that draws and makes sure the engine holds enough fresh
// reserve keys for every interval crossing the operation can reach, so the engine can mix one in
// at the exact word where its output crosses the interval (chacha20.hpp, rekey_every).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "fairdeck/attributes.hpp"
#include "fairdeck/engine/chacha20.hpp"
#include "fairdeck/entropy.hpp"
#include "fairdeck/engine/seed.hpp"
#include "fairdeck/engine/xoshiro256.hpp"
#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"
#include "fairdeck/uniform.hpp"

namespace fairdeck {

/// Words (4 bytes each) a secure deck's engine may produce before it wants fresh entropy:
/// 16,384 words = 64 KiB, Rust ThreadRng's interval; about 1,300 52-card shuffles.
inline constexpr std::uint64_t kReseedWords = 16384;

/// Names of the engines, in the order the API lists them.
inline constexpr std::string_view kEngineNames[] = {ChaCha20::name, Xoshiro256::name};

namespace detail {
/// Calls f with the engine in `v` (a two-engine std::variant) as its concrete type. libc++ (the
/// standard library Emscripten ships) implements std::visit as a call through a table of function
/// pointers: in WASM every deck operation made an indirect call that nothing could inline, its
/// captures passed through the stack in linear memory. There a branch on the index inlines (WASM
/// 52-card shuffle + deal: 4% faster with xoshiro256, 6% with chacha20). libstdc++'s std::visit
/// already switches, and with g++ the branch was 5–10% slower, so std::visit stays there.
/// Rng's engine is never valueless: only its constructor sets it.
template <class V, class F>
decltype(auto) dispatch(V& v, F&& f) {
#if defined(_LIBCPP_VERSION)
  static_assert(std::variant_size_v<std::remove_const_t<V>> == 2);
  if (v.index() == 1) return f(*std::get_if<1>(&v));
  return f(*std::get_if<0>(&v));
#else
  return std::visit(std::forward<F>(f), v);
#endif
}
}  // namespace detail

/// An engine chosen by name, with the dice stream that the deck's draws go through.
class Rng {
public:
  /// Creates engine `name` keyed with `key`. `secure` marks a deck keyed from platform entropy.
  Rng(std::string_view name, const Bytes32& key, bool secure) : engine_(make(name, key)), secure_(secure) {}

  /// Calls f(engine, dice) with the concrete engine type.
  template <class F>
  decltype(auto) visit(F&& f) {
    return detail::dispatch(engine_, [&](auto& e) -> decltype(auto) { return f(e, dice_); });
  }

  /// Writes the engine's next `count` 32-bit words to `out` (fairdeck/random's raw output; the
  /// dice are not involved).
  void fill(std::uint32_t* out, std::uint32_t count) noexcept {
    visit([&](auto& engine, Dice&) { fill_from(engine, out, count); });
  }

  /// Engine name.
  std::string_view name() const noexcept {
    return detail::dispatch(engine_, [](const auto& e) { return std::decay_t<decltype(e)>::name; });
  }
  /// True if the key came from platform entropy rather than a user's seed.
  bool secure() const noexcept { return secure_; }
  /// Makes a secure ChaCha20 engine re-key every kReseedWords words (decks call this; streams,
  /// seeded and xoshiro256 engines never re-key).
  void enable_rekeying() noexcept {
    if (auto* c = std::get_if<ChaCha20>(&engine_); c && secure_) c->rekey_every(kReseedWords);
  }
  /// The re-keying engine, or nullptr.
  const ChaCha20* rekeying() const noexcept {
    const auto* c = std::get_if<ChaCha20>(&engine_);
    return c && c->rekey_interval() != 0 ? c : nullptr;
  }

  /// Called before an operation that makes at most `draws` bounded draws (batches or single
  /// dice). Each draw takes one word plus one per rejection, and an attempt is rejected with
  /// probability below 2^-6 (every bound, and every batch's product, is ≤ 2^26), so the draws
  /// take more than 2·draws + 64 words with probability below 0.09^64 ≈ 10^-67. The engine gets
  /// a reserve key for every crossing of the interval within that many words (fetched from the
  /// entropy source all at once; if that fails: EntropyError, and nothing has changed), and re-keys
  /// at once if it already stands at or past the interval or its last re-key missed fresh entropy.
  [[gnu::always_inline]] void prepare(std::uint64_t draws) {
    if (rekeying()) prepare_rekeying(draws);  // one inline test for the engines that never re-key
  }
  /// prepare() but for its re-key now: fetches the reserve keys (EntropyError if that fails, and
  /// nothing has changed) and returns true if the engine is due to re-key before its next word.
  bool reserve_for(std::uint64_t draws) {
    auto* c = std::get_if<ChaCha20>(&engine_);
    if (!c || c->rekey_interval() == 0 || draws == 0) return false;
    const std::uint64_t interval = c->rekey_interval(), words = 2 * draws + 64, at = c->position();
    const bool now = at >= interval || c->missed();
    const std::uint64_t keys = now ? 1 + (words - 1) / interval : (at + words - 1) / interval;
    if (keys > c->reserve()) {
      std::vector<Bytes32> fresh(keys - c->reserve());
      if (!fresh_entropy(fresh.data()->data(), fresh.size() * sizeof(Bytes32))) throw EntropyError();
      for (const Bytes32& k : fresh) c->add_reserve(k);
    }
    return now;
  }
  /// prepare()'s re-key now, without fetching: re-keys if the engine stands at or past the
  /// interval (or its last re-key missed fresh entropy) and holds a reserve key. A deck's
  /// look-ahead calls reserve_for() once, then this before each deal it makes, where deal_one()
  /// would call prepare(), so that the engine ends exactly as after deal_one() calls (deck.hpp).
  [[gnu::noinline]] void rekey_if_due() noexcept {
    auto* c = std::get_if<ChaCha20>(&engine_);
    if (c && c->rekey_interval() != 0 && (c->position() >= c->rekey_interval() || c->missed()) && c->reserve() != 0)
      c->rekey_now();
  }
  /// Mixes fresh entropy into a ChaCha20 key (no effect on xoshiro256).
  void reseed(const Bytes32& fresh) noexcept {
    if (auto* c = std::get_if<ChaCha20>(&engine_)) c->reseed(fresh);
  }
  /// The dice stream.
  Dice& dice() noexcept { return dice_; }
  const Dice& dice() const noexcept { return dice_; }
  /// Engine state as hex (see each engine's save()).
  std::string save() const {
    return detail::dispatch(engine_, [](const auto& e) { return e.save(); });
  }
  /// Restores engine state; throws TypeError if malformed for this engine.
  void load(std::string_view text) {
    const bool ok = detail::dispatch(engine_, [&](auto& e) { return e.load(text); });
    if (!ok) throw TypeError(cat("state.engine is not a valid ", name(), " state"));
  }

  /// Throws TypeError naming `rng` unless `name` is a known engine.
  static void check_name(std::string_view name) {
    for (auto n : kEngineNames)
      if (n == name) return;
    throw TypeError(cat("rng must be 'chacha20' or 'xoshiro256', got '", name, "'"));
  }

private:
  /// fill() for one engine, a function of its own per engine: in one function, V8 allocated the
  /// registers of xoshiro256's loop worse once ChaCha20's copy loop sat beside it (5% slower).
  /// An engine with a fill() of its own (ChaCha20: a run of its buffer at a time) uses it; the
  /// others go word by word through hot(), so that the stores into `out` cannot make their state reload.
  template <class Engine>
  [[gnu::noinline]] static void fill_from(Engine& engine, std::uint32_t* out, std::uint32_t count) noexcept {
    if constexpr (requires { engine.fill(out, count); }) {
      engine.fill(out, count);
    } else {
      auto e = hot(engine);
      for (std::uint32_t i = 0; i < count; ++i) out[i] = e.next_u32();
    }
  }
  /// prepare() for an engine that re-keys.
  FAIRDECK_MINSIZE [[gnu::noinline]] void prepare_rekeying(std::uint64_t draws) {
    if (reserve_for(draws)) std::get<ChaCha20>(engine_).rekey_now();
  }

  using Engine = std::variant<ChaCha20, Xoshiro256>;
  static Engine make(std::string_view name, const Bytes32& key) {
    check_name(name);
    if (name == Xoshiro256::name) return Engine(std::in_place_type<Xoshiro256>, key);
    return Engine(std::in_place_type<ChaCha20>, key);
  }
  Engine engine_;
  Dice dice_;
  bool secure_;
};

}  // namespace fairdeck
