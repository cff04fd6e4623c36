// cpp/bindings/common.hpp — what every WASM module's binding shares (the deck module,
// fairdeck.cpp, and the fairness module, fairness.cpp): the recorded error, `guard`, the text
// result and engine construction. Each module's basic exports (errors, text, memory) are in
// basics.cpp, linked into both. See fairdeck.cpp for the rules every export follows.
#pragma once

#include <emscripten/emscripten.h>

#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fairdeck/errors.hpp"
#include "fairdeck/rng.hpp"

namespace fd = fairdeck;
using u32 = std::uint32_t;
using u8 = std::uint8_t;

namespace fairdeck::abi {

/// Error kinds, as fd_manifest() names them for TypeScript.
enum ErrorKind : int { kNone = 0, kError = 1, kTypeError = 2, kRangeError = 3 };
inline int g_error_kind = kNone;
inline std::string g_error_message;
inline std::string g_text;  // the last text result, until fd_text_free()

/// Returned by exports that report a count when they fail (the error is recorded).
constexpr u32 kFailed = 0xffffffffu;

/// Runs f; on a C++ exception records it and returns `fallback`.
template <class R, class F>
R guard(R fallback, F&& f) noexcept {
  g_error_kind = kNone;
  try {
    return f();
  } catch (const fd::TypeError& e) {
    g_error_kind = kTypeError, g_error_message = e.what();
  } catch (const std::invalid_argument& e) {
    g_error_kind = kTypeError, g_error_message = e.what();
  } catch (const std::out_of_range& e) {
    g_error_kind = kRangeError, g_error_message = e.what();
  } catch (const std::bad_alloc&) {
    g_error_kind = kRangeError, g_error_message = "not enough WASM memory for this request (the heap holds at most 4 GiB)";
  } catch (const std::exception& e) {
    g_error_kind = kError, g_error_message = e.what();
  } catch (...) {
    g_error_kind = kError, g_error_message = "unknown error in the fairdeck core";
  }
  return fallback;
}

/// Makes `s` the text result and returns its address (its length: fd_text_length()).
inline const char* text(std::string s) {
  g_text = std::move(s);
  return g_text.data();
}

inline std::string_view view(const char* p, u32 n) { return {p ? p : "", p ? n : 0}; }

inline fd::Rng make_rng(std::string_view rng, int seed_kind, std::string_view seed) {
  if (seed_kind < 0 || seed_kind > 3) throw fd::TypeError("seed kind must be 0–3");
  const auto kind = static_cast<fd::SeedKind>(seed_kind);
  return fd::Rng(rng, fd::derive_key(kind, seed), kind == fd::SeedKind::entropy);
}

inline fd::Bytes32 to_key(std::string_view bytes) { return fd::derive_key(fd::SeedKind::entropy, bytes); }

}  // namespace fairdeck::abi
