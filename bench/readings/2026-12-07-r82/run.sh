#!/bin/bash
# run.sh BIN OUTDIR: -all -json over each module dir
bin=$1; out=$2; mkdir -p $out
i=0
while read -r d; do
  i=$((i+1))
  ( cd "$d" && timeout 120 $bin -q -cache=off -all -json ./... > $out/$i.json 2>/dev/null; echo "$d" > $out/$i.dir )
done < /tmp/mc/dirs.txt
echo done
