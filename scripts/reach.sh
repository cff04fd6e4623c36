#!/usr/bin/env bash
# The reach matrix (docs/delivery.md): packs the package, installs it with every bundler and
# runtime of tests/reach/apps (exact versions) into build/reach, builds each app as its tool's
# documentation says, and checks in Chromium or in the runtime that it deals the golden hand.
# build/reach/node_modules and npm's cache are kept between runs (the warm run installs nothing new).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=build/reach
t0=$(date +%s)
[ -f dist/index.js ] || bash scripts/build-package.sh
mkdir -p "$work"
# Fresh copies of the apps (keeping installs); the README example and the page go into each.
rm -rf "$work/apps.new" && cp -r tests/reach/apps "$work/apps.new"
for app in vite webpack rspack esbuild rollup parcel bun; do
  mkdir -p "$work/apps.new/$app/src"
  cp tests/reach/shared/readme-example.js "$work/apps.new/$app/src/index.js"
  cp tests/reach/shared/index.html "$work/apps.new/$app/src/index.html"
done
cp tests/reach/shared/worker.js tests/reach/shared/worker-page.js tests/reach/shared/react.js tests/reach/shared/mixed.js "$work/apps.new/vite/src/"
if [ -d "$work/apps" ]; then
  # Keep each app's node_modules (npm may place a nested copy there) and Next's cache.
  for d in "$work"/apps/*/; do
    name=$(basename "$d")
    [ -d "$d/node_modules" ] && [ -d "$work/apps.new/$name" ] && mv "$d/node_modules" "$work/apps.new/$name/"
  done
  rm -rf "$work/apps"
fi
mv "$work/apps.new" "$work/apps"
tarball=$(npm pack --silent --pack-destination "$work" 2>/dev/null | tail -1)
mv "$work/$tarball" "$work/fairdeck.tgz"
echo '{ "name": "fairdeck-reach", "private": true, "workspaces": ["apps/*"] }' > "$work/package.json"
t1=$(date +%s)
# A new tarball each run: forget the old one's checksum so npm installs the new one.
rm -rf "$work/node_modules/fairdeck"
if [ -f "$work/package-lock.json" ]; then
  node -e 'const fs = require("fs"), f = process.argv[1], l = JSON.parse(fs.readFileSync(f, "utf8"));
    if (l.packages && l.packages["node_modules/fairdeck"]) delete l.packages["node_modules/fairdeck"].integrity;
    fs.writeFileSync(f, JSON.stringify(l, null, 2));' "$work/package-lock.json"
fi
# Bun's and Deno's npm packages fetch nothing at run time: their binaries come as optional deps.
(cd "$work" && npm install --no-audit --no-fund --loglevel=error --maxsockets=8)
echo "reach: installed in $(( $(date +%s) - t1 )) s"
# Limited parallelism for the 2-core machine the matrix is sized for.
export UV_THREADPOOL_SIZE=2 NEXT_TELEMETRY_DISABLED=1 PARCEL_WORKERS=1 RAYON_NUM_THREADS=2
node tests/reach/run.mjs "$root/$work" "$@"
echo "reach: matrix done in $(( $(date +%s) - t0 )) s"
