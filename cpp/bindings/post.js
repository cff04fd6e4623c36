// cpp/bindings/post.js — appended inside the Emscripten factory (--post-js; see CMakeLists.txt).
//
// The module is built with -sABORTING_MALLOC=0, so malloc returns 0 when the 4 GiB heap is full
// and the C++ core reports std::bad_alloc as a RangeError. Emscripten 3.1.6's JS glue, though,
// writes through whatever `_malloc` returns — Embind's string arguments, C++ exception objects —
// so on a full heap it wrote at address 0, over the module's static data, and broke the module
// for good. This wrapper makes those JS-side allocations throw a RangeError instead; the module
// keeps working once memory is freed. (`_malloc` starts as a stub that replaces itself with the
// raw export on its first call; the wrapper puts itself back after that call.)
(function () {
  var stub = _malloc, raw = null;
  _malloc = function fairdeckMalloc(size) {
    var ptr;
    if (raw) {
      ptr = raw(size);
    } else {
      ptr = stub(size);
      raw = _malloc;
      _malloc = fairdeckMalloc;
    }
    if (!ptr && size) throw new RangeError('not enough WASM memory for this request (the heap holds at most 4 GiB)');
    return ptr;
  };
})();
