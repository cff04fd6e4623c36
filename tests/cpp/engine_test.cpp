// Engines, seeds and hashing: known-answer tests (RFC 8439, FIPS 180-4, xoshiro reference).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "fairdeck/engine/chacha20.hpp"
#include "sodium_reference.hpp"
#include "fairdeck/engine/seed.hpp"
#include "fairdeck/engine/sha256.hpp"
#include "fairdeck/engine/xoshiro256.hpp"
#include "fairdeck/rng.hpp"
#include "fairdeck/uniform.hpp"

using namespace fairdeck;

namespace {
Bytes32 counting_key() {
  Bytes32 k{};
  for (int i = 0; i < 32; ++i) k[i] = static_cast<std::uint8_t>(i);
  return k;
}
std::string hex_of(const Bytes32& b) { return hex::encode(b); }
}  // namespace

TEST(Sha256, MatchesFips180Examples) {
  Sha256 empty;
  EXPECT_EQ(hex_of(empty.digest()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  Sha256 abc;
  abc.update("abc");
  EXPECT_EQ(hex_of(abc.digest()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  Sha256 two_blocks;
  two_blocks.update("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq");
  EXPECT_EQ(hex_of(two_blocks.digest()), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(ChaCha20, BlockFunctionMatchesRfc8439Section2_3_2) {
  std::uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 0x03020100, 0x07060504,
                          0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
                          0x00000001, 0x09000000, 0x4a000000, 0x00000000};
  const std::uint32_t expected[16] = {0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033,
                                      0x9aaa2204, 0x4e6cd4c3, 0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
                                      0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2};
  std::uint32_t out[16];
  fairdeck::test::sodium_blocks(in, out);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], expected[i]) << "word " << i;
}

TEST(ChaCha20, EncryptsTheRfc8439Section2_4_2Plaintext) {
  std::uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 0x03020100, 0x07060504,
                          0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
                          1, 0, 0x4a000000, 0};
  std::uint32_t ks[16];
  fairdeck::test::sodium_blocks(in, ks);
  const std::string plain = "Ladies and Gentl";
  const std::uint8_t cipher[16] = {0x6e, 0x2e, 0x35, 0x9a, 0x25, 0x68, 0xf9, 0x80,
                                   0x41, 0xba, 0x07, 0x28, 0xdd, 0x0d, 0x69, 0x81};
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(static_cast<std::uint8_t>(plain[i]) ^ static_cast<std::uint8_t>(ks[i / 4] >> (8 * (i % 4))), cipher[i]);
}

TEST(ChaCha20, EngineStreamIsTheKeystreamWithCounterFromZeroAndZeroNonce) {
  // Expected words computed independently with `openssl enc -chacha20` (IV all zero).
  ChaCha20 e(counting_key());
  const std::uint32_t first[8] = {0x7d2bfd39, 0x6a19c5d9, 0x7703bd8d, 0x494adcb8,
                                  0x6fd8358a, 0xcc6adebc, 0x4c7dccb2, 0x9224ead8};
  for (std::uint32_t w : first) EXPECT_EQ(e.next_u32(), w);
  for (int i = 8; i < 80; ++i) e.next_u32();  // block 5 starts at word 80 (openssl IV counter 5)
  EXPECT_EQ(e.position(), 80u);
  EXPECT_EQ(e.next_u32(), 0xa5ffe70bu);
  EXPECT_EQ(e.next_u32(), 0x3c2990fau);
}

TEST(ChaCha20, FourBlocksAtOnceAreFourSingleBlocksIncludingTheCounterCarry) {
  std::uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 4; i < 12; ++i) in[i] = 0x9e3779b9u * static_cast<std::uint32_t>(i);
  for (std::uint64_t block : {std::uint64_t{0}, std::uint64_t{5}, (std::uint64_t{1} << 32) - 2, std::uint64_t{0x0fffffffffffffff}}) {
    std::uint32_t four[64];
    chacha20_blocks4(in, block, four);
    for (std::uint64_t b = 0; b < 4; ++b) {
      std::uint32_t one_in[16], one[16];
      std::copy(in, in + 16, one_in);
      one_in[12] = static_cast<std::uint32_t>(block + b);
      one_in[13] = static_cast<std::uint32_t>((block + b) >> 32);
      fairdeck::test::sodium_blocks(one_in, one);
      for (int i = 0; i < 16; ++i) ASSERT_EQ(four[16 * b + i], one[i]) << "block " << block + b << " word " << i;
    }
  }
}

TEST(ChaCha20, EngineWordsAreTheOneBlockStreamAtEveryPositionAndSeek) {
  ChaCha20 e(counting_key());
  std::uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 0; i < 8; ++i) in[4 + i] = 0x03020100u + 0x04040404u * static_cast<std::uint32_t>(i);
  for (std::uint32_t block = 0; block < 20; ++block) {
    std::uint32_t one[16];
    in[12] = block;
    fairdeck::test::sodium_blocks(in, one);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(e.next_u32(), one[i]) << "block " << block << " word " << i;
  }
  EXPECT_EQ(e.position(), 320u);
  for (std::uint64_t pos : {0u, 1u, 15u, 16u, 63u, 64u, 65u, 200u}) {  // seeks land mid-buffer too
    ChaCha20 a(counting_key()), b(Bytes32{});
    for (std::uint64_t i = 0; i < pos; ++i) a.next_u32();
    ASSERT_TRUE(b.load(a.save()));
    EXPECT_EQ(b.position(), pos);
    for (int i = 0; i < 130; ++i) ASSERT_EQ(a.next_u32(), b.next_u32()) << "from " << pos;
  }
}

TEST(ChaCha20, SaveAndLoadResumeTheStreamExactly) {
  ChaCha20 a(counting_key());
  for (int i = 0; i < 37; ++i) a.next_u32();
  const std::string saved = a.save();
  ChaCha20 b(Bytes32{});
  ASSERT_TRUE(b.load(saved));
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next_u32(), b.next_u32());
  EXPECT_FALSE(b.load("zz"));
  EXPECT_FALSE(b.load(std::string(80, 'g')));
}

TEST(ChaCha20, ReseedChangesTheStreamAndRestartsThePosition) {
  ChaCha20 a(counting_key()), b(counting_key());
  for (int i = 0; i < 20000; ++i) a.next_u32(), b.next_u32();
  b.reseed(Bytes32{});  // even all-zero "entropy" leaves the key secret: it is XORed with keystream
  EXPECT_EQ(b.position(), 0u);
  int same = 0;
  for (int i = 0; i < 64; ++i) same += a.next_u32() == b.next_u32();
  EXPECT_LT(same, 2);
}

TEST(ChaCha20, HotReadersDrawTheEngineStreamAndLeaveItWhereThoseDrawsWould) {
  // Runs of words through hot() (a ChaCha20::Reader) alternate with words drawn from the engine
  // itself, across buffer refills (64 words) and re-keys (every 128 words, reserve keys in both),
  // against a twin that only calls next_u32(): same words, and after each run the same position,
  // state, re-key count and re-key position.
  ChaCha20 hot_side(counting_key()), twin(counting_key());
  for (ChaCha20* e : {&hot_side, &twin}) {
    e->rekey_every(128);
    for (std::uint8_t k = 1; k <= 12; ++k) e->add_reserve(Bytes32{k});
  }
  const int runs[] = {0, 1, 63, 64, 65, 127, 128, 129, 3, 200, 61};
  for (int r = 0; r < 11; ++r) {
    {
      auto view = hot(hot_side);
      for (int i = 0; i < runs[r]; ++i) ASSERT_EQ(view.next_u32(), twin.next_u32()) << "run " << r << " word " << i;
    }
    ASSERT_EQ(hot_side.position(), twin.position()) << "after run " << r;
    ASSERT_EQ(hot_side.save(), twin.save()) << "after run " << r;
    ASSERT_EQ(hot_side.rekeys(), twin.rekeys()) << "after run " << r;
    ASSERT_EQ(hot_side.last_rekey_at(), twin.last_rekey_at()) << "after run " << r;
    for (int i = 0; i < r; ++i) ASSERT_EQ(hot_side.next_u32(), twin.next_u32()) << "between runs, after run " << r;
  }
  EXPECT_GE(twin.rekeys(), 5u);  // the runs did cross the interval
}

TEST(ChaCha20, RunsReadFromTheBufferAndFillAreTheEngineStreamAcrossReKeys) {
  // Two ways to take many words at once, against a twin that only calls next_u32(), across
  // buffer refills (64 words) and re-keys (every 128 words, reserve keys in all three): runs read
  // straight from the buffer through a Reader (words(), end(), resume(): the batches of one in
  // swap_down()), and fill() (fairdeck/random's words). Same words, then the same position,
  // state and re-key count.
  ChaCha20 runs_side(counting_key()), fill_side(counting_key()), twin(counting_key());
  for (ChaCha20* e : {&runs_side, &fill_side, &twin}) {
    e->rekey_every(128);
    for (std::uint8_t k = 1; k <= 12; ++k) e->add_reserve(Bytes32{k});
  }
  const std::uint32_t runs[] = {0, 1, 63, 64, 65, 127, 128, 129, 3, 200, 61};
  for (std::uint32_t r = 0; r < 11; ++r) {
    std::vector<std::uint32_t> want(runs[r]), read, filled(runs[r]);
    for (auto& w : want) w = twin.next_u32();
    {
      auto view = hot(runs_side);
      while (read.size() < runs[r]) {
        const std::uint32_t* q = view.words();
        ASSERT_NE(q, view.end()) << "words() is never empty";
        for (; q != view.end() && read.size() < runs[r]; ++q) read.push_back(*q);
        view.resume(q);
      }
    }
    fill_side.fill(filled.data(), runs[r]);
    ASSERT_EQ(read, want) << "run " << r;
    ASSERT_EQ(filled, want) << "run " << r;
    for (const ChaCha20* e : {&runs_side, &fill_side}) {
      ASSERT_EQ(e->save(), twin.save()) << "after run " << r;
      ASSERT_EQ(e->rekeys(), twin.rekeys()) << "after run " << r;
    }
  }
  EXPECT_GE(twin.rekeys(), 5u);  // the runs did cross the interval
}

TEST(Xoshiro256, HotCopiesDrawTheEngineStreamAndLeaveItWhereThoseDrawsWould) {
  Xoshiro256 hot_side(counting_key()), twin(counting_key());
  for (int run : {0, 1, 7, 100}) {
    {
      auto view = hot(hot_side);
      for (int i = 0; i < run; ++i) ASSERT_EQ(view.next_u32(), twin.next_u32());
    }
    ASSERT_EQ(hot_side.save(), twin.save()) << "after a run of " << run;
    ASSERT_EQ(hot_side.next_u32(), twin.next_u32());
  }
}

TEST(Rng, FillWritesTheEngineWordsInChunksAcrossRefills) {
  for (const char* name : {"chacha20", "xoshiro256"}) {
    Rng filled(name, counting_key(), false), twin(name, counting_key(), false);
    std::vector<std::uint32_t> out(300, 0);
    std::uint32_t at = 0;
    for (std::uint32_t chunk : {0u, 1u, 63u, 70u, 66u, 100u}) filled.fill(out.data() + at, chunk), at += chunk;
    ASSERT_EQ(at, out.size());
    twin.visit([&](auto& e, Dice&) {
      for (std::uint32_t i = 0; i < at; ++i) ASSERT_EQ(out[i], e.next_u32()) << name << " word " << i;
    });
    EXPECT_EQ(filled.save(), twin.save()) << name;
  }
}

TEST(Xoshiro256, MatchesTheReferenceOutputsForState1234) {
  // Outputs of Vigna's xoshiro256starstar.c from s = {1, 2, 3, 4} (also rand_xoshiro's test).
  Bytes32 key{};
  for (int i = 0; i < 4; ++i) key[8 * i] = static_cast<std::uint8_t>(i + 1);
  Xoshiro256 e(key);
  const std::uint64_t expected[] = {11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
                                    1216172134540287360ULL, 607988272756665600ULL, 16172922978634559625ULL,
                                    8476171486693032832ULL, 10595114339597558777ULL, 2904607092377533576ULL};
  for (std::uint64_t x : expected) EXPECT_EQ(e.next_u64(), x);
}

TEST(Xoshiro256, SaveAndLoadResumeTheStreamAndRejectAllZero) {
  Xoshiro256 a(key_from_u64(9));
  a.next_u64();
  Xoshiro256 b(Bytes32{});
  ASSERT_TRUE(b.load(a.save()));
  for (int i = 0; i < 50; ++i) EXPECT_EQ(a.next_u32(), b.next_u32());
  EXPECT_FALSE(b.load(std::string(64, '0')));
}

TEST(Seed, NumberStringAndBytesSeedsGiveUnrelatedKeys) {
  std::set<std::string> keys = {hex_of(key_from_u64(1)), hex_of(derive_key(SeedKind::text, "1")),
                                hex_of(derive_key(SeedKind::bytes, std::string(1, '\1'))),
                                hex_of(derive_key(SeedKind::text, "")), hex_of(derive_key(SeedKind::bytes, ""))};
  EXPECT_EQ(keys.size(), 5u);
}

TEST(Seed, EntropyMustBeExactly32BytesAndIsTheKey) {
  EXPECT_THROW(derive_key(SeedKind::entropy, "short"), std::invalid_argument);
  EXPECT_THROW(derive_key(SeedKind::integer, "1234567"), std::invalid_argument);
  const std::string raw(32, '\x5a');
  std::string expected;
  for (int i = 0; i < 32; ++i) expected += "5a";
  EXPECT_EQ(hex_of(derive_key(SeedKind::entropy, raw)), expected);
}
