// cpp/bindings/imports.js — the imports the package itself provides when it instantiates a module
// (web/src/instantiate.ts), declared to Emscripten's linker (--js-library) so that it accepts them
// as imports. The modules are standalone, so nothing in this file is emitted or shipped.
mergeInto(LibraryManager.library, {
  js_entropy: function () {},
});
