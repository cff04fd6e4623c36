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
/// The last error's message. A fixed buffer, so that recording an error never allocates: on a
/// full heap an allocation inside a catch block would throw out of a noexcept function and
/// terminate the module.
inline char g_error_message[1024];
inline u32 g_error_length = 0;

/// Records an error: its kind and message (cut at the buffer's size, on a UTF-8 boundary).
inline void record_error(int kind, const char* message) noexcept {
  g_error_kind = kind;
  u32 n = 0;
  while (message[n] && n < sizeof g_error_message) ++n;
  if (n == sizeof g_error_message)
    while (n > 0 && (static_cast<unsigned char>(message[n]) & 0xc0) == 0x80) --n;  // never split a character
  for (u32 i = 0; i < n; ++i) g_error_message[i] = message[i];
  g_error_length = n;
}
inline std::string g_text;  // the last text result, until fd_text_free()

/// Returned by exports that report a count when they fail (the error is recorded).
constexpr u32 kFailed = 0xffffffffu;

/// Calls call(ctx); on a C++ exception records its kind and message and returns false. The only
/// try/catch in a module (basics.cpp): every catch clause costs code at each place it is written,
/// so `guard` below funnels every export through this one.
bool run_guarded(void (*call)(void*), void* ctx) noexcept;

/// Runs f; on a C++ exception records it (see run_guarded) and returns `fallback`.
template <class R, class F>
R guard(R fallback, F&& f) noexcept {
  g_error_kind = kNone;
  R result = fallback;
  auto body = [&] { result = f(); };
  using Body = decltype(body);
  if (!run_guarded([](void* b) { (*static_cast<Body*>(b))(); }, &body)) return fallback;
  return result;
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
