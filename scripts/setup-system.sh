#!/usr/bin/env bash
# System packages the tests use that npm cannot install: ripgrep (grep tool's fast path);
# bubblewrap, Debian's python3 and python3-matplotlib (the providers' sandboxed code interpreter);
# haproxy (the load balancer in front of two `serve --http --stateless` replicas in test/cli/lb-*);
# strace, tree, jq, file, hexdump (bsdextrautils) and less: test/security/ runs every command the
# shell analysis calls read-only under strace in bwrap, and needs the commands it generates;
# postgresql (the replicated approvals inbox: tests start a server of their own with initdb/pg_ctl
# in a temporary directory) and chromium (the web console's tests drive it with playwright-core).
# Idempotent: does nothing when everything is there. Needs root and apt for an install.
set -euo pipefail
missing=()
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
[ -x /usr/bin/python3 ] || missing+=(python3)
/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1 || missing+=(python3-matplotlib)
# /usr/sbin is not on every user's PATH; the package installs its binary there.
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v strace >/dev/null 2>&1 || missing+=(strace)
command -v tree >/dev/null 2>&1 || missing+=(tree)
command -v jq >/dev/null 2>&1 || missing+=(jq)
command -v file >/dev/null 2>&1 || missing+=(file)
command -v hexdump >/dev/null 2>&1 || missing+=(bsdextrautils)
command -v less >/dev/null 2>&1 || missing+=(less)
# Debian keeps initdb/pg_ctl off PATH, under /usr/lib/postgresql/<major>/bin.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-system: missing ${missing[*]}; install them (Debian: apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
echo "setup-system: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
