// cpp/bindings/builtins.cpp — the Embind types these modules use, registered by this project
// instead of by Emscripten's system/lib/embind/bind.cpp (libembind, which the build no longer
// links: CMakeLists.txt). bind.cpp registers every built-in type, so its names stayed in the wasm
// data and its converters (UTF-16 and UTF-32 strings, BigInt, 17 memory views) in the glue;
// here only the types the bindings take or return: void, bool, int, unsigned int, double,
// std::string, emscripten::val (option objects in, common.hpp) and the three memory views results
// use (u8, u32, f64). A binding with any other type fails loudly: Embind's UnboundTypeError when
// the module registers it (tests/unit/embind.test.ts loads every module).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <limits>
#include <string>

#include <emscripten/val.h>

using namespace emscripten::internal;


namespace {
template <typename T>
void integer(const char* name) {
  _embind_register_integer(TypeID<T>::get(), name, sizeof(T), std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
}
}  // namespace

// bind.cpp's name, run as a global constructor as bind.cpp runs it (not exported: only pthread
// workers call it from JS, and these modules have no threads).
extern "C" __attribute__((constructor)) void __embind_register_native_and_builtin_types() {
  _embind_register_void(TypeID<void>::get(), "void");
  _embind_register_bool(TypeID<bool>::get(), "bool", sizeof(bool), true, false);
  integer<int>("int");
  integer<unsigned int>("unsigned int");
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
  _embind_register_std_string(TypeID<std::string>::get(), "std::string");
  _embind_register_emval(TypeID<emscripten::val>::get(), "emscripten::val");
  _embind_register_memory_view(TypeID<emscripten::memory_view<unsigned char>>::get(), 1, "emscripten::memory_view<unsigned char>");
  _embind_register_memory_view(TypeID<emscripten::memory_view<unsigned int>>::get(), 5, "emscripten::memory_view<unsigned int>");
  _embind_register_memory_view(TypeID<emscripten::memory_view<double>>::get(), 7, "emscripten::memory_view<double>");
}
