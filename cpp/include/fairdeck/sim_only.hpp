// fairdeck/sim_only.hpp — SimOnly<T>: a member that only sim builds have (kSim, deck.hpp).
//
// Why: fairdeck.wasm and games.wasm compile the simulation paths out (docs/size.md), and a member
// they never use should cost them neither room in every Deck nor code. SimOnly<T> is T in sim
// builds; elsewhere an empty stand-in ([[no_unique_address]]: no room) that reads as null or 0
// and ignores writes, so the code that reads it needs no #if and folds away.
#pragma once
#include <cstdint>
#include <memory>
#include <type_traits>

#ifndef FAIRDECK_SIM
#define FAIRDECK_SIM 1
#endif

namespace fairdeck {

namespace detail {
template <class T>
struct Absent;
template <class T>
struct Absent<std::unique_ptr<T>> {  // never a pointee: the code that would use one is never reached
  explicit operator bool() const noexcept { return false; }
  T* operator->() const noexcept { return nullptr; }
  T& operator*() const noexcept { __builtin_trap(); }
  Absent& operator=(std::unique_ptr<T>&&) noexcept { return *this; }
};
template <>
struct Absent<std::uint32_t> {  // always 0
  constexpr operator std::uint32_t() const noexcept { return 0; }
  Absent& operator=(std::uint32_t) noexcept { return *this; }
};
}  // namespace detail

/// T in sim builds; elsewhere an empty stand-in (declare the member [[no_unique_address]]).
template <class T>
using SimOnly = std::conditional_t<FAIRDECK_SIM != 0, T, detail::Absent<T>>;

}  // namespace fairdeck
