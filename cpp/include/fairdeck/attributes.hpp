// fairdeck/attributes.hpp — compiler attributes the core's headers share.
//
// Why: the WASM deck modules compile their per-deal bindings at -O3 and the rest at -Oz
// (CMakeLists.txt). An inline function that both files use is kept once, from the -O3 file, so
// the cold ones among them (a provable round's key, a re-key) are marked to be optimised for size
// wherever they are compiled (docs/size.md).
#pragma once

/// Optimise a function for size (clang: the WASM build; GCC has no such attribute).
#ifndef FAIRDECK_MINSIZE
#if defined(__clang__)
#define FAIRDECK_MINSIZE [[clang::minsize]]
#else
#define FAIRDECK_MINSIZE
#endif
#endif
