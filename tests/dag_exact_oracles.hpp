// Independent oracles for optimal DAG schedules: exhaustive enumeration and an integer program (GLPK).
// They share no code with schedulers/dag/optimal/: each is written from docs/dag.md's model alone.
#pragma once

#include <algorithm>
#include <functional>
#include <limits>
#include <vector>

#include <glpk.h>

#include "schedulers/dag/dag_problem.hpp"
#include "sim/router.hpp"

namespace mpnsim::testing {

// Contention-free model, by enumeration: every processor for every task and every order of the
// tasks, each task started as early as its processor and its data allow (a message takes its
// route's delay from its producer's finish). Tiny graphs only: (tasks! * P^tasks) leaves.
inline double brute_force_free(const DagProblem& p) {
  const TaskGraph& g = p.graph;
  const int n = g.size(), P = p.processors();
  std::vector<int> proc(static_cast<std::size_t>(n), -1);
  std::vector<double> finish(static_cast<std::size_t>(n), 0), ready(static_cast<std::size_t>(P), 0);
  double best = std::numeric_limits<double>::infinity();
  std::function<void(int, double)> go = [&](int placed, double makespan) {
    if (placed == n) {
      best = std::min(best, makespan);
      return;
    }
    for (int t = 0; t < n; ++t) {
      if (proc[static_cast<std::size_t>(t)] >= 0) continue;
      bool ok = true;
      for (int e : g.in_edges(t)) ok = ok && proc[static_cast<std::size_t>(g.edge(e).from)] >= 0;
      if (!ok) continue;
      for (int q = 0; q < P; ++q) {
        double s = ready[static_cast<std::size_t>(q)];
        for (int e : g.in_edges(t)) {
          const int u = g.edge(e).from;
          const int pu = proc[static_cast<std::size_t>(u)];
          s = std::max(s, finish[static_cast<std::size_t>(u)] + (pu == q ? 0.0 : p.edge_delay(e, pu, q)));
        }
        const double old_ready = ready[static_cast<std::size_t>(q)];
        proc[static_cast<std::size_t>(t)] = q;
        finish[static_cast<std::size_t>(t)] = s + p.exec_time(t, q);
        ready[static_cast<std::size_t>(q)] = finish[static_cast<std::size_t>(t)];
        go(placed + 1, std::max(makespan, finish[static_cast<std::size_t>(t)]));
        ready[static_cast<std::size_t>(q)] = old_ready;
        proc[static_cast<std::size_t>(t)] = -1;
      }
    }
  };
  go(0, 0);
  return best;
}

// Contention-free model as a mixed integer program, solved by GLPK's branch and cut:
// x[t][p] places t on p; s[t] its start; for an edge u->t and processors p, q the start waits
// for delay(p, q) when both places are taken; two tasks on one processor do not overlap, one
// order binary per pair (big M); the makespan C is at least every finish.
inline double integer_program_free(const DagProblem& p) {
  const TaskGraph& g = p.graph;
  const int n = g.size(), P = p.processors();
  double big = 0;
  for (int t = 0; t < n; ++t) {
    double most = 0;
    for (int q = 0; q < P; ++q) most = std::max(most, p.exec_time(t, q));
    big += most;
  }
  for (int e = 0; e < g.edge_count(); ++e) {
    double most = 0;
    for (int a = 0; a < P; ++a)
      for (int b = 0; b < P; ++b) most = std::max(most, p.edge_delay(e, a, b));
    big += most;
  }
  big = 2 * big + 1;
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  auto column = [&](int kind, double lo, double hi, double cost) {
    const int c = glp_add_cols(lp, 1);
    glp_set_col_kind(lp, c, kind);
    glp_set_col_bnds(lp, c, kind == GLP_BV ? GLP_DB : GLP_LO, lo, hi);
    glp_set_obj_coef(lp, c, cost);
    return c;
  };
  auto row = [&](const std::vector<std::pair<int, double>>& terms, int type, double rhs) {
    const int r = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, r, type, rhs, rhs);
    std::vector<int> idx{0};
    std::vector<double> val{0};
    for (auto [v, c] : terms) {  // a column named twice gets the sum of its coefficients
      const auto at = std::find(idx.begin() + 1, idx.end(), v);
      if (at != idx.end()) {
        val[static_cast<std::size_t>(at - idx.begin())] += c;
        continue;
      }
      idx.push_back(v);
      val.push_back(c);
    }
    glp_set_mat_row(lp, r, static_cast<int>(idx.size()) - 1, idx.data(), val.data());
  };
  const int C = column(GLP_CV, 0, 0, 1);
  std::vector<int> s(static_cast<std::size_t>(n));
  std::vector<std::vector<int>> x(static_cast<std::size_t>(n), std::vector<int>(static_cast<std::size_t>(P)));
  for (int t = 0; t < n; ++t) {
    s[static_cast<std::size_t>(t)] = column(GLP_CV, 0, 0, 0);
    std::vector<std::pair<int, double>> one;
    for (int q = 0; q < P; ++q) {
      x[static_cast<std::size_t>(t)][static_cast<std::size_t>(q)] = column(GLP_BV, 0, 1, 0);
      one.emplace_back(x[static_cast<std::size_t>(t)][static_cast<std::size_t>(q)], 1);
    }
    row(one, GLP_FX, 1);
    // C >= s + sum_q exec(t, q) x[t][q]
    std::vector<std::pair<int, double>> fin{{C, 1}, {s[static_cast<std::size_t>(t)], -1}};
    for (int q = 0; q < P; ++q) fin.emplace_back(x[static_cast<std::size_t>(t)][static_cast<std::size_t>(q)], -p.exec_time(t, q));
    row(fin, GLP_LO, 0);
  }
  auto duration_terms = [&](int t, double sign) {
    std::vector<std::pair<int, double>> d;
    for (int q = 0; q < P; ++q) d.emplace_back(x[static_cast<std::size_t>(t)][static_cast<std::size_t>(q)], sign * p.exec_time(t, q));
    return d;
  };
  for (int e = 0; e < g.edge_count(); ++e) {
    const int u = g.edge(e).from, t = g.edge(e).to;
    for (int a = 0; a < P; ++a)
      for (int b = 0; b < P; ++b) {
        // s[t] - s[u] - dur(u) - delay(a, b) (x[u][a] + x[t][b] - 1) >= 0
        const double d = p.edge_delay(e, a, b);
        auto terms = duration_terms(u, -1);
        terms.emplace_back(s[static_cast<std::size_t>(t)], 1);
        terms.emplace_back(s[static_cast<std::size_t>(u)], -1);
        if (d > 0) {
          terms.emplace_back(x[static_cast<std::size_t>(u)][static_cast<std::size_t>(a)], -d);
          terms.emplace_back(x[static_cast<std::size_t>(t)][static_cast<std::size_t>(b)], -d);
        }
        row(terms, GLP_LO, d > 0 ? -d : 0);
      }
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int before = column(GLP_BV, 0, 1, 0);  // 1: i before j
      for (int q = 0; q < P; ++q) {
        const int xi = x[static_cast<std::size_t>(i)][static_cast<std::size_t>(q)];
        const int xj = x[static_cast<std::size_t>(j)][static_cast<std::size_t>(q)];
        // s[j] >= s[i] + dur(i) - M (1 - before) - M (2 - xi - xj)
        auto a = duration_terms(i, -1);
        a.insert(a.end(), {{s[static_cast<std::size_t>(j)], 1}, {s[static_cast<std::size_t>(i)], -1}, {before, -big}, {xi, -big}, {xj, -big}});
        row(a, GLP_LO, -3 * big);
        // s[i] >= s[j] + dur(j) - M before - M (2 - xi - xj)
        auto b = duration_terms(j, -1);
        b.insert(b.end(), {{s[static_cast<std::size_t>(i)], 1}, {s[static_cast<std::size_t>(j)], -1}, {before, big}, {xi, -big}, {xj, -big}});
        row(b, GLP_LO, -2 * big);
      }
    }
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  parm.mip_gap = 0;
  const int rc = glp_intopt(lp, &parm);
  const double value = rc == 0 && glp_mip_status(lp) == GLP_OPT ? glp_mip_obj_val(lp) : -1;
  glp_delete_prob(lp);
  return value;
}

// The contention model by enumeration, written from docs/dag.md's rules: every processor for
// every task, every shortest route of every message, every order of the operations (tasks and
// hops) and every port a hop may take; each operation as early as its inputs and the
// operations before it on its resources allow (a hop holds its link direction, a send port of
// its sender and a receive port of its receiver where the ports are fewer than the links, and
// the CPUs at both ends without a co-processor). Tiny graphs only.
inline double brute_force_contention(const DagProblem& p) {
  const TaskGraph& g = p.graph;
  const MachineSpec& m = p.machine;
  const int n = g.size(), P = p.processors(), E = g.edge_count();
  Router router(m);
  std::vector<int> out_degree(static_cast<std::size_t>(P), 0), in_degree(static_cast<std::size_t>(P), 0);
  for (int x = 0; x < P; ++x)
    for (const Arc& a : router.arcs(x)) {
      ++out_degree[static_cast<std::size_t>(x)];
      ++in_degree[static_cast<std::size_t>(a.to)];
    }
  auto ports = [](int k, int degree) { return k != kAllPorts && k < degree ? k : 0; };
  double best = std::numeric_limits<double>::infinity();
  std::vector<int> alloc(static_cast<std::size_t>(n), 0);
  // State of one order's enumeration.
  std::vector<double> cpu(static_cast<std::size_t>(P)), channel(2 * m.links.size());
  std::vector<std::vector<double>> send(static_cast<std::size_t>(P)), recv(static_cast<std::size_t>(P));
  std::vector<char> done(static_cast<std::size_t>(n));
  std::vector<double> finish(static_cast<std::size_t>(n)), arrived(static_cast<std::size_t>(E));
  std::vector<int> at(static_cast<std::size_t>(E));  // node the edge's data is at; -1 before its producer runs
  std::function<void(int, double)> order = [&](int left, double makespan) {
    if (makespan >= best) return;  // no completion is shorter
    if (left == 0) {
      best = makespan;
      return;
    }
    for (int t = 0; t < n; ++t) {  // a task whose every input is on its processor
      if (done[static_cast<std::size_t>(t)]) continue;
      const int q = alloc[static_cast<std::size_t>(t)];
      double s = cpu[static_cast<std::size_t>(q)];
      bool ok = true;
      for (int e : g.in_edges(t)) {
        ok = ok && at[static_cast<std::size_t>(e)] == q;
        s = std::max(s, arrived[static_cast<std::size_t>(e)]);
      }
      if (!ok) continue;
      const double old = cpu[static_cast<std::size_t>(q)];
      done[static_cast<std::size_t>(t)] = 1;
      finish[static_cast<std::size_t>(t)] = s + p.exec_time(t, q);
      cpu[static_cast<std::size_t>(q)] = finish[static_cast<std::size_t>(t)];
      std::vector<std::pair<int, double>> saved;
      for (int e : g.out_edges(t)) {
        saved.emplace_back(at[static_cast<std::size_t>(e)], arrived[static_cast<std::size_t>(e)]);
        at[static_cast<std::size_t>(e)] = q;
        arrived[static_cast<std::size_t>(e)] = finish[static_cast<std::size_t>(t)];
      }
      order(left - 1, std::max(makespan, finish[static_cast<std::size_t>(t)]));
      std::size_t k = 0;
      for (int e : g.out_edges(t)) {
        at[static_cast<std::size_t>(e)] = saved[k].first;
        arrived[static_cast<std::size_t>(e)] = saved[k++].second;
      }
      cpu[static_cast<std::size_t>(q)] = old;
      done[static_cast<std::size_t>(t)] = 0;
    }
    for (int e = 0; e < E; ++e) {  // the next hop of a message on any shortest route, on any port
      const int x = at[static_cast<std::size_t>(e)], dst = alloc[static_cast<std::size_t>(g.edge(e).to)];
      if (x < 0 || x == dst) continue;
      for (const Arc& a : router.arcs(x)) {
        if (router.distance(a.to, dst) != router.distance(x, dst) - 1) continue;
        const int y = a.to;
        const LinkSpec& l = m.links[static_cast<std::size_t>(a.link())];
        const double d = l.startup + g.edge(e).data * l.z * m.Tcm;
        const int ks = ports(m.processors[static_cast<std::size_t>(x)].send_ports, out_degree[static_cast<std::size_t>(x)]);
        const int kr = ports(m.processors[static_cast<std::size_t>(y)].recv_ports, in_degree[static_cast<std::size_t>(y)]);
        for (int ls = 0; ls < std::max(ks, 1); ++ls)
          for (int lr = 0; lr < std::max(kr, 1); ++lr) {
            double s = std::max(arrived[static_cast<std::size_t>(e)], channel[static_cast<std::size_t>(a.channel)]);
            if (ks) s = std::max(s, send[static_cast<std::size_t>(x)][static_cast<std::size_t>(ls)]);
            if (kr) s = std::max(s, recv[static_cast<std::size_t>(y)][static_cast<std::size_t>(lr)]);
            const bool cx = !m.processors[static_cast<std::size_t>(x)].coprocessor;
            const bool cy = !m.processors[static_cast<std::size_t>(y)].coprocessor;
            if (cx) s = std::max(s, cpu[static_cast<std::size_t>(x)]);
            if (cy) s = std::max(s, cpu[static_cast<std::size_t>(y)]);
            const double f = s + d;
            const auto keep_cpu = cpu;
            const double keep_channel = channel[static_cast<std::size_t>(a.channel)];
            const double keep_send = ks ? send[static_cast<std::size_t>(x)][static_cast<std::size_t>(ls)] : 0;
            const double keep_recv = kr ? recv[static_cast<std::size_t>(y)][static_cast<std::size_t>(lr)] : 0;
            const double keep_arrived = arrived[static_cast<std::size_t>(e)];
            channel[static_cast<std::size_t>(a.channel)] = f;
            if (ks) send[static_cast<std::size_t>(x)][static_cast<std::size_t>(ls)] = f;
            if (kr) recv[static_cast<std::size_t>(y)][static_cast<std::size_t>(lr)] = f;
            if (cx) cpu[static_cast<std::size_t>(x)] = f;
            if (cy) cpu[static_cast<std::size_t>(y)] = f;
            at[static_cast<std::size_t>(e)] = y;
            arrived[static_cast<std::size_t>(e)] = f;
            order(left, makespan);
            at[static_cast<std::size_t>(e)] = x;
            arrived[static_cast<std::size_t>(e)] = keep_arrived;
            cpu = keep_cpu;
            channel[static_cast<std::size_t>(a.channel)] = keep_channel;
            if (ks) send[static_cast<std::size_t>(x)][static_cast<std::size_t>(ls)] = keep_send;
            if (kr) recv[static_cast<std::size_t>(y)][static_cast<std::size_t>(lr)] = keep_recv;
          }
      }
    }
  };
  // Every allocation.
  for (long code = 0;; ++code) {
    long c = code;
    for (int t = 0; t < n; ++t) {
      alloc[static_cast<std::size_t>(t)] = static_cast<int>(c % P);
      c /= P;
    }
    if (c > 0) break;
    std::fill(cpu.begin(), cpu.end(), 0);
    std::fill(channel.begin(), channel.end(), 0);
    for (int x = 0; x < P; ++x) {
      send[static_cast<std::size_t>(x)].assign(static_cast<std::size_t>(ports(m.processors[static_cast<std::size_t>(x)].send_ports, out_degree[static_cast<std::size_t>(x)])), 0);
      recv[static_cast<std::size_t>(x)].assign(static_cast<std::size_t>(ports(m.processors[static_cast<std::size_t>(x)].recv_ports, in_degree[static_cast<std::size_t>(x)])), 0);
    }
    std::fill(done.begin(), done.end(), 0);
    std::fill(at.begin(), at.end(), -1);
    std::fill(arrived.begin(), arrived.end(), 0);
    order(n, 0);
  }
  return best;
}

}  // namespace mpnsim::testing
