// Checked size arithmetic (issue 17, defect 3): in wasm32 size_t has 32 bits, so a product such
// as the cache-aware shuffle's scratch size can wrap. The helper is tested with uint32 operands,
// which wrap exactly as wasm32's size_t does, so the test means the same on a 64-bit host.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "fairdeck/bulk_cache.hpp"
#include "fairdeck/checked.hpp"

using namespace fairdeck;

TEST(Checked, MultiplicationThatWouldWrapThrowsRangeError) {
  EXPECT_EQ(detail::checked_mul<std::uint32_t>(65535u, 65537u, "x"), 4294967295u);
  EXPECT_EQ(detail::checked_mul<std::uint32_t>(0u, 4294967295u, "x"), 0u);
  EXPECT_THROW(detail::checked_mul<std::uint32_t>(65536u, 65536u, "x"), RangeError);
  // The case: permutation(1069551616) needs 262,145 blocks of 4,096 uint32 items of
  // scratch, 4,294,983,680 bytes, which wrapped to 16,384 in wasm32.
  EXPECT_EQ(detail::checked_mul<std::uint32_t>(262145u, 4096u, "x"), 1073745920u);
  try {
    detail::checked_mul<std::uint32_t>(1073745920u, 4u, "scratch bytes");
    ADD_FAILURE() << "no throw";
  } catch (const RangeError& e) {
    EXPECT_NE(std::string(e.what()).find("scratch bytes"), std::string::npos) << e.what();
  }
}

TEST(Checked, AdditionThatWouldWrapThrowsRangeError) {
  EXPECT_EQ(detail::checked_add<std::uint32_t>(4294967294u, 1u, "x"), 4294967295u);
  EXPECT_THROW(detail::checked_add<std::uint32_t>(4294967295u, 1u, "x"), RangeError);
}

TEST(Checked, TheScratchSizeOfTheCacheAwareShuffleNeverWraps) {
  const std::uint32_t n = 1069551616;
  EXPECT_EQ(BucketShuffle::scratch_items(n), std::size_t{1073745920});
  if constexpr (sizeof(std::size_t) == 4) {
    EXPECT_THROW(BucketShuffle::scratch_bytes(n, 4), RangeError);
    EXPECT_THROW(BucketShuffle::scratch_bytes(n, 8), RangeError);
    EXPECT_THROW(BucketShuffle::scratch_items(4294967295u), RangeError);  // 2^20 + 1024 blocks of 4096
  } else {
    // (compiled on wasm32 too, though not run there: compare in 64 bits)
    EXPECT_EQ(static_cast<std::uint64_t>(BucketShuffle::scratch_bytes(n, 4)), 4294983680ULL);
    EXPECT_EQ(static_cast<std::uint64_t>(BucketShuffle::scratch_bytes(n, 8)), 8589967360ULL);
  }
  EXPECT_EQ(BucketShuffle::scratch_bytes(1u << 23, 8), (std::size_t{(1u << 23) / 4096} + 128) * 4096 * 8);
}
