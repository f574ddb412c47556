#!/usr/bin/env bash
# System packages the tests use that npm cannot install: ripgrep (grep tool's fast path).
# Idempotent: does nothing when everything is there. Needs root and apt for an install.
set -euo pipefail
missing=()
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-system: missing ${missing[*]}; install them (Debian: apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
echo "setup-system: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
