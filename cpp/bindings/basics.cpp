// cpp/bindings/basics.cpp — the exports every WASM module has (the deck module and the fairness
// module link this file): the recorded error, the text result, and heap blocks for JS.
#include <malloc.h>

#include <cstdlib>

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
    record_error(kRangeError, "not enough WASM memory for this request (the heap holds at most 4 GiB)");
  } catch (const std::exception& e) {
    record_error(kError, e.what());
  } catch (...) {
    record_error(kError, "unknown error in the fairdeck core");
  }
  return false;
}

}  // namespace fairdeck::abi

extern "C" {

EMSCRIPTEN_KEEPALIVE int fd_error_kind() { return g_error_kind; }
EMSCRIPTEN_KEEPALIVE const char* fd_error_message() { return g_error_message; }
EMSCRIPTEN_KEEPALIVE u32 fd_error_length() { return g_error_length; }
EMSCRIPTEN_KEEPALIVE u32 fd_text_length() { return static_cast<u32>(g_text.size()); }
EMSCRIPTEN_KEEPALIVE void fd_text_free() { std::string().swap(g_text); }
/// `bytes` of heap (a double, so any JS number is checked here); 0 if it cannot be had.
EMSCRIPTEN_KEEPALIVE void* fd_alloc(double bytes) {
  if (!(bytes >= 1) || bytes > 4294967295.0) return nullptr;
  return std::malloc(static_cast<std::size_t>(bytes));
}
EMSCRIPTEN_KEEPALIVE void fd_free(void* p) { std::free(p); }
/// Bytes of the heap allocated now (malloc's count): lets tests prove that everything is freed.
EMSCRIPTEN_KEEPALIVE double fd_heap_used() { return static_cast<double>(static_cast<unsigned>(mallinfo().uordblks)); }

}  // extern "C"
