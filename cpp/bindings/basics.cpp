// cpp/bindings/basics.cpp — the exports every WASM module has (the deck module and the fairness
// module link this file): the recorded error, the text result, and heap blocks for JS.
#include <malloc.h>

#include <cstdlib>

#include "common.hpp"

using namespace fairdeck::abi;

extern "C" {

EMSCRIPTEN_KEEPALIVE int fd_error_kind() { return g_error_kind; }
EMSCRIPTEN_KEEPALIVE const char* fd_error_message() { return g_error_message.data(); }
EMSCRIPTEN_KEEPALIVE u32 fd_error_length() { return static_cast<u32>(g_error_message.size()); }
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
