#!/usr/bin/env bash
# run.sh: copycat at the defaults (-cache=off -json ./...) in each module
# of the module cache but the corpus's five, the last version of each
# path, with two binaries: /tmp/cc-base (373b494) and /tmp/cc-head
# (3c48257), built beforehand (git worktree add, go build -o). The
# reports go to /tmp/rd/out, which sample.py reads.
set -u
mkdir -p /tmp/rd/out
mod=$(go env GOMODCACHE)
cd "$mod" && find . -maxdepth 4 -type d -name '*@v*' | grep -v /cache/ | sed 's|^\./||' |
	grep -v 'k8s.io/kubernetes@\|istio.io/istio@\|go-ethereum@\|prometheus/prometheus@\|docker/docker@' |
	sort | awk -F@ '{last[$1]=$0} END {for (p in last) print last[p]}' | sort > /tmp/rd/mods.txt
while read -r m; do
	n=$(echo "$m" | tr / +)
	(cd "$mod/$m" && [ -f go.mod ] || exit 0
		GOFLAGS=-mod=mod timeout 120 /tmp/cc-base -cache=off -json ./... > /tmp/rd/out/$n.base.json 2>/dev/null
		GOFLAGS=-mod=mod timeout 120 /tmp/cc-head -cache=off -json ./... > /tmp/rd/out/$n.head.json 2>/dev/null) || true
done < /tmp/rd/mods.txt
