#!/usr/bin/env python3
# Where the time goes: puts each symbol of a flat perf report in a phase of the run, by name.
#
# docs/performance.md's "Where the time goes" tables come from this: record a run of the final
# build, report it flat, and give the run's CPU seconds (user + system) and its units:
#   perf record -F 499 -o perf.data -- /usr/bin/time -f '%U %S %M' build/mpnsim dag ...
#   perf report -i perf.data --no-children --stdio -g none --sort dso,symbol --percent-limit 0 > report.txt
#   bench/perf_phases.py dag report.txt CPU_SECONDS TASKS
# Paths: dag (a free `mpnsim dag` run, per task), dlt (`mpnsim dlt`, per processor), contention
# (a `--comm contention` run, per task). The first pattern that matches a symbol takes it; what
# none takes is "libc and the rest", and the largest of those are printed on stderr, so that a
# renamed function is seen rather than silently moved.
import re
import sys

PHASES = {
    'dag': [
        ('kernel', r'^\[k\]'),
        ('generate the graph', r'generate_random_dag|OpenNodes|EdgeLists|TaskGraph|NameArena|unique_task_names|'
                               r'dag_generator|mersenne|_M_gen_rand'),
        ('estimated link conflicts', r'estimated_link_conflicts|count_channel_conflicts|count_in_order'),
        ('routing (Router)', r'Router::'),
        ('replay: compile (direct replay blocks)', r'compile_direct_replay'),
        ('replay: engine loop (Engine, Machine, player callbacks)',
         r'DirectPlayer|direct_replay|Machine|Engine|EventQueue|Timeline|WaitQueue|Callback|replay'),
        ('lower bound', r'lower_bound|windows_in_order|split_bound|merge_bound|density_bound|dag_number_problem'),
        ('check the schedule', r'check_schedule|processor_order|validity'),
        ('schedule (levels/ranks, processor choice, idle gaps)',
         r'IdleIntervals|best_processor|ScheduleBuilder|schedule_heft|schedule_lps|task_levels|rank|heft|lps|Ready|'
         r'Schedule::|static_levels|precedence_levels|topological_order|mean_exec_times'),
        ('JSON report and output', r'nlohmann|json|fmt::|write_|ostream'),
    ],
    'dlt': [
        ('kernel: first touch of pages, process', r'^\[k\]'),
        ('play: the player (compile, issue, callbacks)', r'plan_player|Player'),
        ('play: routing', r'Router::'),
        ('play: engine and machine (queue, booking, hops)', r'Machine|Engine|EventQueue|WaitQueue|Timeline|Callback'),
        ('check (plan, numbers, summary)', r'check_plan|plan_links_only|validate|summarize|check_divisible|simulate'),
        ('topology (hypercube links, neighbour lists)', r'Topology|hypercube\(|hypercube_from|adjacency'),
        ('machine description (build, validate)', r'uniform_machine|MachineSpec|read_machine|is_homogeneous'),
        ('strategy and plan (solve, build)', r'Plan::|DependencyList|solve|layer|hypercube|nlf|divisible|ExactAffine|BigInt'),
        ('JSON report', r'nlohmann|json|fmt::|write_|ostream|StreamBuf'),
    ],
    'contention': [
        ('kernel', r'^\[k\]'),
        ('idle-gap searches (IdleIntervals)', r'IdleIntervals'),
        ('bounds (data-ready, refined, best processor)', r'bound|best_processor|data_ready'),
        ('hop fitting and reach trees (fit_hop, fill_reach, book_inputs, route)',
         r'fit_hop|fill_reach|book_inputs|ContentionBuilder|reach|route'),
        ('routing (Router, hop distances)', r'Router|hop_distances'),
        ('check (link rules, schedule validity)', r'check_|validity|processor_order|most_at_once|Interval\b'),
        ('replay (contention plan, plan compile, engine, machine)',
         r'plan_player|Player|Machine|Engine|EventQueue|WaitQueue|Timeline|replay|Plan::|chain|DependencyList|Booking'),
        ('generate, ranks, lower bound, costs, conflict estimate',
         r'estimated_link_conflicts|count_channel_conflicts|count_in_order|generate|OpenNodes|EdgeLists|TaskGraph|rank|lower_bound|windows|split|CommCost|heft|'
         r'ScheduleBuilder'),
    ],
}


def spaced(x):
    return f'{x:,.0f}'.replace(',', ' ')


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in PHASES:
        sys.exit(f'usage: {sys.argv[0]} dag|dlt|contention REPORT CPU_SECONDS UNITS')
    phases = PHASES[sys.argv[1]]
    cpu, units = float(sys.argv[3]), float(sys.argv[4])
    share = {name: 0.0 for name, _ in phases}
    rest, unmatched = 0.0, {}
    with open(sys.argv[2]) as report:
        for line in report:
            m = re.match(r'\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(.*?)\s*$', line)
            if not m:
                continue
            percent, dso, kind = float(m.group(1)), m.group(2), m.group(3)
            symbol = re.split(r'\s{2,}', m.group(4))[0]  # perf may pad and add empty columns after it
            text = ('[k] ' if kind == 'k' or 'kernel' in dso else '') + symbol
            for name, pattern in phases:
                if re.search(pattern, text):
                    share[name] += percent
                    break
            else:
                rest += percent
                unmatched[symbol] = unmatched.get(symbol, 0) + percent
    total = sum(share.values()) + rest
    if total <= 0:
        sys.exit('no samples in the report')
    print('| phase | share | ns per unit |\n|---|---:|---:|')
    for name, _ in phases:
        s = share[name] / total
        print(f'| {name} | {100 * s:.1f} % | {spaced(s * cpu * 1e9 / units)} |')
    s = rest / total
    print(f'| libc and the rest | {100 * s:.1f} % | {spaced(s * cpu * 1e9 / units)} |')
    print(f'| whole process | 100 % | {spaced(cpu * 1e9 / units)} |')
    largest = sorted(unmatched.items(), key=lambda kv: -kv[1])[:10]
    print('largest in the rest: ' + ', '.join(f'{k[:60]} {v:.2f} %' for k, v in largest), file=sys.stderr)


if __name__ == '__main__':
    main()
