#!/usr/bin/env bash
# Installs Debian's NVRTC (CUDA run-time compiler) so cudalib/nvrtc's tests
# run against a real compiler on machines without a GPU. Idempotent; run as
# root. Debian ships NVRTC in non-free, which stock images leave out.
set -euo pipefail

PACKAGES=(libnvrtc11.2 libnvrtc-builtins11.8)

installed() {
	local p
	for p in "${PACKAGES[@]}"; do
		[[ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" == installed ]] || return 1
	done
}

if installed; then
	echo "setup-nvrtc: ${PACKAGES[*]} already installed"
	exit 0
fi

if [[ $EUID -ne 0 ]]; then
	echo "setup-nvrtc: must run as root" >&2
	exit 1
fi

changed=0

# deb822 (*.sources): add contrib and non-free to the Components of stanzas
# whose URIs point at a Debian archive; third-party repositories are left
# alone.
for f in /etc/apt/sources.list.d/*.sources; do
	[[ -f $f ]] || continue
	tmp=$(mktemp)
	awk '
		function flush(   i) {
			for (i = 1; i <= n; i++) {
				if (debian && buf[i] ~ /^Components:/) {
					if (buf[i] !~ /[ \t]contrib([ \t]|$)/) buf[i] = buf[i] " contrib"
					if (buf[i] !~ /[ \t]non-free([ \t]|$)/) buf[i] = buf[i] " non-free"
				}
				print buf[i]
			}
			n = 0; debian = 0
		}
		/^[ \t]*$/ { flush(); print; next }
		{
			buf[++n] = $0
			if ($0 ~ /^URIs:/ && $0 ~ /\/debian(-security)?\/?([ \t]|$)/) debian = 1
		}
		END { flush() }
	' "$f" >"$tmp"
	if cmp -s "$f" "$tmp"; then
		rm -f "$tmp"
	else
		cat "$tmp" >"$f" # keeps the file's owner and mode
		rm -f "$tmp"
		echo "setup-nvrtc: added contrib non-free to $f"
		changed=1
	fi
done

# One-line format (sources.list, *.list): the same for "deb" lines of Debian
# archives.
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
	[[ -f $f ]] || continue
	tmp=$(mktemp)
	awk '
		/^[ \t]*deb(-src)?[ \t]/ && / [a-z]+:\/\/[^ ]*\/debian(-security)?\/? / {
			if ($0 !~ /[ \t]contrib([ \t]|$)/) $0 = $0 " contrib"
			if ($0 !~ /[ \t]non-free([ \t]|$)/) $0 = $0 " non-free"
		}
		{ print }
	' "$f" >"$tmp"
	if cmp -s "$f" "$tmp"; then
		rm -f "$tmp"
	else
		cat "$tmp" >"$f"
		rm -f "$tmp"
		echo "setup-nvrtc: added contrib non-free to $f"
		changed=1
	fi
done

# apt's lists are refreshed only when the sources changed or apt does not
# know the packages yet.
candidate() {
	apt-cache policy "${PACKAGES[0]}" 2>/dev/null | awk '/Candidate:/ { print $2 }'
}
if [[ $changed -eq 1 || -z "$(candidate)" || "$(candidate)" == "(none)" ]]; then
	apt-get update -qq
fi
if [[ -z "$(candidate)" || "$(candidate)" == "(none)" ]]; then
	echo "setup-nvrtc: ${PACKAGES[0]} not available; is a Debian archive with non-free configured?" >&2
	exit 1
fi

DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
echo "setup-nvrtc: installed ${PACKAGES[*]}"
