// cpp/bindings/imports.js — the JS functions the core imports (--js-library, every module): fresh
// entropy for secure decks' re-keying. crypto.getRandomValues fills at most 65,536 bytes a call;
// a missing or throwing source returns failure (never throws, never aborts): the core then
// reports a clean error and changes nothing (cpp/include/fairdeck/entropy.hpp).
mergeInto(LibraryManager.library, {
  js_entropy: function (out, n) {
    try {
      for (var at = 0; at < n; at += 65536) crypto.getRandomValues(HEAPU8.subarray(out + at, out + Math.min(n, at + 65536)));
      return 1;
    } catch (e) {
      return 0;
    }
  },
  // libc's getentropy (referenced by the core's native default source): the same, without
  // Emscripten's version, which aborts the module when no source is found.
  getentropy__deps: ['js_entropy'],
  getentropy: function (out, n) {
    return _js_entropy(out, n) ? 0 : -1;
  },
});
