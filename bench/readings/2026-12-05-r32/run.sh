#!/usr/bin/env bash
# Reading 32: the first 20 of five large modules' ranked reports.
#
#   bench/readings/2026-12-05-r32/run.sh COPYCAT WORK
#
# Fetches modules.txt's five modules from the proxy into WORK, writes each
# one's `copycat -json` and `copycat -all -json` (-cache=off) to WORK/out
# as NAME.json and NAME-all.json (NAME: the repository's name), then
# samples the items as the reading did (key.tsv, items-1..3.txt).
set -euo pipefail
cc=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
"$here/../proxyget.sh" "$work" < "$here/modules.txt"
mkdir -p "$work/out"
args=()
while IFS='=' read -r n r; do
	n=$(echo "$n" | sed -E 's/^github.com\+[^+]+\+([^+]+).*/\1/')
	(cd "$r" && "$cc" -json -cache=off ./... > "$work/out/$n.json" 2>/dev/null || true)
	(cd "$r" && "$cc" -all -json -cache=off ./... > "$work/out/$n-all.json" 2>/dev/null || true)
	args+=("$n=$r")
done < "$work/roots.txt"
BLIND_TOP=20 BLIND_REST=20 BLIND_HIDDEN=10 BLIND_READERS=3 python3 "$here/../blind.py" 32 "$work/out" "${args[@]}"
