// cpp/bindings/trim-preamble.mjs — Emscripten 3.1.6's glue without its own ways of finding,
// fetching and reading a .wasm (emcc --js-transform, every module: CMakeLists.txt; docs/size.md).
// The package always hands the glue a module it compiled itself through `instantiateWasm`
// (web/src/instantiate.ts), so the glue's script-directory lookup, its XHR readers, the `.wasm`
// file name, getBinary, getBinaryPromise, instantiateArrayBuffer and instantiateAsync never run;
// no setting of 3.1.6 leaves them out, and no JS library can replace them (they are the preamble,
// not library functions). emcc runs this on the glue before closure minifies it. Each cut must
// match exactly once in the text 3.1.6 emits, else the build fails: a new Emscripten that moved
// any of it must be looked at again, never half-trimmed.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
let src = readFileSync(file, 'utf8');

/** Replaces the one span from `start` through `end` (inclusive) with `by`; fails unless each is found once. */
function cut(what, start, end, by = '') {
  const from = src.indexOf(start);
  const to = from < 0 ? -1 : src.indexOf(end, from + start.length);
  if (from < 0 || to < 0 || src.indexOf(start, from + 1) >= 0) {
    console.error(`trim-preamble: ${what}: the text Emscripten 3.1.6 emits was not found exactly once in ${file}`);
    process.exit(1);
  }
  src = src.slice(0, from) + by + src.slice(to + end.length);
}

// The script directory and the XHR readers (web and worker): only the file locating used them.
cut('the environment block', 'if (ENVIRONMENT_IS_WEB || ENVIRONMENT_IS_WORKER) {', 'setWindowTitle = (title) => document.title = title;\n} else\n{\n}');
// Module.wasmBinary: only the removed readers used it, and the package never passes it.
cut('wasmBinary', "var wasmBinary;\nif (Module['wasmBinary']) wasmBinary = Module['wasmBinary'];", '');
cut('preloaded images', 'Module["preloadedImages"] = {};', 'Module["preloadedAudios"] = {}; // maps url to audio data');
// Module's own settings saved and merged back around the environment block, which no longer
// sets anything; and the glue's WebAssembly test, which the package's loader makes first with
// its own message (web/src/wasm-env.ts).
cut('the saved settings', 'var moduleOverrides = Object.assign({}, Module);', '');
cut('the settings merged back', '// Merge back in the overrides\nObject.assign(Module, moduleOverrides);', 'moduleOverrides = null;');
cut('the WebAssembly test', "if (typeof WebAssembly != 'object') {\n  abort('no native wasm support detected');\n}", '');
// The heap views on Module: the package reads HEAPU8, HEAPU32 and HEAPF64 (web/src/instantiate.ts);
// the others stay the glue's own, for Embind's conversions.
for (const view of ['HEAP8', 'HEAP16', 'HEAP32', 'HEAPU16', 'HEAPF32']) {
  cut(`Module.${view}`, `  Module['${view}'] = ${view} = `, '', `  ${view} = `);
}
// The data-URI and file-URI tests, the `.wasm` file name, getBinary and getBinaryPromise.
cut('the URI helpers', "var dataURIPrefix = 'data:application/octet-stream;base64,';", "return filename.startsWith('file://');\n}");
cut('the file name and its readers', 'var wasmBinaryFile;', "return Promise.resolve().then(function() { return getBinary(wasmBinaryFile); });\n}");
// createWasm's own instantiation: the package's instantiateWasm is the only way in; without it
// the glue now refuses at once instead of looking for a file.
cut('the instantiation fallbacks', '  // Prefer streaming instantiation if available.', '      return instantiateArrayBuffer(receiveInstantiationResult);\n    }\n  }');
cut('the call without instantiateWasm', '  instantiateAsync().catch(readyPromiseReject);', '  return {}; // no exports yet; we\'ll fill them in later',
  "  abort('instantiateWasm is required');");
// What the postamble puts on Module for callers the package never is: the constructors' export
// (the glue runs them itself, from the instance's exports), run() and calledRun.
cut('the constructors on Module', 'var ___wasm_call_ctors = Module["___wasm_call_ctors"] = function() {',
  '.apply(null, arguments);\n};');
cut('Module.calledRun', "    Module['calledRun'] = true;", '');
cut('Module.run', "Module['run'] = run;", '');
writeFileSync(file, src);
