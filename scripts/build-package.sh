#!/usr/bin/env bash
# Builds the npm package into dist/: tsc for the TypeScript, plus a copy of the WASM glue, the
# .wasm (also exported as fairdeck/fairdeck.wasm), the embedded copy and their types (not Vite library mode, which would inline the wasm as base64).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
npx --no-install tsc -p tsconfig.build.json
mkdir -p dist/wasm
cp web/src/wasm/fairdeck.js web/src/wasm/fairdeck.wasm web/src/wasm/fairdeck.d.ts \
  web/src/wasm/fairdeck-embedded.js web/src/wasm/fairdeck-embedded.d.ts dist/wasm/
# the fairness module (docs/size.md), delivered the same way
cp web/src/wasm/fairness.js web/src/wasm/fairness.wasm web/src/wasm/fairness.d.ts \
  web/src/wasm/fairness-embedded.js web/src/wasm/fairness-embedded.d.ts dist/wasm/
if [ -f dist/cli/random.js ]; then
  sed -i '1{/^#!/!s|^|#!/usr/bin/env node\n|}' dist/cli/random.js
  chmod +x dist/cli/random.js
fi
echo "package: dist/ built"
