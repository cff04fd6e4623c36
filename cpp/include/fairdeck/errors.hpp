// fairdeck/errors.hpp — the two kinds of user error the core reports.
//
// Why: the bindings turn these into JavaScript's TypeError and RangeError, so a caller learns
// whether the kind of a value or its size was wrong. Messages name the parameter and the value.
#pragma once
#include <stdexcept>
#include <string>

namespace fairdeck {

/// A value of the wrong kind (unknown name, malformed state). Becomes a JS TypeError.
struct TypeError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A value out of its allowed range (count, card not out). Becomes a JS RangeError.
struct RangeError : std::out_of_range {
  using std::out_of_range::out_of_range;
};

}  // namespace fairdeck
