// fairdeck/provable.hpp — provably fair rounds (docs/provably-fair.md is the specification).
//
// Why: a player who saw SHA-256(serverSeed) before play and chose the client seed can, once the
// server reveals its seed, recompute every deal. Round key = HMAC-SHA256(serverSeed, tag ‖
// clientSeed ‖ nonce ‖ composition) with length-prefixed fields (version 1 has no composition
// field: its key is the same for every deck, so a French deck with 0, 1 or 2 jokers or a generic
// deck of 52 drew from one stream); the stream is the core's ChaCha20 keyed with it (counter from
// 0, nonce words zero); draws are "mask and reject" on single 32-bit words; each shuffle sorts the
// cards by a composition-only key, then runs Fisher–Yates from the top. The deck deals the last
// position first. Deck (deck.hpp) calls these for its provable form.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "fairdeck/attributes.hpp"
#include "fairdeck/composition.hpp"
#include "fairdeck/engine/chacha20.hpp"
#include "fairdeck/engine/hmac.hpp"
#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck {

/// Domain-separation and version tags of the scheme: a new scheme gets a new tag. Version 1
/// stays verifiable; new decks use version 2 (kProvableVersion).
inline constexpr std::string_view kProvableTagV1 = "fairdeck/provable/v1";
inline constexpr std::string_view kProvableTagV2 = "fairdeck/provable/v2";
/// The version new provable decks use unless told otherwise.
inline constexpr std::uint32_t kProvableVersion = 2;
/// Largest nonce (2^53 − 1), so that JavaScript numbers carry every nonce exactly.
inline constexpr std::uint64_t kMaxProvableNonce = (std::uint64_t{1} << 53) - 1;

/// What a provable round is a function of (with the deck's composition).
struct ProvableSeeds {
  Bytes32 server{};    ///< the server's secret seed, 32 bytes
  std::string client;  ///< the client seed's UTF-8 bytes (any length, '' allowed)
  std::uint64_t nonce = 0;  ///< the round, 0 … 2^53 − 1
  std::uint32_t version = kProvableVersion;  ///< the scheme: 1, or 2 (the composition is in the key)

  /// Throws RangeError naming provable.version or provable.nonce if it is out of range.
  void validate() const {
    if (version != 1 && version != 2) throw RangeError(cat("provable.version must be 1 or 2, got ", version));
    if (nonce > kMaxProvableNonce)
      throw RangeError(cat("provable.nonce must be an integer from 0 to 2^53 − 1, got ", nonce));
  }
};

namespace detail {
inline void put_u32be(std::string& out, std::uint32_t v) {
  for (int i = 3; i >= 0; --i) out.push_back(static_cast<char>(v >> (8 * i)));
}
inline void put_field(std::string& out, std::string_view bytes) {
  put_u32be(out, static_cast<std::uint32_t>(bytes.size()));
  out.append(bytes);
}
}  // namespace detail

/// The tag of a scheme version (1 or 2).
inline std::string_view provable_tag(std::uint32_t version) noexcept { return version == 1 ? kProvableTagV1 : kProvableTagV2; }

/// The composition as version 2 hashes it: "<style>:decks=<d>:jokers=<j>" for French and German
/// decks ("french:decks=1:jokers=0" is new Deck()'s), "generic:size=<n>" for generic ones;
/// numbers in decimal without leading zeros, ASCII only.
FAIRDECK_MINSIZE inline std::string provable_composition_text(const Composition& c) {
  return c.style ? cat(c.style->id, ":decks=", c.decks, ":jokers=", c.jokers) : cat("generic:size=", c.generic_size);
}

/// The HMAC message: len(tag) ‖ tag ‖ len(client) ‖ client ‖ nonce, and for version 2 then
/// len(composition) ‖ composition; lengths 4-byte and the nonce 8-byte big-endian.
FAIRDECK_MINSIZE inline std::string provable_message(std::uint32_t version, std::string_view client,
                                                     std::uint64_t nonce, std::string_view composition) {
  std::string m;
  detail::put_field(m, provable_tag(version));
  detail::put_field(m, client);
  detail::put_u32be(m, static_cast<std::uint32_t>(nonce >> 32));
  detail::put_u32be(m, static_cast<std::uint32_t>(nonce));
  if (version != 1) detail::put_field(m, composition);
  return m;
}

/// The round's ChaCha20 key for a deck of composition `c`.
FAIRDECK_MINSIZE inline Bytes32 provable_key(const ProvableSeeds& s, const Composition& c) {
  return hmac_sha256(std::string_view(reinterpret_cast<const char*>(s.server.data()), 32),
                     provable_message(s.version, s.client, s.nonce, s.version == 1 ? std::string() : provable_composition_text(c)));
}

/// SHA-256 of the 32 seed bytes (not of their hex text): what the server publishes first.
inline Bytes32 provable_commitment(const Bytes32& server) {
  Sha256 h;
  h.update(std::string_view(reinterpret_cast<const char*>(server.data()), 32));
  return h.digest();
}

/// Uniform in [0, bound) for 2 ≤ bound ≤ 2^31: the next word ANDed with 2^⌈log2 bound⌉ − 1,
/// words at or above `bound` rejected (each rejected word is spent).
inline std::uint32_t provable_draw(ChaCha20& stream, std::uint32_t bound) noexcept {
  const std::uint32_t mask = std::bit_ceil(bound) - 1;
  for (;;) {
    const std::uint32_t x = stream.next_u32() & mask;
    if (x < bound) return x;
  }
}

/// Sort key of card `id`: (id mod perDeck) · decks + id div perDeck — copies of one face in a
/// shoe sort together, so a shuffle's codes never depend on which copy is where.
inline std::uint32_t provable_sort_key(const Composition& c, std::uint32_t id) noexcept {
  const std::uint32_t per = c.per_deck(), decks = c.style ? c.decks : 1;
  return (id % per) * decks + id / per;
}

/// Sorts `a` by provable_sort_key, then Fisher–Yates: for i = n−1 down to 1, swap a[i] with
/// a[draw(i + 1)]. The deck deals a[n−1] first. The keys are distinct and below the deck's size,
/// so they sort through `marks` (⌈size / 64⌉ zero words, left zero): O(size / 64 + n), no allocation.
inline void provable_shuffle(std::span<std::uint32_t> a, const Composition& c, ChaCha20& stream,
                             std::span<std::uint64_t> marks) noexcept {
  const std::uint32_t per = c.per_deck(), decks = c.style ? c.decks : 1;
  for (std::uint32_t id : a) {
    const std::uint32_t k = provable_sort_key(c, id);
    marks[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  std::size_t at = 0;
  for (std::size_t w = 0; at < a.size(); ++w) {
    for (std::uint64_t bits = marks[w]; bits; bits &= bits - 1) {
      const auto k = static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(std::countr_zero(bits)));
      a[at++] = (k % decks) * per + k / decks;  // the id whose key is k
    }
    marks[w] = 0;
  }
  for (std::size_t i = a.size(); i-- > 1;)
    std::swap(a[i], a[provable_draw(stream, static_cast<std::uint32_t>(i + 1))]);
}

}  // namespace fairdeck
