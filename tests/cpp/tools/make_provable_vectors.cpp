// tests/cpp/tools/make_provable_vectors.cpp — writes tests/vectors/provable.json from the core.
//
// Run only when the provable scheme or its cases change ON PURPOSE (a new version tag, new cases;
// see docs/provably-fair.md): fairdeck_make_provable_vectors tests/vectors. The version 1 vectors
// must come out byte for byte as before: they are the file's last lines, so a diff shows only
// lines added before them (and the header, if the schemes change).
#include <fstream>
#include <iostream>
#include <string>

#include "../provable_cases.hpp"

namespace t = fairdeck::tests;
using namespace fairdeck;

static std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

static std::string codes(const Composition& comp, const std::vector<std::uint32_t>& ids) {
  std::string s = "[";
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? "," : "") + quoted(t::code_of(comp, ids[i]));
  return s + "]";
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fairdeck_make_provable_vectors DIR\n";
    return 2;
  }
  std::ofstream f(std::string(argv[1]) + "/provable.json");
  f << "{\"schemes\":[\"" << kProvableTagV1 << "\",\"" << kProvableTagV2 << "\"],\"vectors\":[\n";
  bool first = true;
  for (const auto& c : t::provable_cases()) {
    Composition comp;
    const auto results = t::replay(c, &comp);
    const ProvableSeeds seeds = t::seeds_of(c);
    ChaCha20 stream(provable_key(seeds, comp));
    std::string words = "[";
    for (int i = 0; i < 8; ++i) words += (i ? "," : "") + std::to_string(stream.next_u32());
    f << (first ? "" : ",\n") << "{\"name\":" << quoted(c.name) << (c.version == 1 ? "" : ",\"version\":2")
      << ",\"serverSeed\":\"" << c.server_hex
      << "\",\"commitment\":\"" << hex::encode(provable_commitment(seeds.server)) << "\",\"clientSeed\":"
      << quoted(c.client) << ",\"nonce\":" << c.nonce << ",\"deck\":"
      << (c.deck_omitted            ? std::string("{}")
          : c.style == "generic" ? "{\"size\":" + std::to_string(c.size) + "}"
                                 : "{\"style\":\"" + c.style + "\",\"decks\":" + std::to_string(c.decks) +
                                       ",\"jokers\":" + std::to_string(c.jokers) + "}")
      << (c.version == 1 ? std::string() : ",\"composition\":" + quoted(provable_composition_text(comp)))
      << ",\"key\":\"" << hex::encode(provable_key(seeds, comp)) << "\",\"words\":" << words << "],\"history\":[";
    for (std::size_t i = 0; i < c.history.size(); ++i) {
      const auto& op = c.history[i];
      f << (i ? "," : "") << "{\"op\":\"" << op.op << "\"";
      if (op.op == "deal") f << ",\"n\":" << op.n;
      if (op.op == "deal" || op.op == "returnCards") f << ",\"cards\":" << codes(comp, results[i]);
      f << "}";
    }
    f << "]}";
    first = false;
  }
  f << "\n]}\n";
  std::cout << "wrote " << argv[1] << "/provable.json\n";
  return 0;
}
