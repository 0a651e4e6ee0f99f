#!/usr/bin/env bash
# The main job: build culab, execute every lab notebook on this machine's
# default device (the first GPU; the virtual GPU where there is none)
# and write the executed notebooks and report.html under out/report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-nvrtc.sh >/dev/null 2>&1 || echo "note: could not install Debian's NVRTC (not root?); compile checks need an NVRTC"
# NVRTC 13 and nvdisasm (pinned, from PyPI): the virtual GPU's profiles count SASS with them.
scripts/setup-cudatools.sh >/dev/null || echo "note: could not install NVRTC 13 and nvdisasm (scripts/setup-cudatools.sh); profiles count PTX instructions"
scripts/build.sh
bin/culab info
out=${REPORT_DIR:-out/report}
status=0
bin/culab run -o "$out" "$@" notebooks/*.ipynb || status=$?
echo
echo "report: $out/report.html"
exit $status
