#!/usr/bin/env bash
# session 4, call 4: the driver's GPU tests, then launch pace in nine
# rounds: main (the queue, copies through cuMemcpyDtoDAsync) against the
# queue with cuMemcpyDtoD (call 1's build) as "before".
set -u
B=.cudabin/p3; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/*/*.gz; chmod +x $B/* $B/*/* 2>/dev/null
(cd cudalib/driver && ../../$B/driver.test -test.run GPU -test.v -test.count 1) > $O/driver-tests.log 2>&1
echo "rc $?" >> $O/driver-tests.log
OUT=/tmp/pace OLD=$B/before/labbench ROUNDS=9 BIN=$B/labbench timeout 300 bash bench/launchpace/run.sh > $O/pace.out 2>&1
echo "rc $?" >> $O/pace.out
cp /tmp/pace/runs.jsonl /tmp/pace/launchpace.md $O/
