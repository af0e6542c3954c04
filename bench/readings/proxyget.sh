#!/usr/bin/env bash
# proxyget.sh WORK < MODULES: each module@version of MODULES, its zip from
# the Go module proxy unpacked into WORK/src/NAME (NAME: the path with /
# as +), eight at a time; then WORK/roots.txt lists NAME=DIR, DIR the
# module's root. Used by readings 30 to 32.
set -euo pipefail
work=$1
mkdir -p "$work/src"
get() {
	local p=${1%@*} v=${1#*@} e n
	e=$(echo "$p" | sed -E 's/([A-Z])/!\L\1/g')
	n=$(echo "$p" | tr / +)
	[ -d "$work/src/$n" ] && return
	curl -sf --max-time 300 -o "$work/$n.zip" "https://proxy.golang.org/$e/@v/$v.zip"
	mkdir -p "$work/src/$n" && unzip -q -o "$work/$n.zip" -d "$work/src/$n" && rm "$work/$n.zip"
}
export -f get
export work
xargs -P 8 -I{} bash -c 'get {}'
for d in "$work"/src/*; do
	r=$(find "$d" -maxdepth 5 -type d -name '*@v*' -prune | head -1)
	[ -n "$r" ] && echo "$(basename "$d")=$r"
done > "$work/roots.txt"
