#!/bin/sh
# Runs a long-lived server (npm start; deploy/cedar-ridge-contact.service) with the memory allocator
# it needs: jemalloc when Debian's libjemalloc2 is installed, else glibc's malloc with its mmap
# threshold fixed. glibc's malloc keeps what a long day frees in its main heap (photos through
# sharp, builds, requests): a 60-minute soak grew the server with every JavaScript heap flat, and
# jemalloc gives it back (docs/performance.md, "The memory given back").
# An LD_PRELOAD or GLIBC_TUNABLES already set is kept as it is.
if [ -z "${LD_PRELOAD:-}" ] && { /sbin/ldconfig -p 2>/dev/null || ldconfig -p 2>/dev/null; } | grep -q 'libjemalloc\.so\.2 '; then
  # A name without a slash: the loader finds it where this machine's architecture keeps libraries.
  LD_PRELOAD=libjemalloc.so.2
  export LD_PRELOAD
fi
GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072}"
export GLIBC_TUNABLES
exec "$@"
