#!/bin/bash
# Per notebook: CPU, wall and peak RSS of `culab run` under /usr/bin/time -v,
# with CULAB_LAB_PHASES=1 (where each lab size's time went).
# usage: run.sh CULAB_BINARY OUT_DIR [NOTEBOOK_NAME...]   (default: every notebook)
cd "$(dirname "$0")/../../.."  # the repository root
bin=$1; out=$2; shift 2
mkdir -p $out
nbs=("$@")
[ ${#nbs[@]} -eq 0 ] && nbs=($(cd notebooks && ls *.ipynb | sed 's/\.ipynb$//'))
for b in "${nbs[@]}"; do
  CULAB_LAB_PHASES=1 /usr/bin/time -v $bin run -o $out/nb notebooks/$b.ipynb > $out/$b.log 2>&1
  echo "$b $(grep -E 'Elapsed|User time|System time|Maximum resident' $out/$b.log | awk -F': ' '{printf "%s ", $2}')" >> $out/summary.txt
done
