// The independent judge of contention-aware plans: rules, as-soon-as-possible re-timing, greedy re-booking.
#include "contention_oracle.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mpnsim::testing {

namespace {

// Equal times, relative 1e-9 (the project's tolerance), written out here rather than shared.
bool same(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }
bool before_or_at(double a, double b) { return a <= b || same(a, b); }

constexpr int kNoLane = -1;

// One direction of one link, as docs/model.md numbers it: channel 2 * link + (0 for a -> b, 1 for b -> a).
struct Direction {
  int to, channel, link;
};

// A resource that holds one operation at a time: a CPU, a link direction, a send or a receive port lane.
enum class Kind { cpu, channel, send_lane, recv_lane };
using Resource = std::tuple<Kind, int, int>;  // (kind, processor or channel, lane)

struct Busy {
  double start, finish;
};

// Earliest s >= t with [s, s + d) clear of every busy interval of the list (d > 0).
double earliest_fit(const std::vector<Busy>& busy, double t, double d) {
  double s = t;
  for (bool moved = true; moved;) {
    moved = false;
    for (const Busy& b : busy)
      if (s < b.finish && b.start < s + d) {
        s = b.finish;
        moved = true;
      }
  }
  return s;
}

class Judge {
 public:
  Judge(const TaskGraph& g, const MachineSpec& m, const Schedule& s, OracleRoute route)
      : g_(g), m_(m), s_(s), route_(route), n_(m.size()) {
    out_.resize(static_cast<std::size_t>(n_));
    in_degree_.assign(static_cast<std::size_t>(n_), 0);
    for (int l = 0; l < static_cast<int>(m.links.size()); ++l) {
      const LinkSpec& k = m.links[static_cast<std::size_t>(l)];
      out_[static_cast<std::size_t>(k.a)].push_back({k.b, 2 * l, l});
      ++in_degree_[static_cast<std::size_t>(k.b)];
      if (!k.directed) {
        out_[static_cast<std::size_t>(k.b)].push_back({k.a, 2 * l + 1, l});
        ++in_degree_[static_cast<std::size_t>(k.a)];
      }
    }
    for (auto& o : out_) std::sort(o.begin(), o.end(), [](const Direction& x, const Direction& y) { return x.to < y.to; });
    // Hop counts to every destination: a breadth-first search backwards from it.
    dist_.assign(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), -1);
    for (int v = 0; v < n_; ++v) {
      std::deque<int> queue{v};
      at(v, v) = 0;
      while (!queue.empty()) {
        const int x = queue.front();
        queue.pop_front();
        for (int u = 0; u < n_; ++u)
          if (at(u, v) < 0 && direction(u, x) != nullptr) {
            at(u, v) = at(x, v) + 1;
            queue.push_back(u);
          }
      }
    }
  }

  OracleVerdict run(bool greedy) {
    check_rules();
    if (v_.ok()) check_tight();
    if (v_.ok() && greedy) check_greedy();
    return v_;
  }

 private:
  int& at(int u, int v) { return dist_[static_cast<std::size_t>(u) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(v)]; }
  int hops(int u, int v) const { return dist_[static_cast<std::size_t>(u) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(v)]; }
  const Direction* direction(int u, int v) const {
    for (const Direction& d : out_[static_cast<std::size_t>(u)])
      if (d.to == v) return &d;
    return nullptr;
  }
  const ProcessorSpec& proc(int p) const { return m_.processors[static_cast<std::size_t>(p)]; }
  double exec(int t, int p) const {
    if (const CostTable* c = g_.costs()) return c->at(t, p);
    return g_.work(t) * proc(p).w * m_.Tcp;
  }
  double hop_time(int link, double data) const {
    const LinkSpec& l = m_.links[static_cast<std::size_t>(link)];
    return l.startup + data * l.z * m_.Tcm;
  }
  // Lanes of p's send (receive) ports: 0 when the ports do not bind (as many as, or more
  // than, the link directions there: each of those carries one hop at a time anyway).
  int send_lanes(int p) const {
    const int k = proc(p).send_ports, degree = static_cast<int>(out_[static_cast<std::size_t>(p)].size());
    return k == kAllPorts || k >= degree ? 0 : k;
  }
  int recv_lanes(int p) const {
    const int k = proc(p).recv_ports, degree = in_degree_[static_cast<std::size_t>(p)];
    return k == kAllPorts || k >= degree ? 0 : k;
  }
  void error(std::string text) { v_.errors.push_back(std::move(text)); }
  const TaskPlacement& task(int t) const { return s_.tasks[static_cast<std::size_t>(t)]; }
  const ScheduledHop& hop(int h) const { return s_.hops[static_cast<std::size_t>(h)]; }
  int ops() const { return g_.size() + static_cast<int>(s_.hops.size()); }
  bool is_task(int op) const { return op < g_.size(); }
  double op_start(int op) const { return is_task(op) ? task(op).start : hop(op - g_.size()).start; }
  double op_finish(int op) const { return is_task(op) ? task(op).finish : hop(op - g_.size()).finish; }
  std::uint32_t op_booked(int op) const {
    return is_task(op) ? s_.task_booked[static_cast<std::size_t>(op)] : hop(op - g_.size()).booked;
  }
  std::string op_name(int op) const {
    if (is_task(op)) return fmt::format("task {}", g_.task(op).name);
    const ScheduledHop& h = hop(op - g_.size());
    const DagEdge& e = g_.edge(s_.messages[static_cast<std::size_t>(h.message)].edge);
    return fmt::format("hop P{}->P{} of {}->{}", h.from, h.to, g_.task(e.from).name, g_.task(e.to).name);
  }
  // The resources an operation holds.
  std::vector<Resource> held(int op) const {
    if (is_task(op)) return {{Kind::cpu, task(op).processor, 0}};
    const ScheduledHop& h = hop(op - g_.size());
    std::vector<Resource> r{{Kind::channel, h.channel, 0}};
    if (!proc(h.from).coprocessor) r.emplace_back(Kind::cpu, h.from, 0);
    if (!proc(h.to).coprocessor) r.emplace_back(Kind::cpu, h.to, 0);
    if (h.send_port != kNoLane) r.emplace_back(Kind::send_lane, h.from, h.send_port);
    if (h.recv_port != kNoLane) r.emplace_back(Kind::recv_lane, h.to, h.recv_port);
    return r;
  }

  void check_rules() {
    const int n = g_.size();
    if (static_cast<int>(s_.tasks.size()) != n || static_cast<int>(s_.task_booked.size()) != n || !s_.contention_aware) {
      error("not a contention-aware schedule of this graph");
      return;
    }
    for (int t = 0; t < n; ++t) {
      const TaskPlacement& x = task(t);
      if (x.processor < 0 || x.processor >= n_ || !(x.start >= 0)) {
        error(fmt::format("task {} not placed", g_.task(t).name));
        return;
      }
      if (!(exec(t, x.processor) > 0)) {
        error("a task of zero length: the oracle needs positive durations");
        return;
      }
      if (!same(x.finish, x.start + exec(t, x.processor)))
        error(fmt::format("task {} lasts {}, not {}", g_.task(t).name, x.finish - x.start, exec(t, x.processor)));
    }
    // Messages: one per edge between processors, hop by hop along a shortest path.
    message_of_.assign(static_cast<std::size_t>(g_.edge_count()), -1);
    for (std::size_t mi = 0; mi < s_.messages.size(); ++mi) {
      const ScheduledMessage& msg = s_.messages[mi];
      if (msg.edge < 0 || msg.edge >= g_.edge_count() || message_of_[static_cast<std::size_t>(msg.edge)] >= 0) {
        error(fmt::format("message #{}: no edge, or a second message for its edge", mi));
        return;
      }
      message_of_[static_cast<std::size_t>(msg.edge)] = static_cast<int>(mi);
      const DagEdge& e = g_.edge(msg.edge);
      const int pu = task(e.from).processor, pv = task(e.to).processor;
      const std::string what = fmt::format("message {}->{} P{}->P{}", g_.task(e.from).name, g_.task(e.to).name, pu, pv);
      const int first = msg.first_hop, end = s_.hop_end(mi);
      if (pu == pv || first < 0 || end > static_cast<int>(s_.hops.size()) || end - first != hops(pu, pv)) {
        error(what + ": not a shortest path's number of hops between two processors");
        return;
      }
      int x = pu;
      double ready = task(e.from).finish;
      for (int h = first; h < end; ++h) {
        const ScheduledHop& y = hop(h);
        const Direction* d = direction(x, y.to);
        if (y.message != static_cast<int>(mi) || y.from != x || d == nullptr || d->channel != y.channel ||
            hops(y.to, pv) != hops(x, pv) - 1) {
          error(fmt::format("{}: hop {} P{}->P{} (channel {}) is not a step along a shortest path from P{}", what,
                            h - first, y.from, y.to, y.channel, x));
          return;
        }
        if (route_ == OracleRoute::engine) {
          // docs/model.md: ties go to the lower-numbered neighbour.
          int expected = -1;
          for (const Direction& o : out_[static_cast<std::size_t>(x)])
            if (hops(o.to, pv) == hops(x, pv) - 1) {
              expected = o.to;
              break;
            }
          if (y.to != expected)
            error(fmt::format("{}: hop {} goes to P{}, the engine's route to P{}", what, h - first, y.to, expected));
        }
        const double length = hop_time(d->link, e.data);
        if (!(length > 0)) {
          error("a hop of zero length: the oracle needs positive durations");
          return;
        }
        if (!same(y.finish, y.start + length)) error(fmt::format("{}: hop {} lasts {}, not {}", what, h - first, y.finish - y.start, length));
        if (!before_or_at(ready, y.start))
          error(fmt::format("{}: hop {} starts at {} before its data is at P{} ({})", what, h - first, y.start, x, ready));
        const int ks = send_lanes(y.from), kr = recv_lanes(y.to);
        if (ks == 0 ? y.send_port != kNoLane : (y.send_port < 0 || y.send_port >= ks))
          error(fmt::format("{}: hop {} holds send port {} of P{} ({} lanes bind)", what, h - first, y.send_port, y.from, ks));
        if (kr == 0 ? y.recv_port != kNoLane : (y.recv_port < 0 || y.recv_port >= kr))
          error(fmt::format("{}: hop {} holds receive port {} of P{} ({} lanes bind)", what, h - first, y.recv_port, y.to, kr));
        ready = y.finish;
        x = y.to;
      }
      if (!same(msg.depart, hop(first).start) || !same(msg.arrive, ready))
        error(what + ": its departure and arrival are not its hops'");
      if (!before_or_at(ready, task(e.to).start))
        error(fmt::format("{}: arrives at {} after {} starts at {}", what, ready, g_.task(e.to).name, task(e.to).start));
    }
    if (!v_.ok()) return;
    for (int ei = 0; ei < g_.edge_count(); ++ei) {
      const DagEdge& e = g_.edge(ei);
      const bool apart = task(e.from).processor != task(e.to).processor;
      if (apart != (message_of_[static_cast<std::size_t>(ei)] >= 0))
        error(fmt::format("edge {}->{}: a message {}", g_.task(e.from).name, g_.task(e.to).name,
                          apart ? "is missing" : "between tasks of one processor"));
      if (!apart && !before_or_at(task(e.from).finish, task(e.to).start))
        error(fmt::format("edge {}->{}: starts before its predecessor ends", g_.task(e.from).name, g_.task(e.to).name));
    }
    if (!v_.ok()) return;
    // Every resource holds one operation at a time (k ports: k lanes of one each).
    for (auto& [r, list] : users()) {
      std::sort(list.begin(), list.end(), [&](int a, int b) { return op_start(a) < op_start(b); });
      for (std::size_t i = 1; i < list.size(); ++i)
        if (!before_or_at(op_finish(list[i - 1]), op_start(list[i])))
          error(fmt::format("{} and {} overlap on one resource", op_name(list[i - 1]), op_name(list[i])));
    }
  }

  std::map<Resource, std::vector<int>> users() const {
    std::map<Resource, std::vector<int>> u;
    for (int op = 0; op < ops(); ++op)
      for (const Resource& r : held(op)) u[r].push_back(op);
    return u;
  }

  // What must end before an operation may start: its precedences (the producer or the hop
  // before; the incoming messages and the tasks before it on its processor) and, on each
  // resource it holds, the operation before it in the plan's order.
  void check_tight() {
    std::vector<std::vector<int>> preds(static_cast<std::size_t>(ops()));
    auto add = [&](int op, int pred) { preds[static_cast<std::size_t>(op)].push_back(pred); };
    for (std::size_t mi = 0; mi < s_.messages.size(); ++mi) {
      const ScheduledMessage& msg = s_.messages[mi];
      const DagEdge& e = g_.edge(msg.edge);
      add(g_.size() + msg.first_hop, e.from);
      for (int h = msg.first_hop + 1; h < s_.hop_end(mi); ++h) add(g_.size() + h, g_.size() + h - 1);
      add(e.to, g_.size() + s_.hop_end(mi) - 1);
    }
    for (const DagEdge& e : g_.edges())
      if (task(e.from).processor == task(e.to).processor) add(e.to, e.from);
    for (auto& [r, list] : users()) {
      std::sort(list.begin(), list.end(), [&](int a, int b) { return op_start(a) < op_start(b); });
      for (std::size_t i = 1; i < list.size(); ++i) add(list[i], list[i - 1]);
    }
    // Every predecessor starts strictly earlier (positive durations): the plan's start order
    // is a topological order of these constraints.
    std::vector<int> order(static_cast<std::size_t>(ops()));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return op_start(a) < op_start(b); });
    std::vector<double> finish(static_cast<std::size_t>(ops()), 0);
    for (int op : order) {
      double start = 0;
      for (int p : preds[static_cast<std::size_t>(op)]) start = std::max(start, finish[static_cast<std::size_t>(p)]);
      if (!same(start, op_start(op))) {
        error(fmt::format("{} could start at {} given the plan's orders and lanes, not {}", op_name(op), start,
                          op_start(op)));
        return;
      }
      finish[static_cast<std::size_t>(op)] = start + (op_finish(op) - op_start(op));
    }
  }

  // Earliest common fit of a hop u -> v on every resource it needs from t: a lane of each
  // port kind that binds, the link direction, the CPUs without a co-processor.
  double hop_fit(int u, int v, int channel, double t, double d) {
    for (;;) {
      const double before = t;
      t = earliest_fit(busy_[{Kind::channel, channel, 0}], t, d);
      if (!proc(u).coprocessor) t = earliest_fit(busy_[{Kind::cpu, u, 0}], t, d);
      if (!proc(v).coprocessor) t = earliest_fit(busy_[{Kind::cpu, v, 0}], t, d);
      if (const int k = send_lanes(u); k > 0) {
        double best = std::numeric_limits<double>::infinity();
        for (int lane = 0; lane < k; ++lane) best = std::min(best, earliest_fit(busy_[{Kind::send_lane, u, lane}], t, d));
        t = best;
      }
      if (const int k = recv_lanes(v); k > 0) {
        double best = std::numeric_limits<double>::infinity();
        for (int lane = 0; lane < k; ++lane) best = std::min(best, earliest_fit(busy_[{Kind::recv_lane, v, lane}], t, d));
        t = best;
      }
      if (t == before) return t;
    }
  }
  int lowest_free_lane(Kind kind, int p, int lanes, double t, double d) {
    if (lanes == 0) return kNoLane;
    for (int lane = 0; lane < lanes; ++lane)
      if (earliest_fit(busy_[{kind, p, lane}], t, d) == t) return lane;
    return -2;  // none: cannot happen at a common fit
  }
  // The earliest arrival at v of `data` leaving u at t over every shortest path, each hop
  // fitted greedily (a path's own hops never hold one resource at once: they follow each other).
  double best_arrival(int u, int v, double t, double data) {
    if (u == v) return t;
    double best = std::numeric_limits<double>::infinity();
    for (const Direction& d : out_[static_cast<std::size_t>(u)])
      if (hops(d.to, v) == hops(u, v) - 1) {
        const double length = hop_time(d.link, data);
        best = std::min(best, best_arrival(d.to, v, hop_fit(u, d.to, d.channel, t, length) + length, data));
      }
    return best;
  }

  // The route of `earliest` (docs/dag.md): over the shortest paths from u to v, the processors
  // taken in order of their distance from u, each reached by the way in that ends first, ties
  // to the lower-numbered predecessor; the processors from u to v.
  std::vector<int> earliest_route(int u, int v, double t, double data) {
    const auto n = static_cast<std::size_t>(n_);
    std::vector<double> arrive(n, std::numeric_limits<double>::infinity());
    std::vector<int> from(n, -1);
    arrive[static_cast<std::size_t>(u)] = t;
    std::vector<int> layer{u};
    for (int k = hops(u, v); k > 0; --k) {
      std::vector<int> next;
      for (int x : layer)  // in increasing order
        for (const Direction& d : out_[static_cast<std::size_t>(x)]) {
          if (hops(d.to, v) != k - 1) continue;
          const auto y = static_cast<std::size_t>(d.to);
          if (from[y] < 0) next.push_back(d.to);
          const double length = hop_time(d.link, data);
          const double end = hop_fit(x, d.to, d.channel, arrive[static_cast<std::size_t>(x)], length) + length;
          if (from[y] < 0 || end < arrive[y]) {
            arrive[y] = end;
            from[y] = x;
          }
        }
      std::sort(next.begin(), next.end());
      layer = std::move(next);
    }
    std::vector<int> path{v};
    while (path.back() != u) path.push_back(from[static_cast<std::size_t>(path.back())]);
    std::reverse(path.begin(), path.end());
    return path;
  }

  void check_greedy() {
    std::vector<int> order(static_cast<std::size_t>(ops()));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return op_booked(a) < op_booked(b); });
    std::vector<double> last_finish(static_cast<std::size_t>(n_), 0);  // latest task booked on each processor
    for (int op : order) {
      const double d = op_finish(op) - op_start(op);
      if (is_task(op)) {
        const int p = task(op).processor;
        double ready = 0;
        for (int e : g_.in_edges(op)) {
          const int mi = message_of_[static_cast<std::size_t>(e)];
          ready = std::max(ready, mi >= 0 ? s_.messages[static_cast<std::size_t>(mi)].arrive : task(g_.edge(e).from).finish);
        }
        const auto& cpu = busy_[{Kind::cpu, p, 0}];
        const double inserted = earliest_fit(cpu, ready, d);
        const double appended = earliest_fit(cpu, std::max(ready, last_finish[static_cast<std::size_t>(p)]), d);
        if (!same(task(op).start, inserted) && !same(task(op).start, appended)) {
          error(fmt::format("{} starts at {}; an earliest-fit booking gives {} (insertion) or {} (after P{}'s last task)",
                            op_name(op), task(op).start, inserted, appended, p));
          return;
        }
        last_finish[static_cast<std::size_t>(p)] = std::max(last_finish[static_cast<std::size_t>(p)], task(op).finish);
      } else {
        const int h = op - g_.size();
        const ScheduledHop& y = hop(h);
        const ScheduledMessage& msg = s_.messages[static_cast<std::size_t>(y.message)];
        const double ready = h == msg.first_hop ? task(g_.edge(msg.edge).from).finish : hop(h - 1).finish;
        if (h == msg.first_hop && route_ == OracleRoute::earliest) {
          const DagEdge& e = g_.edge(msg.edge);
          const double best = best_arrival(y.from, task(e.to).processor, ready, e.data);
          if (!same(best, msg.arrive)) {
            error(fmt::format("{}: arrives at {}; the best shortest path arrives at {}", op_name(op), msg.arrive, best));
            return;
          }
          const std::vector<int> route = earliest_route(y.from, task(e.to).processor, ready, e.data);
          std::vector<int> taken{y.from};
          for (int k = h; k < s_.hop_end(static_cast<std::size_t>(y.message)); ++k) taken.push_back(hop(k).to);
          if (taken != route) {
            error(fmt::format("{}: goes by P{}; the earliest route, ties to the lower-numbered predecessor, by P{}",
                              op_name(op), fmt::join(taken, " P"), fmt::join(route, " P")));
            return;
          }
        }
        const double t = hop_fit(y.from, y.to, y.channel, ready, d);
        const int send = lowest_free_lane(Kind::send_lane, y.from, send_lanes(y.from), t, d);
        const int recv = lowest_free_lane(Kind::recv_lane, y.to, recv_lanes(y.to), t, d);
        if (!same(t, y.start) || send != y.send_port || recv != y.recv_port) {
          error(fmt::format("{} starts at {} on send lane {} and receive lane {}; an earliest-fit booking gives {} "
                            "on lanes {} and {}", op_name(op), y.start, y.send_port, y.recv_port, t, send, recv));
          return;
        }
      }
      for (const Resource& r : held(op)) busy_[r].push_back({op_start(op), op_finish(op)});
    }
  }

  const TaskGraph& g_;
  const MachineSpec& m_;
  const Schedule& s_;
  OracleRoute route_;
  int n_;
  std::vector<std::vector<Direction>> out_;
  std::vector<int> in_degree_;
  std::vector<int> dist_;  // dist_[u * n + v]: hops from u to v, -1 unreachable
  std::vector<int> message_of_;
  std::map<Resource, std::vector<Busy>> busy_;
  OracleVerdict v_;
};

}  // namespace

OracleVerdict judge_contention_plan(const TaskGraph& graph, const MachineSpec& machine, const Schedule& schedule,
                                    OracleRoute route, bool greedy) {
  return Judge(graph, machine, schedule, route).run(greedy);
}

}  // namespace mpnsim::testing
