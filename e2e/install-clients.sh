#!/usr/bin/env bash
# Installs the agent clients the end-to-end tests drive, at the versions
# pinned in clients.txt, into one directory, from npm:
#
#   e2e/install-clients.sh [DIR]
#
# DIR defaults to $ARBITER_E2E_CLIENTS, else ~/.cache/arbiter-e2e. A
# second run with the same versions installed changes nothing. Then run
# the tests with ARBITER_E2E_CLIENTS=DIR go test ./e2e/
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-${ARBITER_E2E_CLIENTS:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/arbiter-e2e}}"
command -v npm >/dev/null || { echo "install-clients.sh: npm is not on PATH; the end-to-end tests need Node.js and npm" >&2; exit 1; }
mkdir -p "$dir"
want=()
while read -r pkg version exe extra; do
  case "$pkg" in ''|'#'*) continue ;; esac
  have="$(node -p "require('$dir/node_modules/$pkg/package.json').version" 2>/dev/null || true)"
  if [ "$have" = "$version" ] && [ -x "$dir/node_modules/.bin/$exe" ]; then
    echo "$pkg@$version: installed"
  else
    want+=("$pkg@$version")
    # shellcheck disable=SC2206 # further packages, one a word
    [ -z "$extra" ] || want+=($extra)
  fi
done < "$here/clients.txt"
if [ "${#want[@]}" -gt 0 ]; then
  echo "installing ${want[*]} into $dir"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "${want[@]}"
fi
echo "$dir"
