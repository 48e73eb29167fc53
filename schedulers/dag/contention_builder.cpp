// Booking messages hop by hop on links, ports and CPUs, with insertion into idle time, as the engine plays them.
#include "schedulers/dag/contention_builder.hpp"

#include <algorithm>
#include <cassert>
#include <functional>
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
  cpu_summary_.resize(idx(n));
  for (std::size_t p = 0; p < cpu_.size(); ++p) summarize_cpu(p);
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
  lost_.assign(idx(n), 0);
  lost_at_.assign(idx(n), 0);
  in_arcs_.resize(idx(n));
  for (int p = 0; p < n; ++p)
    for (const Arc& a : router_.arcs(p)) in_arcs_[idx(a.to)].push_back({p, a.channel});
  marked_.assign(idx(n), 0);
  via_.resize(idx(n));
}

double ContentionBuilder::hop_duration(int channel, double data) const {
  // The engine's arithmetic (Machine::Impl::start_hop): S + data * z * Tcm, in that order.
  const LinkSpec& l = problem_.machine.links[idx(channel >> 1)];
  return l.startup + data * l.z * problem_.machine.Tcm;
}

double ContentionBuilder::fit(const IdleIntervals& r, double t, double d) const {
  IdleIntervals::Hint hint;
  return fit(r, t, d, hint);
}

double ContentionBuilder::fit(const IdleIntervals& r, double t, double d, IdleIntervals::Hint& hint) const {
  // The committed bookings first, then the tentative ones of this evaluation: a few, so a
  // scan; each conflict moves t past it, and the committed ones are asked again from there.
  for (;;) {
    t = r.earliest_fit(t, d, hint);
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

ContentionBuilder::HopSlot ContentionBuilder::fit_hop(int u, int v, int channel, double ready, double d,
                                                     IdleIntervals::Hint* into) const {
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
  // A timetable keeps where its last answer lay: asked again at a later t (t only grows), it
  // mostly answers from that gap without a search.
  struct Searched {
    const IdleIntervals* one;
    const std::vector<IdleIntervals>* lanes;
    IdleIntervals::Hint hint{};
  };
  std::array<Searched, 5> searched;
  int n = 0;
  if (check_channel) searched[idx(n++)] = {&channel_[idx(channel)], nullptr};
  if (shares_cpu_[idx(u)]) searched[idx(n++)] = {&cpu_[idx(u)], nullptr};
  if (shares_cpu_[idx(v)]) searched[idx(n++)] = {&cpu_[idx(v)], nullptr};
  if (check_send) searched[idx(n++)] = one_send ? Searched{&send[0], nullptr} : Searched{nullptr, &send};
  int recv_at = -1;
  if (check_recv) {
    if (one_recv && into != nullptr) recv_at = n;
    searched[idx(n++)] = one_recv ? Searched{&recv[0], nullptr, into ? *into : IdleIntervals::Hint{}} : Searched{nullptr, &recv};
  }
  // Round and round until every resource in a row has left t where it was: each of them is
  // then idle on [t, t + d]. (A pass that moves nothing, as before, asked each once more.)
  double t = ready;
  for (int i = 0, unmoved = 0; unmoved < n; i = i + 1 == n ? 0 : i + 1) {
    Searched& r = searched[idx(i)];
    const double next = r.one ? fit(*r.one, t, d, r.hint) : lanes_fit(*r.lanes, t, d);
    if (next == t) {
      ++unmoved;
    } else {
      t = next;
      unmoved = 1;
    }
  }
  if (recv_at >= 0) *into = searched[idx(recv_at)].hint;
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
    const std::less<const IdleIntervals*> before;
    if (!before(&r, cpu_.data()) && before(&r, cpu_.data() + cpu_.size())) summarize_cpu(static_cast<std::size_t>(&r - cpu_.data()));
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
  t.first_start = -1;
  if (t.reach.empty()) t.reach.resize(idx(problem_.processors()));
  if (t.ports.empty() && problem_.options.route == RouteChoice::earliest) t.ports.resize(idx(problem_.processors()));
  if (t.arcs.empty() && problem_.options.route == RouteChoice::earliest) t.arcs.resize(channel_.size());
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
    // Earliest arrival over every shortest path from u to v: a hop that may leave later never
    // ends sooner (earliest fits are monotone in the ready time), so the best arrival at each
    // processor is enough: at y, the least (end, order) of the ways in from its in-neighbours
    // one hop nearer u (ties to the lower-numbered one; each of them lies on every shortest
    // path through y, whatever v, so y's entry holds for every v). Evaluated from v back, a
    // processor only when a way from it may still win (earliest_at).
    prepare_least_at(tree, v);
    ++visit_now_;
    const double arrival = earliest_at(tree, v);
    whole = arrival != std::numeric_limits<double>::infinity();
    alone_arrival_ = whole ? arrival : lost_at_[idx(v)];  // v's arrival, or where the search proved it loses
  }
  std::swap(overlay_, overlay_aside_);
  return whole;
}

void ContentionBuilder::prepare_least_at(ReachTree& tree, int v) const {
  // Each hop's end is its start (no sooner than the arrival before it) plus a duration no
  // shorter than the cheapest link's, so the same sums from these lower values, rounded the
  // same way, are never above the ends. The first hop also waits for a send port of the
  // sender (and its CPU without a co-processor) idle for that long on the committed bookings
  // (the tentative ones only delay it).
  const int u = tree.key.from;
  const double data = tree.key.data;
  double least = std::numeric_limits<double>::infinity();
  for (const LinkKind& k : router_.link_kinds()) least = std::min(least, k.startup + data * k.z * problem_.machine.Tcm);
  if (tree.first_start < 0) {
    double first = tree.key.ready;
    if (!send_[idx(u)].empty()) first = committed_lanes_fit(send_[idx(u)], first, least);
    if (shares_cpu_[idx(u)]) first = cpu_[idx(u)].earliest_fit(first, least);
    tree.first_start = first;
  }
  const int distance = problem_.comm.hops(u, v);
  least_at_.resize(idx(distance) + 1);
  least_hop_ = least;
  least_at_[0] = tree.first_start;
  for (int k = 1; k <= distance; ++k) least_at_[idx(k)] = least_at_[idx(k) - 1] + least;
}

const ContentionBuilder::PortBound& ContentionBuilder::port_bound(ReachTree& tree, int z) const {
  // z lies k >= 1 hops from the sender. A hop into z starts no sooner than the least arrival
  // one hop nearer, and holds a receive port of z (where they bind) and z's CPU (without a
  // co-processor) for at least the cheapest hop's time; a hop out of z, after the data is at
  // z, holds a send port of z and its CPU alike. Each on the committed bookings (the tentative
  // ones only delay a hop), once per tree.
  PortBound& b = tree.ports[idx(z)];
  if (b.stamp == tree.stamp) return b;
  const int k = problem_.comm.hops(tree.key.from, z);
  double in = least_at_[idx(k) - 1];
  if (!recv_[idx(z)].empty()) in = committed_lanes_fit(recv_[idx(z)], in, least_hop_);
  if (shares_cpu_[idx(z)]) in = cpu_[idx(z)].earliest_fit(in, least_hop_);
  double out = in + least_hop_;
  if (!send_[idx(z)].empty()) out = committed_lanes_fit(send_[idx(z)], out, least_hop_);
  if (shares_cpu_[idx(z)]) out = cpu_[idx(z)].earliest_fit(out, least_hop_);
  b = {tree.stamp, in, in + least_hop_, out};
  return b;
}

std::size_t ContentionBuilder::push_ways_in(ReachTree& tree, int y, bool again) const {
  // A way's bound: the hop's time from the latest of its sender's arrival (where known: final
  // in the tree, or found again; else the least arrival there, port_bound's), the sender's
  // least start of a hop out (port_bound's, or the tree's first start from the sender) and
  // y's least start of a hop in (port_bound's); then least bound first.
  const int u = tree.key.from;
  const CommCost& cost = problem_.comm;
  const int k = cost.hops(u, y);
  const std::size_t base = ways_.size();
  const double in_start = port_bound(tree, y).in_start;
  int order = 0;
  for (const InArc& in : in_arcs_[idx(y)]) {
    const int x = in.from;
    ++order;
    if (x == u ? k != 1 : k == 1 || cost.hops(u, x) != k - 1) continue;
    double at = 0, floor = in_start;
    if (x == u) {
      at = tree.key.ready;
      floor = std::max(floor, tree.first_start);
    } else {
      const PortBound& b = port_bound(tree, x);
      at = b.arrive;
      floor = std::max(floor, b.out_start);
      if (again && visit_[idx(x)] == visit_now_)
        at = arrival_[idx(x)];
      else if (tree.reach[idx(x)].stamp == tree.stamp)
        at = std::max(at, tree.reach[idx(x)].finish);  // the tentative bookings only delay it
    }
    const double d = hop_duration(in.channel, tree.key.data);
    ways_.push_back({order, x, in.channel, d, floor, std::max(at, floor) + d});
  }
  std::sort(ways_.begin() + static_cast<std::ptrdiff_t>(base), ways_.end(), [](const WayIn& a, const WayIn& b) {
    return a.bound < b.bound || (a.bound == b.bound && a.order < b.order);
  });
  return base;
}

double ContentionBuilder::earliest_at(ReachTree& tree, int y) const {
  // y's entry is the least (end, order) over its ways in. A way whose bound (its end is no
  // sooner) is past the best end found, or equal to it from a later way, cannot win, and is
  // not looked at: its sender's arrival is not needed. Nor is a way whose bound loses to the
  // cutoff: if the best found does not lose, such a way ends later than it anyway, and if
  // no way is left, y's arrival loses (no entry is made, as it would not be exact).
  constexpr double kLost = std::numeric_limits<double>::infinity();
  Reach& r = tree.reach[idx(y)];
  if (r.stamp == tree.stamp) return r.finish;
  if (lost_[idx(y)] == visit_now_) return kLost;
  const int u = tree.key.from;
  const std::size_t base = push_ways_in(tree, y, false), end = ways_.size();
  int best = -1, best_from = -1, best_channel = -1;
  double best_end = kLost;
  HopSlot best_slot{};
  IdleIntervals::Hint into;  // y's receive port, asked once a way
  // The least end any way may still have, for when y loses: lost_at_ (a bound that lasts, as
  // every figure here is on the committed bookings, for ETF and DLS-pairs' put-back pairs).
  // A way passed over for the best found ends no sooner than it; any other, no sooner than the
  // bound it was passed over for (a lost sender's lost_at_ in place of its arrival).
  double least_end = kLost;
  for (std::size_t i = base; i < end; ++i) {
    const WayIn w = ways_[i];  // a copy: the recursion below grows ways_
    auto cannot_win = [&](double bound) {
      if (best >= 0 && (bound > best_end || (bound == best_end && w.order > best))) return true;
      if (!loses(bound)) return false;
      least_end = std::min(least_end, bound);
      return true;
    };
    if (cannot_win(w.bound)) continue;
    const double at = w.from == u ? tree.key.ready : earliest_at(tree, w.from);
    if (at == kLost) {
      least_end = std::min(least_end, std::max(lost_at_[idx(w.from)], w.floor) + w.duration);
      continue;
    }
    if (cannot_win(std::max(at, w.floor) + w.duration)) continue;
    ArcFit& fitted = tree.arcs[idx(w.channel)];
    if (fitted.stamp != tree.stamp) {
      const HopSlot slot = fit_hop(w.from, y, w.channel, at, w.duration, &into);
      fitted = {tree.stamp, slot, slot.start + w.duration};
    }
    if (best < 0 || fitted.finish < best_end || (fitted.finish == best_end && w.order < best)) {
      best = w.order;
      best_from = w.from;
      best_channel = w.channel;
      best_end = fitted.finish;
      best_slot = fitted.slot;
    }
  }
  ways_.resize(base);
  if (best < 0 || loses(best_end)) {
    lost_[idx(y)] = visit_now_;
    lost_at_[idx(y)] = std::min(least_end, best_end);
    return kLost;
  }
  r = {tree.stamp, best_from, best_channel, 0, 0, best_slot, best_end};
  return best_end;
}

bool ContentionBuilder::reached_as_in_tree(const ReachTree& tree, int y) const {
  if (clean_[idx(y)] == visit_now_) return true;
  if (clean_[idx(y)] == -visit_now_) return false;
  const Reach& r = tree.reach[idx(y)];
  const bool clean = r.stamp == tree.stamp && untouched(r.previous, y) &&
                     (r.previous == tree.key.from || reached_as_in_tree(tree, r.previous));
  clean_[idx(y)] = clean ? visit_now_ : -visit_now_;
  return clean;
}

double ContentionBuilder::earliest_again(ReachTree& tree, int y) const {
  // As earliest_at, with the tentative bookings: a processor reached as in the tree keeps
  // its tree entry (every other way in is no sooner than in the tree, and a tie from a
  // lower-numbered predecessor would have been the tree's choice); the others' ways are
  // fitted again (not kept: the tentative bookings change with each evaluation).
  constexpr double kLost = std::numeric_limits<double>::infinity();
  if (visit_[idx(y)] == visit_now_) return arrival_[idx(y)];
  visit_[idx(y)] = visit_now_;
  if (reached_as_in_tree(tree, y)) {
    // So are the processors before it on its tree path (route() follows previous_ back).
    for (int x = y; x != tree.key.from && (x == y || visit_[idx(x)] != visit_now_); x = previous_[idx(x)]) {
      const Reach& r = tree.reach[idx(x)];
      visit_[idx(x)] = visit_now_;
      arrival_[idx(x)] = r.finish;
      previous_[idx(x)] = r.previous;
      via_[idx(x)] = {r.channel, r.slot};
    }
    return arrival_[idx(y)];
  }
  const int u = tree.key.from;
  const std::size_t base = push_ways_in(tree, y, true), end = ways_.size();
  int best = -1;
  double best_end = kLost;
  IdleIntervals::Hint into;  // y's receive port, asked once a way
  for (std::size_t i = base; i < end; ++i) {
    const WayIn w = ways_[i];
    auto cannot_win = [&](double bound) {
      return (best >= 0 && (bound > best_end || (bound == best_end && w.order > best))) || loses(bound);
    };
    if (cannot_win(w.bound)) continue;
    const double at = w.from == u ? tree.key.ready : earliest_again(tree, w.from);
    if (at == kLost || cannot_win(std::max(at, w.floor) + w.duration)) continue;
    const HopSlot slot = fit_hop(w.from, y, w.channel, at, w.duration, &into);
    const double f = slot.start + w.duration;
    if (best < 0 || f < best_end || (f == best_end && w.order < best)) {
      best = w.order;
      best_end = f;
      previous_[idx(y)] = w.from;
      via_[idx(y)] = {w.channel, slot};
    }
  }
  ways_.resize(base);
  if (best >= 0 && loses(best_end)) best_end = kLost;
  arrival_[idx(y)] = best_end;
  return best_end;
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
  // The DP again, on the tentative bookings too (earliest_again).
  prepare_least_at(tree, v);
  ++visit_now_;
  if (earliest_again(tree, v) == std::numeric_limits<double>::infinity()) return false;
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
  // Each processor's bound is the largest of its inputs' terms: taken input by input over all
  // the processors (a loop the compiler makes vector code of), the sender's own term put back
  // after: the same maxima, so the same bounds to the bit.
  //
  // The engine's route takes CommCost::delay's sum from its rows (delay's own branch for the
  // sender's column made the loop scalar: 10.5 % of HEFT's instructions at 10^4 tasks, about 20
  // a processor and input, callgrind); at the sender both rows hold 0, and that column is put
  // back after anyway. The earliest route converts its hop counts from a local copy of the row
  // pointer. Pointers no store can alias, so the loops are vector code.
  double* __restrict out = bounds.data();
  const CommCost& comm = problem_.comm;
  for (const BoundInput& in : bound_inputs_) {
    const double own = std::max(out[idx(in.from)], in.finish);
    const double first = in.first_hop;
    if (problem_.options.route == RouteChoice::engine) {
      const double* __restrict startup = comm.startup_row(in.from);
      const double* __restrict per_unit = comm.per_unit_row(in.from);
      const double data = in.data;
      for (int p = 0; p < procs; ++p) out[p] = std::max(out[p], (first + (startup[p] + data * per_unit[p])) * kBelow);
    } else {
      const double hop = cheapest_startup_ + in.data * cheapest_per_unit_;
      for (int p = 0; p < procs; ++p) out[p] = std::max(out[p], (first + comm.hops(in.from, p) * hop) * kBelow);
    }
    out[idx(in.from)] = own;
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
  for (std::size_t p = 0; p < cpu_.size(); ++p) summarize_cpu(p);
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
