#!/usr/bin/env python3
"""Two builds of mpnsim side by side on compare_simgrid's `mpnsim dag` rows: CPU and peak of each process.

usage: bench/compare_builds.py BEFORE_MPNSIM AFTER_MPNSIM
Environment: N (runs a side, default 9), TASKS (default 100000), ROWS (scheduler:dim list, default
lps:6,lps:8,heft:6,heft:8). The two builds run in turn, the order swapped every round, so that a slow
spell of the machine falls on both; each process's user + system CPU and peak RSS come from wait4.
Prints the least and the median of each side and their ratios (after / before).
"""
import os
import statistics
import subprocess
import sys


def cpu_and_peak(cmd):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(cmd)}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = sys.argv[1], sys.argv[2]
    n = int(os.environ.get("N", "9"))
    tasks = os.environ.get("TASKS", "100000")
    rows = os.environ.get("ROWS", "lps:6,lps:8,heft:6,heft:8").split(",")
    print(os.popen("uptime").read().strip())
    for row in rows:
        scheduler, dim = row.split(":")
        args = ["dag", "--generate", "--tasks", tasks, "--integer", "false", "--workload.seed", "2024",
                "--topology", "hypercube", "--dim", dim, "--z", "0.5", "--S", "0.01", "--scheduler", scheduler,
                "--format", "json"]
        cpu = ([], [])
        peak = ([], [])
        for i in range(n):
            for side in (0, 1) if i % 2 == 0 else (1, 0):
                c, r = cpu_and_peak([(before, after)[side]] + args)
                cpu[side].append(c)
                peak[side].append(r)
        a, b = cpu
        print(f"{scheduler} d={dim} tasks={tasks}: before least {min(a) * 1e3:.1f} median {statistics.median(a) * 1e3:.1f} ms, "
              f"{max(peak[0]) // 1024} MB | after least {min(b) * 1e3:.1f} median {statistics.median(b) * 1e3:.1f} ms, "
              f"{max(peak[1]) // 1024} MB | after/before least {min(b) / min(a):.3f} median "
              f"{statistics.median(b) / statistics.median(a):.3f}")
    print(os.popen("uptime").read().strip())


main()
