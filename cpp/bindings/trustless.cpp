// cpp/bindings/trustless.cpp — the trustless module: one seat of a mental-poker hand
// (cpp/include/fairdeck/trustless/seat.hpp), for `fairdeck/trustless`. A WebAssembly module of
// its own (trustless.wasm), so that no other entry ships ristretto255 or the shuffle proofs.
// Messages cross as their JSON text (docs/trustless.md §9), both ways; same rules as the deck
// module (fairdeck.cpp: no exception crosses into JS; `guard` records errors, a refused message
// as a plain Error that names the seat, the step and the check).
//
// Randomness: libsodium's randombytes, in an Emscripten build, reads `Module.getRandomValue`,
// which only libsodium.js's own wrapper defines. So here a seat draws everything — its secret,
// nonces, re-encryption scalars, permutation keys — from the ChaCha20 stream of
// trustless/random.hpp keyed by 32 bytes that TypeScript takes from crypto.getRandomValues
// (docs/trustless.md §8), or, for tests only, from a seed the caller gives.
#include <cstdint>
#include <string>

#include "common.hpp"
#include "fairdeck/trustless/seat.hpp"

using namespace fairdeck::abi;
namespace tl = fairdeck::trustless;

namespace {

/// A seat and the table it sits at ({ table, seats, seat, key } in JS: SeatSpec in
/// web/src/trustless/load.ts; the plan is Hold'em's).
tl::Seat* make(const val& spec) {
  return guard<tl::Seat*>(nullptr, [&] {
    const std::string id = bytes_of(spec["table"]), key = bytes_of(spec["key"]);
    if (key.size() != 32) throw fd::RangeError("a seat's randomness key must be 32 bytes");
    const u32 seats = spec["seats"].as<u32>(), seat = spec["seat"].as<u32>();
    const tl::Table t{id, seats, tl::kCards};
    return new tl::Seat(t, seat, tl::Randomness::seeded(std::span(reinterpret_cast<const u8*>(key.data()), key.size()), seat),
                        tl::holdem_plan(seats));
  });
}

val key_message(tl::Seat& s) { return text_or_null([&] { return tl::to_json(s.key_message()); }); }
val shuffle(tl::Seat& s) { return text_or_null([&] { return tl::to_json(s.shuffle()); }); }
val share(tl::Seat& s, u32 position) { return text_or_null([&] { return tl::to_json(s.share(position)); }); }
bool receive_key(tl::Seat& s, const val& m) { return guard(false, [&] { return s.receive_key(tl::parse_key_message(bytes_of(m))), true; }); }
bool receive_shuffle(tl::Seat& s, const val& m) { return guard(false, [&] { return s.receive_shuffle(tl::parse_shuffle_message(bytes_of(m))), true; }); }
bool receive_share(tl::Seat& s, const val& m) { return guard(false, [&] { return s.receive_share(tl::parse_share_message(bytes_of(m))), true; }); }
/// The card at `position` this seat can open (0–51), −1 if it cannot (yet), −2 on an error.
int card(tl::Seat& s, u32 position) {
  return guard(-2, [&] {
    const auto c = s.card(position);
    return c ? static_cast<int>(*c) : -1;
  });
}
u32 next_shuffler(tl::Seat& s) { return s.next_shuffler(); }
/// The plan as JSON: [{"position":p,"to":"seat","seat":s} | {"position":p,"to":"all"} | {"position":p,"to":"burn"}, …].
val plan(tl::Seat& s) {
  return text_or_null([&] {
    std::string o = "[";
    for (const auto& [p, to] : s.plan()) {
      if (o.size() > 1) o += ',';
      o += "{\"position\":" + std::to_string(p) + ",\"to\":";
      if (to.kind == tl::DealTo::Kind::seat) o += "\"seat\",\"seat\":" + std::to_string(to.seat) + "}";
      else o += to.kind == tl::DealTo::Kind::all ? "\"all\"}" : "\"burn\"}";
    }
    return o + "]";
  });
}
bool keys_done(tl::Seat& s) { return s.keys_done(); }

}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck_trustless) {
  using namespace emscripten;
  class_<tl::Seat>("CoreSeat")
      .class_function("make", &make, allow_raw_pointers())
      .function("keyMessage", &key_message)
      .function("shuffle", &shuffle)
      .function("share", &share)
      .function("receiveKey", &receive_key)
      .function("receiveShuffle", &receive_shuffle)
      .function("receiveShare", &receive_share)
      .function("card", &card)
      .function("nextShuffler", &next_shuffler)
      .function("plan", &plan)
      .function("keysDone", &keys_done);
}
