# The two entry points of the README: `make report` (the main job) and
# `make test` (everything CI runs). Each installs what it needs, idempotently.
.PHONY: test report build bench-gpu gpu-build gpu-check hub

build:
	scripts/build.sh

test:
	scripts/test.sh

report:
	scripts/report.sh

# On a GPU machine with nvcc: culab vs native, rows for bench/RESULTS.md.
bench-gpu: build
	bash bench/gpubench/run.sh

# The GPU lane: `make gpu-build` where Go is (binaries into BIN), then on
# the GPU machine `make gpu-check` with the same BIN (no Go needed there):
# GPU tests, every notebook, NVIDIA's tools, benchmarks; one dated folder
# under docs/results/ (scripts/gpu-check.sh says more).
BIN ?= .cudabin/gpu-check
gpu-build:
	BIN=$(BIN) scripts/gpu-check.sh build

gpu-check:
	BIN=$(BIN) scripts/gpu-check.sh check

# JupyterHub for a small class on this machine (scripts/hub.sh says how to
# set the password, the users and the address).
hub:
	scripts/hub.sh
