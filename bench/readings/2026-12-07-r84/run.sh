#!/bin/bash
# run.sh BIN OUT: `BIN -q -cache=off -all -json ./...` in each module
# directory dirs.txt lists, into OUT/N.json, with OUT/N.dir naming it.
set -u
bin=$(realpath "$1"); out=$(realpath -m "$2"); mkdir -p "$out"
i=0
while read -r d; do
  i=$((i+1))
  ( cd "$d" && timeout 120 "$bin" -q -cache=off -all -json ./... > "$out/$i.json" 2>/dev/null; echo "$d" > "$out/$i.dir" )
done < "$(dirname "$0")/dirs.txt"
