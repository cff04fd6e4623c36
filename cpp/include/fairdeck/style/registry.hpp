// fairdeck/style/registry.hpp — every known style, looked up by name.
//
// Why: adding a third style is one header plus one line here; nothing else changes.
#pragma once
#include <array>
#include <string_view>

#include "fairdeck/style/french.hpp"
#include "fairdeck/style/german.hpp"

namespace fairdeck {

/// All styles, in the order the API lists them.
inline constexpr std::array<const Style*, 2> kStyles = {&styles::french, &styles::german};

/// The style called `id`, or nullptr.
inline const Style* find_style(std::string_view id) noexcept {
  for (const Style* s : kStyles)
    if (s->id == id) return s;
  return nullptr;
}

}  // namespace fairdeck
