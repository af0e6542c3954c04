#!/bin/bash
# run.sh REPO N: lenient copycat -new-from-rev C^ at the last N first-parent commits touching Go
r=$1; n=$2; out=${OUT:-/tmp/sw/out}/$r; m=/work/.mirror/$r/repo; wt=/tmp/sw/wt/$r; mkdir -p $out
[ -d $wt ] || git --git-dir=$m worktree add -f --detach $wt HEAD -q 2>/dev/null
cd $wt || exit 1
for c in $(git log --first-parent --format=%H -n $n HEAD -- '*.go' | tac); do
  [ -s $out/$c.json ] && continue
  git checkout -q -f $c 2>/dev/null || continue
  git rev-parse -q --verify $c^ >/dev/null || continue
  COPYCAT_LENIENT=1 timeout 300 ${BIN:-copycat} -all -json -cache /tmp/sw/cache/$r -new-from-rev $c^ ./... > $out/$c.json 2>$out/$c.err
done
