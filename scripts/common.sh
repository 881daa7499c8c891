#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared by run.sh and test.sh: install what is missing, configure and build.
set -euo pipefail

LLMWB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LLMWB_BUILD=${LLMWB_BUILD:-$LLMWB_ROOT/build}

# Debian 12 packages the build, the tests and the screenshots need.
LLMWB_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev libgl-dev libqcustomplot-dev
  libeigen3-dev nlohmann-json3-dev libpagmo-dev libboost-dev libnlopt-cxx-dev
  libbenchmark-dev libgtest-dev
  pybind11-dev python3-dev python3-pybind11 python3-pytest python3-numpy
  python3-pandas python3-matplotlib
)
# The Python module is built for Debian's python3 (the one the python3-* packages are for), even
# when another python3 comes first on PATH.
if [ -x /usr/bin/python3 ]; then LLMWB_PYTHON=/usr/bin/python3; else LLMWB_PYTHON=python3; fi
# Only scripts/fuzz.sh needs these: libFuzzer comes with clang's runtime libraries.
LLMWB_FUZZ_PACKAGES=(clang libclang-rt-14-dev)

# Installs the packages named (default: LLMWB_PACKAGES) that are missing.
llmwb_install_packages() {
  local wanted=("$@")
  [ ${#wanted[@]} -gt 0 ] || wanted=("${LLMWB_PACKAGES[@]}")
  local missing=()
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "llmwb: all ${#wanted[@]} packages wanted are installed"
    return 0
  fi
  echo "llmwb: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo=(sudo); else
      echo "llmwb: need root or sudo to install: ${missing[*]}" >&2
      exit 1
    fi
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

llmwb_build() {
  local jobs
  jobs=$(nproc 2>/dev/null || echo 2)
  cmake -S "$LLMWB_ROOT" -B "$LLMWB_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  cmake --build "$LLMWB_BUILD" --parallel "$jobs"
}
