// Edge scheduling on the modelled network: each message booked hop by hop, so that a plan is its replay.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "schedulers/dag/dag_problem.hpp"
#include "schedulers/dag/idle_intervals.hpp"
#include "schedulers/dag/schedule.hpp"
#include "sim/router.hpp"

namespace mpnsim {

// The contention-aware counterpart of ScheduleBuilder's bookkeeping (Sinnen & Sousa, IEEE
// TPDS 16(6), 2005: edge scheduling, with insertion into idle link time), under the engine's
// own rules (sim/machine.hpp) so that the engine replays the plan to the same times:
//  - a hop u->v of d units lasts S + d * z * Tcm of its link, store-and-forward;
//  - it holds the u->v link direction, a send port of u and a receive port of v (ports are
//    lanes here: k ports are k timetables; a port count at or above the degree never binds),
//    and the CPU of u and of v when they have no co-processor;
//  - each of these holds one operation at a time.
// A hop goes into the earliest interval, from when its data is at u, that is idle on all of
// them, found by a search of each resource's blocks of gaps (IdleIntervals). A task goes into the earliest idle
// interval of its CPU from the arrival of its last message.
class ContentionBuilder {
 public:
  ContentionBuilder(const DagProblem& problem, Schedule& schedule);

  // Arrival of the task's last input at p if it went there now: every message from another
  // processor booked (tentatively), earliest-leaving first, then released again.
  double data_ready(int task, int p) const;
  // Earliest start on p at or after `not_before` and the data-ready time, in an idle
  // interval of p's CPU, with the task's messages booked tentatively.
  double start_from(int task, int p, double not_before) const;
  // A key start + `add` that loses to `key` (greater, or equal when `ties_lose`).
  struct Cutoff {
    double key = std::numeric_limits<double>::infinity();
    double add = 0;
    bool ties_lose = false;
  };
  // start_from, or infinity as soon as the start is known to give a key that loses to the
  // cutoff: an evaluation that cannot beat the best so far stops at the first message or hop
  // whose end already says so. Where it does not stop, the same start as start_from.
  double start_from(int task, int p, double not_before, const Cutoff& cutoff) const;
  // For the last data_ready or start_from: a time no later than its data-ready time that later
  // bookings leave so, each message's arrival on the committed bookings alone (as far as it was
  // followed before a cutoff stopped it); the tentative hops of the task's other messages,
  // which a placement may move, are not counted.
  double lasting_data_ready() const { return lasting_ready_; }
  // For every processor p, a time no later than data_ready(task, p), cheap: each message's
  // route without waiting on links (the engine's route delay, or with route: earliest the
  // fewest hops at the cheapest link), after the earliest idle time of the sender's send port
  // (and CPU without a co-processor) as they are booked now. Fills `bounds` (one per
  // processor) and keeps the task's inputs for refined_data_ready_bound.
  void data_ready_bounds(int task, std::vector<double>& bounds) const;
  // A tighter bound for p, at least its data_ready_bounds one and still no later than
  // data_ready(task, p), for the task of the last data_ready_bounds call: the last hop of each
  // message also waits for the earliest idle time of p's receive port (and CPU without a
  // co-processor). A few timetable searches, so asked only for the processors that come up.
  double refined_data_ready_bound(int p) const;
  // route: engine: a time no later than data_ready(task, p), for the task of the last
  // data_ready_bounds call: its first-leaving message fitted hop by hop on the committed
  // timetables, as its evaluation books it first (the reach tree keeps the hops for it).
  // Infinity as soon as the cutoff says an evaluation of p would lose (start_from would stop).
  double routed_data_ready_bound(int p, const Cutoff& cutoff) const;
  // Earliest start >= ready of `duration` on p's CPU as it is booked now. best_processor asks
  // every CPU for every task: the two answers earliest_fit gives without a search come from a
  // summary of all CPUs in one array, not from the P timetables.
  double cpu_fit(int p, double ready, double duration) const {
    const CpuSummary& s = cpu_summary_[idx(p)];
    if (ready >= s.tail) return ready;
    if (s.longest < duration) return s.tail;
    return cpu_[idx(p)].earliest_fit(ready, duration);
  }
  // cpu_fit's answer where it takes no search, without a branch on the times: `start` gets
  // ready when it is at or past the tail, else the tail, which is cpu_fit's answer when this
  // returns true; false when p's
  // timetable must be searched (cpu_fit then). For best_processor's loop over every CPU,
  // where `ready >= tail` goes either way at random.
  bool cpu_fit_at_tail(int p, double ready, double duration, double& start) const {
    const CpuSummary& s = cpu_summary_[idx(p)];
    start = ready >= s.tail ? ready : s.tail;
    return (ready >= s.tail) | (s.longest < duration);
  }

  // Messages booked from now on leave no sooner than `t` (0: when their producer finishes): an
  // online dispatch at instant t (ScheduleBuilder::dispatch).
  void set_departure_floor(double t) const { depart_floor_ = t; }
  // Every timetable forgets what ends before t (IdleIntervals::forget_before), for a caller
  // that books nothing and asks about nothing before t from now on.
  void forget_before(double t);

  // Books the task's messages and the task itself at start_from(task, p, start); fills its
  // placement, messages and hops in the schedule. Returns the start it was given.
  double place(int task, int p, double start);

 private:
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }
  struct HopSlot {
    double start;
    int send_lane;  // -1 where the port does not bind
    int recv_lane;
  };
  double hop_duration(int channel, double data) const;
  // `into`, when given, is where the last answer of v's receive port lay, for ways into v
  // fitted one after another with nothing committed between them (the earliest route's DP).
  HopSlot fit_hop(int u, int v, int channel, double ready, double duration, IdleIntervals::Hint* into = nullptr) const;
  // Books one hop; returns its finish.
  double book_hop(int u, int v, int channel, double ready, double duration, bool record, int message) const;
  // Books one hop at a slot fit_hop gave; returns its finish.
  double book_slot(int u, int v, int channel, const HopSlot& slot, double duration, bool record, int message) const;
  // The route of a message from u to v leaving at `ready`, as (from, to, channel) per hop,
  // each with its slot where it is known (see ReachTree).
  // False when cut short: the message arrives where the cutoff loses (the path is then unset).
  bool route(int u, int v, double ready, double data) const;
  // Books every input of `task` on p; returns the data-ready time (infinity when the cutoff
  // loses).
  double book_inputs(int task, int p, bool record) const;
  // Earliest fit on r of the committed bookings and the tentative ones.
  double fit(const IdleIntervals& r, double t, double d) const;
  // The same, asked again from where r's last answer for d lay (fit_hop's turns).
  double fit(const IdleIntervals& r, double t, double d, IdleIntervals::Hint& hint) const;
  double lanes_fit(const std::vector<IdleIntervals>& lanes, double t, double d) const;
  int first_lane_at(const std::vector<IdleIntervals>& lanes, double t, double d) const;
  // Commits a booking, or during a tentative evaluation keeps it aside (overlay_).
  void book(IdleIntervals& r, double start, double finish) const;
  void rollback() const;  // forgets the tentative bookings

  const DagProblem& problem_;
  Schedule& schedule_;
  mutable Router router_;
  std::vector<double> link_startup_, link_per_unit_;  // per link: S and z * Tcm
  std::vector<bool> shares_cpu_;                      // no co-processor
  double cheapest_startup_ = 0, cheapest_per_unit_ = 0;  // over the links: least S and z * Tcm
  // The committed bookings. A tentative evaluation (data_ready, start_from) leaves them as
  // they are and keeps its own few bookings in overlay_, which fit() also consults.
  mutable std::vector<IdleIntervals> cpu_, channel_;
  // Per CPU, its timetable's tail_start() and longest_gap(), kept as bookings are committed.
  struct CpuSummary {
    double tail, longest;
  };
  mutable std::vector<CpuSummary> cpu_summary_;
  void summarize_cpu(std::size_t p) const { cpu_summary_[p] = {cpu_[p].tail_start(), cpu_[p].longest_gap()}; }
  mutable std::vector<std::vector<IdleIntervals>> send_, recv_;  // lanes; empty: unbounded
  std::vector<bool> channel_searched_;  // per link direction: not always held with a single port
  struct Tentative {
    IdleIntervals* resource;
    double start, finish;
  };
  mutable std::vector<Tentative> overlay_;
  mutable bool tentative_ = false;
  mutable double depart_floor_ = 0;  // set_departure_floor
  mutable Cutoff cutoff_;            // of the start_from under way (none: the default)
  mutable double lasting_ready_ = 0;  // lasting_data_ready
  mutable double alone_arrival_ = 0;  // fill_reach: its message's arrival (or where it stopped), committed bookings alone
  // Whether a data-ready time of at least t makes the evaluation lose to cutoff_: the start is
  // no sooner, and adding keeps the order in floating point.
  bool loses(double t) const {
    const double key = t + cutoff_.add;
    return key > cutoff_.key || (key == cutoff_.key && cutoff_.ties_lose);
  }
  mutable std::uint32_t next_booking_ = 0;
  // Scratch of route(): the hops found, and the shortest-path search of RouteChoice::earliest.
  struct Hop {
    int from, to, channel;
    bool fitted = false;  // slot holds its fit
    HopSlot slot{};
  };
  mutable std::vector<Hop> path_;
  mutable std::vector<double> arrival_;
  mutable std::vector<int> previous_;
  // The reach cache. A message's hop into processor x fits on the committed timetables the
  // same for every candidate processor whose route passes x by the same hops, and the
  // candidates' evaluations of a task (and its placement after them) send the same messages:
  // a tree per (sender, departure, data), kept while nothing is committed, holds for each x
  // on the way its hop's slot and finish. With route: earliest, the best arrival at x over
  // the shortest paths from the sender does not depend on the destination either (each
  // predecessor of x on such a path lies on every shortest path through x), so each x's
  // entry is its final DP value, found once. A message booked after others of the same
  // evaluation takes the tree's hops that their tentative bookings leave alone (route()).
  struct Reach {
    std::uint32_t stamp = 0;    // == the tree's stamp: the entry is for the tree's key
    int previous = -1;          // the hop's sender
    int channel = -1;
    std::uint32_t version = 0;  // route: engine: a number of its own, and its sender's entry's;
    std::uint32_t parent_version = 0;  // route: earliest: 0 once final
    HopSlot slot{};
    double finish = 0;
  };
  struct ReachKey {
    int from = -1;
    double ready = 0, data = 0;
    std::uint64_t commits = ~std::uint64_t{0};
  };
  // route: earliest: a hop fitted from a processor whose arrival was final, per link
  // direction, kept for the later searches of the same tree.
  struct ArcFit {
    std::uint32_t stamp = 0;  // == the tree's stamp: fitted for the tree's key
    HopSlot slot{};
    double finish = 0;
  };
  // route: earliest: per processor z of the tree, bounds from its ports alone (port_bound).
  struct PortBound {
    std::uint32_t stamp = 0;  // == the tree's stamp: found for the tree's key
    double in_start = 0;      // no hop into z starts sooner
    double arrive = 0;        // the message is at z no sooner
    double out_start = 0;     // no hop out of z starts sooner
  };
  struct ReachTree {
    ReachKey key;
    std::uint32_t stamp = 0;
    std::vector<Reach> reach;  // per processor
    std::vector<ArcFit> arcs;  // per link direction (route: earliest)
    std::vector<PortBound> ports;  // per processor (route: earliest)
    double first_start = -1;   // route: earliest: least start of a first hop (-1: not yet known)
  };
  // The tree of a key (a stale one replaced, in turn).
  ReachTree& reach_tree(int u, double ready, double data) const;
  // Makes the tree hold every processor on the way from u to v (route: engine), or v and the
  // processors its earliest arrival depends on (route: earliest).
  // False when cut short by the cutoff (the tree then holds part of the way).
  bool fill_reach(ReachTree& tree, int u, int v, double ready, double data) const;
  // route: earliest's DP, evaluated lazily from the destination back (see fill_reach): y's
  // arrival on the committed timetables (its tree entry, made final), or infinity when it
  // loses to the cutoff.
  double earliest_at(ReachTree& tree, int y) const;
  // The same on the tentative bookings too (route()): y's arrival in arrival_, previous_ and
  // via_, or infinity when it loses.
  double earliest_again(ReachTree& tree, int y) const;
  // Whether y's tree entry holds on the tentative bookings: final, its hop untouched, its
  // predecessor the sender or such a processor.
  bool reached_as_in_tree(const ReachTree& tree, int y) const;
  // The ways into y from its in-neighbours one hop nearer the sender, pushed on ways_ (a
  // stack shared by the recursion) with a lower bound on each one's end; returns where they
  // start.
  std::size_t push_ways_in(ReachTree& tree, int y, bool again) const;
  struct InArc {
    int from, channel;
  };
  std::vector<std::vector<InArc>> in_arcs_;  // per processor, by sender's index then arc order
  struct WayIn {
    int order, from, channel;
    double duration, floor, bound;  // floor: the hop starts no sooner
  };
  mutable std::vector<WayIn> ways_;
  mutable std::vector<double> least_at_;  // least arrival at each hop count from the sender (0: first start)
  mutable double least_hop_ = 0;          // the cheapest hop's time, for the message of least_at_
  // The tree's bounds at z, 1 or more hops from the sender (least_at_ prepared for the tree).
  const PortBound& port_bound(ReachTree& tree, int z) const;
  // Fills least_at_ for a message of `data` leaving u at `ready` towards v: no waiting, every
  // hop at the cheapest link's time, added up as the hops' ends are.
  void prepare_least_at(ReachTree& tree, int v) const;
  // Whether the tentative bookings leave the resources of a hop x->y alone.
  bool untouched(int x, int y) const;
  mutable std::array<ReachTree, 4> trees_;  // a task's inputs: at most 3 in the generated graphs
  mutable std::size_t next_tree_ = 0;
  mutable std::uint32_t reach_stamp_ = 0, reach_versions_ = 0;
  mutable std::uint64_t commits_ = 0;  // committed bookings: a change makes the trees stale
  mutable std::vector<Tentative> overlay_aside_;  // fill_reach puts the tentative bookings here
  mutable std::vector<int> visit_, clean_, lost_;  // the DPs: evaluated; as in the tree (or not: -); lost
  mutable std::vector<double> lost_at_;  // earliest_at: a lost processor's arrival is no sooner
  mutable std::vector<std::uint32_t> marked_;   // an end of a tentative hop, if == mark_now_
  mutable std::uint32_t mark_now_ = 1;
  mutable int visit_now_ = 0;
  struct Via {
    int channel = -1;
    HopSlot slot{};
  };
  mutable std::vector<Via> via_;  // the searches: each processor's way in
  mutable std::vector<std::pair<double, int>> inputs_;  // (producer finish, edge)
  // Scratch of data_ready_bounds: per input, its sender and producer's finish, data, least hop
  // time (shrunk by the rounding margin) and the earliest start of its first hop at the
  // sender's port and CPU.
  struct BoundInput {
    int from;
    double finish, data, hop, first_hop;
  };
  mutable std::vector<BoundInput> bound_inputs_;
  // The message's time on the way to p without waiting, hop times of its route.
  double travel(const BoundInput& in, int p) const;
  // Earliest fit on the committed bookings of the first of `lanes` that can take it (a bound
  // on where a hop can go there: the tentative ones only delay it).
  static double committed_lanes_fit(const std::vector<IdleIntervals>& lanes, double t, double d);
};

}  // namespace mpnsim
