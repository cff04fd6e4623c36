// Decks too large to save are refused before any text is built (issue 17, defect 4).
#include <gtest/gtest.h>

#include <string>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"

using namespace fairdeck;

// Defect 4: the core refuses to save a deck larger than kMaxSavableCards before building any
// text, naming the deck's size and the largest savable size; restore refuses such sizes too.
TEST(StateTotal, DecksAboveTheSavableMaximumAreRefusedBeforeAnyTextIsBuilt) {
  EXPECT_EQ(kMaxSavableCards, 1u << 24);
  EXPECT_NO_THROW(check_savable(kMaxSavableCards));
  EXPECT_THROW(check_savable(kMaxSavableCards + 1), RangeError);
  DeckOptions o;
  o.style = "generic", o.size = kMaxSavableCards + 1, o.strategy = "bitmap";
  o.seed_kind = SeedKind::integer, o.seed = std::string(8, '\2');
  auto big = make_deck(o);
  try {
    save_state(*big, true);
    ADD_FAILURE() << "save_state did not throw";
  } catch (const RangeError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("16777217"), std::string::npos) << m;
    EXPECT_NE(m.find("16777216"), std::string::npos) << m;
  }
  DeckOptions small;
  small.style = "generic", small.size = 5, small.seed_kind = SeedKind::integer, small.seed = std::string(8, '\2');
  std::string text = save_state(*make_deck(small), true);
  text.replace(text.find("\"size\":5"), 8, "\"size\":16777217");
  EXPECT_THROW(restore_state(text, std::nullopt), RangeError);
}
