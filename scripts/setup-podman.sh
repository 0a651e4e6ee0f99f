#!/usr/bin/env bash
# Installs what tests/test_image.py builds and runs the Dockerfile with, from
# Debian's packages (no container registry needed): podman, runc and
# mmdebstrap (scripts/image-standins.sh makes the stand-in bases with it).
# Idempotent; run as root. The versions are bookworm's, pinned by their
# upstream version (Debian's security revisions may follow).
set -euo pipefail

PACKAGES=("podman=4.3.1*" "runc=1.1.5*" "mmdebstrap=1.3.5*")

installed() {
	local p name
	for p in "${PACKAGES[@]}"; do
		name=${p%%=*}
		# shellcheck disable=SC2053 # the pin is a glob
		[[ "$(dpkg-query -W -f='${db:Status-Status} ${Version}' "$name" 2>/dev/null)" == "installed "${p#*=} ]] || return 1
	done
}

if installed; then
	echo "setup-podman: ${PACKAGES[*]} already installed"
	exit 0
fi
if [[ $EUID -ne 0 ]]; then
	echo "setup-podman: must run as root" >&2
	exit 1
fi
candidate=$(apt-cache policy podman 2>/dev/null | awk '/Candidate:/ { print $2 }')
if [[ -z "$candidate" || "$candidate" == "(none)" ]]; then apt-get update -qq; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
echo "setup-podman: installed ${PACKAGES[*]}"
