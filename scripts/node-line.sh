#!/usr/bin/env bash
# Prints the folder of a `node` binary of the major line given (default: .nvmrc's, production's): the machine's own
# when it is that line, else one from the npm registry's `node` package (a Node binary for this platform, nothing
# downloaded from elsewhere), installed once in a folder of its own outside the repository. CI runs the production
# lines with it (.ci/run), and `npm run bench` its servers (bench/support.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
line="${1:-$(tr -d '[:space:]v' < .nvmrc)}"
if [ "$(node -p 'process.versions.node.split(".")[0]')" = "$line" ]; then
  dirname "$(command -v node)"
  exit 0
fi
folder="${TMPDIR:-/tmp}/coolrent-ci-node$line"
if ! [ -x "$folder/node_modules/node/bin/node" ]; then
  npm install --prefix "$folder" --no-audit --no-fund --loglevel=error "node@$line" >/dev/null
fi
echo "$folder/node_modules/node/bin"
