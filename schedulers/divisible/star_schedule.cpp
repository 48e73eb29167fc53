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

void check_input(const StarScheduleInput& in, std::vector<Costs>& costs) {
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
    if (a != b) throw std::invalid_argument("return order is not a permutation of the workers");
  }
}

int ports_or_none(int ports) { return ports == kAllPorts ? 0 : ports; }

}  // namespace

StarSchedule solve_star_schedule(const StarScheduleInput& in) {
  poll_interruption();  // once a program: `results: best` solves one per return order tried
  std::vector<Costs> cost;
  check_input(in, cost);
  const int n = static_cast<int>(in.workers.size());
  const int m = in.installments;
  const int Q = n * m;
  const int send_k = ports_or_none(in.machine.processors[static_cast<std::size_t>(in.centre)].send_ports);
  const int recv_k = ports_or_none(in.machine.processors[static_cast<std::size_t>(in.centre)].recv_ports);
  const double w0 = in.machine.processors[static_cast<std::size_t>(in.centre)].w * in.machine.Tcp;

  LinearProgram lp;
  const int a0 = lp.add_variable();
  std::vector<int> a(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) a[static_cast<std::size_t>(q)] = lp.add_variable();
  const int T = lp.add_variable(1.0);
  using S = LinearProgram::Sense;
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
  std::vector<Lin> end(static_cast<std::size_t>(Q)), cend(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) {
    const int k = q / n, j = q % n;
    const Costs& c = cost[static_cast<std::size_t>(j)];
    std::vector<Lin> wait;
    if (send_k > 0 && q >= send_k) wait.push_back(end[static_cast<std::size_t>(q - send_k)]);
    if (k > 0 && send_k != 1 && q - n != q - send_k) wait.push_back(end[static_cast<std::size_t>(q - n)]);
    end[static_cast<std::size_t>(q)] = plus(latest(wait), term(a[static_cast<std::size_t>(q)], c.z, c.S));
    const Lin work = term(a[static_cast<std::size_t>(q)], c.w);
    std::vector<Lin> ready{end[static_cast<std::size_t>(q)]};
    if (k > 0) ready.push_back(cend[static_cast<std::size_t>(q - n)]);
    cend[static_cast<std::size_t>(q)] = plus(latest(ready), work);
  }
  auto at_most_T = [&](const Lin& e) {  // e <= T
    Lin row = e;
    row.terms.push_back({T, -1});
    lp.add_row(row.terms, S::at_most, -e.c);
  };
  at_most_T(term(a0, w0));
  std::vector<int> slot(static_cast<std::size_t>(n));  // position in `workers` of return_order[p]
  if (in.results) {
    std::vector<Lin> rend(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
      const int j = static_cast<int>(std::find(in.workers.begin(), in.workers.end(),
                                               in.return_order[static_cast<std::size_t>(p)]) - in.workers.begin());
      slot[static_cast<std::size_t>(p)] = j;
      const Costs& c = cost[static_cast<std::size_t>(j)];
      std::vector<Lin> wait{cend[static_cast<std::size_t>((m - 1) * n + j)]};
      if (recv_k > 0 && p >= recv_k) wait.push_back(rend[static_cast<std::size_t>(p - recv_k)]);
      Lin back = latest(wait);
      back.c += c.S;
      for (int k = 0; k < m; ++k) back.terms.push_back({a[static_cast<std::size_t>(k * n + j)], c.z * in.delta});
      rend[static_cast<std::size_t>(p)] = back;
      at_most_T(back);
    }
  } else {
    for (int j = 0; j < n; ++j) at_most_T(cend[static_cast<std::size_t>((m - 1) * n + j)]);
  }
  std::vector<std::pair<int, double>> all{{a0, 1}};
  for (int q = 0; q < Q; ++q) all.push_back({a[static_cast<std::size_t>(q)], 1});
  lp.add_row(all, S::equal, in.load);
  const LpSolution x = solve_lp(lp);

  StarSchedule s;
  s.T = x.x[static_cast<std::size_t>(T)];
  s.alpha_centre = x.x[static_cast<std::size_t>(a0)];
  s.chunk.assign(static_cast<std::size_t>(m), std::vector<double>(static_cast<std::size_t>(n), 0.0));
  for (int q = 0; q < Q; ++q) s.chunk[static_cast<std::size_t>(q / n)][static_cast<std::size_t>(q % n)] = x.x[static_cast<std::size_t>(a[static_cast<std::size_t>(q)])];

  // Event by event, each time the latest of what it waits for (the engine's rule).
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
  s.T_events = w0 * s.alpha_centre;
  if (in.results) {
    s.return_end.assign(static_cast<std::size_t>(n), 0.0);
    std::vector<double> rend(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
      const int j = slot[static_cast<std::size_t>(p)];
      const Costs& c = cost[static_cast<std::size_t>(j)];
      double start = s.compute_end[static_cast<std::size_t>(j)];
      if (recv_k > 0 && p >= recv_k) start = std::max(start, rend[static_cast<std::size_t>(p - recv_k)]);
      double total = 0;
      for (int k = 0; k < m; ++k) total += s.chunk[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)];
      rend[static_cast<std::size_t>(p)] = start + c.S + c.z * in.delta * total;
      s.return_end[static_cast<std::size_t>(j)] = rend[static_cast<std::size_t>(p)];
      s.T_events = std::max(s.T_events, rend[static_cast<std::size_t>(p)]);
    }
  } else {
    for (double t : s.compute_end) s.T_events = std::max(s.T_events, t);
  }
  return s;
}

Plan star_schedule_plan(const StarScheduleInput& in, const StarSchedule& s) {
  Plan plan;
  const int n = static_cast<int>(in.workers.size());
  const int m = in.installments;
  const int send_k = ports_or_none(in.machine.processors[static_cast<std::size_t>(in.centre)].send_ports);
  const int recv_k = ports_or_none(in.machine.processors[static_cast<std::size_t>(in.centre)].recv_ports);
  std::vector<int> send(static_cast<std::size_t>(n * m)), work(static_cast<std::size_t>(n * m));
  plan.add_compute(in.centre, s.alpha_centre, fmt::format("share {}", in.centre));
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
