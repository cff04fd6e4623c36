// fairdeck/checked.hpp — size arithmetic that cannot wrap.
//
// Why: in wasm32 `std::size_t` has 32 bits, so a byte count such as items × sizeof(T) for a few
// hundred million 4- or 8-byte items wraps silently to a small number, and the code then writes
// past a buffer that is far too small. Every size the core computes from a caller's count goes
// through these helpers, which throw RangeError (a JS RangeError) instead of wrapping.
#pragma once
#include <string>
#include <type_traits>

#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck::detail {

/// a · b in T; throws RangeError naming `what` if the product does not fit in T.
template <class T>
T checked_mul(T a, T b, const char* what) {
  static_assert(std::is_unsigned_v<T>);
  T out;
  if (__builtin_mul_overflow(a, b, &out))
    throw RangeError(cat(what, " is too large: ", a, " × ", b, " does not fit in ", 8 * sizeof(T), " bits"));
  return out;
}

/// a + b in T; throws RangeError naming `what` if the sum does not fit in T.
template <class T>
T checked_add(T a, T b, const char* what) {
  static_assert(std::is_unsigned_v<T>);
  T out;
  if (__builtin_add_overflow(a, b, &out))
    throw RangeError(cat(what, " is too large: ", a, " + ", b, " does not fit in ", 8 * sizeof(T), " bits"));
  return out;
}

}  // namespace fairdeck::detail
