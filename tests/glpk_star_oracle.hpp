// The fastest star schedule for fixed send and return orders, written from docs/divisible_beyond.md's rules as a GLPK program solved exactly.
//
// Independent of schedulers/divisible: every event time is its own variable (no affine
// shortcuts), ports and links are read from the machine here, and the program is solved by
// GLPK's rational simplex. The rules (docs/divisible_beyond.md, "Multi-installment" and
// "Returned results"): the centre holds the load V and computes its share from time 0 (none
// when it does not compute); installment k sends one message to every worker in the send
// order; a message of a units to worker i takes S_i + z_i Tcm a, starts when the centre has a
// send port free (k ports: after message q-k ends) and after the previous message to the same
// worker; worker i computes chunk k (w_i Tcp a) after it has arrived and after chunk k-1;
// with results, worker i returns delta times its whole load in one message
// S_i + z_i Tcm delta A_i after its last chunk, the returns in the return order over the
// centre's receive ports (k ports: after return p-k ends); T is the last return's arrival
// (the last end of computing without results) and at least the centre's own computing.
#pragma once

#include <stdexcept>
#include <vector>

#include "glpk_program.hpp"
#include "sim/machine_spec.hpp"

namespace mpnsim::testing {

struct StarCase {
  const MachineSpec* machine = nullptr;
  int centre = 0;
  std::vector<int> workers;  // send order: the workers that take part
  int installments = 1;
  bool results = false;
  std::vector<int> returns;  // with results: the return order (a permutation of workers)
  double delta = 0;
  double load = 1;
  bool centre_computes = true;
};

// The link's (z Tcm, S) between the centre and worker v.
inline std::pair<double, double> oracle_link(const MachineSpec& m, int centre, int v) {
  for (const LinkSpec& l : m.links)
    if ((l.a == centre && l.b == v) || (!l.directed && l.a == v && l.b == centre)) return {l.z * m.Tcm, l.startup};
  throw std::invalid_argument("oracle: worker not linked to the centre");
}

// The optimum T of the case's program, exactly (rounded to a double).
inline double oracle_star_time(const StarCase& c) {
  const MachineSpec& m = *c.machine;
  const int n = static_cast<int>(c.workers.size());
  const int M = c.installments;
  const ProcessorSpec& centre = m.processors[static_cast<std::size_t>(c.centre)];
  const int ks = centre.send_ports, kr = centre.recv_ports;  // kAllPorts (0): no waiting for a port
  Glpk g;
  const int T = g.var(1);
  const int a0 = g.var(0, !c.centre_computes);
  std::vector<int> a, start, done;  // per message q = k n + j: load, send start, compute end
  std::vector<double> z, S, w;
  for (int v : c.workers) {
    const auto [zz, ss] = oracle_link(m, c.centre, v);
    z.push_back(zz);
    S.push_back(ss);
    w.push_back(m.processors[static_cast<std::size_t>(v)].w * m.Tcp);
  }
  for (int q = 0; q < n * M; ++q) {
    a.push_back(g.var());
    start.push_back(g.var());
    done.push_back(g.var());
  }
  auto at = [](const std::vector<int>& v, int i) { return v[static_cast<std::size_t>(i)]; };
  for (int q = 0; q < n * M; ++q) {
    const auto j = static_cast<std::size_t>(q % n);
    // arrival(q) = start(q) + S + z a(q)
    if (ks != kAllPorts && q >= ks) {  // start(q) >= arrival(q - ks)
      const auto p = static_cast<std::size_t>((q - ks) % n);
      g.row({{at(start, q), 1}, {at(start, q - ks), -1}, {at(a, q - ks), -z[p]}}, GLP_LO, S[p]);
    }
    if (q >= n)  // after the previous message to the same worker
      g.row({{at(start, q), 1}, {at(start, q - n), -1}, {at(a, q - n), -z[j]}}, GLP_LO, S[j]);
    // done(q) >= arrival(q) + w a(q)
    g.row({{at(done, q), 1}, {at(start, q), -1}, {at(a, q), -(z[j] + w[j])}}, GLP_LO, S[j]);
    if (q >= n)  // done(q) >= done(q - n) + w a(q)
      g.row({{at(done, q), 1}, {at(done, q - n), -1}, {at(a, q), -w[j]}}, GLP_LO, 0);
  }
  g.row({{T, 1}, {a0, -centre.w * m.Tcp}}, GLP_LO, 0);
  std::vector<std::pair<int, double>> sum{{a0, 1}};
  for (int x : a) sum.push_back({x, 1});
  g.row(sum, GLP_FX, c.load);
  auto slot = [&](int v) {
    for (int j = 0; j < n; ++j)
      if (c.workers[static_cast<std::size_t>(j)] == v) return j;
    throw std::invalid_argument("oracle: the return order names a worker that is not sent to");
  };
  if (!c.results) {
    for (int j = 0; j < n; ++j) g.row({{T, 1}, {at(done, (M - 1) * n + j), -1}}, GLP_LO, 0);
    return g.solve();
  }
  if (c.returns.size() != c.workers.size()) throw std::invalid_argument("oracle: incomplete return order");
  std::vector<int> back;  // return start per position
  // return(p)'s time: S + z delta (load of its worker), as terms beside its start
  auto ret_terms = [&](int p, std::vector<std::pair<int, double>>& row, double sign) {
    const int j = slot(c.returns[static_cast<std::size_t>(p)]);
    for (int k = 0; k < M; ++k) row.push_back({at(a, k * n + j), sign * z[static_cast<std::size_t>(j)] * c.delta});
    return S[static_cast<std::size_t>(j)];
  };
  for (int p = 0; p < n; ++p) {
    const int j = slot(c.returns[static_cast<std::size_t>(p)]);
    back.push_back(g.var());
    g.row({{at(back, p), 1}, {at(done, (M - 1) * n + j), -1}}, GLP_LO, 0);
    if (kr != kAllPorts && p >= kr) {
      std::vector<std::pair<int, double>> row{{at(back, p), 1}, {at(back, p - kr), -1}};
      const double s = ret_terms(p - kr, row, -1);
      g.row(row, GLP_LO, s);
    }
    std::vector<std::pair<int, double>> row{{T, 1}, {at(back, p), -1}};
    const double s = ret_terms(p, row, -1);
    g.row(row, GLP_LO, s);
  }
  return g.solve();
}

}  // namespace mpnsim::testing
