// Booking messages hop by hop on links, ports and CPUs, with insertion into idle time, as the engine plays them.
#include "schedulers/dag/contention_builder.hpp"

#include <algorithm>
#include <cassert>
#include <limits>

namespace mpnsim {

namespace {

// The bounds' hop times are computed in another order than the engine's sums: they, and the
// results, are shrunk by more than that rounding.
constexpr double kBelow = 1 - 1e-12;

}  // namespace

ContentionBuilder::ContentionBuilder(const DagProblem& problem, Schedule& schedule)
    : problem_(problem), schedule_(schedule), router_(problem.machine) {
  const MachineSpec& m = problem.machine;
  const int n = m.size();
  shares_cpu_.resize(idx(n));
  cpu_.resize(idx(n));
  channel_.resize(2 * m.links.size());
  send_.resize(idx(n));
  recv_.resize(idx(n));
  std::vector<int> in_degree(idx(n), 0);
  for (int p = 0; p < n; ++p)
    for (const Arc& a : router_.arcs(p)) ++in_degree[idx(a.to)];
  for (int p = 0; p < n; ++p) {
    const ProcessorSpec& ps = m.processors[idx(p)];
    shares_cpu_[idx(p)] = !ps.coprocessor;
    // k ports bind only below the degree: every link direction carries one hop at a time.
    const int out_degree = static_cast<int>(router_.arcs(p).size());
    if (ps.send_ports != kAllPorts && ps.send_ports < out_degree) send_[idx(p)].resize(idx(ps.send_ports));
    if (ps.recv_ports != kAllPorts && ps.recv_ports < in_degree[idx(p)]) recv_[idx(p)].resize(idx(ps.recv_ports));
  }
  // A link direction whose sender has a single send port, or whose receiver a single receive
  // port, is held by each of its hops only together with that port: fit_hop never searches
  // it, so it is not booked either.
  channel_searched_.assign(channel_.size(), true);
  for (int p = 0; p < n; ++p)
    for (const Arc& a : router_.arcs(p))
      if (send_[idx(p)].size() == 1 || recv_[idx(a.to)].size() == 1) channel_searched_[idx(a.channel)] = false;
  if (!m.links.empty()) {
    cheapest_startup_ = m.links[0].startup;
    cheapest_per_unit_ = m.links[0].z * m.Tcm;
    for (const LinkSpec& l : m.links) {
      cheapest_startup_ = std::min(cheapest_startup_, l.startup);
      cheapest_per_unit_ = std::min(cheapest_per_unit_, l.z * m.Tcm);
    }
  }
  schedule_.contention_aware = true;
  schedule_.task_booked.assign(idx(problem.graph.size()), 0);
  arrival_.assign(idx(n), 0.0);
  previous_.assign(idx(n), -1);
  visit_.assign(idx(n), 0);
  clean_.assign(idx(n), 0);
  marked_.assign(idx(n), 0);
  layer_slot_.assign(idx(n), 0);
  via_.resize(idx(n));
}

double ContentionBuilder::hop_duration(int channel, double data) const {
  // The engine's arithmetic (Machine::Impl::start_hop): S + data * z * Tcm, in that order.
  const LinkSpec& l = problem_.machine.links[idx(channel >> 1)];
  return l.startup + data * l.z * problem_.machine.Tcm;
}

double ContentionBuilder::fit(const IdleIntervals& r, double t, double d) const {
  // The committed bookings first, then the tentative ones of this evaluation: a few, so a
  // scan; each conflict moves t past it, and the committed ones are asked again from there.
  for (;;) {
    t = r.earliest_fit(t, d);
    bool moved = false;
    for (const Tentative& o : overlay_)
      if (o.resource == &r && t < o.finish && o.start < t + d) {  // also an empty one strictly inside
        t = o.finish;
        moved = true;
      }
    if (!moved) return t;
  }
}

double ContentionBuilder::lanes_fit(const std::vector<IdleIntervals>& lanes, double t, double d) const {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& lane : lanes) best = std::min(best, fit(lane, t, d));
  return best;
}

int ContentionBuilder::first_lane_at(const std::vector<IdleIntervals>& lanes, double t, double d) const {
  for (std::size_t i = 0; i < lanes.size(); ++i)
    if (fit(lanes[i], t, d) == t) return static_cast<int>(i);
  return -1;
}

ContentionBuilder::HopSlot ContentionBuilder::fit_hop(int u, int v, int channel, double ready, double d) const {
  // Each resource moves t to its own earliest fit; once none moves it, all of them are idle
  // for d at t. t only grows, to gap starts, so this ends, at the least such t. A resource
  // whose every booking is also on another one is left out, as it cannot move that t: with a
  // single send port, every hop of the u->v link also holds it, and it holds u's CPU for
  // each of its hops when u has no co-processor (receive ports alike).
  const std::vector<IdleIntervals>& send = send_[idx(u)];
  const std::vector<IdleIntervals>& recv = recv_[idx(v)];
  const bool one_send = send.size() == 1, one_recv = recv.size() == 1;
  const bool check_channel = channel_searched_[idx(channel)];
  const bool check_send = !send.empty() && !(one_send && shares_cpu_[idx(u)]);
  const bool check_recv = !recv.empty() && !(one_recv && shares_cpu_[idx(v)]);
  // The resources to search, each a timetable or a set of lanes (idle when one lane is).
  struct Searched {
    const IdleIntervals* one;
    const std::vector<IdleIntervals>* lanes;
  };
  std::array<Searched, 5> searched;
  int n = 0;
  if (check_channel) searched[idx(n++)] = {&channel_[idx(channel)], nullptr};
  if (shares_cpu_[idx(u)]) searched[idx(n++)] = {&cpu_[idx(u)], nullptr};
  if (shares_cpu_[idx(v)]) searched[idx(n++)] = {&cpu_[idx(v)], nullptr};
  if (check_send) searched[idx(n++)] = one_send ? Searched{&send[0], nullptr} : Searched{nullptr, &send};
  if (check_recv) searched[idx(n++)] = one_recv ? Searched{&recv[0], nullptr} : Searched{nullptr, &recv};
  // Round and round until every resource in a row has left t where it was: each of them is
  // then idle on [t, t + d]. (A pass that moves nothing, as before, asked each once more.)
  double t = ready;
  for (int i = 0, unmoved = 0; unmoved < n; i = i + 1 == n ? 0 : i + 1) {
    const Searched& r = searched[idx(i)];
    const double next = r.one ? fit(*r.one, t, d) : lanes_fit(*r.lanes, t, d);
    if (next == t) {
      ++unmoved;
    } else {
      t = next;
      unmoved = 1;
    }
  }
  // A single lane is idle at t: it was searched, or its bookings are on the CPU's.
  return {t, send.empty() ? -1 : one_send ? 0 : first_lane_at(send, t, d),
          recv.empty() ? -1 : one_recv ? 0 : first_lane_at(recv, t, d)};
}

void ContentionBuilder::book(IdleIntervals& r, double start, double finish) const {
  if (tentative_) {
    overlay_.push_back({&r, start, finish});
  } else {
    r.book(start, finish);
    ++commits_;
  }
}

void ContentionBuilder::rollback() const {
  overlay_.clear();
  ++mark_now_;
  tentative_ = false;
}

double ContentionBuilder::book_hop(int u, int v, int channel, double ready, double d, bool record,
                                   int message) const {
  return book_slot(u, v, channel, fit_hop(u, v, channel, ready, d), d, record, message);
}

double ContentionBuilder::book_slot(int u, int v, int channel, const HopSlot& slot, double d, bool record,
                                    int message) const {
  const double finish = slot.start + d;
  if (tentative_) marked_[idx(u)] = marked_[idx(v)] = mark_now_;
  if (channel_searched_[idx(channel)]) book(channel_[idx(channel)], slot.start, finish);
  if (shares_cpu_[idx(u)]) book(cpu_[idx(u)], slot.start, finish);
  if (shares_cpu_[idx(v)]) book(cpu_[idx(v)], slot.start, finish);
  if (slot.send_lane >= 0) book(send_[idx(u)][idx(slot.send_lane)], slot.start, finish);
  if (slot.recv_lane >= 0) book(recv_[idx(v)][idx(slot.recv_lane)], slot.start, finish);
  if (record)
    schedule_.hops.push_back(
        ScheduledHop{message, u, v, channel, next_booking_++, slot.send_lane, slot.recv_lane, slot.start, finish});
  return finish;
}

ContentionBuilder::ReachTree& ContentionBuilder::reach_tree(int u, double ready, double data) const {
  for (ReachTree& t : trees_)
    if (t.key.from == u && t.key.ready == ready && t.key.data == data && t.key.commits == commits_) return t;
  ReachTree& t = trees_[next_tree_++ % trees_.size()];
  t.key = {u, ready, data, commits_};
  t.stamp = ++reach_stamp_;
  if (t.reach.empty()) t.reach.resize(idx(problem_.processors()));
  return t;
}

bool ContentionBuilder::fill_reach(ReachTree& tree, int u, int v, double ready, double data) const {
  // On the committed timetables alone: the tentative bookings are put aside meanwhile. A hop
  // found to end where the evaluation's cutoff already loses stops the filling (returns
  // false): the tentative bookings only delay the message, and its arrival is no sooner than
  // any of its hops' ends. The entries found so far stay right for later calls.
  std::swap(overlay_, overlay_aside_);
  bool whole = true;
  std::vector<Reach>& reach = tree.reach;
  if (problem_.options.route == RouteChoice::engine) {
    // An entry serves when it was found after the same hops: same sender, channel and sender's entry.
    double at = ready;
    std::uint32_t parent = 0;
    for (int x = u; x != v;) {
      const Arc& a = router_.next_arc(x, v);
      Reach& r = reach[idx(a.to)];
      if (r.stamp != tree.stamp || r.previous != x || r.channel != a.channel || r.parent_version != parent) {
        const double d = hop_duration(a.channel, data);
        const HopSlot slot = fit_hop(x, a.to, a.channel, at, d);
        r = {tree.stamp, x, a.channel, ++reach_versions_, parent, slot, slot.start + d};
      }
      at = r.finish;
      parent = r.version;
      x = a.to;
      if (loses(at)) {
        whole = false;
        break;
      }
    }
    alone_arrival_ = at;
  } else {
    // Earliest arrival over every shortest path, layer by layer from u: a hop that may leave
    // later never ends sooner (earliest fits are monotone in the ready time), so the best
    // arrival at each processor is enough. Ties keep the lower-numbered predecessor. A
    // processor already in the tree keeps its entry: its every predecessor was in its layer
    // then, as now.
    const CommCost& cost = problem_.comm;
    const int distance = cost.hops(u, v);
    ++visit_now_;
    layer_.assign(1, u);
    for (int k = 0; k < distance; ++k) {
      next_layer_.clear();
      ways_.clear();
      std::sort(layer_.begin(), layer_.end());
      // The ways into each processor of the next layer not yet final, in the order the
      // predecessors are taken (lower-numbered first): that order breaks ties.
      for (int x : layer_) {
        const double at = x == u ? ready : reach[idx(x)].finish;
        for (const Arc& a : router_.arcs(x)) {
          const int y = a.to;
          if ((y == v ? 0 : cost.hops(y, v)) != distance - k - 1) continue;
          if (visit_[idx(y)] != visit_now_) {
            visit_[idx(y)] = visit_now_;
            layer_slot_[idx(y)] = static_cast<int>(next_layer_.size());
            next_layer_.push_back(y);
          }
          const Reach& r = reach[idx(y)];
          if (r.stamp == tree.stamp && r.version == 0) continue;  // final from an earlier call
          const double d = hop_duration(a.channel, data);
          ways_.push_back({layer_slot_[idx(y)], x, a.channel, at, d, at + d});
        }
      }
      best_ways_in(tree);
      // Every shortest path passes the layer: the earliest arrival in it bounds the message's.
      double soonest = std::numeric_limits<double>::infinity();
      for (int y : next_layer_) {
        reach[idx(y)].version = 0;  // final
        soonest = std::min(soonest, reach[idx(y)].finish);
      }
      std::swap(layer_, next_layer_);
      alone_arrival_ = soonest;  // the layer of v last: v's own arrival
      if (k + 1 < distance && loses(soonest)) {
        whole = false;
        break;
      }
    }
  }
  std::swap(overlay_, overlay_aside_);
  return whole;
}

void ContentionBuilder::best_ways_in(ReachTree& tree) const {
  // Grouped by processor (a counting sort, which keeps each group in the order above). In a
  // group the way of least bound is fitted first; then a way whose bound (its hop cannot end
  // sooner: it leaves no sooner than its sender's arrival) is past the best end found, or
  // equal to it from a later way, cannot win and is not fitted. The winner is the least
  // (end, order), as fitting every way in order and keeping the first least end gives.
  const std::size_t groups = next_layer_.size();
  way_start_.assign(groups + 1, 0);
  for (const WayIn& w : ways_) ++way_start_[idx(w.slot) + 1];
  for (std::size_t g = 0; g < groups; ++g) way_start_[g + 1] += way_start_[g];
  grouped_ways_.resize(ways_.size());
  way_fill_.assign(way_start_.begin(), way_start_.end() - 1);
  for (const WayIn& w : ways_) grouped_ways_[idx(way_fill_[idx(w.slot)]++)] = w;
  for (std::size_t g = 0; g < groups; ++g) {
    const int begin = way_start_[g], end = way_start_[g + 1];
    if (begin == end) continue;
    int first = begin;
    for (int i = begin + 1; i < end; ++i)
      if (grouped_ways_[idx(i)].bound < grouped_ways_[idx(first)].bound) first = i;
    int best = -1;
    HopSlot best_slot{};
    double best_end = 0;
    const int y = next_layer_[g];
    auto try_way = [&](int i) {
      const WayIn& w = grouped_ways_[idx(i)];
      if (best >= 0 && (w.bound > best_end || (w.bound == best_end && i > best))) return;
      const HopSlot slot = fit_hop(w.from, y, w.channel, w.at, w.duration);
      const double f = slot.start + w.duration;
      if (best < 0 || f < best_end || (f == best_end && i < best)) {
        best = i;
        best_slot = slot;
        best_end = f;
      }
    };
    try_way(first);
    for (int i = begin; i < end; ++i)
      if (i != first) try_way(i);
    const WayIn& w = grouped_ways_[idx(best)];
    tree.reach[idx(y)] = {tree.stamp, w.from, w.channel, 1, 0, best_slot, best_end};
  }
}

bool ContentionBuilder::untouched(int x, int y) const {
  // The tentative bookings of this evaluation are all hops, each holding only resources of
  // its two ends (their CPUs and ports, and the link between them).
  return marked_[idx(x)] != mark_now_ && marked_[idx(y)] != mark_now_;
}

bool ContentionBuilder::route(int u, int v, double ready, double data) const {
  // The hops of one message never delay each other (they share only the CPU of the
  // processor between two of them, the first ending before the second may start), so each
  // hop's fit as the route is chosen is the one book_hop would find as the message is booked.
  ReachTree& tree = reach_tree(u, ready, data);
  const bool whole = fill_reach(tree, u, v, ready, data);
  // Its every hop's fit on the committed bookings is no later with the tentative ones as well,
  // and no sooner after later bookings: a lasting bound on its arrival, whatever follows.
  lasting_ready_ = std::max(lasting_ready_, alone_arrival_);
  if (!whole) return false;
  const std::vector<Reach>& reach = tree.reach;
  path_.clear();
  const bool engine = problem_.options.route == RouteChoice::engine;
  if (overlay_.empty()) {
    // The tree's fits are the fits: its path.
    if (engine) {
      for (int x = u; x != v;) {
        const Arc& a = router_.next_arc(x, v);
        path_.push_back({x, a.to, a.channel, true, reach[idx(a.to)].slot});
        x = a.to;
      }
      return true;
    }
    for (int y = v; y != u; y = reach[idx(y)].previous) {
      const Reach& r = reach[idx(y)];
      const int channel = router_.arc(r.previous, y)->channel;
      path_.push_back({r.previous, y, channel, channel == r.channel, r.slot});
    }
    std::reverse(path_.begin(), path_.end());
    return true;
  }
  // Tentative bookings of earlier messages: a hop whose ends they do not touch, from a
  // processor reached as in the tree, fits as in the tree; the others are fitted again.
  if (engine) {
    double at = ready;
    bool clean = true;
    for (int x = u; x != v;) {
      const Arc& a = router_.next_arc(x, v);
      HopSlot slot = reach[idx(a.to)].slot;
      double finish = reach[idx(a.to)].finish;
      if (!clean || !untouched(x, a.to)) {
        clean = false;
        const double d = hop_duration(a.channel, data);
        slot = fit_hop(x, a.to, a.channel, at, d);
        finish = slot.start + d;
      }
      path_.push_back({x, a.to, a.channel, true, slot});
      at = finish;
      x = a.to;
      if (loses(at)) return false;
    }
    return true;
  }
  // The DP again, where a processor whose tree predecessor is clean and whose tree hop is
  // untouched keeps its tree entry: every other way in is no sooner than in the tree, and a
  // tie from a lower-numbered predecessor would have been the tree's choice.
  const CommCost& cost = problem_.comm;
  const int distance = cost.hops(u, v);
  ++visit_now_;
  layer_.assign(1, u);
  clean_[idx(u)] = visit_now_;
  arrival_[idx(u)] = ready;
  for (int k = 0; k < distance; ++k) {
    next_layer_.clear();
    std::sort(layer_.begin(), layer_.end());
    for (int x : layer_)
      for (const Arc& a : router_.arcs(x)) {
        const int y = a.to;
        if ((y == v ? 0 : cost.hops(y, v)) != distance - k - 1 || visit_[idx(y)] == visit_now_) continue;
        visit_[idx(y)] = visit_now_;
        next_layer_.push_back(y);
        const Reach& r = reach[idx(y)];
        if (clean_[idx(r.previous)] == visit_now_ && untouched(r.previous, y)) {
          clean_[idx(y)] = visit_now_;
          arrival_[idx(y)] = r.finish;
          previous_[idx(y)] = r.previous;
          via_[idx(y)] = {r.channel, r.slot};
        } else {
          arrival_[idx(y)] = std::numeric_limits<double>::infinity();
          previous_[idx(y)] = -1;
        }
      }
    for (int x : layer_)
      for (const Arc& a : router_.arcs(x)) {
        const int y = a.to;
        if (visit_[idx(y)] != visit_now_ || clean_[idx(y)] == visit_now_ ||
            (y == v ? 0 : cost.hops(y, v)) != distance - k - 1)
          continue;
        const double d = hop_duration(a.channel, data);
        const HopSlot slot = fit_hop(x, y, a.channel, arrival_[idx(x)], d);
        const double f = slot.start + d;
        if (previous_[idx(y)] < 0 || f < arrival_[idx(y)]) {
          arrival_[idx(y)] = f;
          previous_[idx(y)] = x;
          via_[idx(y)] = {a.channel, slot};
        }
      }
    std::swap(layer_, next_layer_);
    if (k + 1 < distance) {
      double soonest = std::numeric_limits<double>::infinity();
      for (int y : layer_) soonest = std::min(soonest, arrival_[idx(y)]);
      if (loses(soonest)) return false;
    }
  }
  for (int y = v; y != u; y = previous_[idx(y)]) {
    const int x = previous_[idx(y)];
    const int channel = router_.arc(x, y)->channel;
    path_.push_back({x, y, channel, channel == via_[idx(y)].channel, via_[idx(y)].slot});
  }
  std::reverse(path_.begin(), path_.end());
  return true;
}

double ContentionBuilder::book_inputs(int task, int p, bool record) const {
  const TaskGraph& g = problem_.graph;
  double ready = 0;
  inputs_.clear();
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = schedule_.tasks[idx(g.edge(e).from)];
    assert(u.processor >= 0 && "predecessors are placed first");
    if (u.processor == p)
      ready = std::max(ready, u.finish);
    else
      inputs_.emplace_back(std::max(u.finish, depart_floor_), e);
  }
  // Earliest-leaving message first, ties to the lower edge index: the order the engine
  // would see them asked for.
  std::sort(inputs_.begin(), inputs_.end());
  // Tentatively even when recording: place() commits the bookings after them all, so that its
  // messages share the reach trees of the evaluations before it (a commit makes them stale).
  tentative_ = true;
  lasting_ready_ = ready;
  constexpr double kLost = std::numeric_limits<double>::infinity();
  if (loses(ready)) return kLost;
  for (const auto& [leaves, e] : inputs_) {
    const int from = schedule_.tasks[idx(g.edge(e).from)].processor;
    const double data = g.edge(e).data;
    if (!route(from, p, leaves, data)) return kLost;
    const int message = static_cast<int>(schedule_.messages.size());
    if (record)
      schedule_.messages.push_back(ScheduledMessage{e, 0, 0, static_cast<int>(schedule_.hops.size())});
    double at = leaves;
    for (const Hop& h : path_) {
      const double d = hop_duration(h.channel, data);
      at = h.fitted ? book_slot(h.from, h.to, h.channel, h.slot, d, record, message)
                    : book_hop(h.from, h.to, h.channel, at, d, record, message);
    }
    if (record) {
      ScheduledMessage& m = schedule_.messages.back();
      m.depart = schedule_.hops[idx(m.first_hop)].start;
      m.arrive = at;
    }
    ready = std::max(ready, at);
    if (loses(ready)) return kLost;
  }
  return ready;
}

double ContentionBuilder::committed_lanes_fit(const std::vector<IdleIntervals>& lanes, double t, double d) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& lane : lanes) best = std::min(best, lane.earliest_fit(t, d));
  return best;
}

void ContentionBuilder::data_ready_bounds(int task, std::vector<double>& bounds) const {
  // Every term below is at or before its counterpart in book_inputs: a message leaves at its
  // producer's finish or later; every hop lasts at least `hop` (the cheapest link's time);
  // its first hop holds a send port of the sender (and its CPU without a co-processor), its
  // last a receive port of p (and p's CPU), each of them idle then on the committed bookings,
  // and an earliest fit of a shorter hop from an earlier time is never later (the tentative
  // bookings of the evaluation only delay it). The hop times are computed in another order
  // than the engine's sums: shrink them, and the result, by more than that rounding.
  const TaskGraph& g = problem_.graph;
  const int procs = problem_.processors();
  bounds.assign(idx(procs), 0.0);
  bound_inputs_.clear();
  for (int e : g.in_edges(task)) {
    const TaskPlacement& u = schedule_.tasks[idx(g.edge(e).from)];
    const double data = g.edge(e).data;
    const double hop = (cheapest_startup_ + data * cheapest_per_unit_) * kBelow;
    double first = u.finish;
    if (!send_[idx(u.processor)].empty()) first = committed_lanes_fit(send_[idx(u.processor)], first, hop);
    if (shares_cpu_[idx(u.processor)]) first = cpu_[idx(u.processor)].earliest_fit(first, hop);
    bound_inputs_.push_back({u.processor, u.finish, data, hop, first});
  }
  for (int p = 0; p < procs; ++p) {
    double ready = 0;
    for (const BoundInput& in : bound_inputs_) {
      if (in.from == p) {
        ready = std::max(ready, in.finish);
        continue;
      }
      ready = std::max(ready, (in.first_hop + travel(in, p)) * kBelow);
    }
    bounds[idx(p)] = ready;
  }
}

double ContentionBuilder::travel(const BoundInput& in, int p) const {
  return problem_.options.route == RouteChoice::engine
             ? problem_.comm.delay(in.from, p, in.data)
             : problem_.comm.hops(in.from, p) * (cheapest_startup_ + in.data * cheapest_per_unit_);
}

double ContentionBuilder::refined_data_ready_bound(int p) const {
  // data_ready_bounds' sum for p, and for each message the wait of its last hop for a receive
  // port of p and for p's CPU (without a co-processor): a few searches of p's timetables,
  // which is why only the processors that come up are refined.
  double ready = 0;
  const bool port = !recv_[idx(p)].empty();
  for (const BoundInput& in : bound_inputs_) {
    if (in.from == p) {
      ready = std::max(ready, in.finish);
      continue;
    }
    double arrival = in.first_hop + travel(in, p);
    if (port || shares_cpu_[idx(p)]) {
      // The last hop leaves no sooner than the others' least times after the first's start.
      const int hops = problem_.comm.hops(in.from, p);
      const double last_ready = (in.first_hop + (hops - 1) * in.hop) * kBelow;
      double last = last_ready;
      if (port) last = committed_lanes_fit(recv_[idx(p)], last, in.hop);
      if (shares_cpu_[idx(p)]) last = cpu_[idx(p)].earliest_fit(last, in.hop);
      arrival = std::max(arrival, last + in.hop);
    }
    ready = std::max(ready, arrival * kBelow);
  }
  return ready;
}

double ContentionBuilder::routed_data_ready_bound(int p, const Cutoff& cutoff) const {
  // The message that leaves first is booked first by book_inputs, on the committed timetables
  // alone: on the engine's fixed route its arrival there is the reach tree's entry at p, which
  // its evaluation then takes as it is. (The others' trees would be fitted again where the
  // first one's tentative hops touch them: they are left to the evaluation.) The inputs are
  // the ones data_ready_bounds kept, leaving as book_inputs makes them leave.
  double ready = 0;
  const BoundInput* first = nullptr;
  for (const BoundInput& in : bound_inputs_) {
    if (in.from == p)
      ready = std::max(ready, in.finish);
    else if (!first || std::max(in.finish, depart_floor_) < std::max(first->finish, depart_floor_))
      first = &in;
  }
  if (!first) return ready;
  const double leaves = std::max(first->finish, depart_floor_);
  cutoff_ = cutoff;
  ReachTree& tree = reach_tree(first->from, leaves, first->data);
  const bool whole = fill_reach(tree, first->from, p, leaves, first->data);
  cutoff_ = Cutoff{};
  return whole ? std::max(ready, tree.reach[idx(p)].finish) : std::numeric_limits<double>::infinity();
}

double ContentionBuilder::data_ready(int task, int p) const {
  const double ready = book_inputs(task, p, false);
  rollback();
  return ready;
}

void ContentionBuilder::forget_before(double t) {
  for (IdleIntervals& r : cpu_) r.forget_before(t);
  for (IdleIntervals& r : channel_) r.forget_before(t);
  for (auto* ports : {&send_, &recv_})
    for (std::vector<IdleIntervals>& lanes : *ports)
      for (IdleIntervals& r : lanes) r.forget_before(t);
}

double ContentionBuilder::start_from(int task, int p, double not_before) const {
  const double ready = std::max(book_inputs(task, p, false), not_before);
  const double start = fit(cpu_[idx(p)], ready, problem_.exec_time(task, p));
  rollback();
  return start;
}

double ContentionBuilder::start_from(int task, int p, double not_before, const Cutoff& cutoff) const {
  cutoff_ = cutoff;
  const double ready = book_inputs(task, p, false);
  cutoff_ = Cutoff{};
  if (ready == std::numeric_limits<double>::infinity()) {
    rollback();
    return ready;
  }
  const double start = fit(cpu_[idx(p)], std::max(ready, not_before), problem_.exec_time(task, p));
  rollback();
  return start;
}

double ContentionBuilder::place(int task, int p, double start) {
  // The messages booked as an evaluation books them, then committed in the order they were
  // booked: fits on the tentative bookings are fits on them committed.
  const double ready = std::max(book_inputs(task, p, true), start);
  tentative_ = false;
  for (const Tentative& o : overlay_) book(*o.resource, o.start, o.finish);
  rollback();
  const double duration = problem_.exec_time(task, p);
  const double s = cpu_[idx(p)].earliest_fit(ready, duration);
  book(cpu_[idx(p)], s, s + duration);
  TaskPlacement& t = schedule_.tasks[idx(task)];
  t.processor = p;
  t.start = s;
  t.finish = s + duration;
  schedule_.task_booked[idx(task)] = next_booking_++;
  return s;
}

}  // namespace mpnsim
