#!/bin/sh
# SPDX-License-Identifier: MIT
# fresh-debian.sh - the README's two commands on a pristine Debian 12, as a
# newcomer's machine has it: a minimal root made by debootstrap
# (--variant=minbase bookworm, nothing else installed), a git clone of one
# commit inside it, then `sh tools/demo.sh` and `sh tools/test.sh` run there
# as root. Packages installed by hand on this machine cannot hide a missing
# install step: inside the root only what the two commands install exists.
#
# What is copied from this machine into the root, so that the root reaches
# the same registries the machine does, and nothing else:
#   - the apt sources (/etc/apt/sources.list, /etc/apt/sources.list.d/
#     *.list and *.sources) and the apt.conf.d files that set how apt
#     reaches the archive (Acquire::... : proxies, Release date checks);
#   - the resolver configuration (/etc/resolv.conf);
#   - the locally trusted CA certificates (/usr/local/share/ca-certificates),
#     then Debian's ca-certificates is installed and update-ca-certificates
#     run (an egress proxy's CA would otherwise break npm's https);
#   - the system-wide npm configuration (/etc/npmrc, and npm's own
#     globalconfig if it lives elsewhere), merged into the root's /etc/npmrc,
#     the file Debian's npm reads.
# The commands run under `env -i` with PATH, HOME, LANG and TERM only, so
# no variable of this machine (NODE_EXTRA_CA_CERTS, CC, ...) leaks in.
# /proc is bound in, /dev bound recursively (chromium needs /dev/shm).
#
# Usage: sh tools/fresh-debian.sh [-r ROOT_DIR] [-k] [COMMIT]
#   COMMIT   what to clone (default HEAD of this checkout; uncommitted
#            changes are not part of it).
#   -r DIR   where the root is made (default /var/tmp/lockstar-fresh; a
#            previous root there is removed first, once nothing is mounted
#            in it).
#   -k       keep the root afterwards (unmounted) for a look inside.
# Needs root, debootstrap and mount. When any is missing, or the root cannot
# be built, it stops with a message that says so and exits 1: it never
# falls back to running the commands on this machine.
# Prints each phase's seconds ("fresh: ... took N s"); .ci/run and the
# README quote them.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=/var/tmp/lockstar-fresh
keep=""
while [ $# -gt 0 ]; do
    case $1 in
    -r) dir=$2; shift 2 ;;
    -k) keep=1; shift ;;
    -*) echo "usage: $0 [-r ROOT_DIR] [-k] [COMMIT]" >&2; exit 2 ;;
    *) break ;;
    esac
done
commit=${1:-HEAD}
die() { echo "fresh: FAIL: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and mount); the README's commands were not run"
command -v debootstrap >/dev/null 2>&1 ||
    die "debootstrap is not installed (apt-get install debootstrap); the README's commands were not run"
command -v chroot >/dev/null 2>&1 || die "chroot is not available; the README's commands were not run"
sha=$(git -C "$top" rev-parse --verify "$commit^{commit}" 2>/dev/null) ||
    die "$commit is not a commit of $top"
case $dir in /|/usr|/var|/tmp|/var/tmp|/root|/home) die "refusing to use $dir as the root's folder" ;; esac

# The first archive the machine's apt sources name for bookworm (one-line
# "deb URI SUITE ..." entries, then deb822 stanzas).
mirror_of_sources() {
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk '$1 == "deb" { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
                           if ($(i + 1) == "bookworm") { print $i; exit } }' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk 'BEGIN { RS = ""; FS = "\n" }
             { types = uris = suites = ""
               for (i = 1; i <= NF; i++) {
                   if ($i ~ /^Types:/) types = $i
                   if ($i ~ /^URIs:/) uris = $i
                   if ($i ~ /^Suites:/) suites = $i
               }
               if (types ~ /[ \t]deb([ \t]|$)/ && suites ~ /[ \t]bookworm([ \t]|$)/) {
                   sub(/^URIs:[ \t]*/, "", uris); split(uris, u, /[ \t]+/); print u[1]; exit
               } }' "$f"
    done
}
mirror=$(mirror_of_sources | head -1)
[ -n "$mirror" ] || die "no bookworm archive in this machine's apt sources (/etc/apt/sources.list*)"

# What is mounted under DIR, deepest first.
mounts_under() {
    awk -v d="$1/" 'index($2, d) == 1 { print $2 }' /proc/self/mounts | sort -r
}
unmount_all() {
    for m in $(mounts_under "$dir/root"); do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
}
remove_root() {
    unmount_all
    [ -z "$(mounts_under "$dir")" ] || die "something is still mounted under $dir; not removing it"
    rm -rf "$dir/root"
}
finish() {
    rc=$?
    unmount_all
    if [ -z "$keep" ] && [ -d "$dir/root" ] && [ -z "$(mounts_under "$dir")" ]; then
        rm -rf "$dir/root"
    fi
    exit $rc
}
trap finish EXIT
trap 'exit 130' INT TERM

t0=$(date +%s)
phase_start=$t0
phase() { # NAME: the seconds since the previous phase ended
    now=$(date +%s)
    echo "fresh: $1 took $((now - phase_start)) s"
    phase_start=$now
}

mkdir -p "$dir"
remove_root
root=$dir/root
echo "fresh: debootstrap --variant=minbase bookworm from $mirror into $root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$dir/debootstrap.log" 2>&1 || {
    tail -20 "$dir/debootstrap.log" >&2
    die "debootstrap could not build the root (log: $dir/debootstrap.log)"
}
phase "debootstrap"

mount --bind /proc "$root/proc" || die "cannot bind /proc into the root (mount refused)"
mount --rbind /dev "$root/dev" || die "cannot bind /dev into the root (mount refused)"
mount --make-rslave "$root/dev" 2>/dev/null || true

# apt: the machine's sources (the root's own default list is replaced).
rm -f "$root/etc/apt/sources.list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && cp "$f" "$root$f"
done
# apt's settings for reaching the archive (Acquire::...: proxies, and the
# Release-file date checks a snapshot mirror needs switched off) come too.
for f in /etc/apt/apt.conf.d/*; do
    [ -f "$f" ] && grep -q 'Acquire::' "$f" && cp "$f" "$root$f"
done
cp -L /etc/resolv.conf "$root/etc/resolv.conf" || die "cannot copy /etc/resolv.conf"
if [ -d /usr/local/share/ca-certificates ]; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp -R /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
fi
: >"$root/etc/npmrc.new"
for f in /etc/npmrc $(npm config get globalconfig 2>/dev/null || true); do
    [ -f "$f" ] && cat "$f" >>"$root/etc/npmrc.new"
done
if [ -s "$root/etc/npmrc.new" ]; then
    awk '!seen[$0]++' "$root/etc/npmrc.new" >"$root/etc/npmrc"
fi
rm -f "$root/etc/npmrc.new"

# in_root COMMAND: run a shell command in the root with a clean environment.
in_root() {
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
        chroot "$root" /bin/sh -c "$1"
}
in_root 'apt-get update -q >/var/log/fresh-apt-update.log 2>&1 &&
         apt-get install -y -q --no-install-recommends ca-certificates >/var/log/fresh-ca.log 2>&1 &&
         update-ca-certificates >/dev/null 2>&1' ||
    die "could not install ca-certificates in the root (logs: $root/var/log/fresh-*.log)"
phase "the machine's sources, resolver, CA certificates and npm configuration"

mkdir -p "$root/work"
git clone -q "$top" "$root/work/lockstar" || die "git clone of $top failed"
git -C "$root/work/lockstar" checkout -q --detach "$sha" || die "cannot check out $sha"
echo "fresh: cloned $sha into /work/lockstar"
phase "git clone"

echo "fresh: == sh tools/demo.sh (inside the root)"
in_root 'cd /work/lockstar && sh tools/demo.sh' || die "sh tools/demo.sh failed on a pristine Debian 12"
phase "sh tools/demo.sh"

echo "fresh: == sh tools/test.sh (inside the root)"
in_root 'cd /work/lockstar && sh tools/test.sh' || die "sh tools/test.sh failed on a pristine Debian 12"
phase "sh tools/test.sh"
echo "fresh: node in the root: $(in_root 'node --version' 2>&1)"
echo "fresh: both README commands passed on a pristine Debian 12 root in $(( $(date +%s) - t0 )) s"
