// cpp/bindings/shuffle.cpp — the bulk-shuffle module: `shuffle(array)` and `permutation(n)`.
// A WebAssembly module of its own (docs/size.md), so that an app that only deals cards never
// ships the Fisher–Yates and cache-aware loops for every array width and engine; the package
// loads it in `init()` only when its `shuffle` or `permutation` is in the app. Same rules as the
// deck module (fairdeck.cpp: no exception crosses into JS; `guard` records errors); basics.cpp
// is linked too.
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "common.hpp"
#include "fairdeck/bulk.hpp"

using namespace fairdeck::abi;  // errors, guard, EngineSpec (common.hpp)

namespace {

/// A bulk shuffle of n items and the heap array it shuffles (data(): JS copies the items in and
/// out through a typed_memory_view of it). A malloc'd block, not a std::vector: wasm32's vector
/// stops at 2^31 − 1 bytes, the heap at 4 GiB.
struct CoreBulk {
  fd::BulkShuffle bulk;
  std::unique_ptr<u8, decltype(&std::free)> array{nullptr, &std::free};
  std::size_t size = 0;
  u32 n = 0;        // the items
  u32 written = 0;  // choices() and labels(): values written so far, the next one's slot
};

CoreBulk* make(u32 n, const val& engine) {
  return guard<CoreBulk*>(nullptr, [&] { return new CoreBulk{fd::BulkShuffle(n, EngineSpec(engine).make()), {nullptr, &std::free}, 0, n, 0}; });
}
/// The array of `bytes` bytes, as a Uint8Array view; null (error recorded) if the heap is full.
val data(CoreBulk& b, double bytes) {
  g_error_kind = kNone;
  if (!(bytes >= 0 && bytes <= 4294967295.0) || bytes != static_cast<double>(static_cast<std::size_t>(bytes))) {
    record_error(kRangeError, "the array's size must be a whole number of bytes below 4 GiB");
    return val::null();
  }
  const auto n = static_cast<std::size_t>(bytes);
  if (n != b.size) {
    b.array.reset(), b.size = 0, b.written = 0;
    if (n > 0) {
      b.array.reset(static_cast<u8*>(std::malloc(n)));
      if (!b.array) {
        record_error(kRangeError, "not enough WASM memory for the array (the heap holds at most 4 GiB)");
        return val::null();
      }
      b.size = n;
    }
  }
  return view(b.size, b.array.get());
}
/// Shuffles the array (items of `width` bytes) in bounded steps of `count` positions; 0 when done
/// or failed (then ok() is false).
u32 step(CoreBulk& b, int width, u32 count) {
  void* p = b.array.get();
  u32 k = 0;
  switch (width) {
    case 1: k = b.bulk.step(static_cast<u8*>(p), count); break;
    case 2: k = b.bulk.step(static_cast<std::uint16_t*>(p), count); break;
    case 8: k = b.bulk.step(static_cast<std::uint64_t*>(p), count); break;
    default: k = b.bulk.step(static_cast<u32*>(p), count); break;
  }
  if (b.bulk.failed())
    record_error(kRangeError, "not enough WASM memory for the cache-aware shuffle's scratch array");
  return k;
}
bool ok(CoreBulk& b) { return !b.bulk.failed(); }
/// Writes start, start + 1, … (count values) into the array from slot `start`: permutation()'s
/// identity, without a JS loop.
void identity(CoreBulk& b, u32 start, u32 count) {
  u32* out = reinterpret_cast<u32*>(b.array.get()) + start;
  for (u32 i = 0; i < count; ++i) out[i] = start + i;
}
// JavaScript Arrays (shuffle.ts): the steps' choices, made here, the moves made there. Each call
// writes only inside the array data() sized, whatever the caller passes.

/// True if the shuffle is the cache-aware one (labels() and bucketChoices()), else choices().
bool cache_aware(CoreBulk& b) { return b.bulk.cache_aware(); }
/// Plain Fisher–Yates: the next choices (at most `count`, and as many as the array has room for)
/// appended to the u32 array after those written before; returns how many, 0 when done.
u32 choices(CoreBulk& b, u32 count) {
  const std::size_t room = b.size / 4 - std::min<std::size_t>(b.written, b.size / 4);
  const u32 k = b.bulk.choices(reinterpret_cast<u32*>(b.array.get()) + b.written, static_cast<u32>(std::min<std::size_t>(count, room)));
  b.written += k;
  return k;
}
/// Cache-aware, stage 0: the next items' bucket labels appended to the u16 array; 0 when done
/// (or if the array cannot hold every label: it needs n of them).
u32 labels(CoreBulk& b, u32 count) {
  if (b.size / 2 < b.n || b.written > b.n) return 0;
  const u32 k = b.bulk.labels(reinterpret_cast<std::uint16_t*>(b.array.get()) + b.written, count);  // at most n − written
  b.written += k;
  return k;
}
/// Cache-aware, after the labels: the bucket sizes, as a Uint32Array view (null before).
val bucket_sizes(CoreBulk& b) {
  const fd::BucketShuffle* s = b.bulk.buckets();
  if (!s || s->stage() == 0) return val::null();
  return view(s->bucket_count(), s->bucket_sizes());
}
/// Cache-aware, stage 1: the next bucket choices written from the u32 array's start (as many as
/// fit); returns how many, 0 when done.
u32 bucket_choices(CoreBulk& b, u32 count) {
  return b.bulk.bucket_choices(reinterpret_cast<u32*>(b.array.get()), static_cast<u32>(std::min<std::size_t>(count, b.size / 4)));
}
#ifdef FAIRDECK_BENCH_EXPORTS
/// Bench-only build (preset wasm-bench): plain Fisher–Yates whatever n is, for the 10^8 comparison.
void plain(CoreBulk& b) { b.bulk.fisher_yates_only(); }
#endif

}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck_shuffle) {
  using namespace emscripten;
  class_<CoreBulk>("CoreBulk")
      .class_function("make", &make, allow_raw_pointers())
      .function("data", &data)
      .function("step", &step)
      .function("ok", &ok)
      .function("cacheAware", &cache_aware)
      .function("choices", &choices)
      .function("labels", &labels)
      .function("bucketSizes", &bucket_sizes)
      .function("bucketChoices", &bucket_choices)
#ifdef FAIRDECK_BENCH_EXPORTS
      .function("plain", &plain)
#endif
      .function("identity", &identity);
}
