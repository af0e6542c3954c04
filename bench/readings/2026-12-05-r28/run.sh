#!/bin/bash
# run.sh OWNER+NAME N: copycat -json -new-from-rev C^ at each of the last N
# first-parent commits touching Go files of the fetched mirror
# /work/.mirror/OWNER+NAME, oldest first, in a worktree of its own; one
# JSON report per commit in $OUT/OWNER+NAME/. BIN is the copycat binary,
# FLAGS more flags (the check sweep ran with FLAGS=-all, OUT=/tmp/ft/out3).
r=$1; n=$2; bin=${BIN:-copycat}; out=${OUT:-/tmp/ft/out2}/$r
m=/work/.mirror/$r/repo; wt=/tmp/ft/wt/$r; mkdir -p $out
[ -d $wt ] || git --git-dir=$m worktree add -f --detach $wt HEAD -q 2>/dev/null
cd $wt || exit 1
for c in $(git log --first-parent --format=%H -n $n HEAD -- '*.go' | tac); do
  git checkout -q -f $c 2>/dev/null || continue
  git rev-parse -q --verify $c^ >/dev/null || continue
  timeout 120 $bin $FLAGS -json -cache /tmp/ft/cache/$r -new-from-rev $c^ ./... > $out/$c.json 2>$out/$c.err
done
