// tests/cpp/tools/make_vectors.cpp — writes the golden vectors from the native core.
//
// Run only when an engine or algorithm changes ON PURPOSE (a breaking change; see
// tests/README.md): fairdeck_make_vectors tests/vectors
#include <fstream>
#include <iostream>
#include <string>

#include "../vector_cases.hpp"

namespace t = fairdeck::tests;

static std::string ids(const std::vector<std::uint32_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fairdeck_make_vectors DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::ofstream engines(dir + "/engines.json");
  engines << "[\n";
  bool first = true;
  for (const char* rng : {"chacha20", "xoshiro256"})
    for (const auto& seed : t::engine_seeds()) {
      engines << (first ? "" : ",\n") << "{\"rng\":\"" << rng << "\",\"kind\":\"" << seed.kind << "\",\"seed\":\""
              << seed.text << "\",\"words\":" << ids(t::first_words(rng, seed, 16)) << "}";
      first = false;
    }
  engines << "\n]\n";
  std::ofstream deals(dir + "/deals.json");
  deals << "[\n";
  first = true;
  for (const auto& c : t::deal_cases()) {
    const auto two = t::two_deals(c);
    deals << (first ? "" : ",\n") << "{\"rng\":\"" << c.rng << "\",\"strategy\":\"" << c.strategy << "\",\"style\":\""
          << c.style << "\",\"decks\":" << c.decks << ",\"jokers\":" << c.jokers << ",\"size\":" << c.size
          << ",\"kind\":\"" << c.seed.kind << "\",\"seed\":\"" << c.seed.text << "\",\"deals\":[" << ids(two[0]) << ","
          << ids(two[1]) << "]}";
    first = false;
  }
  deals << "\n]\n";
  std::ofstream sims(dir + "/simulations.json");  // issue 40: dealIds and sampleIds
  sims << "[\n";
  first = true;
  for (const auto& c : t::deal_cases()) {
    sims << (first ? "" : ",\n") << "{\"rng\":\"" << c.rng << "\",\"strategy\":\"" << c.strategy << "\",\"style\":\""
         << c.style << "\",\"decks\":" << c.decks << ",\"jokers\":" << c.jokers << ",\"size\":" << c.size
         << ",\"kind\":\"" << c.seed.kind << "\",\"seed\":\"" << c.seed.text << "\",\"steps\":[";
    const auto steps = t::simulation_steps(c);
    for (std::size_t i = 0; i < steps.size(); ++i) sims << (i ? "," : "") << ids(steps[i]);
    sims << "]}";
    first = false;
  }
  sims << "\n]\n";
  std::cout << "wrote " << dir << "/engines.json, deals.json and simulations.json\n";
  return 0;
}
