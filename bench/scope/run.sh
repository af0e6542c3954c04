#!/usr/bin/env bash
# run.sh COPYCAT OUT: copycat -all -json over the standard library as a
# whole (OUT/whole.json) and over each of its packages alone
# (OUT/pkg/NAME.json), for scope.py. Run from anywhere; GOROOT's src is
# read as the command line reads it.
set -euo pipefail
cc=$(realpath "$1") out=$(realpath -m "$2")
mkdir -p "$out/pkg"
cd "$(go env GOROOT)/src"
"$cc" -cache=off -all -json ./... > "$out/whole.json" 2>/dev/null || true
go list -f '{{.Dir}}' std cmd | sed "s|^$PWD/||" | grep -v '^/' | while read -r p; do
	"$cc" -cache=off -all -json "./$p" > "$out/pkg/$(echo "$p" | tr / +).json" 2>/dev/null || true
done
