// cpp/bindings/basics.cpp — the bindings every WASM module has (each module links this file): the
// recorded error, the text result, and the heap's use (tests prove that everything is freed).
#include <malloc.h>

#include "common.hpp"

using namespace fairdeck::abi;

namespace fairdeck::abi {

bool run_guarded(void (*call)(void*), void* ctx) noexcept {
  try {
    call(ctx);
    return true;
  } catch (const std::invalid_argument& e) {  // fd::TypeError too (errors.hpp)
    record_error(kTypeError, e.what());
  } catch (const std::out_of_range& e) {  // fd::RangeError too
    record_error(kRangeError, e.what());
  } catch (const std::bad_alloc&) {
    record_error(kRangeError, kNoMemory);
  } catch (const std::exception& e) {
    record_error(kError, e.what());
  } catch (...) {
    record_error(kError, "unknown error in the fairdeck core");
  }
  return false;
}

}  // namespace fairdeck::abi

namespace {
int error_kind() { return g_error_kind; }
val error_message() { return bytes_view(g_error_message, g_error_length); }
void text_free() { std::string().swap(g_text); }
/// Bytes of the heap allocated now (malloc's count).
double heap_used() { return static_cast<double>(static_cast<unsigned>(mallinfo().uordblks)); }
}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck_basics) {
  emscripten::function("errorKind", &error_kind);
  emscripten::function("errorMessage", &error_message);
  emscripten::function("textFree", &text_free);
  emscripten::function("heapUsed", &heap_used);
}
