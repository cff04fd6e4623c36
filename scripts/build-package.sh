#!/usr/bin/env bash
# Builds the npm package into dist/: tsc for the TypeScript, plus each .wasm (also exported as
# fairdeck/<module>.wasm), its embedded copy and that copy's types (not Vite library mode, which would inline the wasm as base64).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
node node_modules/typescript/bin/tsc -p tsconfig.build.json   # not npx tsc: the typescript-5.0 alias also installs a bin named tsc
node scripts/prune-types.mjs   # declarations no entry reaches (the bins', internal modules)
node scripts/vendor.mjs   # the few functions taken from npm libraries, bundled with their licences
mkdir -p dist/wasm
for module in fairdeck games sim shuffle fairness trustless; do   # games, sim, shuffle and fairness modules: docs/size.md
  cp "web/src/wasm/$module.wasm" "web/src/wasm/$module-embedded.js" "web/src/wasm/$module-embedded.d.ts" dist/wasm/
  [ "$module" = games ] || [ "$module" = sim ] || cp "web/src/wasm/$module-glue.js" "web/src/wasm/$module-glue.d.ts" dist/wasm/   # games, sim: fairdeck's glue
done
cp web/src/wasm/manifest.js web/src/wasm/manifest.d.ts dist/wasm/   # names and limits (scripts/write-manifest.mjs)
for cli in dist/cli/random.js dist/cli/audit.js dist/cli/fairdeck.js; do   # the package.json "bin" entries
  [ -f "$cli" ] || continue
  sed -i '1{/^#!/!s|^|#!/usr/bin/env node\n|}' "$cli"
  chmod +x "$cli"
done
# The pages as they ship (issue 61 item 2, `npx fairdeck pages`): built against dist/ itself
# (vite.pages.config.ts), plus the visualiser's sandbox and the favicon from public/ (not the
# README's screenshots).
node node_modules/vite/bin/vite.js build --config vite.pages.config.ts --logLevel warn
mkdir -p dist/pages/sandbox
cp public/sandbox/* dist/pages/sandbox/
cp public/favicon.svg dist/pages/
echo "package: dist/ built"
