#!/bin/bash
# run.sh OWNER+NAME N: forgotten twins over the last N first-parent commits touching Go files
r=$1; n=$2; m=/work/.mirror/$r/repo; wt=/tmp/ft/wt/$r; out=/tmp/ft/out3/$r; mkdir -p $out
[ -d $wt ] || git --git-dir=$m worktree add -f --detach $wt HEAD -q 2>/dev/null
cd $wt || exit 1
for c in $(git log --first-parent --format=%H -n $n HEAD -- '*.go' | tac); do
  git checkout -q -f $c 2>/dev/null || continue
  git rev-parse -q --verify $c^ >/dev/null || continue
  timeout 120 /tmp/ccG -all -json -cache /tmp/ft/cache/$r -new-from-rev $c^ ./... > $out/$c.json 2>$out/$c.err
done
