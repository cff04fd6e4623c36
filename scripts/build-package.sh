#!/usr/bin/env bash
# Builds the npm package into dist/: tsc for the TypeScript, plus each .wasm (also exported as
# fairdeck/<module>.wasm), its embedded copy and that copy's types (not Vite library mode, which would inline the wasm as base64).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
npx --no-install tsc -p tsconfig.build.json
mkdir -p dist/wasm
for module in fairdeck games shuffle fairness; do   # games, shuffle and fairness modules: docs/size.md
  cp "web/src/wasm/$module.wasm" "web/src/wasm/$module-embedded.js" "web/src/wasm/$module-embedded.d.ts" dist/wasm/
  [ "$module" = games ] || cp "web/src/wasm/$module-glue.js" "web/src/wasm/$module-glue.d.ts" dist/wasm/   # games: fairdeck's glue
done
cp web/src/wasm/manifest.js web/src/wasm/manifest.d.ts dist/wasm/   # names and limits (scripts/write-manifest.mjs)
if [ -f dist/cli/random.js ]; then
  sed -i '1{/^#!/!s|^|#!/usr/bin/env node\n|}' dist/cli/random.js
  chmod +x dist/cli/random.js
fi
if [ -f dist/cli/fairdeck.js ]; then  # the `fairdeck` bin (issue 40)
  sed -i '1{/^#!/!s|^|#!/usr/bin/env node\n|}' dist/cli/fairdeck.js
  chmod +x dist/cli/fairdeck.js
fi
echo "package: dist/ built"
