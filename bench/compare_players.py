#!/usr/bin/env python3
"""Two builds' bench/play_dag side by side on compare_simgrid's kept schedule files: CPU, wall and phases.

usage: bench/compare_players.py BEFORE_PLAY_DAG AFTER_PLAY_DAG SCHEDULE_FILE...
Environment: N (runs a side, default 11). The two players run in turn on each file, the order swapped
every round, so that a slow spell of the machine falls on both. Each process's user + system CPU and
peak RSS come from wait4, its wall time from the clock around it, and its phases (read, replay, write)
from the log it prints. Prints the least of each side (and the median CPU) with the load average before
and after. The schedule files: `compare_simgrid --dag-tasks 100000 --keep --workdir DIR` (with
`--mpnsim-only --no-command` it only writes them, in seconds).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run(player, schedule, result):
    start = time.perf_counter()
    p = subprocess.Popen([player, schedule, result], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    log = p.stderr.read()
    if status != 0:
        sys.exit(f"failed ({status}): {player} {schedule}\n{log}")
    # "phase NAME   12.3 ms  rss ..." lines, in the player's order.
    phases = [float(line.split(" ms")[0].split()[-1]) for line in log.splitlines() if line.startswith("phase")]
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss, phases


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    before, after, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    n = int(os.environ.get("N", "11"))
    print(f"load average {load()}")
    with tempfile.TemporaryDirectory() as scratch:
        result = os.path.join(scratch, "result")
        for schedule in files:
            runs = {before: [], after: []}
            for r in range(n):
                for player in (before, after) if r % 2 == 0 else (after, before):
                    runs[player].append(run(player, schedule, result))
            b, a = runs[before], runs[after]
            least = lambda rs, i: min(x[i] for x in rs)
            phases = ", ".join(f"{min(x[3][i] for x in b):.1f} / {min(x[3][i] for x in a):.1f}"
                               for i in range(min(len(b[0][3]), len(a[0][3]))))
            print(f"{os.path.basename(schedule)}: least CPU {least(b, 0) * 1e3:.1f} / {least(a, 0) * 1e3:.1f} ms "
                  f"({(least(a, 0) / least(b, 0) - 1) * 100:+.1f} %), median "
                  f"{statistics.median(x[0] for x in b) * 1e3:.1f} / {statistics.median(x[0] for x in a) * 1e3:.1f}; "
                  f"least wall {least(b, 1) * 1e3:.1f} / {least(a, 1) * 1e3:.1f} ms "
                  f"({(least(a, 1) / least(b, 1) - 1) * 100:+.1f} %); peak {max(x[2] for x in b) / 1024:.1f} / "
                  f"{max(x[2] for x in a) / 1024:.1f} MB; phases' least (ms, wall): {phases}")
    print(f"load average {load()}")


if __name__ == "__main__":
    main()
