#!/usr/bin/env bash
# copycat's speed and memory benchmark (make bench).
#
# On the standard library and on the whole corpus that the corpus script
# prints, it measures wall time and peak RSS (GNU time -v) of:
#   - copycat -min-tokens 50 (other flags at their defaults), and with -near=false;
#   - the parse-only floor (bench/parsefloor: the same files, read and parsed
#     on all CPUs in copycat's parser mode);
#   - jscpd 5.3.2 (--min-tokens 50 -f go --mode weak --ignore-identifiers --ignore-literals);
#   - dupl v1.1.0 (-t 50), on the standard library only.
# Times are quoted as ratios to the floor, since the machine may be shared.
#
# Environment:
#   CORPUS_FETCH  the corpus script (default ../shared/corpus/fetch.sh from the repository root)
#   BENCH_CORPUS  "all" (default) or "std": the standard library alone
#   BENCH_RUNS    runs of the floor and of copycat, best wall time kept (default 3)
#   BENCH_SLOW    "0" leaves out jscpd and dupl
#
# Everything a run writes goes to bench/out/; the summary table is printed on
# stdout as markdown and kept in bench/out/summary.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/out
tools=$root/.tools
fetch=${CORPUS_FETCH:-$root/../shared/corpus/fetch.sh}
corpus=${BENCH_CORPUS:-all}
runs=${BENCH_RUNS:-3}
slow=${BENCH_SLOW:-1}
jscpd_version=5.3.2
dupl_version=v1.1.0

log() { echo "bench: $*" >&2; }

# setup builds copycat and the floor and installs the tools that are missing.
setup() {
	mkdir -p "$out" "$tools/bin"
	if [ ! -x /usr/bin/time ]; then
		log "installing GNU time (Debian package time)"
		local sudo=
		[ "$(id -u)" = 0 ] || sudo=sudo
		$sudo apt-get install -y -qq time >&2
	fi
	(cd "$root" && go build -o "$out/copycat" ./cmd/copycat && go build -o "$out/parsefloor" ./bench/parsefloor)
	[ "$slow" = 0 ] && return
	if [ "$("$tools/node_modules/.bin/jscpd" --version 2>/dev/null | grep -o '[0-9.]*$')" != "$jscpd_version" ]; then
		log "installing jscpd $jscpd_version into $tools"
		npm i -E --no-audit --no-fund --silent --prefix "$tools" "jscpd@$jscpd_version" >&2
	fi
	if ! go version -m "$tools/bin/dupl" 2>/dev/null | grep -q "mibk/dupl[[:space:]]*$dupl_version"; then
		log "installing dupl $dupl_version into $tools/bin"
		GOBIN=$tools/bin go install "github.com/mibk/dupl@$dupl_version"
	fi
}

# measure NAME CMD... runs CMD under GNU time, output in $out/NAME.*, and
# prints "wall_seconds rss_kb exit_code".
measure() {
	local name=$1
	shift
	local rc=0
	/usr/bin/time -v -o "$out/$name.time" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
	local wall rss
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
		n = split($2, p, ":"); s = 0
		for (i = 1; i <= n; i++) s = s * 60 + p[i]
		printf "%.2f", s }' "$out/$name.time")
	rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$out/$name.time")
	echo "$wall $rss $rc"
}

# best NAME CMD... measures CMD $runs times and prints the fastest wall
# time, the largest RSS seen and the exit code.
best() {
	local name=$1
	shift
	local w r c bw= bc= mr=0
	for i in $(seq "$runs"); do
		read -r w r c < <(measure "$name" "$@")
		log "  $name run $i: ${w}s, $((r / 1024)) MB, exit $c"
		if [ -z "$bw" ] || awk -v a="$w" -v b="$bw" 'BEGIN { exit !(a < b) }'; then
			bw=$w bc=$c
		fi
		[ "$r" -gt "$mr" ] && mr=$r
	done
	echo "$bw $mr $bc"
}

rows=()
floor=

# row CORPUS TOOL COMMAND NOTE WALL RSS_KB
row() {
	local ratio="—"
	[ -n "$floor" ] && ratio=$(awk -v a="$5" -v b="$floor" 'BEGIN { printf "%.2f×", a / b }')
	rows+=("| $1 | $2 | \`$3\` | $5 | $ratio | $(($6 / 1024)) | $4 |")
}

# bench_corpus LABEL DIR... runs every tool on the directories.
bench_corpus() {
	local label=$1
	shift
	local pats=()
	for d in "$@"; do pats+=("$d/..."); done
	local w r c
	log "$label: warming the file cache"
	"$out/parsefloor" "${pats[@]}" >"$out/$label-warm.out" 2>&1 || true
	log "$label: $(cat "$out/$label-warm.out")"

	floor=
	read -r w r c < <(best "$label-floor" "$out/parsefloor" "${pats[@]}")
	floor=$w
	row "$label" "parse floor" "parsefloor" "$(head -1 "$out/$label-floor.out")" "$w" "$r"

	read -r w r c < <(best "$label-copycat" "$out/copycat" -min-tokens 50 -q "${pats[@]}")
	row "$label" "copycat" "copycat -min-tokens 50" "$(tail -1 "$out/$label-copycat.out" | sed 's/^copycat: //'); exit $c" "$w" "$r"

	read -r w r c < <(best "$label-copycat-nonear" "$out/copycat" -min-tokens 50 -near=false -q "${pats[@]}")
	row "$label" "copycat, no near" "copycat -min-tokens 50 -near=false" "$(tail -1 "$out/$label-copycat-nonear.out" | sed 's/^copycat: //'); exit $c" "$w" "$r"

	[ "$slow" = 0 ] && return
	log "$label: jscpd (one run)"
	read -r w r c < <(measure "$label-jscpd" "$tools/node_modules/.bin/jscpd" --min-tokens 50 -f go \
		--mode weak --ignore-identifiers --ignore-literals --silent --reporters silent "$@")
	local found
	found=$(sed 's/\x1b\[[0-9;]*m//g' "$out/$label-jscpd.out" | grep -o 'Found [0-9]* [a-z]* *clones.*files' | head -1 || true)
	row "$label" "jscpd $jscpd_version" "jscpd --min-tokens 50 -f go --mode weak --ignore-identifiers --ignore-literals" "${found:-see bench/out/$label-jscpd.out}; exit $c" "$w" "$r"

	if [ "$label" = std ]; then
		log "$label: dupl (one run)"
		read -r w r c < <(measure "$label-dupl" "$tools/bin/dupl" -t 50 "$@")
		row "$label" "dupl $dupl_version" "dupl -t 50" "$(tail -1 "$out/$label-dupl.out"); exit $c" "$w" "$r"
	fi
}

main() {
	setup
	local dirs
	mapfile -t dirs < <(if [ "$corpus" = std ]; then bash "$fetch" goroot; else bash "$fetch"; fi)
	[ "${#dirs[@]}" -gt 0 ] || { log "no corpus from $fetch"; exit 2; }
	local start=$SECONDS
	bench_corpus std "${dirs[0]}"
	if [ "$corpus" != std ] && [ "${#dirs[@]}" -gt 1 ]; then
		bench_corpus corpus "${dirs[@]}"
	fi
	{
		echo "Measured $(date -u +%Y-%m-%d) on $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(go version | cut -d' ' -f3)."
		echo "std = \`${dirs[0]}\`."
		[ "$corpus" = std ] || echo "corpus = all ${#dirs[@]} directories that \`$(basename "$fetch")\` prints (the standard library and $((${#dirs[@]} - 1)) modules), in one run."
		echo "Wall time is the best of $runs runs for the floor and copycat (peak RSS the largest), one run for jscpd and dupl; ratios are to the floor of the same corpus."
		echo
		echo "| corpus | tool | command | wall s | × floor | peak RSS MB | notes |"
		echo "| --- | --- | --- | ---: | ---: | ---: | --- |"
		printf '%s\n' "${rows[@]}"
	} | tee "$out/summary.md"
	log "done in $((SECONDS - start)) s; outputs in $out"
}

main
