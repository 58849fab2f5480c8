#!/usr/bin/env bash
# Installs what the tests need from Debian when it is missing: Chromium, CJK fonts, PostgreSQL, pdftotext (poppler-utils),
# nginx (the reverse-proxy e2e test runs it as a child process; the service Debian would start is not needed).
set -u
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "noto sans cjk" || need+=(fonts-noto-cjk)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ -x /usr/sbin/nginx ] || need+=(nginx)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need+=(postgresql); fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[setup] installing from Debian: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null 2>&1 || true
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 || echo "[setup] apt-get install ${need[*]} failed"
  else
    echo "[setup] missing ${need[*]} and cannot apt-get install them (not root or no apt)"
  fi
fi
