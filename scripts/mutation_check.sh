#!/usr/bin/env bash
# Mutation smoke test (issue #42), run by hand, not in CI: applies each deliberate bug of
# scripts/mutations.txt in turn, rebuilds in its own build directory, runs the tests named for it,
# puts the file back, and reports every bug that no test caught.
#
# Usage: scripts/mutation_check.sh [--full] [NAME...]
#   NAME...  only these mutations (default: all of the list)
#   --full   run the whole ctest suite for each mutation instead of its focused test filter
# Environment: MPNSIM_MUTATION_BUILD_DIR (default build-mutation), MPNSIM_MUTATIONS (the list),
# MPNSIM_MUTATION_JOBS (default 2), MPNSIM_MUTATION_FILTER (a test filter for every mutation,
# e.g. to see what one suite alone catches). ccache is used when installed (set CCACHE_DIR/CCACHE_BASEDIR
# to share a cache with your usual build). Exit code 0 when every mutation was caught, 1 when one
# survived or no longer applies (its expression changed nothing or the result does not compile).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${MPNSIM_MUTATION_BUILD_DIR:-build-mutation}
list=${MPNSIM_MUTATIONS:-scripts/mutations.txt}
jobs=${MPNSIM_MUTATION_JOBS:-2}
full=0
only=()
for a in "$@"; do
  case $a in
    --full) full=1 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) only+=("$a") ;;
  esac
done

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMPNSIM_BUILD_BENCH=OFF -DMPNSIM_BUILD_FUZZ=OFF \
    "${launcher[@]}" >/dev/null
fi

# The file being mutated is kept here and put back on any exit (Ctrl-C included).
backup="$build/mutation-backup"
current=""
restore() {
  if [ -n "$current" ] && [ -f "$backup" ]; then cp "$backup" "$current"; fi
  current=""
}
trap restore EXIT INT TERM

# Reads the list into parallel arrays, one entry per block.
names=() files=() seds=() filters=() whys=()
flush() {
  if [ -n "${m_name:-}" ]; then
    names+=("$m_name") files+=("$m_file") seds+=("$m_sed") filters+=("$m_tests") whys+=("${m_why:-}")
  fi
  m_name="" m_file="" m_sed="" m_tests="" m_why=""
}
flush
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
    '#'*) ;;
    '') flush ;;
    name:*) m_name=${line#name: } ;;
    file:*) m_file=${line#file: } ;;
    sed:*) m_sed=${line#sed: } ;;
    tests:*) m_tests=${line#tests: } ;;
    why:*) m_why=${line#why: } ;;
    *) echo "$list: cannot read the line: $line" >&2; exit 2 ;;
  esac
done < "$list"
flush

wanted() {
  [ ${#only[@]} -eq 0 ] && return 0
  local o
  for o in "${only[@]}"; do [ "$o" = "$1" ] && return 0; done
  return 1
}

caught=() survived=() stale=()
log="$build/mutation.log"
: > "$log"
for i in "${!names[@]}"; do
  name=${names[$i]} file=${files[$i]}
  wanted "$name" || continue
  echo "== $name: ${whys[$i]}"
  if ! git diff --quiet -- "$file"; then
    echo "   $file has uncommitted changes: commit or stash them first" >&2
    exit 2
  fi
  cp "$file" "$backup"
  current=$file
  sed -i -e "${seds[$i]}" "$file"
  if cmp -s "$file" "$backup"; then
    echo "   STALE: the expression changed nothing in $file"
    stale+=("$name")
    restore
    continue
  fi
  targets=(mpnsim_tests)
  [ $full -eq 1 ] && targets=()
  if ! ninja -C "$build" -j"$jobs" "${targets[@]}" >>"$log" 2>&1; then
    echo "   STALE: the mutated code does not compile (see $log)"
    stale+=("$name")
    restore
    continue
  fi
  if [ $full -eq 1 ]; then
    ctest --test-dir "$build" -j"$jobs" >>"$log" 2>&1 && status=0 || status=$?
  else
    filter=${MPNSIM_MUTATION_FILTER:-${filters[$i]}}
    "$build/tests/mpnsim_tests" --gtest_filter="$filter" --gtest_brief=1 >>"$log" 2>&1 && status=0 || status=$?
  fi
  if [ $status -eq 0 ]; then
    echo "   SURVIVED: no test failed"
    survived+=("$name")
  else
    echo "   caught"
    caught+=("$name")
  fi
  restore
done
# Leave the build as the sources are.
ninja -C "$build" -j"$jobs" mpnsim_tests >>"$log" 2>&1 || true

echo
echo "caught ${#caught[@]}, survived ${#survived[@]}, stale ${#stale[@]} (log: $log)"
for n in "${survived[@]}"; do echo "  survived: $n"; done
for n in "${stale[@]}"; do echo "  stale: $n"; done
[ ${#survived[@]} -eq 0 ] && [ ${#stale[@]} -eq 0 ]
