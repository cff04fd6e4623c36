// cpp/bindings/manifest.cpp — the core's names and limits as JSON, for TypeScript and the pages.
// Built into a module of its own that is never shipped: scripts/build-wasm.sh loads it once at
// build time and writes what its Embind function manifest() returns to web/src/wasm/manifest.js, which manifest()
// in web/src/manifest.ts reads. The facts stay in the C++ headers; the shipped deck module does
// not carry the code that spells them out (docs/size.md).
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "decks.hpp"
#include "fairdeck/fairness.hpp"
#include "fairdeck/text.hpp"

using namespace fairdeck::abi;
using fairdeck::Text;

namespace {

/// Names and limits of the core, once, as JSON: TypeScript and the pages read them from here.
std::string manifest() {
  std::vector<std::string_view> styles;
  for (const fd::Style* s : fd::kStyles) styles.push_back(s->id);
  Text t;
  t << "{\"engines\":";
  t.list(fd::kEngineNames) << ",\"strategies\":";
  t.list(fd::kStrategyNames) << ",\"styles\":";
  t.list(styles) << ",\"algorithms\":";
  t.list(fd::kAlgorithmNames)
      << ",\"piles\":{\"undealt\":0,\"returned\":1,\"dealt\":2,\"dead\":3}"
         ",\"pileNames\":{\"default\":\"" << fd::kDefaultPile << "\",\"burn\":\"" << fd::kBurnPile
      << "\",\"hand\":\"" << fd::kHandPrefix << "\"}"
         ",\"measures\":{\"permutations\":0,\"positions\":1,\"time\":2}"
         ",\"seedKinds\":{\"entropy\":0,\"integer\":1,\"text\":2,\"bytes\":3}"
         ",\"errorKinds\":{\"none\":0,\"error\":1,\"type\":2,\"range\":3}"
         ",\"limits\":{\"maxCards\":"
      << fd::kMaxCards << ",\"maxDecks\":" << fd::kMaxDecks << ",\"maxJokers\":" << fd::kMaxJokers
      << ",\"maxPermutationN\":" << fd::kMaxPermutationN << ",\"maxMatrixN\":" << fd::kMaxMatrixN
      << ",\"maxTimingN\":" << fd::kMaxTimingN << ",\"reseedWords\":" << fd::kReseedWords
      << ",\"maxPiles\":" << fd::kMaxPiles << ",\"maxSeats\":" << fd::kMaxSeats << ",\"maxPileName\":" << fd::kMaxPileName
      << ",\"pinnedPiles\":" << fairdeck::abi::kPinnedPiles << ",\"specBytes\":" << fairdeck::abi::kSpecBytes
      << ",\"entropyBytes\":32,\"failed\":" << kFailed << "}}";
  return std::move(t.s);
}

}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck_manifest) {
  emscripten::function("manifest", +[] { return text_or_null(manifest); });
}
