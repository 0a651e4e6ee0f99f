# The two entry points of the README: `make report` (the main job) and
# `make test` (everything CI runs). Each installs what it needs, idempotently.
.PHONY: test report build bench-gpu hub

build:
	scripts/build.sh

test:
	scripts/test.sh

report:
	scripts/report.sh

# On a GPU machine with nvcc: culab vs native, rows for bench/RESULTS.md.
bench-gpu: build
	bash bench/gpubench/run.sh

# JupyterHub for a small class on this machine (scripts/hub.sh says how to
# set the password, the users and the address).
hub:
	scripts/hub.sh
