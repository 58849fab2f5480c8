#!/usr/bin/env bash
# Type-checks every workspace (no root tsconfig: each package has its own).
set -u
cd "$(dirname "$0")/.."
for p in packages/contracts packages/app-client apps/server apps/admin apps/site e2e; do
  echo "tsc $p"; npx tsc -p "$p" --noEmit || exit 1
done
