# The two entry points of the README: `make report` (the main job) and
# `make test` (everything CI runs). Each installs what it needs, idempotently.
.PHONY: test report build bench-gpu

build:
	scripts/build.sh

test:
	scripts/test.sh

report:
	scripts/report.sh

# On a GPU machine with nvcc: culab vs native, rows for bench/RESULTS.md.
bench-gpu: build
	bash bench/gpubench/run.sh
