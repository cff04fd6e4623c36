// cpp/bindings/shuffle.cpp — the bulk-shuffle module: `shuffle(array)` and `permutation(n)`.
// A WebAssembly module of its own (docs/size.md), so that an app that only deals cards never
// ships the Fisher–Yates and cache-aware loops for every array width and engine; the package
// loads it in `init()` only when its `shuffle` or `permutation` is in the app. Same rules as
// fairdeck.cpp (no exception crosses into JS; `guard` records errors); basics.cpp is linked too.
#include <cstdint>

#include "common.hpp"
#include "fairdeck/bulk.hpp"

using namespace fairdeck::abi;  // errors, guard, make_rng (common.hpp)

extern "C" {

EMSCRIPTEN_KEEPALIVE fd::BulkShuffle* fd_bulk_new(u32 n, const char* rng, u32 rng_len, int seed_kind, const char* seed,
                                                  u32 seed_len) {
  return guard<fd::BulkShuffle*>(nullptr, [&] {
    return new fd::BulkShuffle(n, make_rng(view(rng, rng_len), seed_kind, view(seed, seed_len)));
  });
}
EMSCRIPTEN_KEEPALIVE void fd_bulk_free(fd::BulkShuffle* b) { delete b; }
/// Shuffles the heap array at ptr in bounded steps; 0 when done or failed (then fd_bulk_ok is false).
EMSCRIPTEN_KEEPALIVE u32 fd_bulk_step(fd::BulkShuffle* b, void* ptr, int width, u32 count) {
  u32 k = 0;
  switch (width) {
    case 1: k = b->step(static_cast<u8*>(ptr), count); break;
    case 2: k = b->step(static_cast<std::uint16_t*>(ptr), count); break;
    case 8: k = b->step(static_cast<std::uint64_t*>(ptr), count); break;
    default: k = b->step(static_cast<u32*>(ptr), count); break;
  }
  if (b->failed())
    record_error(kRangeError, "not enough WASM memory for the cache-aware shuffle's scratch array");
  return k;
}
EMSCRIPTEN_KEEPALIVE bool fd_bulk_ok(fd::BulkShuffle* b) { return !b->failed(); }
#ifdef FAIRDECK_BENCH_EXPORTS
/// Bench-only build (preset wasm-bench): plain Fisher–Yates whatever n is, for the 10^8 comparison.
EMSCRIPTEN_KEEPALIVE void fd_bulk_plain(fd::BulkShuffle* b) { b->fisher_yates_only(); }
#endif
/// Writes start, start + 1, … (count values) at ptr: permutation()'s identity, without a JS loop.
EMSCRIPTEN_KEEPALIVE void fd_fill_identity(u32* out, u32 start, u32 count) {
  for (u32 i = 0; i < count; ++i) out[i] = start + i;
}

}  // extern "C"
