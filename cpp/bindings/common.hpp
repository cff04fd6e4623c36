// cpp/bindings/common.hpp — what every WASM module's Embind binding shares (the deck module,
// fairdeck.cpp + cold.cpp; the bulk-shuffle module, shuffle.cpp; the fairness module,
// fairness.cpp): the recorded error, `guard`, byte results as typed_memory_views and engine
// construction. Each module's basic bindings (errors, text, heap use) are in basics.cpp, linked
// into all of them. See fairdeck.cpp for the rules every binding follows.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

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
using emscripten::val;

namespace fairdeck::abi {

/// Error kinds, as the manifest (manifest.cpp) names them for TypeScript.
enum ErrorKind : int { kNone = 0, kError = 1, kTypeError = 2, kRangeError = 3 };
inline int g_error_kind = kNone;
/// The last error's message. A fixed buffer, so that recording an error never allocates: on a
/// full heap an allocation inside a catch block would throw out of a noexcept function and
/// terminate the module.
inline char g_error_message[1024];
inline u32 g_error_length = 0;

/// Bytes of the static spec area where TypeScript packs a deck's options (cold.cpp, g_spec; a
/// larger spec gets a heap block); reaches TypeScript through the manifest (limits.specBytes).
inline constexpr std::size_t kSpecBytes = 1024;

/// The message of a std::bad_alloc, and of any other allocation that fails for lack of room.
inline constexpr char kNoMemory[] = "not enough WASM memory for this request (the heap holds at most 4 GiB)";

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
inline std::string g_text;  // the last text result, until textFree()

/// Returned by bindings that report a count when they fail (the error is recorded).
constexpr u32 kFailed = 0xffffffffu;

/// Calls call(ctx); on a C++ exception records its kind and message and returns false. The only
/// try/catch in a module (basics.cpp): every catch clause costs code at each place it is written,
/// so `guard` below funnels every binding through this one.
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

/// `n` items at `p` as a JS typed array over the heap (Uint8Array, Uint32Array, Float64Array: no
/// copy; JS copies or decodes at once, before anything can move them). Every result leaves the
/// module this way, never as an Embind std::string, whose wire copy is a malloc that 3.1.6 does
/// not check (a full heap would write through null).
template <class T>
val view(std::size_t n, T* p) {
  return val(emscripten::typed_memory_view(n, p));
}
/// Bytes (text) as a Uint8Array view.
inline val bytes_view(const char* p, std::size_t n) { return view(n, reinterpret_cast<const u8*>(p)); }

/// Makes `s` the text result and returns a view of its UTF-8 bytes (until textFree()).
inline val text(std::string s) {
  g_text = std::move(s);
  return bytes_view(g_text.data(), g_text.size());
}

/// Runs f, which makes a text result; null (the error recorded) if it throws.
template <class F>
val text_or_null(F&& f) noexcept {
  std::string s;
  if (!guard(false, [&] { return s = f(), true; })) return val::null();
  return text(std::move(s));
}

inline fd::Rng make_rng(std::string_view rng, int seed_kind, std::string_view seed) {
  if (seed_kind < 0 || seed_kind > 3) throw fd::TypeError("seed kind must be 0–3");
  const auto kind = static_cast<fd::SeedKind>(seed_kind);
  return fd::Rng(rng, fd::derive_key(kind, seed), kind == fd::SeedKind::entropy);
}

inline fd::Bytes32 to_key(std::string_view bytes) { return fd::derive_key(fd::SeedKind::entropy, bytes); }

/// Arguments from JS. Every C++ allocation that a conversion makes must happen inside `guard`:
/// a std::bad_alloc thrown by Embind's own conversions (a value_object's `new`, a std::string
/// argument's copy) would reach JS as an opaque WebAssembly.Exception, and its exception object,
/// which no C++ catch ever frees, would stay in libc++abi's small emergency pool when the heap is
/// full; a few of those and the next throw calls std::terminate (docs/toolchain.md). So options
/// arrive as one plain JS object (an emscripten::val: a handle, nothing allocated in the heap) whose
/// fields are numbers and Uint8Arrays (TypeScript encodes names and seeds: binding.ts), read here.

/// The bytes of a Uint8Array, copied into a std::string (the one allocation, in C++).
inline std::string bytes_of(const val& v) {
  const u32 n = v["length"].as<u32>();
  std::string s(n, '\0');
  if (n) view(n, reinterpret_cast<u8*>(s.data())).call<void>("set", v);
  return s;
}

/// How an engine is asked for ({ rng, seedKind, seed } in JS: EngineSpec in binding.ts).
struct EngineSpec {
  std::string rng;
  int seedKind = 0;
  std::string seed;
  explicit EngineSpec(const val& e) : rng(bytes_of(e["rng"])), seedKind(e["seedKind"].as<int>()), seed(bytes_of(e["seed"])) {}
  fd::Rng make() const { return make_rng(rng, seedKind, seed); }
};

}  // namespace fairdeck::abi
