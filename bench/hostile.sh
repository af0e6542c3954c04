#!/usr/bin/env bash
# The hostile-input rows of make bench: every input of the hostile-input
# suite (internal/hostile) at its full size, and the other hostile trees a
# pull request can hold, each run through the copycat command line under
# GNU time with its bound (10 s and 1 GB; 1 s for pipes and devices).
# The suite in make test asserts budgets of counted work and memory; this
# script reports times, which a test must not assert.
#
#   bench/hostile.sh COPYCAT OUTDIR
#
# COPYCAT is the binary to run; OUTDIR receives the long line's HTML page.
#
# It prints a markdown table on stdout and exits 0; a row over its bound
# says so in its last column.
set -euo pipefail

cc=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
# The inputs live outside the repository, whose .duplignore leaves out
# bench/out/; the HTML page of the long line is kept in OUTDIR.
work=$(mktemp -d -t copycat-hostile.XXXXXX)
trap 'umount "$work/fulldisk" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$out"

log() { echo "bench: hostile: $*" >&2; }

rows=()

# hostile NAME BOUND_S CMD... runs CMD (killed after 60 s) under GNU time and
# adds a row: wall time, peak RSS, exit status and whether the run held its
# bound of BOUND_S seconds and 1 GB.
hostile() {
	local name=$1 bound=$2 rc=0
	shift 2
	timeout -s KILL 60 /usr/bin/time -v -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr" </dev/null || rc=$?
	local wall rss
	read -r wall rss < <(awk -F': ' '
		/Elapsed \(wall clock\)/ { n = split($2, p, ":"); for (i = 1; i <= n; i++) w = w * 60 + p[i] }
		/Maximum resident set size/ { r = $2 }
		END { printf "%.2f %d\n", w, r / 1024 }' "$work/time" 2>/dev/null || echo "60 0")
	local held=yes
	if [ "$rc" = 137 ] || awk -v w="$wall" -v b="$bound" -v r="$rss" 'BEGIN { exit !(w > b || r > 1024) }'; then
		held=NO
	fi
	local warning
	warning=$(grep -m1 -o 'warning: .*' "$work/stderr" | sed "s|$work/||" | cut -c1-100 || true)
	log "$name: ${wall}s, ${rss} MB, exit $rc, held $held"
	rows+=("| $name | $wall | $rss | $rc | ≤ ${bound} s, ≤ 1 GB | $held | ${warning:-—} |")
}

# Inputs of the engine: the hostile suite's generators at full size (the
# suite runs them smaller), and at the suite's size for the
# near-identical functions (500).
log "writing the engine cases"
(cd "$root" && go test -count=1 -run '^TestWriteEngineCases$' ./internal/hostile -hostile.write "$work/full" >/dev/null)
(cd "$root" && go test -count=1 -run '^TestWriteEngineCases$' ./internal/hostile -hostile.write "$work/small" -hostile.small >/dev/null)
off=(-cache=off -q)
hostile "20,000 nested if blocks" 10 "$cc" "${off[@]}" "$work/full/nested-if"
hostile "10,000 nested blocks" 10 "$cc" "${off[@]}" "$work/full/nested-blocks"
hostile "10,000 nested function literals" 10 "$cc" "${off[@]}" "$work/full/nested-funclits"
hostile "1,000,000 lines in one file (skipped by -max-file-size)" 10 "$cc" -cache=off "$work/full/repeated-statements"
hostile "1,000,000 lines in one file, -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-file-size 1000000000 "$work/full/repeated-statements"
hostile "clone pairs in one 1,000,000-line file, -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-file-size 1000000000 "$work/full/clone-pairs"
hostile "500 near-identical functions, -max-occurrences 0" 10 "$cc" "${off[@]}" -max-occurrences 0 "$work/small/near-identical"
largest=$(tr -cd '\n' <"$work/stdout" | wc -c)
hostile "5,000 near-identical functions (2.7 MB), -max-occurrences 0 -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-occurrences 0 -max-file-size 1000000000 "$work/full/near-identical"
hostile "one function of 100,000 strings" 10 "$cc" "${off[@]}" "$work/full/many-strings"
hostile "one function of a name of 200,000 letters listing 100,000 strings (2.1 MB)" 10 "$cc" "${off[@]}" "$work/full/long-name-strings"
hostile "two copies of a function returning 40,000 strings, named for two variants (1.5 MB)" 10 "$cc" "${off[@]}" "$work/full/variant-lists"
hostile "three functions of names of 40,000 bytes, each with ten strings that nearly name it (1.5 MB)" 10 "$cc" "${off[@]}" "$work/full/long-names"
hostile "two copies of a function of 20,000 statements, one name changed" 10 "$cc" "${off[@]}" "$work/full/renamed-copies"
hostile "two copies of a function of 40,000 nested switch statements (3.0 MB), -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-file-size 1000000000 "$work/full/nested-switch-copies"
hostile "10,000 classes of two copies in one file (8 MB), -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-file-size 1000000000 "$work/full/many-classes"
hostile "10,000 classes of two copies in one file, each naming its variant in a string (9 MB), -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-file-size 1000000000 "$work/full/variant-classes"
hostile "two copies of a function, each saying its variant's word 64,000 times in a string (1.3 MB)" 10 "$cc" "${off[@]}" "$work/full/variant-words"
hostile "two copies of a function of 40,000 statements, one with 160 guards the other lacks, -max-file-size 1e9" 10 "$cc" "${off[@]}" -max-file-size 1000000000 "$work/full/lacked-guards"
hostile "two copies of a function, its parameter renamed in a literal of 40,000 names, one with a guard the other lacks (0.5 MB)" 10 "$cc" "${off[@]}" "$work/full/renamed-literal"
hostile "8,000 copies of one function in 800 files, each naming itself in one of 21 strings, -max-occurrences 0" 10 "$cc" "${off[@]}" -max-occurrences 0 "$work/full/naming-copies/..."
hostile "8,000 copies of one function in 800 files, each but the first with a guard, -max-occurrences 0" 10 "$cc" "${off[@]}" -max-occurrences 0 "$work/full/lacking-first/..."
hostile "8,000 copies of one function in 800 files, each noting it was copied from upstream, -max-occurrences 0" 10 "$cc" "${off[@]}" -max-occurrences 0 "$work/full/noted-copies/..."
hostile "8,000 copies of one function in 800 files, every other without a guard, -max-occurrences 0" 10 "$cc" "${off[@]}" -max-occurrences 0 "$work/full/drifted-copies/..."
hostile "20,000 copies of one function in 2,000 files, -max-occurrences 0" 10 "$cc" "${off[@]}" -max-occurrences 0 "$work/full/copies/..."

# A change (-diff) adding every other line of the file of 10,000 classes
# of two copies, and removing one after every fourth: each copy's
# questions (what the change added to it, removed from it) searched, not
# read, the file's 330,000 ranges (hostile.EveryOtherLineAdded).
awk 'BEGIN { print "diff --git a/x.go b/x.go"; print "--- a/x.go"; print "+++ b/x.go" }
	{ l[NR] = $0 }
	END { o = 0; for (i = 1; i <= NR; i++) if (i % 2 == 1) { o++; if (i % 4 == 3) o++ }
		printf "@@ -1,%d +1,%d @@\n", o, NR
		for (i = 1; i <= NR; i++) if (i % 2 == 0) print "+" l[i]; else { print " " l[i]; if (i % 4 == 3) print "-removed" } }' \
	"$work/full/many-classes/x.go" >"$work/many-classes.diff"
hostile "-diff adding every other line of the file of 10,000 classes (330,000 ranges), -max-file-size 1e9" 10 sh -c "cd '$work/full/many-classes' && '$cc' -cache=off -q -max-file-size 1000000000 -diff '$work/many-classes.diff' ."

# 200,000 small files of one size in one folder: loading stays linear,
# within 1.3 times the parse floor of the same files.
mkdir -p "$work/many"
awk -v d="$work/many" 'BEGIN { for (i = 0; i < 200000; i++) { f = sprintf("%s/f%06d.go", d, i); print "package p" > f; close(f) } }'
(cd "$root" && go build -o "$work/parsefloor" ./bench/parsefloor)
floor=$( { /usr/bin/time -f %e "$work/parsefloor" "$work/many" >/dev/null; } 2>&1 | tail -1)
hostile "200,000 small files in one folder (parse floor ${floor} s; bound 1.3 times it)" "$(awk -v f="$floor" 'BEGIN { printf "%.2f", 1.3 * f }')" "$cc" "${off[@]}" "$work/many"
rm -rf "$work/many"

# One class of 5,000 copies in SARIF: each result points to at most ten
# other copies, so the log grows linearly (it ran out of memory when every
# result named every copy).
mkdir -p "$work/sarif"
awk -v d="$work/sarif" 'BEGIN { for (i = 0; i < 5000; i++) { f = sprintf("%s/f%04d.go", d, i); printf "package p\n\nfunc F%d(xs []int, limit int) (int, error) {\n\ttotal := 0\n\tfor i, x := range xs {\n\t\tif i >= limit {\n\t\t\tbreak\n\t\t}\n\t\tif x < 0 {\n\t\t\treturn 0, fmt.Errorf(\"row %%d: negative %%d\", i, x)\n\t\t}\n\t\ttotal += x * i\n\t\tif total > 1000 {\n\t\t\ttotal -= 1000\n\t\t}\n\t}\n\treturn total, nil\n}\n", i > f; close(f) } }'
hostile "one class of 5,000 copies, -format sarif -all -max-occurrences 0 -min-tokens 50" 10 "$cc" "${off[@]}" -all -max-occurrences 0 -min-tokens 50 -format sarif -o "$work/sarif.json" "$work/sarif"
rows[-1]=${rows[-1]%|*|}"| log $(du -h "$work/sarif.json" 2>/dev/null | cut -f1) |"
rm -rf "$work/sarif"

# copiesPackage DIR writes a module in DIR whose package p holds 4,000
# copies of one function in 400 files.
copiesPackage() {
	mkdir -p "$1/p"
	printf 'module example.com/m\n\ngo 1.22\n' >"$1/go.mod"
	awk -v d="$1/p" 'BEGIN { for (f = 0; f < 400; f++) { n = sprintf("%s/f%03d.go", d, f); printf "package p\n" > n; for (i = f * 10; i < f * 10 + 10; i++) printf "\nfunc copy%d(xs []int, scale, limit int) int {\n\ttotal := 0\n\tfor i := 0; i < len(xs); i++ {\n\t\tif xs[i] < 0 {\n\t\t\tcontinue\n\t\t}\n\t\ttotal += xs[i] * scale\n\t}\n\tcount := len(xs)\n\tif count == 0 {\n\t\treturn 0\n\t}\n\tmean := total / count\n\tspread := 0\n\tfor _, v := range xs {\n\t\td := v - mean\n\t\tspread += d * d\n\t}\n\tif spread > limit {\n\t\tspread = limit\n\t}\n\treturn mean + spread/count\n}\n", i > n; close(n) } }'
}

# go vet with copycat as its tool on one package of 4,000 copies of one
# function: each diagnostic points to at most ten other copies (every
# other copy made it quadratic: 212 s and 12.5 GB).
copiesPackage "$work/vet"
vettool=$(cd "$(dirname "$(command -v "$cc")")" && pwd)/$(basename "$cc")
hostile "go vet -vettool=copycat -copycat.max-occurrences=0 on one package of 4,000 copies of one function" 10 sh -c "cd '$work/vet' && GOCACHE='$work/vet-cache' GOFLAGS= go vet -vettool='$vettool' -copycat.max-occurrences=0 ./..."
rows[-1]=${rows[-1]%|*|}"| $(grep -c 'other copy' "$work/stderr") related lines |"
rm -rf "$work/vet" "$work/vet-cache"

# 100,000 nested parentheses: the parser's nesting limit holds it.
mkdir -p "$work/parens"
{ printf 'package p\n\nvar x = '; head -c 100000 /dev/zero | tr '\0' '('; printf '1'; head -c 100000 /dev/zero | tr '\0' ')'; printf '\n'; } >"$work/parens/x.go"
hostile "100,000 nested parentheses" 10 "$cc" "${off[@]}" "$work/parens"

# Files that are not regular files, beside one that is.
mkdir -p "$work/fifo" "$work/zero"
cp "$(go env GOROOT)/src/strings/strings.go" "$work/fifo/"
cp "$(go env GOROOT)/src/strings/strings.go" "$work/zero/"
mkfifo "$work/fifo/x.go"
ln -s /dev/zero "$work/zero/x.go"
hostile "a named pipe x.go in the tree" 1 "$cc" -cache=off "$work/fifo"
hostile "a named pipe passed as a file" 1 "$cc" -cache=off "$work/fifo/x.go"
hostile "x.go -> /dev/zero in the tree" 1 "$cc" -cache=off "$work/zero/..."

# A .duplignore line of ten ** against a tree 30 deep.
deep=$work/deep
mkdir -p "$deep/$(printf 'd/%.0s' $(seq 30))"
cp "$(go env GOROOT)/src/strings/strings.go" "$deep/$(printf 'd/%.0s' $(seq 30))"
echo '**/d/**/d/**/d/**/d/**/d/**/d/**/d/**/d/**/d/**/x.go' >"$deep/.duplignore"
hostile ".duplignore line of ten ** on a tree 30 deep" 10 "$cc" -cache=off "$deep/..."

# A .duplignore of 80,000 lines f*N*x.go (1 MB) over 10,000 files in 100
# folders: the lines are indexed by key, so each path is tested against
# the few that can match it, not against all 80,000 (7.6 s before).
many=$work/manypatterns
for k in $(seq 0 99); do mkdir -p "$many/d$k"; done
awk -v dir="$many" 'BEGIN { for (n = 0; n < 10000; n++) { k = int(n / 100); f = dir "/d" k "/f" n ".go"; printf "package d%d\n\nfunc F%d() {}\n", k, n > f; close(f) } }'
awk 'BEGIN { for (n = 0; n < 80000; n++) printf "f*%d*x.go\n", n }' >"$many/.duplignore"
hostile ".duplignore of 80,000 lines (f*N*x.go) over 10,000 files" 2 "$cc" -cache=off -q "$many/..."
rm -rf "$many"

# A chain of 2,000 nested folders (paths of 4,000 bytes), each holding a Go
# file and every fourth a .duplignore: each path looks up its own folder's
# rules, not those of every folder above it, so the walk stays within
# 1.3 times the parse floor of the same files.
chain=$work/chain
mkdir -p "$chain/$(printf 'a/%.0s' $(seq 2000))"
p=$chain
for i in $(seq 0 1999); do
	printf 'package a\n\nfunc F() { println(%d) }\n' "$i" >"$p/x.go"
	if [ $((i % 4)) = 0 ]; then printf 'y.go\n/e/\n' >"$p/.duplignore"; fi
	p=$p/a
done
floor=$( { /usr/bin/time -f %e "$work/parsefloor" "$chain/..." >/dev/null; } 2>&1 | tail -1)
hostile "a chain of 2,000 nested folders, each with a Go file, every fourth with a .duplignore (parse floor ${floor} s; bound 1.3 times it)" "$(awk -v f="$floor" 'BEGIN { printf "%.2f", 1.3 * f }')" "$cc" "${off[@]}" "$chain/..."
rm -rf "$chain"

# One line of about 1 MB: 4,000 copies of a function side by side.
mkdir -p "$work/longline"
awk 'BEGIN { printf "package p\n\n"; for (i = 0; i < 4000; i++) printf "func f%d(a, b int) int { x := a * %d; y := b + x; if x > y { return x - y }; for j := 0; j < a; j++ { x += j * y; y -= j; if x > 1000 { x = x - 1000; y = y * 3 } }; z := x*y + a - b; if z < 0 { z = -z }; for k := 0; k < b; k++ { z += k * x; x -= k }; return z + %d }; ", i, i, i; printf "\n" }' >"$work/longline/x.go"
hostile "one 1 MB line, -all -min-lines 1 -max-occurrences 0 -format html" 10 "$cc" "${off[@]}" -all -min-lines 1 -max-file-size 1000000000 -max-occurrences 0 -format html -o "$out/longline.html" "$work/longline"
rows[-1]=${rows[-1]%|*|}"| page $(du -h "$out/longline.html" 2>/dev/null | cut -f1) |"

# One folder under two spellings is read once.
strings=$(go env GOROOT)/src/strings
once=$( (cd "$strings" && "$cc" -cache=off -q . || true) | tail -1 | cut -d, -f1)
hostile "one folder given twice" 10 sh -c "cd '$strings' && '$cc' -cache=off -q . '$strings'"
rows[-1]=${rows[-1]%|*|}"| $(tail -1 "$work/stdout" | cut -d, -f1 | sed 's/^copycat: //') (once: ${once#copycat: }) |"

# A failed -update-baseline keeps the baseline.
(cd "$strings" && "$cc" -cache=off -q -baseline "$work/base.txt" -update-baseline . 2>/dev/null) || true
before=$(wc -l <"$work/base.txt")
hostile "-update-baseline with a missing path" 10 sh -c "cd '$strings' && '$cc' -cache=off -q -baseline '$work/base.txt' -update-baseline . ./nonexistent"
rows[-1]=${rows[-1]%|*|}"| baseline $before lines before, $(wc -l <"$work/base.txt") after |"

# A tree named through a link to a folder is walked.
mkdir -p "$work/linked/real"
cp "$strings/strings.go" "$strings/builder.go" "$work/linked/real/"
ln -s real "$work/linked/link"
hostile "LINK/..., LINK a link to a folder" 10 sh -c "cd '$work/linked' && '$cc' -cache=off -q -all link/..."
rows[-1]=${rows[-1]%|*|}"| $(tail -1 "$work/stdout" | cut -d, -f1-2 | sed 's/^copycat: //') |"

# cache clean leaves another program's index.db alone.
mkdir -p "$work/foreign"
printf 'SQLite format 3\000' >"$work/foreign/index.db"
hostile "cache clean with another program's index.db" 1 sh -c "'$cc' -cache '$work/foreign' cache clean; test -s '$work/foreign/index.db'"
rows[-1]=${rows[-1]%|*|}"| $(grep -o 'not a copycat index' "$work/stderr" || echo 'REMOVED') |"

# SIGTERM while a large SARIF report is built: exit 130 within 200 ms.
# The report's temporary file is opened when its building starts: on
# Linux a file without a name (O_TMPFILE), which the process's open files
# show in the folder; elsewhere .r.sarif.PID.R.tmp.
mkdir -p "$work/sig"
"$cc" -cache=off -q -all -max-occurrences 0 -format sarif -o "$work/sig/r.sarif" "$(go env GOROOT)/src/..." >/dev/null 2>&1 &
pid=$!
writing() {
	compgen -G "$work/sig/.r.sarif.*.tmp" >/dev/null ||
		find "/proc/$pid/fd" -lname "$work/sig/*" 2>/dev/null | grep -q .
}
while kill -0 "$pid" 2>/dev/null && ! writing; do sleep 0.005; done
t0=$(date +%s%N)
kill -TERM "$pid" 2>/dev/null || true
rc=0
wait "$pid" || rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
held=NO
if [ "$rc" = 130 ] && [ "$ms" -le 200 ]; then held=yes; fi
log "SIGTERM during a SARIF report: exit $rc after ${ms} ms, held $held"
rows+=("| SIGTERM while the standard library's -all SARIF report is built | $(awk -v m="$ms" 'BEGIN { printf "%.2f", m / 1000 }') | — | $rc | ≤ 0.2 s after the signal, exit 130 | $held | ${ms} ms after the signal |")

# Names that are bytes, not text: a backslash is a byte of a name on
# Unix (x\y.go is one file beside z.go, in one package), and names that
# differ only in bytes that are not UTF-8 stay apart in JSON.
mkdir -p "$work/names"
for f in 'x\y.go' "$(printf 'n\377.go')" "$(printf 'n\376.go')"; do
	sed "s/^package strings/package names/" "$strings/compare.go" >"$work/names/$f"
done
hostile "x\\y.go and two names apart only in bytes that are not UTF-8" 10 "$cc" -cache=off -q -all -min-tokens 20 -min-lines 3 -json "$work/names"
names=$(grep '"file"' "$work/stdout" | sort -u | wc -l)
rows[-1]=${rows[-1]%|*|}"| $names distinct names in JSON; $(grep -o '[0-9]* packages\?' "$work/stdout" | sort -u | tr '\n' ' ')|"

# A reported file swapped for a named pipe while the run goes on: the
# report reads files again only as detection read them, so it neither
# hangs nor shows the pipe (a swap before loading is skipped at loading).
mkdir -p "$work/swap"
cp -r "$(go env GOROOT)/src/." "$work/swap/"
cp "$strings/strings.go" "$work/swap/strings/pasted.go"
(sleep 1.5; rm -f "$work/swap/strings/strings.go"; mkfifo "$work/swap/strings/strings.go") &
swapper=$!
hostile "a reported file swapped for a named pipe during the run, -format html" 10 "$cc" -cache=off -q -format html -o "$work/swap.html" "$work/swap/..."
wait "$swapper" || true
rows[-1]=${rows[-1]%|*|}"| $( (grep -o 'changed since it was read\|not a regular file' "$work/swap.html" "$work/stderr" || echo 'swapped before it was read') | head -1 | sed 's/^[^:]*://') |"
rm -rf "$work/swap" "$work/swap.html"

# copycat history over a crafted repository: a tree object holding ".."
# (git mktree makes it, a clone takes it without fsck) names ../evil.go,
# which was written outside history's folder, and a later commit deleting
# ../gone.go removed that file there; a folder z.go made a file ended the
# history. The row holds if history exits 0 and the files outside stay.
crafted=$work/crafted
mkdir -p "$crafted/repo" "$crafted/tmp"
echo 'package keep' >"$crafted/tmp/gone.go"
(
	cd "$crafted/repo"
	g() { git -c user.name=b -c user.email=b@example.com "$@"; }
	g init -q .
	printf 'package p\n\nfunc F() {}\n' >a.go
	g add a.go && g commit -q -m base
	b=$(g hash-object -w a.go)
	up=$(printf '100644 blob %s\tevil.go\n100644 blob %s\tgone.go\n' "$b" "$b" | g mktree)
	folder=$(printf '100644 blob %s\ty.go\n' "$b" | g mktree)
	t2=$(printf '100644 blob %s\ta.go\n040000 tree %s\t..\n040000 tree %s\tz.go\n' "$b" "$up" "$folder" | g mktree)
	g update-ref HEAD "$(g commit-tree "$t2" -p HEAD -m crafted)"
	t3=$(printf '100644 blob %s\ta.go\n100644 blob %s\tz.go\n' "$b" "$b" | g mktree)
	g update-ref HEAD "$(g commit-tree "$t3" -p HEAD -m 'gone, z.go a file')"
)
hostile "copycat history over a crafted repository: paths ../evil.go and ../gone.go, a folder z.go made a file" 10 sh -c "cd '$crafted/repo' && TMPDIR='$crafted/tmp' '$cc' history -cache=off"
outside=$(for f in evil.go gone.go; do if [ -e "$crafted/tmp/$f" ]; then printf '%s ' "$f"; fi; done)
rows[-1]=${rows[-1]%|*|}"| files outside its folder: ${outside:-none }(gone.go must stay, evil.go must not appear) |"
if [ "$outside" != "gone.go " ] || ! grep -q 'commits in' "$work/stderr"; then rows[-1]=${rows[-1]/| yes |/| NO |}; fi
rm -rf "$crafted"

# An index that cannot be written (a full disk): a warning that says so,
# nothing deleted, and the next run reuses what the index held. Needs a
# small file system of its own: root mounts a tmpfs; others skip it.
if [ "$(id -u)" = 0 ] && mkdir -p "$work/fulldisk" && mount -t tmpfs -o size=4m tmpfs "$work/fulldisk" 2>/dev/null; then
	mkdir -p "$work/fulltree"
	cp "$strings/strings.go" "$strings/builder.go" "$work/fulltree/"
	"$cc" -q -cache "$work/fulldisk/ix" "$work/fulltree" >/dev/null || true
	cp "$strings/reader.go" "$work/fulltree/"
	dd if=/dev/zero of="$work/fulldisk/filler" bs=4k 2>/dev/null || true
	hostile "the index on a full disk" 10 "$cc" -cache "$work/fulldisk/ix" "$work/fulltree"
	warned=$(grep -o 'not written' "$work/stderr" || echo 'NO WARNING')
	reused=$("$cc" -cache "$work/fulldisk/ix" -stats "$work/fulltree" 2>&1 >/dev/null | awk '/files reused from the index/ { print $NF }')
	rows[-1]=${rows[-1]%|*|}"| $warned; the next run reused ${reused:-0} files |"
	umount "$work/fulldisk" || true
else
	rows+=("| the index on a full disk | — | — | — | root, to mount a tmpfs | skipped | — |")
fi

# The editor server after a bad Content-Length: shutdown and exit are
# still honoured.
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
{
	frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
	printf 'Content-Length: x\r\n\r\n{}'
	frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
	frame '{"jsonrpc":"2.0","method":"exit"}'
} >"$work/lsp.in"
hostile "editor server: bad Content-Length, then shutdown and exit" 1 sh -c "'$cc' lsp <'$work/lsp.in'"

# The editor server on a workspace larger than its cap on files (maxFiles,
# 100,000 by default; 1,000 here, on the standard library's 5,000 files):
# it indexes the first ones and tells the editor.
src=$(go env GOROOT)/src
{
	frame "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\"file://$src\",\"initializationOptions\":{\"maxFiles\":1000},\"capabilities\":{}}}"
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
} >"$work/lsp-cap.1"
{
	frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
	frame '{"jsonrpc":"2.0","method":"exit"}'
} >"$work/lsp-cap.2"
hostile "editor server: a workspace over its cap on files (maxFiles 1,000, the standard library; input held 4 s)" 10 sh -c "{ cat '$work/lsp-cap.1'; sleep 4; cat '$work/lsp-cap.2'; } | '$cc' lsp -cache=off"
rows[-1]=${rows[-1]%|*|}"| $(grep -o 'only the first 1000, by path, are indexed' "$work/stdout" | head -1 || echo 'NO MESSAGE') |"

# The editor server on a workspace of 4,000 copies of one function
# (maxOccurrences 0): each diagnostic points to at most ten other copies
# (every other copy: 2.8 GB of diagnostics, 4.6 GB of memory). The row
# holds if every file's diagnostics came in the 4 s.
copiesPackage "$work/lspcopies"
{
	frame "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\"file://$work/lspcopies\",\"initializationOptions\":{\"maxOccurrences\":0},\"capabilities\":{}}}"
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
} >"$work/lsp-copies.1"
hostile "editor server: a workspace of 4,000 copies of one function in 400 files (maxOccurrences 0; input held 4 s)" 10 sh -c "{ cat '$work/lsp-copies.1'; sleep 4; cat '$work/lsp-cap.2'; } | '$cc' lsp -cache=off"
published=$(grep -o publishDiagnostics "$work/stdout" | wc -l)
rows[-1]=${rows[-1]%|*|}"| $published files' diagnostics of 400, $(du -h "$work/stdout" | cut -f1) |"
if [ "$published" -lt 400 ]; then rows[-1]=${rows[-1]/| yes |/| NO |}; fi
rm -rf "$work/lspcopies"

# The editor server asked for the code actions of a whole file of 1,000
# copies of one function (maxOccurrences 0; the editor opens documents),
# with the file's diagnostics, as an editor asks for a selection of it:
# each copy offers jumps to the copies its diagnostic points to, each
# resolving that diagnostic (250 copies had made a 1.8 GB answer and 7.8
# GB of memory, 500 ran out of it). The row holds if the answer came.
mkdir -p "$work/lspactions"
printf 'module example.com/m\n\ngo 1.22\n' >"$work/lspactions/go.mod"
awk -v n="$work/lspactions/f.go" 'BEGIN { printf "package p\n" > n; for (i = 0; i < 1000; i++) printf "\nfunc copy%d(xs []int, scale, limit int) int {\n\ttotal := 0\n\tfor i := 0; i < len(xs); i++ {\n\t\tif xs[i] < 0 {\n\t\t\tcontinue\n\t\t}\n\t\ttotal += xs[i] * scale\n\t}\n\tcount := len(xs)\n\tif count == 0 {\n\t\treturn 0\n\t}\n\tmean := total / count\n\tspread := 0\n\tfor _, v := range xs {\n\t\td := v - mean\n\t\tspread += d * d\n\t}\n\tif spread > limit {\n\t\tspread = limit\n\t}\n\treturn mean + spread/count\n}\n", i > n; close(n) }'
{
	frame "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\"file://$work/lspactions\",\"initializationOptions\":{\"maxOccurrences\":0},\"capabilities\":{\"window\":{\"showDocument\":{\"support\":true}}}}}"
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
} >"$work/lsp-actions.1"
diags=$(awk 'BEGIN { for (i = 0; i < 1000; i++) printf "%s{\"range\":{\"start\":{\"line\":%d,\"character\":0},\"end\":{\"line\":%d,\"character\":1}},\"source\":\"copycat\",\"message\":\"duplicate\"}", (i ? "," : ""), 2 + 24 * i, 24 + 24 * i }')
{
	frame "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/codeAction\",\"params\":{\"textDocument\":{\"uri\":\"file://$work/lspactions/f.go\"},\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":100000,\"character\":0}},\"context\":{\"diagnostics\":[$diags]}}}"
} >"$work/lsp-actions.2"
hostile "editor server: code actions over a whole file of 1,000 copies of one function, with its diagnostics (maxOccurrences 0; input held 4 s, then 2 s)" 10 sh -c "{ cat '$work/lsp-actions.1'; sleep 4; cat '$work/lsp-actions.2'; sleep 2; cat '$work/lsp-cap.2'; } | '$cc' lsp -cache=off"
answer=$(grep -o '"id":2,"result":\[' "$work/stdout" | head -1 || true)
rows[-1]=${rows[-1]%|*|}"| ${answer:+answered, }$(grep -o '"command":"copycat.openCopy"' "$work/stdout" | wc -l) jumps, output $(du -h "$work/stdout" | cut -f1) |"
if [ -z "$answer" ]; then rows[-1]=${rows[-1]/| yes |/| NO |}; fi
rm -rf "$work/lspactions"

# The editor server on the same 4,000 copies (maxOccurrences 0), every
# file then opened with its text on disk, as an editor opening many files
# does: a buffer opened as it was indexed is not detected again (each
# opening had run detection over every file of the class: 2,000 copies'
# 200 openings took 24 s of CPU). The row holds if the server answered
# shutdown within the bound, its input held 4 s after the openings.
copiesPackage "$work/lspopen"
for f in "$work"/lspopen/p/*.go; do
	awk -v uri="file://$f" 'BEGIN { ORS = "" } { gsub(/\t/, "\\t"); text = text $0 "\\n" } END { body = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"" uri "\",\"languageId\":\"go\",\"version\":1,\"text\":\"" text "\"}}}"; printf "Content-Length: %d\r\n\r\n%s", length(body), body }' "$f"
done >"$work/lsp-open.2"
{
	frame "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\"file://$work/lspopen\",\"initializationOptions\":{\"maxOccurrences\":0},\"capabilities\":{}}}"
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
} >"$work/lsp-open.1"
hostile "editor server: 4,000 copies of one function in 400 files, each file opened as it is on disk (maxOccurrences 0; input held 2 s, then 4 s)" 10 sh -c "{ cat '$work/lsp-open.1'; sleep 2; cat '$work/lsp-open.2'; sleep 4; cat '$work/lsp-cap.2'; } | '$cc' lsp -cache=off"
rows[-1]=${rows[-1]%|*|}"| $(grep -o publishDiagnostics "$work/stdout" | wc -l) files' diagnostics of 400 |"
rm -rf "$work/lspopen"

# The same, every file opened with a function of its own added, as a
# rename across the workspace does: the files changed together are
# detected together, and each class's names made once for all the files'
# diagnostics (detected one by one, and each file's diagnostics naming
# every copy, 2,000 copies' 200 edits took 23 s of CPU).
copiesPackage "$work/lspedit"
i=0
for f in "$work"/lspedit/p/*.go; do
	i=$((i + 1))
	awk -v uri="file://$f" -v i="$i" 'BEGIN { ORS = "" } { gsub(/\t/, "\\t"); text = text $0 "\\n" } END { text = text "\\nfunc own" i "(a int) int { return a * " i " }\\n"; body = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"" uri "\",\"languageId\":\"go\",\"version\":1,\"text\":\"" text "\"}}}"; printf "Content-Length: %d\r\n\r\n%s", length(body), body }' "$f"
done >"$work/lsp-edit.2"
sed "s|$work/lspopen|$work/lspedit|" "$work/lsp-open.1" >"$work/lsp-edit.1"
hostile "editor server: 4,000 copies of one function in 400 files, each file opened with a function added (maxOccurrences 0; input held 2 s, then 4 s)" 10 sh -c "{ cat '$work/lsp-edit.1'; sleep 2; cat '$work/lsp-edit.2'; sleep 4; cat '$work/lsp-cap.2'; } | '$cc' lsp -cache=off"
rows[-1]=${rows[-1]%|*|}"| $(grep -o publishDiagnostics "$work/stdout" | wc -l) publications of 400 files' diagnostics |"
rm -rf "$work/lspedit"

# The editor server on a workspace of 4,000 folders, a file in each, every
# file opened with a line added: a file asks the .duplignore rules of the
# folders above it, not every folder's (4.2 s of CPU when it asked all).
mkdir -p "$work/lspfolders"
awk -v d="$work/lspfolders" 'BEGIN { for (i = 0; i < 4000; i++) { system("mkdir -p " d "/d" i); f = d "/d" i "/x.go"; printf "package d\n\nfunc F%d() { println(%d) }\n", i, i > f; close(f) } }'
folders=$(awk -v d="$work/lspfolders" 'BEGIN { for (i = 0; i < 4000; i++) printf "%s{\"uri\":\"file://%s/d%d\",\"name\":\"d%d\"}", (i ? "," : ""), d, i, i }')
{
	frame "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"workspaceFolders\":[$folders],\"capabilities\":{}}}"
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
} >"$work/lsp-folders.1"
awk -v d="$work/lspfolders" 'BEGIN { for (i = 0; i < 4000; i++) { body = sprintf("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file://%s/d%d/x.go\",\"languageId\":\"go\",\"version\":1,\"text\":\"package d\\n\\nfunc F%d() { println(%d) }\\n// x\\n\"}}}", d, i, i, i); printf "Content-Length: %d\r\n\r\n%s", length(body), body } }' >"$work/lsp-folders.2"
hostile "editor server: 4,000 workspace folders, a file in each, every file opened with a line added (input held 2 s, then 4 s)" 10 sh -c "{ cat '$work/lsp-folders.1'; sleep 2; cat '$work/lsp-folders.2'; sleep 4; cat '$work/lsp-cap.2'; } | '$cc' lsp -cache=off"
rows[-1]=${rows[-1]%|*|}"| $(grep -o 'indexed [0-9]* files' "$work/stderr" | head -1 || echo 'NOT INDEXED') |"
rm -rf "$work/lspfolders"

echo
echo "Hostile input (\`bench/hostile.sh\`, part of make bench): each input through the command line (\`-cache=off\`), killed after 60 s. The 500 near-identical functions printed $largest lines (one class holds them all)."
echo
echo "| input | wall s | peak RSS MB | exit | bound | held | notes |"
echo "| --- | ---: | ---: | ---: | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
