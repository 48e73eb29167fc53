#!/usr/bin/env bash
# One-step set-up on Debian 12: install missing packages, configure and build mpnsim in Release.
# Idempotent: quick when everything is already there. Used by the README and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config
  libboost-graph-dev libyaml-cpp-dev libspdlog-dev libfmt-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev gnuplot-nox
  libopenmpi-dev openmpi-bin libsimgrid-dev
  # GLPK: the divisible-load strategies' LP solver, and the tests' exact oracle.
  libglpk-dev
  # The Python package (python/) and its tests, for Debian's /usr/bin/python3.
  pybind11-dev python3-dev python3-pybind11 python3-pandas python3-pytest
  python3-nbclient python3-nbformat python3-ipykernel python3-matplotlib
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build_dir=${MPNSIM_BUILD_DIR:-build}
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build_dir" -j"$(nproc)"
