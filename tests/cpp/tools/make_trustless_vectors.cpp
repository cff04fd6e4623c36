// tests/cpp/tools/make_trustless_vectors.cpp — writes tests/vectors/trustless-3seat.json from the
// core: the seeded 3-seat Hold'em transcript of docs/trustless.md §9.
//
// Run only when the protocol's encodings or the vector's hand change ON PURPOSE (and say so in
// docs/trustless.md): fairdeck_make_trustless_vectors tests/vectors. The test
// TrustlessVectors.ThreeSeatTranscriptMatchesTheGoldenFile recomputes it and compares byte for byte.
#include <fstream>
#include <iostream>
#include <string>

#include "fairdeck/trustless/transcript.hpp"

using namespace fairdeck::trustless;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fairdeck_make_trustless_vectors DIR\n";
    return 2;
  }
  const Transcript tr = seeded_hand(trustless_vector_table(), trustless_vector_seed(), holdem_plan(3));
  const TranscriptCheck check = verify_transcript(tr);
  if (!check.ok) {
    std::cerr << "the seeded transcript does not verify: " << check.describe() << "\n";
    return 1;
  }
  std::ofstream f(std::string(argv[1]) + "/trustless-3seat.json", std::ios::binary);
  f << to_json(tr);
  return f ? 0 : 1;
}
