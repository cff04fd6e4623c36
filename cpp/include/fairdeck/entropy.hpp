// fairdeck/entropy.hpp — where the core gets fresh entropy for re-keying secure decks.
//
// Why: the core decides when a secure deck needs fresh entropy (rng.hpp), so it must be able to
// fetch it itself, at the moment it is needed, on every platform. The source is a plain function
// pointer: natively getentropy(); the WASM binding installs one that calls
// crypto.getRandomValues (and reports failure instead of throwing); tests install fakes that
// count calls or fail on purpose. A source that fails must say so: there is no weaker fallback.
#pragma once
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace fairdeck {

/// Fills out[0, n) with fresh secure random bytes; returns false (out unspecified) on failure.
using EntropySource = bool (*)(std::uint8_t* out, std::size_t n);

/// The platform's source: getentropy(), 256 bytes per call (its limit).
inline bool platform_entropy(std::uint8_t* out, std::size_t n) noexcept {
  for (std::size_t at = 0; at < n; at += 256)
    if (getentropy(out + at, n - at < 256 ? n - at : 256) != 0) return false;
  return true;
}

namespace detail {
inline EntropySource& entropy_slot() noexcept {
  static EntropySource source = &platform_entropy;
  return source;
}
}  // namespace detail

/// Installs the source used from now on (nullptr restores the platform's); returns the previous one.
inline EntropySource set_entropy_source(EntropySource source) noexcept {
  const EntropySource old = detail::entropy_slot();
  detail::entropy_slot() = source ? source : &platform_entropy;
  return old;
}

/// Fills out[0, n) from the installed source; false if it failed.
inline bool fresh_entropy(std::uint8_t* out, std::size_t n) noexcept { return detail::entropy_slot()(out, n); }

/// Thrown when a secure deck needs fresh entropy and the source fails; becomes a JS Error. The
/// operation that needed it has changed nothing.
struct EntropyError : std::runtime_error {
  EntropyError()
      : std::runtime_error("fairdeck: no fresh entropy for re-keying this secure deck (the secure random source, "
                           "crypto.getRandomValues, failed or is missing); nothing was changed, try again") {}
};

}  // namespace fairdeck
