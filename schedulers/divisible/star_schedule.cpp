// The star schedule's linear program (installments, returns), its event times and its plan.
#include "schedulers/divisible/star_schedule.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/divisible/linear_program.hpp"
#include "schedulers/divisible/strategy_support.hpp"
#include "sim/interruption.hpp"

namespace mpnsim {

namespace {

// c + sum of coefficient * variable.
struct Lin {
  std::vector<std::pair<int, double>> terms;
  double c = 0;
};
Lin plus(Lin a, const Lin& b) {
  a.terms.insert(a.terms.end(), b.terms.begin(), b.terms.end());
  a.c += b.c;
  return a;
}
Lin term(int v, double coef, double c = 0) { return Lin{{{v, coef}}, c}; }

struct Costs {
  double S, z, w;  // startup, z Tcm, w Tcp of each worker
};

void check_input(const StarScheduleInput& in, std::vector<Costs>& costs, bool prefix) {
  const MachineSpec& m = in.machine;
  if (in.installments < 1) throw std::invalid_argument("installments: expected an integer >= 1");
  if (!(in.delta >= 0) || !std::isfinite(in.delta)) throw std::invalid_argument("delta: expected a number >= 0");
  if (!m.processors[static_cast<std::size_t>(in.centre)].coprocessor)
    throw std::invalid_argument(fmt::format(
        "the centre (processor {}) has no co-processor: installments and result collection need it to send "
        "and receive while it computes", in.centre));
  for (int v : in.workers) {
    const LinkSpec& l = link_between(m, in.centre, v);
    const ProcessorSpec& p = m.processors[static_cast<std::size_t>(v)];
    if (in.installments > 1 && !p.coprocessor)
      throw std::invalid_argument(fmt::format(
          "processor {} has no co-processor: with several installments a worker receives while it computes", v));
    costs.push_back({l.startup, l.z * m.Tcm, p.w * m.Tcp});
  }
  if (in.results) {
    std::vector<int> a = in.workers, b = in.return_order;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    const bool distinct = std::adjacent_find(b.begin(), b.end()) == b.end();
    const bool within = std::includes(a.begin(), a.end(), b.begin(), b.end());
    if (prefix ? !(distinct && within) : a != b)
      throw std::invalid_argument(prefix ? "return order: expected distinct workers"
                                         : "return order is not a permutation of the workers");
  }
}

int ports_or_none(int ports) { return ports == kAllPorts ? 0 : ports; }

// Longer sums become a variable: the one-port send sequence's ends are running sums over every
// earlier message, and left as sums they would make the program dense (n m squared non-zeros).
constexpr std::size_t kMaxTerms = 6;

// The largest program (workers x installments) solved again exactly when in doubt. GLPK's exact
// simplex grows as about the cube of the size: 100 messages 0.12 s, 200 1.3 s, 400 10 s (one
// core of a loaded 2-core machine, identical workers; far-apart time scales make the rationals longer). Above it, the floating-point solution stands or falls by
// the caller's check of its events against its T (1e-9).
constexpr long kExactMessages = 100;

// The program of a send sequence and a return order, or, with `prefix_only`, the relaxation
// where only the first returns' order is fixed: every other worker's return starts after its
// last chunk, and together they need the centre's receive ports after the fixed ones for the
// sum of their times (spread over k ports, T is at least their average end). A lower bound on
// T over every order that starts with that prefix.
struct Program {
  LinearProgram lp;
  int a0 = -1, T = -1;
  std::vector<int> a;     // per message q = k n + j
  std::vector<int> slot;  // per return position: the index in `workers` of the worker returning there
};

Program build_program(const StarScheduleInput& in, const std::vector<Costs>& cost, bool prefix_only) {
  const int n = static_cast<int>(in.workers.size());
  const int m = in.installments;
  const int Q = n * m;
  const ProcessorSpec& centre = in.machine.processors[static_cast<std::size_t>(in.centre)];
  const int send_k = ports_or_none(centre.send_ports);
  const int recv_k = ports_or_none(centre.recv_ports);
  const double w0 = centre.w * in.machine.Tcp;

  Program p;
  LinearProgram& lp = p.lp;
  if (in.centre_computes) p.a0 = lp.add_variable();
  p.a.resize(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) p.a[static_cast<std::size_t>(q)] = lp.add_variable();
  p.T = lp.add_variable(1.0);
  using S = LinearProgram::Sense;
  auto short_form = [&](Lin e) {  // a new variable equal to e when e is long
    if (e.terms.size() <= kMaxTerms) return e;
    const int t = lp.add_variable();
    for (auto& [v, k] : e.terms) k = -k;
    e.terms.push_back({t, 1});
    lp.add_row(e.terms, S::equal, e.c);
    return term(t, 1);
  };
  // The latest of the candidates: itself when alone, else a new variable above each.
  auto latest = [&](const std::vector<Lin>& cands) {
    if (cands.empty()) return Lin{};
    if (cands.size() == 1) return cands[0];
    const int t = lp.add_variable();
    for (const Lin& c : cands) {
      Lin row = c;  // t - c >= 0
      for (auto& [v, k] : row.terms) k = -k;
      row.terms.push_back({t, 1});
      lp.add_row(row.terms, S::at_least, c.c);
    }
    return term(t, 1);
  };
  auto load_of = [&](int j, double coef) {  // coef * (worker j's whole load)
    Lin e;
    for (int k = 0; k < m; ++k) e.terms.push_back({p.a[static_cast<std::size_t>(k * n + j)], coef});
    return e;
  };
  std::vector<Lin> end(static_cast<std::size_t>(Q)), cend(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) {
    const int k = q / n, j = q % n;
    const Costs& c = cost[static_cast<std::size_t>(j)];
    std::vector<Lin> wait;
    if (send_k > 0 && q >= send_k) wait.push_back(end[static_cast<std::size_t>(q - send_k)]);
    if (k > 0 && send_k != 1 && q - n != q - send_k) wait.push_back(end[static_cast<std::size_t>(q - n)]);
    end[static_cast<std::size_t>(q)] =
        short_form(plus(latest(wait), term(p.a[static_cast<std::size_t>(q)], c.z, c.S)));
    const Lin work = term(p.a[static_cast<std::size_t>(q)], c.w);
    std::vector<Lin> ready{end[static_cast<std::size_t>(q)]};
    if (k > 0) ready.push_back(cend[static_cast<std::size_t>(q - n)]);
    cend[static_cast<std::size_t>(q)] = short_form(plus(latest(ready), work));
  }
  auto at_most_T = [&](const Lin& e) {  // e <= T
    Lin row = e;
    row.terms.push_back({p.T, -1});
    lp.add_row(row.terms, S::at_most, -e.c);
  };
  if (in.centre_computes) at_most_T(term(p.a0, w0));
  if (in.results) {
    const int fixed = static_cast<int>(in.return_order.size());
    std::vector<Lin> rend(static_cast<std::size_t>(fixed));
    std::vector<bool> placed(static_cast<std::size_t>(n), false);
    for (int r = 0; r < fixed; ++r) {
      const int j = static_cast<int>(std::find(in.workers.begin(), in.workers.end(),
                                               in.return_order[static_cast<std::size_t>(r)]) - in.workers.begin());
      p.slot.push_back(j);
      placed[static_cast<std::size_t>(j)] = true;
      const Costs& c = cost[static_cast<std::size_t>(j)];
      std::vector<Lin> wait{cend[static_cast<std::size_t>((m - 1) * n + j)]};
      if (recv_k > 0 && r >= recv_k) wait.push_back(rend[static_cast<std::size_t>(r - recv_k)]);
      Lin back = plus(latest(wait), load_of(j, c.z * in.delta));
      back.c += c.S;
      rend[static_cast<std::size_t>(r)] = short_form(back);
      at_most_T(rend[static_cast<std::size_t>(r)]);
    }
    if (prefix_only && fixed < n) {
      // k T >= (the last fixed return's end on each of the k receive lanes) + every other return's time.
      Lin lanes;
      for (int r = std::max(0, fixed - recv_k); recv_k > 0 && r < fixed; ++r)
        lanes = plus(lanes, rend[static_cast<std::size_t>(r)]);
      for (int j = 0; j < n; ++j) {
        if (placed[static_cast<std::size_t>(j)]) continue;
        const Costs& c = cost[static_cast<std::size_t>(j)];
        Lin own = plus(cend[static_cast<std::size_t>((m - 1) * n + j)], load_of(j, c.z * in.delta));
        own.c += c.S;
        at_most_T(own);
        Lin time = load_of(j, c.z * in.delta);
        time.c = c.S;
        lanes = plus(lanes, time);
      }
      if (recv_k > 0) {
        for (auto& [v, k] : lanes.terms) k /= recv_k;
        lanes.c /= recv_k;
        at_most_T(lanes);
      }
    }
  } else {
    for (int j = 0; j < n; ++j) at_most_T(cend[static_cast<std::size_t>((m - 1) * n + j)]);
  }
  std::vector<std::pair<int, double>> all;
  if (in.centre_computes) all.push_back({p.a0, 1});
  for (int q = 0; q < Q; ++q) all.push_back({p.a[static_cast<std::size_t>(q)], 1});
  lp.add_row(all, S::equal, in.load);
  return p;
}

// The schedule of the program's solution x, with its times replayed event by event from the
// loads, each time the latest of what it waits for (the engine's rule).
StarSchedule read_schedule(const StarScheduleInput& in, const std::vector<Costs>& cost, const Program& p,
                           const LpSolution& x) {
  const int n = static_cast<int>(in.workers.size());
  const int m = in.installments;
  const int Q = n * m;
  const ProcessorSpec& centre = in.machine.processors[static_cast<std::size_t>(in.centre)];
  const int send_k = ports_or_none(centre.send_ports);
  const int recv_k = ports_or_none(centre.recv_ports);
  StarSchedule s;
  s.exact = x.exact;
  s.T = x.x[static_cast<std::size_t>(p.T)];
  s.chunk.assign(static_cast<std::size_t>(m), std::vector<double>(static_cast<std::size_t>(n), 0.0));
  // A load within 1e-13 of the load below zero is a zero in rounding (a degenerate basic variable).
  auto load = [&](int v) {
    const double a = x.x[static_cast<std::size_t>(v)];
    return a < 0 && a >= -1e-13 * in.load ? 0.0 : a;
  };
  s.alpha_centre = in.centre_computes ? load(p.a0) : 0.0;
  for (int q = 0; q < Q; ++q)
    s.chunk[static_cast<std::size_t>(q / n)][static_cast<std::size_t>(q % n)] = load(p.a[static_cast<std::size_t>(q)]);
  std::vector<double> e(static_cast<std::size_t>(Q)), ce(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) {
    const int k = q / n, j = q % n;
    const Costs& c = cost[static_cast<std::size_t>(j)];
    const double amount = s.chunk[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)];
    double start = 0;
    if (send_k > 0 && q >= send_k) start = std::max(start, e[static_cast<std::size_t>(q - send_k)]);
    if (k > 0) start = std::max(start, e[static_cast<std::size_t>(q - n)]);
    e[static_cast<std::size_t>(q)] = start + c.S + c.z * amount;
    const double from = k > 0 ? std::max(e[static_cast<std::size_t>(q)], ce[static_cast<std::size_t>(q - n)]) : e[static_cast<std::size_t>(q)];
    ce[static_cast<std::size_t>(q)] = from + c.w * amount;
  }
  s.compute_end.assign(static_cast<std::size_t>(n), 0.0);
  for (int j = 0; j < n; ++j) s.compute_end[static_cast<std::size_t>(j)] = ce[static_cast<std::size_t>((m - 1) * n + j)];
  s.T_events = centre.w * in.machine.Tcp * s.alpha_centre;
  if (in.results) {
    s.return_end.assign(static_cast<std::size_t>(n), 0.0);
    std::vector<double> rend(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
      const int j = p.slot[static_cast<std::size_t>(r)];
      const Costs& c = cost[static_cast<std::size_t>(j)];
      double start = s.compute_end[static_cast<std::size_t>(j)];
      if (recv_k > 0 && r >= recv_k) start = std::max(start, rend[static_cast<std::size_t>(r - recv_k)]);
      double total = 0;
      for (int k = 0; k < m; ++k) total += s.chunk[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)];
      rend[static_cast<std::size_t>(r)] = start + c.S + c.z * in.delta * total;
      s.return_end[static_cast<std::size_t>(j)] = rend[static_cast<std::size_t>(r)];
      s.T_events = std::max(s.T_events, rend[static_cast<std::size_t>(r)]);
    }
  } else {
    for (double t : s.compute_end) s.T_events = std::max(s.T_events, t);
  }
  return s;
}

// Floating point is in doubt when a load came out negative (rounding of a zero) or the loads,
// played event by event, do not give the program's T to well within the engine's tolerance.
// (GLPK's exact simplex reads each coefficient as a rational within about 1e-15 of it, not as
// the double itself, so on an ill-conditioned program even its optimum replays only to about
// 1e-11 relative: the doubt threshold sits above that and ten times below the engine's 1e-9.)
bool in_doubt(const StarSchedule& s) {
  if (!(s.alpha_centre >= 0)) return true;
  for (const auto& k : s.chunk)
    for (double a : k)
      if (!(a >= 0)) return true;
  return !(std::abs(s.T_events - s.T) <= 1e-10 * s.T);
}

}  // namespace

bool exact_affordable(const StarScheduleInput& in) {
  return static_cast<long>(in.workers.size()) * in.installments <= kExactMessages;
}

StarSchedule solve_star_schedule(const StarScheduleInput& in, bool exact) {
  poll_interruption();  // once a program: `results: best` solves one per return order tried
  std::vector<Costs> cost;
  check_input(in, cost, false);
  const Program p = build_program(in, cost, false);
  const LpSolution floating = solve_lp(p.lp);
  const bool small = exact_affordable(in);
  if (!floating.optimal && !small)
    throw std::runtime_error(fmt::format(
        "star schedule: GLPK's simplex found no optimum for the program of {} workers x {} installments, which is "
        "too large for its exact simplex (at most {} messages): fewer installments may do",
        in.workers.size(), in.installments, kExactMessages));
  StarSchedule s;
  if (floating.optimal) s = read_schedule(in, cost, p, floating);
  if (!floating.optimal || (small && (exact || in_doubt(s)))) s = read_schedule(in, cost, p, solve_lp(p.lp, LpArithmetic::exact));
  // The schedule is what the engine plays: its T is the loads' own event times, the
  // program's optimum to well within the tolerance (checked by the caller to 1e-9).
  s.T_program = s.T;
  s.T = s.T_events;
  return s;
}

double star_schedule_bound(const StarScheduleInput& in) {
  poll_interruption();  // the branch and bound of `results: best` solves one per prefix
  std::vector<Costs> cost;
  check_input(in, cost, true);
  const Program p = build_program(in, cost, true);
  const LpSolution x = solve_lp(p.lp);
  // Without an optimum there is no bound to trust: none (0 prunes nothing).
  return x.optimal ? x.objective : 0.0;
}

Plan star_schedule_plan(const StarScheduleInput& in, const StarSchedule& s) {
  Plan plan;
  const int n = static_cast<int>(in.workers.size());
  const int m = in.installments;
  const int send_k = ports_or_none(in.machine.processors[static_cast<std::size_t>(in.centre)].send_ports);
  const int recv_k = ports_or_none(in.machine.processors[static_cast<std::size_t>(in.centre)].recv_ports);
  std::vector<int> send(static_cast<std::size_t>(n * m)), work(static_cast<std::size_t>(n * m));
  if (in.centre_computes) plan.add_compute(in.centre, s.alpha_centre, fmt::format("share {}", in.centre));
  for (int q = 0; q < n * m; ++q) {
    const int k = q / n, j = q % n, v = in.workers[static_cast<std::size_t>(j)];
    const double amount = s.chunk[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)];
    DependencyList after;
    if (send_k > 0 && q >= send_k) after.push_back(send[static_cast<std::size_t>(q - send_k)]);
    if (k > 0 && q - n != q - send_k) after.push_back(send[static_cast<std::size_t>(q - n)]);
    const std::string tag = m > 1 ? fmt::format(" #{}", k + 1) : std::string();
    send[static_cast<std::size_t>(q)] = plan.add_send(in.centre, v, amount, fmt::format("load {}->{}{}", in.centre, v, tag), after);
    DependencyList ready{send[static_cast<std::size_t>(q)]};
    if (k > 0) ready.push_back(work[static_cast<std::size_t>(q - n)]);
    work[static_cast<std::size_t>(q)] = plan.add_compute(v, amount, fmt::format("share {}{}", v, tag), ready);
  }
  if (in.results) {
    std::vector<int> back(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
      const int v = in.return_order[static_cast<std::size_t>(p)];
      const int j = static_cast<int>(std::find(in.workers.begin(), in.workers.end(), v) - in.workers.begin());
      double total = 0;
      for (int k = 0; k < m; ++k) total += s.chunk[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)];
      DependencyList after{work[static_cast<std::size_t>((m - 1) * n + j)]};
      if (recv_k > 0 && p >= recv_k) after.push_back(back[static_cast<std::size_t>(p - recv_k)]);
      back[static_cast<std::size_t>(p)] =
          plan.add_send(v, in.centre, in.delta * total, fmt::format("results {}->{}", v, in.centre), after);
    }
  }
  return plan;
}

}  // namespace mpnsim
