# scripts/emscripten-env.sh — sourced by every script that runs Emscripten (build-wasm.sh,
# bench.sh, wasm-tests.sh): the environment 3.1.6 needs, in one place (docs/toolchain.md).
# - NODE_PATH: emcc's JS optimizer needs Debian's acorn (pitfall 1).
# - EM_CLOSURE_COMPILER: the npm package's native closure compiler of the version 3.1.6 expects
#   (a dev dependency; Debian's closure-compiler is too old; pitfall 27).
# - PATH without node_modules/.bin: npm (npm test, npm start, npm run bench) puts it first, and
#   there binaryen 132's wasm-opt and wasm-metadce would stand in for the binaryen 108 that
#   Emscripten 3.1.6 is paired with: its import minification then left a glue's names unminified
#   while its wasm's were minified, and the module could not be instantiated (pitfall 31).
export NODE_PATH=/usr/share/nodejs
export EM_CLOSURE_COMPILER=$PWD/node_modules/google-closure-compiler-linux/compiler
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/node_modules/\.bin$' | paste -sd: -)
export PATH
