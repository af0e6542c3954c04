#!/usr/bin/env bash
# Reading 30: the odd one out, read blind. Reproduces the items and the key.
#
#   bench/readings/2026-12-05-r30/run.sh BEFORE AFTER WORK
#
# BEFORE and AFTER are copycat binaries built at the commit before the rule
# and at the rule's commit; WORK receives the modules (3.6 GB) and the JSON
# reports. modules.txt is the 400 modules read: go-partial.tsv's served
# modules that no earlier reading used, shuffled with seed 3030 (see
# choose.py); MODULES=FILE reads another list (reading 31's).
# Then: python3 sample.py WORK writes WORK/key.tsv and WORK/items.txt,
# and python3 tally.py prints the table.
set -euo pipefail
before=$1 after=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work/before" "$work/after"
"$here/../proxyget.sh" "$work" < "${MODULES:-$here/modules.txt}"
while IFS='=' read -r n r; do
	(cd "$r" && "$before" -all -json -cache=off ./... > "$work/before/$n.json" 2>/dev/null || true)
	(cd "$r" && "$after" -all -json -cache=off ./... > "$work/after/$n.json" 2>/dev/null || true)
done < "$work/roots.txt"
