#!/bin/bash
# per-notebook wall/CPU/RSS
cd "$(dirname "$0")/../../.."  # the repository root
bin=$1; out=$2
mkdir -p $out
for nb in notebooks/*.ipynb; do
  b=$(basename $nb .ipynb)
  CULAB_LAB_PHASES=1 /usr/bin/time -v $bin run -o $out/nb $nb > $out/$b.log 2>&1
  echo "$b $(grep -E 'Elapsed|User time|System time|Maximum resident' $out/$b.log | awk -F': ' '{printf "%s ", $2}')" >> $out/summary.txt
done
