#!/usr/bin/env bash
# copycat's speed and memory benchmark (make bench).
#
# On the standard library and on the whole corpus that the corpus script
# prints, it measures wall time and peak RSS (GNU time -v) of:
#   - copycat -min-tokens 50 (other flags at their defaults), and with -near=false,
#     both with -cache=off; with an index, cold (filled by the run) and warm;
#     on the standard library also at the defaults, as text, SARIF and HTML;
#   - the parse-only floor (bench/parsefloor: the same files, read and parsed
#     on all CPUs in copycat's parser mode);
#   - jscpd 5.3.2 (--min-tokens 50 -f go --mode weak --ignore-identifiers --ignore-literals);
#   - dupl v1.1.0 (-t 50), on the standard library only;
# the share of a run that each report printer adds (report's BenchmarkPrinters);
# it reports the recall of the mutation-injection test (internal/mutation);
# it measures the index's cold, warm and one-file-changed runs on a copy
# of the trees (bench/index.sh); and it times the hostile inputs against
# their bounds (bench/hostile.sh).
# Times are quoted as ratios to the floor, since the machine may be shared.
#
# Environment:
#   CORPUS_FETCH  the corpus script (default ../shared/corpus/fetch.sh from the repository root)
#   BENCH_CORPUS  "all" (default) or "std": the standard library alone
#   BENCH_RUNS    rounds of the floor and copycat runs, best wall time kept
#                 (default 5 on the standard library, 3 on the corpus)
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
		$sudo apt-get install -y -qq --no-install-recommends time >&2
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
# prints "wall_seconds rss_kb exit_code cpu_seconds".
measure() {
	local name=$1
	shift
	local rc=0
	/usr/bin/time -v -o "$out/$name.time" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
	awk -F': ' -v rc="$rc" '
		/Elapsed \(wall clock\)/ { n = split($2, p, ":"); for (i = 1; i <= n; i++) wall = wall * 60 + p[i] }
		/Maximum resident set size/ { rss = $2 }
		/(User|System) time \(seconds\)/ { cpu += $2 }
		END { printf "%.2f %d %d %.2f\n", wall, rss, rc, cpu }' "$out/$name.time"
}

# Best figures per measured name: fastest wall time (with its CPU time and
# exit code) and largest RSS over the runs.
declare -A wall rss code cpu

# record NAME CMD... measures CMD once and keeps the best figures.
record() {
	local name=$1 w r c u
	read -r w r c u < <(measure "$@")
	log "  $name: ${w}s wall, ${u}s CPU, $((r / 1024)) MB, exit $c"
	if [ -z "${wall[$name]:-}" ] || awk -v a="$w" -v b="${wall[$name]}" 'BEGIN { exit !(a < b) }'; then
		wall[$name]=$w cpu[$name]=$u code[$name]=$c
	fi
	[ "$r" -gt "${rss[$name]:-0}" ] && rss[$name]=$r
	return 0
}

rows=()

# div A B prints A/B as a ratio, or a dash when B is zero.
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else printf "—" }'; }

# row CORPUS NAME TOOL COMMAND NOTE adds the table row of a measured name.
row() {
	local ratio cratio
	ratio=$(div "${wall[$2]}" "${wall[$1-floor]}")
	cratio=$(div "${cpu[$2]}" "${cpu[$1-floor]}")
	rows+=("| $1 | $3 | \`$4\` | ${wall[$2]} | $ratio | ${cpu[$2]} | $cratio | $((${rss[$2]} / 1024)) | $5 |")
}

# summary NAME is the last line of a copycat run's output.
summary() { echo "$(tail -1 "$out/$1.out" | sed 's/^copycat: //'); exit ${code[$1]}"; }

# bench_corpus LABEL RUNS DIR... runs every tool on the directories. The floor
# and copycat take turns, $runs rounds, so that they share the machine's
# moods.
bench_corpus() {
	local label=$1 runs=$2
	shift 2
	local pats=()
	for d in "$@"; do pats+=("$d/..."); done
	log "$label: warming the file cache"
	"$out/parsefloor" "${pats[@]}" >"$out/$label-warm.out" 2>&1 || true
	log "$label: $(cat "$out/$label-warm.out")"
	for i in $(seq "$runs"); do
		log "$label: round $i of $runs"
		record "$label-floor" "$out/parsefloor" "${pats[@]}"
		record "$label-copycat" "$out/copycat" -cache=off -min-tokens 50 -q "${pats[@]}"
		record "$label-copycat-nonear" "$out/copycat" -cache=off -min-tokens 50 -near=false -q "${pats[@]}"
		# The index: cold (an empty index filled by the run), then warm.
		record "$label-copycat-cold" sh -c 'rm -rf "$0" && exec "$@"' "$out/index-$label" "$out/copycat" -cache "$out/index-$label" -min-tokens 50 -q "${pats[@]}"
		record "$label-copycat-warm" "$out/copycat" -cache "$out/index-$label" -min-tokens 50 -q "${pats[@]}"
		if [ "$label" = std ]; then
			record "$label-copycat-text" "$out/copycat" -cache=off -q "${pats[@]}"
			record "$label-copycat-sarif" "$out/copycat" -cache=off -q -format sarif -o "$out/$label.sarif" "${pats[@]}"
			record "$label-copycat-html" "$out/copycat" -cache=off -q -format html -o "$out/$label.html" "${pats[@]}"
		fi
	done
	row "$label" "$label-floor" "parse floor" "parsefloor" "$(head -1 "$out/$label-floor.out")"
	row "$label" "$label-copycat" "copycat" "copycat -min-tokens 50" "$(summary "$label-copycat")"
	row "$label" "$label-copycat-nonear" "copycat, no near" "copycat -min-tokens 50 -near=false" "$(summary "$label-copycat-nonear")"
	row "$label" "$label-copycat-cold" "copycat, index cold" "copycat -cache DIR -min-tokens 50 (DIR empty)" "$(div "${wall[$label-copycat-cold]}" "${wall[$label-copycat]}") a run without the index; $(summary "$label-copycat-cold")"
	row "$label" "$label-copycat-warm" "copycat, index warm" "copycat -cache DIR -min-tokens 50 (DIR filled)" "$(div "${wall[$label-copycat-warm]}" "${wall[$label-copycat]}") a run without the index; $(summary "$label-copycat-warm")"
	if [ "$label" = std ]; then
		row "$label" "$label-copycat-text" "copycat, defaults" "copycat" "$(summary "$label-copycat-text")"
		local f
		for f in sarif html; do
			row "$label" "$label-copycat-$f" "copycat, defaults, $f" "copycat -format $f -o FILE" \
				"$(awk -v a="${wall[$label-copycat-$f]}" -v b="${wall[$label-copycat-text]}" -v c="${cpu[$label-copycat-$f]}" -v d="${cpu[$label-copycat-text]}" \
					'BEGIN { printf "%+.0f%% wall, %+.0f%% CPU over the text report", (a / b - 1) * 100, (c / d - 1) * 100 }'); $(du -h "$out/$label.$f" | cut -f1); exit ${code[$label-copycat-$f]}"
		done
	fi

	[ "$slow" = 0 ] && return
	log "$label: jscpd (one run)"
	record "$label-jscpd" "$tools/node_modules/.bin/jscpd" --min-tokens 50 -f go \
		--mode weak --ignore-identifiers --ignore-literals --silent --reporters silent "$@"
	local found
	found=$(sed 's/\x1b\[[0-9;]*m//g' "$out/$label-jscpd.out" | grep -o 'Found .* files' | head -1 || true)
	row "$label" "$label-jscpd" "jscpd $jscpd_version" "jscpd --min-tokens 50 -f go --mode weak --ignore-identifiers --ignore-literals" "${found:-see bench/out/$label-jscpd.out}; exit ${code[$label-jscpd]}"

	if [ "$label" = std ]; then
		log "$label: dupl (one run)"
		record "$label-dupl" "$tools/bin/dupl" -t 50 "$@"
		row "$label" "$label-dupl" "dupl $dupl_version" "dupl -t 50" "$(tail -1 "$out/$label-dupl.out"); exit ${code[$label-dupl]}"
	fi
}

# printers measures what each report format adds to a run on the standard
# library: the printer benchmark loads and detects once, then times each
# printer on that report, as a share of the load-and-detect run. It is
# steadier than comparing whole runs, which move by ±20% on a shared
# machine.
printers() {
	log "printers: go test -bench Printers ./report (3 rounds)"
	(cd "$root" && COPYCAT_BENCH_GOROOT=1 go test -run '^$' -bench Printers -benchtime 5x -count 3 ./report) >"$out/printers.out" 2>&1 || true
	echo
	echo "Cost of each report format on the standard library at the default flags (\`COPYCAT_BENCH_GOROOT=1 go test -run '^$' -bench Printers -benchtime 5x -count 3 ./report\`), as a share of loading and detecting:"
	echo
	echo "| format | share of the run's wall time | share of its CPU time |"
	echo "| --- | ---: | ---: |"
	awk '
		/^BenchmarkPrinters\// {
			split($1, n, "/"); f = n[2]; sub(/-[0-9]+$/, "", f)
			for (i = 3; i < NF; i++) { if ($(i+1) == "%run-wall") w = $i; if ($(i+1) == "%run-cpu") c = $i }
			if (!(f in wmin) || w < wmin[f]) wmin[f] = w; if (w > wmax[f]) wmax[f] = w
			if (!(f in cmin) || c < cmin[f]) cmin[f] = c; if (c > cmax[f]) cmax[f] = c
			if (!(f in seen)) { seen[f] = 1; order[++k] = f }
		}
		END { for (i = 1; i <= k; i++) { f = order[i]; printf "| %s | %.1f–%.1f%% | %.1f–%.1f%% |\n", f, wmin[f], wmax[f], cmin[f], cmax[f] } }' "$out/printers.out"
}

# recall runs the mutation-injection test and prints its recall per clone
# type as a table.
recall() {
	log "recall: go test -run TestRecall ./internal/mutation"
	(cd "$root" && go test -count=1 -v -run 'TestRecall$' ./internal/mutation) >"$out/recall.out" 2>&1 || true
	echo
	echo "Recall on the mutation-injection test (\`go test -run TestRecall ./internal/mutation\`): $(sed -n 's/.*: \([0-9]* functions of .*\)/\1/p' "$out/recall.out" | head -1)."
	echo
	echo "| clone type | found | recall | bar | found by number of edits (1, 2, 3) | classes joining a copy to unrelated code |"
	echo "| --- | ---: | ---: | ---: | --- | ---: |"
	awk '
		function flush() { if (row != "") print row " " edits " | " bad " |"; row = "" }
		/recall [^ ]+ +[0-9]+\/[0-9]+ = / {
			flush()
			match($0, /recall .*/); f = substr($0, RSTART)
			split(f, w, /[ =(),%]+/)
			# w: recall KIND FOUND RECALL bar BAR N classes ...
			row = "| " w[2] " | " w[3] " | " w[4] "% | ≥ " w[6] "% |"; bad = w[7]; edits = "—"
		}
		/by number of edits:/ { sub(/.*edits: /, ""); gsub(/[123]: /, ""); edits = $0 }
		END { flush() }' "$out/recall.out"
}

main() {
	setup
	local dirs
	mapfile -t dirs < <(if [ "$corpus" = std ]; then bash "$fetch" goroot; else bash "$fetch"; fi)
	[ "${#dirs[@]}" -gt 0 ] || { log "no corpus from $fetch"; exit 2; }
	local start=$SECONDS load0
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	bench_corpus std "${BENCH_RUNS:-5}" "${dirs[0]}"
	if [ "$corpus" != std ] && [ "${#dirs[@]}" -gt 1 ]; then
		bench_corpus corpus "${BENCH_RUNS:-3}" "${dirs[@]}"
	fi
	{
		echo "Measured $(date -u +%Y-%m-%d) on $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(go version | cut -d' ' -f3); load average $load0 at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end."
		echo "std = \`${dirs[0]}\`."
		[ "$corpus" = std ] || echo "corpus = all ${#dirs[@]} directories that \`$(basename "$fetch")\` prints (the standard library and $((${#dirs[@]} - 1)) modules), in one run."
		echo "Wall time is the best of ${BENCH_RUNS:-5 (std) or 3 (corpus)} interleaved runs for the floor and copycat (CPU time of that run, peak RSS the largest of all runs), one run for jscpd and dupl;"
		echo "× floor is wall time over the floor's on the same corpus; CPU s is user + system time, and CPU × floor its ratio (steadier when the machine is shared)."
		echo
		echo "| corpus | tool | command | wall s | × floor | CPU s | CPU × floor | peak RSS MB | notes |"
		echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"
		printf '%s\n' "${rows[@]}"
		printers
		recall
		echo
		echo "The index on a copy of the standard library (bench/index.sh: parse floor, -cache=off, cold, warm, one file changed; 3 interleaved rounds, medians):"
		echo
		echo '```'
		bash "$root/bench/index.sh" "$out/copycat" "$out/parsefloor" "$out/index-std" 3 "${dirs[0]}"
		if [ "$corpus" != std ] && [ "${#dirs[@]}" -gt 1 ]; then
			echo '```'
			echo
			echo "The same on a copy of the whole corpus:"
			echo
			echo '```'
			bash "$root/bench/index.sh" "$out/copycat" "$out/parsefloor" "$out/index-corpus" 3 "${dirs[@]}"
		fi
		echo '```'
		bash "$root/bench/hostile.sh" "$out/copycat" "$out"
	} | tee "$out/summary.md"
	log "done in $((SECONDS - start)) s; outputs in $out"
}

main
