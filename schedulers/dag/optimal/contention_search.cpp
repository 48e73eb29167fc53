// Depth-first branch and bound for optimal DAG schedules under link contention (contention_search.hpp).
//
// The operations are the tasks (a CPU for its time) and the hops of messages (a link
// direction, a send port of its sender and a receive port of its receiver where ports bind,
// and the CPUs at both ends where there is no co-processor; docs/dag.md). A partial schedule
// is built by appending one operation at a time at the earliest time it can start after the
// operations already on its resources, in order of start time. The argument of free_search.cpp
// carries over: sorting any schedule's operations by start and appending them in that order
// starts none later, so the space holds an optimum. Of a processor's k ports the earliest free
// is taken: every later operation starts after the current one, so ports free by then are
// alike.
//
// A task's processor is chosen when it is first needed: by the first hop of a message towards
// it, or by the task itself when all its inputs are already on one processor (or it has none).
// A hop goes to any neighbour one step closer to the message's destination: every shortest
// route is open.
//
// Pruning: ties of start between operations that share no resource and do not feed one another
// are taken in one order; processors that the machine's symmetries (links with their costs,
// ports, co-processors, task times) fixing every processor in use map onto each other are tried
// once; admissible bounds (contention-free arrivals along the cheapest shortest route, CPU loads,
// chains of least execution times, the load of what remains).
#include "schedulers/dag/optimal/contention_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

#include "schedulers/dag/optimal/closure_bounds.hpp"
#include "schedulers/dag/optimal/processor_symmetry.hpp"
#include "schedulers/dag/optimal/search_bounds.hpp"
#include "schedulers/dag/optimal/time_lattice.hpp"
#include "sim/router.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One operation to append. Task: `a` on processor `b`. Hop: edge `a`'s data from node `b` to
// its neighbour `c`, bound for processor `d` (the consumer's, chosen by this hop if unset).
struct Op {
  double bound = 0;
  double start = 0;
  int kind = 0;  // 0 task, 1 hop
  int a = 0, b = 0, c = 0, d = 0;
  auto key() const { return std::tie(kind, a, b, c, d); }
};

// An appended operation as the schedule will record it.
struct Booked {
  Op op;
  double finish = 0;
  int channel = -1, send_lane = -1, recv_lane = -1;
};

struct State {
  std::vector<int> alloc;  // per task: its processor, -1 while unchosen
  std::vector<char> placed;
  std::vector<double> start, finish;
  std::vector<int> waiting;  // per task: predecessors not yet placed
  std::vector<int> pos;      // per edge: the node its data is at (-1 before its producer is placed)
  std::vector<double> avail;  // per edge: when its data is complete there
  std::vector<double> cpu, channel, send, recv;  // free times; send/recv: lanes, flattened
  std::uint64_t used = 0;  // processors holding a task or an operation (bit p)
  double now = 0;          // the last operation's start
  double makespan = 0;
  double remaining = 0;  // load of the unplaced tasks (SearchTables::load_of)
  int placed_count = 0;
  int last = -1;  // index in the sequence of the last operation, -1 at the root
};

class ContentionSearch {
 public:
  ContentionSearch(const DagProblem& problem, double upper_bound, const SearchLimits& limits);
  SearchOutcome run();

 private:
  // As the free search's (free_search.cpp): less one step of the time grid when there is one.
  double prune_level() const {
    if (std::isinf(best_)) return best_;
    const double tol = kTimeRelTol * std::abs(best_);
    return step_ > 2 * tol ? best_ - step_ + tol : best_ - tol;
  }
  const std::vector<int>* leaders(std::uint64_t used) { return symmetry_ ? &symmetry_->leaders(used) : nullptr; }
  bool lead(const std::vector<int>* l, int p) const { return !l || (*l)[at(p)] == p; }
  std::uint64_t bit(int p) const { return p < 64 ? std::uint64_t{1} << p : 0; }
  double hop_time(int e, int channel) const {
    const LinkSpec& l = problem_.machine.links[at(channel >> 1)];
    return l.startup + g_.edge(e).data * l.z * problem_.machine.Tcm;  // the engine's arithmetic
  }
  double min_route(int e, int x, int y) const {
    return route_[(at(e) * at(P_) + at(x)) * at(P_) + at(y)];
  }
  // Earliest-free lane of a pool (its first lane, offset `first`, `count` lanes); -1 for none.
  static int earliest_lane(const std::vector<double>& lanes, int first, int count) {
    int best = -1;
    for (int k = 0; k < count; ++k)
      if (best < 0 || lanes[at(first + k)] < lanes[at(first + best)]) best = k;
    return best;
  }
  double hop_start(const State& s, int e, int x, int y, int channel) const;
  std::array<int, 5> resources(const Op& op) const;
  bool feeds(const Op& earlier, const Op& later) const;
  bool tie_skipped(const State& s, const Op& op) const;
  void apply(const State& parent, const Op& op, State& child, Booked& booked) const;
  double full_bound(State& s);
  void children(State& s, double parent_bound, std::vector<Op>& out);
  Schedule materialize() const;

  const DagProblem& problem_;
  const TaskGraph& g_;
  SearchTables tables_;
  int n_, P_;
  Router router_;
  std::vector<std::vector<Arc>> arcs_;
  std::vector<int> dist_;  // dist_[x * P + y]: hops from x to y
  std::vector<double> route_;  // per edge and pair: least time along a shortest route
  std::vector<char> shares_cpu_;
  std::vector<int> send_first_, send_count_, recv_first_, recv_count_;  // lane pools
  SearchBudget budget_;
  std::optional<ProcessorSymmetry> symmetry_;
  std::vector<double> eft_, est_;
  LoadProfile profile_;
  ClosureBounds closure_;
  std::vector<std::uint64_t> unplaced_;
  double step_;  // the instance's time grid, 0 for none (time_lattice.hpp)
  double best_;
  std::vector<Booked> sequence_, best_sequence_;
};

std::vector<int> contention_kinds(const DagProblem& problem, const SearchTables& tables, const Router& router,
                                  const std::vector<int>& send_count, const std::vector<int>& recv_count) {
  const int P = problem.processors();
  std::map<std::vector<double>, int> ids;
  auto intern = [&](std::vector<double> key) { return ids.emplace(std::move(key), static_cast<int>(ids.size())).first->second; };
  std::vector<int> kinds(at(P) * at(P));
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < P; ++q) {
      std::vector<double> key;
      if (p == q) {
        const ProcessorSpec& ps = problem.machine.processors[at(p)];
        key = {-1, ps.coprocessor ? 1.0 : 0.0, static_cast<double>(send_count[at(p)]),
               static_cast<double>(recv_count[at(p)])};
        for (int t = 0; t < tables.tasks; ++t) key.push_back(tables.time(t, p));
      } else if (const Arc* a = router.arc(p, q)) {
        const LinkSpec& l = problem.machine.links[at(a->link())];
        key = {-2, l.z, l.startup};
      } else {
        key = {-3};
      }
      kinds[at(p) * at(P) + at(q)] = intern(std::move(key));
    }
  return kinds;
}

ContentionSearch::ContentionSearch(const DagProblem& problem, double upper_bound, const SearchLimits& limits)
    : problem_(problem),
      g_(problem.graph),
      n_(g_.size()),
      P_(problem.processors()),
      router_(problem.machine),
      budget_(limits),
      step_(time_step(problem)),
      best_(upper_bound) {
  const MachineSpec& m = problem.machine;
  arcs_.resize(at(P_));
  std::vector<int> in_degree(at(P_), 0);
  for (int p = 0; p < P_; ++p)
    for (const Arc& a : router_.arcs(p)) {
      arcs_[at(p)].push_back(a);
      ++in_degree[at(a.to)];
    }
  dist_.resize(at(P_) * at(P_));
  for (int x = 0; x < P_; ++x)
    for (int y = 0; y < P_; ++y) dist_[at(x) * at(P_) + at(y)] = router_.distance(x, y);
  shares_cpu_.resize(at(P_));
  int sends = 0, recvs = 0;
  for (int p = 0; p < P_; ++p) {
    const ProcessorSpec& ps = m.processors[at(p)];
    shares_cpu_[at(p)] = !ps.coprocessor;
    const int out = static_cast<int>(arcs_[at(p)].size());
    // k ports bind only below the degree, as the engine and ContentionBuilder count them.
    send_count_.push_back(ps.send_ports != kAllPorts && ps.send_ports < out ? ps.send_ports : 0);
    recv_count_.push_back(ps.recv_ports != kAllPorts && ps.recv_ports < in_degree[at(p)] ? ps.recv_ports : 0);
    send_first_.push_back(sends);
    recv_first_.push_back(recvs);
    sends += send_count_.back();
    recvs += recv_count_.back();
  }
  // The least time of each edge's data along any shortest route, destination by destination,
  // nearest nodes first.
  const int E = g_.edge_count();
  route_.assign(at(E) * at(P_) * at(P_), kInf);
  std::vector<int> by_distance(at(P_));
  for (int e = 0; e < E; ++e)
    for (int y = 0; y < P_; ++y) {
      for (int x = 0; x < P_; ++x) by_distance[at(x)] = x;
      std::sort(by_distance.begin(), by_distance.end(),
                [&](int a, int b) { return dist_[at(a) * at(P_) + at(y)] < dist_[at(b) * at(P_) + at(y)]; });
      for (int x : by_distance) {
        double& r = route_[(at(e) * at(P_) + at(x)) * at(P_) + at(y)];
        const int d = dist_[at(x) * at(P_) + at(y)];
        if (x == y) {
          r = 0;
          continue;
        }
        for (const Arc& a : arcs_[at(x)])
          if (dist_[at(a.to) * at(P_) + at(y)] == d - 1)
            r = std::min(r, hop_time(e, a.channel) + route_[(at(e) * at(P_) + at(a.to)) * at(P_) + at(y)]);
      }
    }
  std::vector<double> least(at(E), kInf);
  for (int e = 0; e < E; ++e)
    for (int x = 0; x < P_; ++x)
      for (int y = 0; y < P_; ++y)
        if (x != y) least[at(e)] = std::min(least[at(e)], min_route(e, x, y));
  tables_ = make_search_tables(problem, least);
  if (P_ <= 64) symmetry_.emplace(P_, contention_kinds(problem, tables_, router_, send_count_, recv_count_));
  eft_.assign(at(n_), 0);
  est_.assign(at(n_), 0);
}

double ContentionSearch::hop_start(const State& s, int e, int x, int y, int channel) const {
  double t = std::max(s.avail[at(e)], s.channel[at(channel)]);
  if (send_count_[at(x)] > 0) t = std::max(t, s.send[at(send_first_[at(x)] + earliest_lane(s.send, send_first_[at(x)], send_count_[at(x)]))]);
  if (recv_count_[at(y)] > 0) t = std::max(t, s.recv[at(recv_first_[at(y)] + earliest_lane(s.recv, recv_first_[at(y)], recv_count_[at(y)]))]);
  if (shares_cpu_[at(x)]) t = std::max(t, s.cpu[at(x)]);
  if (shares_cpu_[at(y)]) t = std::max(t, s.cpu[at(y)]);
  return t;
}

// Resource numbers an operation holds: CPUs 0..P-1, link directions from P, send pools, then
// receive pools; -1 for none.
std::array<int, 5> ContentionSearch::resources(const Op& op) const {
  std::array<int, 5> r{-1, -1, -1, -1, -1};
  if (op.kind == 0) {
    r[0] = op.b;
    return r;
  }
  const int channels = static_cast<int>(2 * problem_.machine.links.size());
  const Arc* a = router_.arc(op.b, op.c);
  r[0] = P_ + a->channel;
  if (shares_cpu_[at(op.b)]) r[1] = op.b;
  if (shares_cpu_[at(op.c)]) r[2] = op.c;
  if (send_count_[at(op.b)] > 0) r[3] = P_ + channels + op.b;
  if (recv_count_[at(op.c)] > 0) r[4] = 2 * P_ + channels + op.c;
  return r;
}

// Whether `later` needs what `earlier` produces: a task its predecessor or its message's last
// hop; a hop its producer or the hop before it.
bool ContentionSearch::feeds(const Op& earlier, const Op& later) const {
  if (later.kind == 0) {
    for (int e : g_.in_edges(later.a)) {
      if (earlier.kind == 0 && g_.edge(e).from == earlier.a) return true;
      if (earlier.kind == 1 && earlier.a == e) return true;
    }
    return false;
  }
  if (earlier.kind == 0) return g_.edge(later.a).from == earlier.a;
  return earlier.a == later.a;
}

// Ties of start are taken in one order (Op::key) when neither operation could change the
// other: no shared resource, neither feeding the other.
bool ContentionSearch::tie_skipped(const State& s, const Op& op) const {
  if (s.last < 0) return false;
  const Op& last = sequence_[at(s.last)].op;
  if (op.start != last.start || !(op.key() < last.key())) return false;
  if (feeds(last, op)) return false;
  const auto mine = resources(op), theirs = resources(last);
  for (int r : mine)
    if (r >= 0 && std::find(theirs.begin(), theirs.end(), r) != theirs.end()) return false;
  return true;
}

void ContentionSearch::apply(const State& parent, const Op& op, State& s, Booked& booked) const {
  s = parent;
  booked = Booked{op, 0, -1, -1, -1};
  if (op.kind == 0) {
    const int t = op.a, p = op.b;
    const double finish = op.start + tables_.time(t, p);
    s.alloc[at(t)] = p;
    s.placed[at(t)] = 1;
    s.start[at(t)] = op.start;
    s.finish[at(t)] = finish;
    s.cpu[at(p)] = finish;
    s.makespan = std::max(s.makespan, finish);
    s.remaining -= tables_.load_of(t);
    ++s.placed_count;
    for (int e : g_.out_edges(t)) {
      --s.waiting[at(g_.edge(e).to)];
      s.pos[at(e)] = p;
      s.avail[at(e)] = finish;
    }
    s.used |= bit(p);
    booked.finish = finish;
  } else {
    const int e = op.a, x = op.b, y = op.c;
    const Arc* a = router_.arc(x, y);
    const double finish = op.start + hop_time(e, a->channel);
    s.alloc[at(g_.edge(e).to)] = op.d;
    s.channel[at(a->channel)] = finish;
    if (shares_cpu_[at(x)]) s.cpu[at(x)] = finish;
    if (shares_cpu_[at(y)]) s.cpu[at(y)] = finish;
    if (send_count_[at(x)] > 0) {
      booked.send_lane = earliest_lane(s.send, send_first_[at(x)], send_count_[at(x)]);
      s.send[at(send_first_[at(x)] + booked.send_lane)] = finish;
    }
    if (recv_count_[at(y)] > 0) {
      booked.recv_lane = earliest_lane(s.recv, recv_first_[at(y)], recv_count_[at(y)]);
      s.recv[at(recv_first_[at(y)] + booked.recv_lane)] = finish;
    }
    s.pos[at(e)] = y;
    s.avail[at(e)] = finish;
    s.used |= bit(x) | bit(y) | bit(op.d);
    booked.channel = a->channel;
    booked.finish = finish;
  }
  s.now = op.start;
}

// Every completion of s: each unplaced task's earliest finish on any processor it may still
// take, its messages taking their cheapest shortest route from where their data is, without
// waiting; then the least chain of execution after it; each CPU's allocated work; the load.
double ContentionSearch::full_bound(State& s) {
  double bound = std::max(s.makespan, s.now);
  const std::vector<int>* l = leaders(s.used);
  std::vector<double> allocated(at(P_), 0);
  for (int t : tables_.topo) {
    if (s.placed[at(t)]) {
      eft_[at(t)] = s.finish[at(t)];
      continue;
    }
    double earliest = kInf, earliest_start = kInf;
    for (int p = 0; p < P_; ++p) {
      if (s.alloc[at(t)] >= 0 ? p != s.alloc[at(t)] : !lead(l, p)) continue;
      double st = std::max({s.now, s.cpu[at(p)], tables_.head[at(t)]});
      for (int e : g_.in_edges(t)) {
        const int u = g_.edge(e).from;
        if (s.placed[at(u)]) {
          const int x = s.pos[at(e)];
          st = std::max(st, x == p ? s.avail[at(e)] : std::max(s.avail[at(e)], s.now) + min_route(e, x, p));
        } else {
          st = std::max(st, eft_[at(u)]);
          if (s.alloc[at(u)] >= 0 && s.alloc[at(u)] != p) st = std::max(st, eft_[at(u)] + min_route(e, s.alloc[at(u)], p));
        }
      }
      earliest = std::min(earliest, st + tables_.time(t, p));
      earliest_start = std::min(earliest_start, st);
    }
    eft_[at(t)] = earliest;
    est_[at(t)] = earliest_start;
    bound = std::max(bound, earliest + tables_.tail[at(t)]);
    if (s.alloc[at(t)] >= 0) allocated[at(s.alloc[at(t)])] += tables_.time(t, s.alloc[at(t)]);
  }
  std::vector<double> committed(at(P_));
  for (int p = 0; p < P_; ++p) {
    committed[at(p)] = std::max(s.cpu[at(p)], s.now);
    bound = std::max(bound, committed[at(p)] + allocated[at(p)]);
  }
  profile_.reset(tables_, committed);
  bound = std::max(bound, profile_.level(s.remaining));
  if (tables_.words > 0) {
    unplaced_.assign(at(tables_.words), 0);
    for (int t = 0; t < n_; ++t)
      if (!s.placed[at(t)]) unplaced_[at(t / 64)] |= std::uint64_t{1} << (t % 64);
    bound = std::max(bound, closure_(tables_, profile_, unplaced_, eft_, est_));
  }
  return bound;
}

void ContentionSearch::children(State& s, double parent_bound, std::vector<Op>& out) {
  out.clear();
  const double level = prune_level();
  const std::vector<int>* l = leaders(s.used);
  auto offer = [&](Op op, double bound) {
    if (op.start < s.now) return;  // it would have been appended before the last operation
    op.bound = std::max(parent_bound, bound);
    if (op.bound >= level || tie_skipped(s, op)) return;
    out.push_back(op);
  };
  // Tasks whose inputs are all on one processor, or which have none.
  for (int t = 0; t < n_; ++t) {
    if (s.placed[at(t)] || s.waiting[at(t)] != 0) continue;
    int only = s.alloc[at(t)];
    bool ready = true;
    for (int e : g_.in_edges(t)) {
      const int x = s.pos[at(e)];
      if (only < 0) only = x;
      if (x != only) ready = false;
    }
    if (!ready) continue;
    for (int p = 0; p < P_; ++p) {
      if (only >= 0 ? p != only : !lead(l, p)) continue;
      double st = s.cpu[at(p)];
      for (int e : g_.in_edges(t)) st = std::max(st, s.avail[at(e)]);
      offer(Op{0, st, 0, t, p, 0, 0}, st + tables_.time(t, p) + tables_.tail[at(t)]);
    }
  }
  // The next hop of every message whose producer is placed and whose data is not yet where
  // its consumer runs (or will run).
  for (int e = 0; e < g_.edge_count(); ++e) {
    const int t = g_.edge(e).to;
    const int x = s.pos[at(e)];
    if (x < 0 || s.placed[at(t)] || s.alloc[at(t)] == x) continue;
    for (int d = 0; d < P_; ++d) {
      if (d == x) continue;
      if (s.alloc[at(t)] >= 0 ? d != s.alloc[at(t)] : !lead(l, d)) continue;
      const std::vector<int>* ly = s.alloc[at(t)] >= 0 ? l : leaders(s.used | bit(d));
      const int dx = dist_[at(x) * at(P_) + at(d)];
      for (const Arc& a : arcs_[at(x)]) {
        if (dist_[at(a.to) * at(P_) + at(d)] != dx - 1 || !lead(ly, a.to)) continue;
        const double st = hop_start(s, e, x, a.to, a.channel);
        const double arrive = st + hop_time(e, a.channel) + min_route(e, a.to, d);
        offer(Op{0, st, 1, e, x, a.to, d}, arrive + tables_.time(t, d) + tables_.tail[at(t)]);
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const Op& a, const Op& b) {
    if (a.bound != b.bound) return a.bound < b.bound;
    if (a.start != b.start) return a.start < b.start;
    return a.key() < b.key();
  });
}

Schedule ContentionSearch::materialize() const {
  Schedule s;
  s.processors = P_;
  s.contention_aware = true;
  s.tasks.assign(at(n_), TaskPlacement{});
  s.task_booked.assign(at(n_), 0);
  // A message's hops are consecutive in Schedule::hops; messages in order of their first hop.
  std::vector<std::vector<int>> hops_of(at(g_.edge_count()));
  std::vector<int> message_order;
  for (std::size_t i = 0; i < best_sequence_.size(); ++i) {
    const Booked& b = best_sequence_[i];
    if (b.op.kind == 0) {
      s.tasks[at(b.op.a)] = TaskPlacement{b.op.b, b.op.start, b.finish};
      s.task_booked[at(b.op.a)] = static_cast<std::uint32_t>(i);
    } else {
      if (hops_of[at(b.op.a)].empty()) message_order.push_back(b.op.a);
      hops_of[at(b.op.a)].push_back(static_cast<int>(i));
    }
  }
  for (int e : message_order) {
    const int m = static_cast<int>(s.messages.size());
    ScheduledMessage msg(e, 0, 0, static_cast<int>(s.hops.size()));
    for (int i : hops_of[at(e)]) {
      const Booked& b = best_sequence_[at(i)];
      s.hops.push_back(ScheduledHop{m, b.op.b, b.op.c, b.channel, static_cast<std::uint32_t>(i), b.send_lane,
                                    b.recv_lane, b.op.start, b.finish});
    }
    msg.depart = s.hops[at(msg.first_hop)].start;
    msg.arrive = s.hops.back().finish;
    s.messages.push_back(msg);
  }
  return s;
}

SearchOutcome ContentionSearch::run() {
  const int E = g_.edge_count();
  // Depth: every task and every hop of every message, at most the diameter each.
  int diameter = 0;
  for (int v : dist_)
    if (v != kUnreachable) diameter = std::max(diameter, v);
  const std::size_t max_depth = at(n_) + at(E) * at(std::max(diameter, 1)) + 1;
  std::vector<State> states(1);
  State& root = states[0];
  root.alloc.assign(at(n_), -1);
  root.placed.assign(at(n_), 0);
  root.start.assign(at(n_), 0);
  root.finish.assign(at(n_), 0);
  root.waiting.resize(at(n_));
  for (int t = 0; t < n_; ++t) root.waiting[at(t)] = static_cast<int>(g_.in_edges(t).size());
  root.pos.assign(at(E), -1);
  root.avail.assign(at(E), 0);
  root.cpu.assign(at(P_), 0);
  root.channel.assign(2 * problem_.machine.links.size(), 0);
  root.send.assign(at(send_first_.empty() ? 0 : send_first_.back() + send_count_.back()), 0);
  root.recv.assign(at(recv_first_.empty() ? 0 : recv_first_.back() + recv_count_.back()), 0);
  root.remaining = tables_.total_work;
  states.resize(max_depth + 1, root);
  std::vector<std::vector<Op>> frames(max_depth + 1);
  std::vector<std::size_t> next(max_depth + 1, 0);
  sequence_.resize(max_depth + 1);

  SearchOutcome out;
  const double root_bound = full_bound(states[0]);
  int depth = 0;
  bool stopped = false;
  if (n_ > 0 && root_bound < prune_level()) {
    children(states[0], root_bound, frames[0]);
    while (depth >= 0) {
      std::vector<Op>& frame = frames[at(depth)];
      std::size_t& i = next[at(depth)];
      if (i == frame.size() || frame[i].bound >= prune_level()) {
        i = frame.size();
        --depth;
        continue;
      }
      if (budget_.exhausted()) {
        stopped = true;
        break;
      }
      const Op op = frame[i++];
      State& child = states[at(depth) + 1];
      apply(states[at(depth)], op, child, sequence_[at(depth)]);
      child.last = depth;
      if (child.placed_count == n_) {
        if (child.makespan < prune_level()) {
          best_ = child.makespan;
          best_sequence_.assign(sequence_.begin(), sequence_.begin() + depth + 1);
        }
        continue;
      }
      const double bound = std::max(op.bound, full_bound(child));
      if (bound >= prune_level()) continue;
      ++depth;
      next[at(depth)] = 0;
      children(child, bound, frames[at(depth)]);
    }
  }
  out.report.states = budget_.states();
  out.report.time_limited = budget_.stopped_by_clock();
  double unexplored = kInf;
  if (stopped)
    for (int d = 0; d <= depth; ++d)
      if (next[at(d)] < frames[at(d)].size()) unexplored = std::min(unexplored, frames[at(d)][next[at(d)]].bound);
  if (!stopped && n_ > 0 && root_bound >= prune_level()) unexplored = root_bound;
  out.report.optimal = unexplored >= prune_level();
  out.report.lower_bound = out.report.optimal
                               ? best_
                               : std::min(round_up_to_step(std::max(root_bound, std::min(unexplored, best_)), step_), best_);
  if (!best_sequence_.empty()) out.schedule = materialize();
  return out;
}

}  // namespace

void check_contention_search(const DagProblem& problem) {
  if (problem.processors() > 64)
    throw std::invalid_argument("scheduler.comm: the exact search under contention handles at most 64 processors");
}

SearchOutcome search_contention(const DagProblem& problem, double upper_bound, const SearchLimits& limits) {
  return ContentionSearch(problem, upper_bound, limits).run();
}

}  // namespace mpnsim
