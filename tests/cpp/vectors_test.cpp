// Golden vectors: the native core must reproduce tests/vectors exactly (Vitest checks WASM).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "fairdeck/json.hpp"
#include "vector_cases.hpp"

using namespace fairdeck;

namespace {
json::Value load(const std::string& name) {
  std::ifstream f(std::string(FAIRDECK_VECTORS_DIR) + "/" + name);
  std::stringstream ss;
  ss << f.rdbuf();
  return json::parse(ss.str());
}
std::vector<std::uint32_t> ids(const json::Value& v) {
  std::vector<std::uint32_t> out;
  for (const auto& x : v.array) out.push_back(static_cast<std::uint32_t>(x.integer));
  return out;
}
}  // namespace

TEST(Vectors, EngineOutputsMatchTheGoldenFile) {
  const json::Value all = load("engines.json");
  ASSERT_GE(all.array.size(), 14u);
  for (const auto& c : all.array) {
    const tests::SeedSpec seed{c.object.at("kind").string, c.object.at("seed").string};
    EXPECT_EQ(tests::first_words(c.object.at("rng").string, seed, 16), ids(c.object.at("words")))
        << c.object.at("rng").string << " " << seed.kind << " '" << seed.text << "'";
  }
}

namespace {
/// The deck and seed a golden case of deals.json or simulations.json was made with.
tests::DealCase deal_case(const json::Members<json::Value>& o) {
  return {o.at("rng").string, o.at("strategy").string, o.at("style").string,
          static_cast<std::uint32_t>(o.at("decks").integer), static_cast<std::uint32_t>(o.at("jokers").integer),
          static_cast<std::uint32_t>(o.at("size").integer), {o.at("kind").string, o.at("seed").string}};
}
}  // namespace

TEST(Vectors, DealsMatchTheGoldenFile) {
  const json::Value all = load("deals.json");
  ASSERT_EQ(all.array.size(), tests::deal_cases().size());
  for (const auto& c : all.array) {
    const auto& o = c.object;
    const tests::DealCase dc = deal_case(o);
    const auto two = tests::two_deals(dc);
    EXPECT_EQ(two[0], ids(o.at("deals").array[0])) << dc.rng << " " << dc.strategy << " " << dc.seed.text;
    EXPECT_EQ(two[1], ids(o.at("deals").array[1]));
  }
}

TEST(Vectors, SimulationStepsMatchTheGoldenFile) {  // dealIds(3), sampleIds(3, 4), dealIds(2), sampleIds(5, 2)
  const json::Value all = load("simulations.json");
  ASSERT_EQ(all.array.size(), tests::deal_cases().size());
  for (const auto& c : all.array) {
    const auto& o = c.object;
    const tests::DealCase dc = deal_case(o);
    const auto steps = tests::simulation_steps(dc);
    ASSERT_EQ(o.at("steps").array.size(), steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i], ids(o.at("steps").array[i])) << dc.rng << " " << dc.strategy << " step " << i;
  }
}
