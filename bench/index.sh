#!/usr/bin/env bash
# bench/index.sh measures the index (issue 12's ratios) on a copy of a tree,
# in interleaved rounds: the parse floor (bench/parsefloor), copycat
# -cache=off, a cold run that fills an empty index, a warm run with no file
# changed, and a run after one file changed (a line appended to one file,
# then restored, so each round starts from the same index). It prints each
# run's wall time and peak memory, the medians and the ratios, and checks
# that the warm and one-changed runs print what a -cache=off run prints.
#
#	bench/index.sh COPYCAT PARSEFLOOR OUTDIR ROUNDS DIR...
set -euo pipefail
trap 'echo "bench/index.sh: line $LINENO: exit $?" >&2' ERR
bin=$1 floor=$2 out=$3 rounds=$4
shift 4
mkdir -p "$out"
# The copy goes outside the repository: its .duplignore leaves bench/out
# out, and a copied module without a go.mod (docker's) would fall under it.
work=$(mktemp -d -t copycat-index.XXXXXX)
trap 'rm -rf "$work"' EXIT
tree="$work/tree"
mkdir -p "$tree"
pats=()
for d in "$@"; do
	name=$(basename "$d")
	cp -a "$d" "$tree/$name" # -a keeps the times: the files are old
	chmod -R u+w "$tree/$name"
	pats+=("$tree/$name/...")
done
# The file changed: the 200th hand-written production file outside
# testdata, in name order.
changed=$(find "$tree" -name '*.go' ! -name '*_test.go' ! -path '*/testdata/*' | sort |
	xargs grep -L '^// Code generated .* DO NOT EDIT\.$' | awk 'NR == 200')
ix="$work/index-db"
declare -A wall mem
run() { # label cmd...
	local label=$1
	shift
	local t
	/usr/bin/time -f "%e %M" -o "$out/time" "$@" >"$out/$label.out" 2>/dev/null || true
	t=$(tail -1 "$out/time")
	wall[$label]+="${t% *} "
	mem[$label]+="${t#* } "
}
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
"$floor" "${pats[@]}" >/dev/null 2>&1 || true # warm the file cache
for ((r = 1; r <= rounds; r++)); do
	run floor "$floor" "${pats[@]}"
	run off "$bin" -cache=off -q "${pats[@]}"
	rm -rf "$ix"
	run cold "$bin" -cache "$ix" -q "${pats[@]}"
	run warm "$bin" -cache "$ix" -q "${pats[@]}"
	cp -p "$changed" "$out/changed.bak"
	echo "// one more line" >>"$changed"
	run changed-off "$bin" -cache=off -q "${pats[@]}"
	run changed "$bin" -cache "$ix" -q "${pats[@]}"
	cp -p "$out/changed.bak" "$changed"
	cmp -s "$out/off.out" "$out/warm.out" || { echo "warm run differs from -cache=off" >&2; exit 1; }
	cmp -s "$out/changed-off.out" "$out/changed.out" || { echo "one-changed run differs from -cache=off" >&2; exit 1; }
done
f=$(median "${wall[floor]}")
o=$(median "${wall[off]}")
for k in floor off cold warm changed; do
	m=$(median "${wall[$k]}")
	awk -v k="$k" -v m="$m" -v runs="${wall[$k]% }" -v mem="$(median "${mem[$k]}")" -v f="$f" -v o="$o" \
		'BEGIN { printf "%-8s wall %6.2fs (runs: %s)  peak %5d MB  %.2fx floor  %.2fx -cache=off\n", k, m, runs, mem / 1024, m / f, m / o }'
done
echo "changed file: $changed; outputs of warm and one-changed runs equal to -cache=off runs"
