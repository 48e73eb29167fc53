#!/usr/bin/env bash
# Builds mpnsim with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/) and runs the test suite
# under them. Any sanitizer report fails the run. Usage: scripts/sanitize.sh [extra ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# The packages come from ./scripts/setup.sh (run it first; .ci/run does).
build_dir=${MPNSIM_ASAN_BUILD_DIR:-build-asan}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMPNSIM_BUILD_BENCH=OFF \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
fi
cmake --build "$build_dir" -j"$(nproc)"

# Open MPI's own allocations are reported as leaks at exit (none is mpnsim's): suppress them only.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan_suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" "$@"
