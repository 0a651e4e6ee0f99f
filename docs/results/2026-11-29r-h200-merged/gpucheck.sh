#!/bin/bash
# The merged main's test binaries and notebooks on the GPU machine.
out=$1
root=$PWD
mkdir -p /tmp/gt && cat .cudabin/p1/a .cudabin/p2/b | xz -dc | tar xf - -C /tmp/gt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/gpu.txt
(cd cudalib && /tmp/gt/cudalib.test -test.v -test.count=1) > $out/cudalib.log 2>&1; echo "cudalib rc=$?" >> $out/summary.txt
(cd cudalib/labs && /tmp/gt/labs.test -test.v -test.count=1 -test.short) > $out/labs.log 2>&1; echo "labs rc=$?" >> $out/summary.txt
(cd kernel/nb && /tmp/gt/nb.test -test.v -test.count=1) > $out/nb.log 2>&1; echo "nb rc=$?" >> $out/summary.txt
for f in cudalib labs nb; do echo "$f: $(grep -c '^--- PASS' $out/$f.log) pass, $(grep -c '^--- SKIP' $out/$f.log) skip, $(grep -c '^--- FAIL' $out/$f.log) fail" >> $out/summary.txt; done
( /usr/bin/time -v /tmp/gt/culab run -o /tmp/nbout notebooks/*.ipynb ) > $out/run.log 2>&1; echo "notebooks rc=$?" >> $out/summary.txt
cp /tmp/nbout/tables.md $out/notebooks-tables.md
echo "checked rows: $(grep -c '✓' /tmp/nbout/tables.md)" >> $out/summary.txt
gzip -9 $out/labs.log
