// Depth-first branch and bound over partial schedules without contention (list_search.hpp).
//
// The state space. A partial schedule is built by appending one task at a time to the end
// of one processor's list, at the earliest time the model allows there: max(the processor's
// last finish, the task's data-ready time). Appends go in order of start time (a child may not
// start before its parent's last task), so every schedule is reached in one order only, but
// for ties. Every schedule can be left-shifted into one of these without getting longer, and
// sorting its tasks by start time gives the sequence that builds it; so the space holds an
// optimum. Ties of start on different processors are taken in task order unless the later
// task needs the earlier (the lexicographically least order among the tied tasks is always
// allowed, which is what keeps the optimum).
//
// Pruning, each rule sound on its own and all invariant under the processor symmetries:
//  - processor normalisation: of processors that the machine's symmetries fixing every used
//    processor map onto each other, only the least is tried (ProcessorSymmetry);
//  - equivalent tasks (same work or cost row, same predecessors and successors with the same
//    data): they are interchangeable, so they are placed in index order;
//  - adjacent exchanges (adjacent_exchange.hpp): a task is not appended right after one it could
//    swap with to no loss and that ranks after it;
//  - bounds (search_bounds.hpp): a child is not explored when a lower bound on every completion
//    reaches the best makespan found (less the time tolerance).
// Children are explored in order of their bound, so good schedules come early.
//
// With an allocation (a processor per task) the same walk searches the orders of that allocation
// only: each task goes to its processor, the symmetries are off (the processors are named),
// equivalent tasks are ordered only on one processor, and the bounds know where each task runs
// (heads and tails with the allocation's messages; each processor's own tasks one after another).
//
// Memory is that of the path: a frame of children per placed task. The budget stops it; the
// proven bound is then the least bound among the children not yet explored.
#include "schedulers/dag/optimal/list_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "schedulers/dag/optimal/adjacent_exchange.hpp"
#include "schedulers/dag/optimal/closure_bounds.hpp"
#include "schedulers/dag/optimal/fixed_task_order.hpp"
#include "schedulers/dag/optimal/processor_symmetry.hpp"
#include "schedulers/dag/optimal/search_bounds.hpp"
#include "schedulers/dag/optimal/symmetry_kinds.hpp"
#include "schedulers/dag/optimal/time_lattice.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kOneMachineNodes = 96;  // per processor and bound: a few orders of a few tasks
// The memo of a fixed-order phase: states are compared only while few successors summarise them,
// and at most kMemoCapacity numbers are kept per phase (8 MB of keys). Phases nest along the path
// (one begins after another's order is placed) and each keeps its memo until the walk leaves it,
// so the phases of one path share kPhaseMemoBudget numbers (list_search.hpp): a phase begun when
// the outer ones hold most of it keeps what is left.
constexpr std::size_t kMemoSuccessors = 4;
constexpr std::size_t kMemoCapacity = std::size_t{1} << 20;
constexpr std::size_t kMemoBudget = kPhaseMemoBudget;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

std::vector<int> equivalent_predecessors(const DagProblem& problem, const SearchTables& tables) {
  const TaskGraph& g = problem.graph;
  const int n = g.size();
  auto signature = [&](int t, bool in) {
    std::vector<std::pair<int, double>> s;
    for (int e : in ? g.in_edges(t) : g.out_edges(t)) s.emplace_back(in ? g.edge(e).from : g.edge(e).to, g.edge(e).data);
    std::sort(s.begin(), s.end());
    return s;
  };
  std::vector<int> previous(at(n), -1);
  for (int b = 0; b < n; ++b)
    for (int a = b - 1; a >= 0; --a) {
      bool same = true;
      for (int p = 0; p < tables.processors && same; ++p) same = tables.time(a, p) == tables.time(b, p);
      if (!same || signature(a, true) != signature(b, true) || signature(a, false) != signature(b, false)) continue;
      previous[at(b)] = a;
      break;
    }
  return previous;
}

ListSearch::ListSearch(const DagProblem& problem, const SearchTables& tables, Incumbent& best)
    : problem_(problem),
      g_(problem.graph),
      tables_(tables),
      best_(best),
      exchange_(problem, tables_),
      n_(g_.size()),
      P_(problem.processors()),
      packing_(tables, best.step) {
  if (P_ <= 64) {
    std::vector<int> kinds = free_model_kinds(problem, tables_);
    // Every processor alike and every pair of distinct ones alike: any permutation is a symmetry.
    alike_ = true;
    for (int p = 0; p < P_; ++p)
      for (int q = 0; q < P_; ++q)
        if (kinds[at(p * P_ + q)] != kinds[at(p == q ? 0 : 1)]) alike_ = false;
    if (P_ < 2) alike_ = false;
    symmetry_.emplace(P_, std::move(kinds));
  }
  equivalent_ = equivalent_predecessors(problem, tables_);
  proc_.assign(at(n_), -1);
  start_.assign(at(n_), 0);
  finish_.assign(at(n_), 0);
  waiting_.assign(at(n_), 0);
  ready_.assign(at(P_), 0);
  last_on_.assign(at(P_), -1);
  drt_.assign(at(n_), 0);
  position_.assign(at(n_), 0);
  committed_.assign(at(P_), 0);
  eft_.assign(at(n_), 0);
  est_.assign(at(n_), 0);
  first_.assign(at(P_), kInf);
  heads_.resize(at(P_));
  taken_.assign(at(P_), 0);
  unplaced_.assign(at(tables_.words), 0);
  frames_.resize(at(n_) + 1);
  next_.assign(at(n_) + 1, 0);
  undo_log_.resize(at(n_) + 1);
}

void ListSearch::start(std::span<const int> allocation) {
  allocation_.assign(allocation.begin(), allocation.end());
  std::fill(proc_.begin(), proc_.end(), -1);
  for (int t = 0; t < n_; ++t) waiting_[at(t)] = static_cast<int>(g_.in_edges(t).size());
  std::fill(ready_.begin(), ready_.end(), 0.0);
  std::fill(last_on_.begin(), last_on_.end(), -1);
  std::fill(unplaced_.begin(), unplaced_.end(), 0);
  for (int t = 0; t < n_ && tables_.words > 0; ++t) unplaced_[at(t / 64)] |= std::uint64_t{1} << (t % 64);
  used_ = 0;
  last_ = -1;
  last_start_ = 0;
  makespan_ = 0;
  remaining_ = tables_.total_work;
  placed_ = 0;
  sequence_.clear();
  phases_.clear();
  if (fixed()) fix_heads_and_tails();
  root_ = full_bound();
  depth_ = -1;
  if (root_ < best_.prune_level()) {
    depth_ = 0;
    enter_phase_if_fixed_order();
    children(root_, frames_[0]);
    next_[0] = 0;
  }
}

// With the allocation known, a message crosses exactly when its ends run apart: each task's
// head (the longest chain of times and such messages before it) and tail (after it) follow, and
// each stays at least the allocation-free one of the tables.
void ListSearch::fix_heads_and_tails() {
  fixed_head_.assign(at(n_), 0);
  fixed_tail_.assign(at(n_), 0);
  for (int t : tables_.topo) {
    const int p = allocation_[at(t)];
    double h = tables_.head[at(t)];
    for (int e : g_.in_edges(t)) {
      const int u = g_.edge(e).from;
      const int q = allocation_[at(u)];
      h = std::max(h, fixed_head_[at(u)] + tables_.time(u, q) + (q == p ? 0.0 : problem_.edge_delay(e, q, p)));
    }
    fixed_head_[at(t)] = h;
  }
  for (auto it = tables_.topo.rbegin(); it != tables_.topo.rend(); ++it) {
    const int t = *it;
    const int p = allocation_[at(t)];
    double tl = tables_.tail[at(t)];
    for (int e : g_.out_edges(t)) {
      const int v = g_.edge(e).to;
      const int q = allocation_[at(v)];
      tl = std::max(tl, (q == p ? 0.0 : problem_.edge_delay(e, p, q)) + tables_.time(v, q) + fixed_tail_[at(v)]);
    }
    fixed_tail_[at(t)] = tl;
  }
}

double ListSearch::data_ready(int t, int p) const {
  double r = 0;
  for (int e : g_.in_edges(t)) {
    const int u = g_.edge(e).from;
    r = std::max(r, finish_[at(u)] + (proc_[at(u)] == p ? 0.0 : problem_.edge_delay(e, proc_[at(u)], p)));
  }
  return r;
}

bool ListSearch::needs(int t, int u) const {  // u is a direct predecessor of t
  for (int e : g_.in_edges(t))
    if (g_.edge(e).from == u) return true;
  return false;
}

void ListSearch::apply(const Child& c, Undo& u) {
  const bool phased = in_phase();
  u = {c.task, ready_[at(c.proc)], last_start_, makespan_, remaining_, last_, last_on_[at(c.proc)], used_};
  drt_[at(c.task)] = data_ready(c.task, c.proc);
  proc_[at(c.task)] = c.proc;
  last_on_[at(c.proc)] = c.task;
  start_[at(c.task)] = c.start;
  finish_[at(c.task)] = c.start + tables_.time(c.task, c.proc);
  ready_[at(c.proc)] = finish_[at(c.task)];
  last_ = c.task;
  last_start_ = c.start;
  makespan_ = std::max(makespan_, finish_[at(c.task)]);
  remaining_ -= tables_.load_of(c.task);
  if (!unplaced_.empty()) unplaced_[at(c.task / 64)] &= ~(std::uint64_t{1} << (c.task % 64));
  if (c.proc < 64) used_ |= std::uint64_t{1} << c.proc;
  for (int e : g_.out_edges(c.task)) --waiting_[at(g_.edge(e).to)];
  position_[at(c.task)] = placed_;
  sequence_.push_back(c.task);
  ++placed_;
  // In a fixed-order phase start times need not grow: no start or tie rule binds the next task.
  if (phased) {
    last_start_ = 0;
    last_ = -1;
  }
}

void ListSearch::undo(const Undo& u) {
  const int p = proc_[at(u.task)];
  for (int e : g_.out_edges(u.task)) ++waiting_[at(g_.edge(e).to)];
  proc_[at(u.task)] = -1;
  if (!unplaced_.empty()) unplaced_[at(u.task / 64)] |= std::uint64_t{1} << (u.task % 64);
  ready_[at(p)] = u.ready;
  last_on_[at(p)] = u.last_on;
  last_start_ = u.last_start;
  makespan_ = u.makespan;
  remaining_ = u.remaining;
  last_ = u.last;
  used_ = u.used;
  sequence_.pop_back();
  --placed_;
  while (!phases_.empty() && placed_ < phases_.back().begin) phases_.pop_back();
}

// When an unplaced task can start at the soonest, from its unplaced predecessors alone: those
// kept on its processor finish there one after another (each from its earliest start), the
// others' data comes after the edge's least delay (best_split).
double ListSearch::head(int t) {
  split_.clear();
  for (int e : g_.in_edges(t)) {
    const int u = g_.edge(e).from;
    if (proc_[at(u)] < 0) split_.push_back({eft_[at(u)] + tables_.min_delay[at(e)], est_[at(u)], tables_.min_exec[at(u)]});
  }
  if (split_.empty()) return 0;
  std::sort(split_.begin(), split_.end(), [](const Pred& a, const Pred& b) { return a.apart > b.apart; });
  apart_.clear();
  local_.clear();
  for (std::size_t k = 0; k <= split_.size(); ++k) {
    kept_.assign(split_.begin(), split_.begin() + static_cast<std::ptrdiff_t>(k));
    std::sort(kept_.begin(), kept_.end(), [](const Pred& a, const Pred& b) { return a.release < b.release; });
    double end = 0;
    for (const Pred& x : kept_) end = std::max(end, x.release) + x.time;
    local_.push_back(end);
    if (k < split_.size()) apart_.push_back(split_[k].apart);
  }
  return best_split(apart_, local_);
}

// Every completion: the placed tasks' finishes; each unplaced task's earliest finish on any
// processor (after that processor's last task, after the last start, after its placed
// predecessors' data has come and after its unplaced predecessors' earliest finishes), plus
// the least chain of execution after it; and the load of the unplaced tasks.
double ListSearch::full_bound() {
  double bound = makespan_;
  const std::vector<int>* lead = leaders();
  // first_[p]: no unplaced task can start on p before it (the least of their earliest starts
  // there): a processor that takes a task only after a long message is not free before.
  std::fill(first_.begin(), first_.end(), kInf);
  for (auto& h : heads_) h.clear();
  for (int t : tables_.topo) {
    if (proc_[at(t)] >= 0) {
      eft_[at(t)] = finish_[at(t)];
      est_[at(t)] = start_[at(t)];
      continue;
    }
    double base = std::max({last_start_, head(t), tables_.head[at(t)]});
    if (fixed()) base = std::max(base, fixed_head_[at(t)]);
    double earliest = kInf, earliest_start = kInf;
    const int only = fixed() ? allocation_[at(t)] : -1;
    for (int p = only < 0 ? 0 : only; p < (only < 0 ? P_ : only + 1); ++p) {
      // Processors of one orbit have the same ready time and the same delays from the placed
      // tasks: one of them stands for all.
      if (lead && (*lead)[at(p)] != p) continue;
      double s = std::max(base, ready_[at(p)]);
      for (int e : g_.in_edges(t)) {
        const int u = g_.edge(e).from;
        const int q = proc_[at(u)];
        if (q >= 0) s = std::max(s, finish_[at(u)] + (q == p ? 0.0 : problem_.edge_delay(e, q, p)));
        // Under an allocation, an unplaced predecessor elsewhere sends its data after its delay.
        else if (only >= 0 && allocation_[at(u)] != p) s = std::max(s, eft_[at(u)] + problem_.edge_delay(e, allocation_[at(u)], p));
      }
      earliest = std::min(earliest, s + tables_.time(t, p));
      earliest_start = std::min(earliest_start, s);
      first_[at(p)] = std::min(first_[at(p)], s);
      if (lead && last_on_[at(p)] < 0) heads_[at(p)].push_back(s);
    }
    eft_[at(t)] = earliest;
    est_[at(t)] = earliest_start;
    bound = std::max(bound, earliest + tail(t));
  }
  // The empty processors of one orbit each take a different task first: the k-th of them is
  // not free before the k-th least earliest start there (every one of them not before the least).
  if (lead) {
    std::fill(taken_.begin(), taken_.end(), 0);
    for (int p = 0; p < P_; ++p)
      if (const int l = (*lead)[at(p)]; l == p && heads_[at(p)].size() > 1) std::sort(heads_[at(p)].begin(), heads_[at(p)].end());
  }
  for (int p = 0; p < P_; ++p) {
    const int l = lead ? (*lead)[at(p)] : p;
    double first = first_[at(l)];
    if (lead && last_on_[at(p)] < 0 && last_on_[at(l)] < 0) {
      const std::vector<double>& heads = heads_[at(l)];
      const std::size_t k = at(taken_[at(l)]++);
      first = k < heads.size() ? heads[k] : kInf;
    }
    committed_[at(p)] = std::max({ready_[at(p)], last_start_, first == kInf ? 0.0 : first});
  }
  profile_.reset(tables_, committed_);
  bound = std::max(bound, profile_.level(remaining_));
  // On a time grid, a better schedule ends a step before the best: the unplaced tasks must then
  // fit, as whole times, in the rooms the processors have left by that end less the least tail
  // (a processor's last task is followed by its tail).
  if (!fixed() && packing_.applies() && !std::isinf(best_.makespan) && bound < best_.prune_level()) {
    unplaced_list_.clear();
    double least_tail = kInf;
    for (int t = 0; t < n_; ++t)
      if (proc_[at(t)] < 0) {
        unplaced_list_.push_back(t);
        least_tail = std::min(least_tail, tail(t));
      }
    if (!packing_.fits(committed_, best_.makespan - best_.step - least_tail, unplaced_list_)) return best_.makespan;
  }
  if (fixed()) {
    if (some_processor_stuck()) return kInf;
    bound = std::max(bound, per_processor_bound());
  }
  return std::max(bound, closure_(tables_, profile_, unplaced_, eft_, est_));
}

// Under an allocation each processor runs its unplaced tasks one after another, none before the
// processor is free and the last start, none before its earliest start, each followed by its
// tail: one_machine_bound, or the whole orders' when they decide the pruning.
double ListSearch::per_processor_bound() {
  double bound = 0;
  for (int p = 0; p < P_; ++p) {
    on_processor_.clear();
    const double floor = std::max(ready_[at(p)], last_start_);
    for (int t = 0; t < n_; ++t)
      if (proc_[at(t)] < 0 && allocation_[at(t)] == p)
        on_processor_.push_back({std::max(est_[at(t)], floor), tables_.time(t, p), tail(t)});
    bound = std::max(bound, one_machine_bound_below(on_processor_, best_.prune_level(), kOneMachineNodes));
  }
  return bound;
}

// Under an allocation, a processor whose every unplaced task can never come next is a dead end:
// a task whose predecessors are all placed starts at a fixed time there until the processor
// takes another task, so if that time is before the last start (or the task's adjacent exchange
// with the processor's last task rules it out) it cannot be appended now or later unless some
// other task of the processor goes first; when all the processor's other unplaced tasks descend
// from such stuck tasks, none can. (Needs the tables' descendant sets; false without them.)
bool ListSearch::some_processor_stuck() {
  const int W = tables_.words;
  if (W == 0 || in_phase()) return false;
  const int floor = exchange_floor();
  stuck_.resize(at(W));
  for (int p = 0; p < P_; ++p) {
    std::fill(stuck_.begin(), stuck_.end(), 0);
    bool any = false;
    for (int t = 0; t < n_; ++t) {
      if (proc_[at(t)] >= 0 || allocation_[at(t)] != p || waiting_[at(t)] != 0) continue;
      const double drt = data_ready(t, p);
      const double s = std::max(ready_[at(p)], drt);
      const int u = last_on_[at(p)];
      if (s < last_start_ || (u >= 0 && position_[at(u)] >= floor && exchange_.dominated(u, drt_[at(u)], t, drt, p))) {
        any = true;
        const std::size_t base = at(t) * at(W);
        for (int w = 0; w < W; ++w) stuck_[at(w)] |= tables_.descendants[base + at(w)];
        stuck_[at(t / 64)] |= std::uint64_t{1} << (t % 64);
      }
    }
    if (!any) continue;
    bool dead = true;
    for (int t = 0; t < n_ && dead; ++t)
      if (proc_[at(t)] < 0 && allocation_[at(t)] == p && !(stuck_[at(t / 64)] >> (t % 64) & 1U)) dead = false;
    if (dead) return true;
  }
  return false;
}

// When the free tasks pass the fixed-order test (fixed_task_order.hpp), the search places them
// in that order from here on, each on any processor, and suspends the start-time order while it
// does (the last start and last task forgotten: they would forbid the order's earlier starts).
// After the phase its tasks are out of the adjacent-exchange rule: the rule swaps two tasks of
// one completion, and across the phase's end that would move a task the phase has fixed. The
// tasks after the phase all descend from the phase's tasks, so they start after all of them: the
// start-time order resumes from zero among themselves.
void ListSearch::enter_phase_if_fixed_order() {
  const int W = tables_.words;
  if (!exchange_.enabled() || W == 0) return;
  free_.clear();
  for (int t = 0; t < n_; ++t)
    if (proc_[at(t)] < 0 && waiting_[at(t)] == 0) free_.push_back(t);
  if (free_.size() < 2) return;
  // (a) every other unplaced task descends from every free one.
  common_.assign(at(W), ~std::uint64_t{0});
  for (int t : free_)
    for (int w = 0; w < W; ++w) common_[at(w)] &= tables_.descendants[at(t) * at(W) + at(w)];
  for (int t = 0; t < n_; ++t)
    if (proc_[at(t)] < 0 && waiting_[at(t)] != 0 && !(common_[at(t / 64)] >> (t % 64) & 1U)) return;
  // (b) the order.
  drt_rows_.resize(free_.size() * at(P_));
  for (std::size_t i = 0; i < free_.size(); ++i)
    for (int p = 0; p < P_; ++p) drt_rows_[i * at(P_) + at(p)] = data_ready(free_[i], p);
  std::vector<int> order = fixed_task_order(free_, drt_rows_, P_, exchange_);
  if (order.empty()) return;
  Phase phase{placed_, std::move(order), {}, used_, false, {}};
  for (int t : phase.order)
    for (int e : g_.out_edges(t)) phase.successors.push_back(g_.edge(e).to);
  std::sort(phase.successors.begin(), phase.successors.end());
  phase.successors.erase(std::unique(phase.successors.begin(), phase.successors.end()), phase.successors.end());
  // Memo: without an allocation (under one the phase is a single path) and while few successors
  // carry the phase's placements on.
  phase.compared = !fixed() && phase.successors.size() <= kMemoSuccessors;
  if (phase.compared) {
    std::size_t outer = 0;
    for (const Phase& before : phases_) outer += before.memo.kept();
    const std::size_t room = outer < kMemoBudget ? kMemoBudget - outer : 0;
    phase.memo.reset(static_cast<int>(phase.order.size()) + 1, 1 + at(P_) * (1 + phase.successors.size()),
                     std::min(kMemoCapacity, room));
  }
  phases_.push_back(std::move(phase));
  last_start_ = 0;
  last_ = -1;
}

// When c's data from its placed predecessors is on p.
double ListSearch::arrival(int c, int p) const {
  double r = 0;
  for (int e : g_.in_edges(c)) {
    const int u = g_.edge(e).from;
    const int q = proc_[at(u)];
    if (q >= 0) r = std::max(r, finish_[at(u)] + (q == p ? 0.0 : problem_.edge_delay(e, q, p)));
  }
  return r;
}

// Two states of one phase with as many of its tasks placed differ only in where those went. What
// the rest of the search can see of that: each processor's finish, the makespan so far, and when
// the data of the phase's tasks reaches each of their successors on each processor (the other
// placed tasks and the unplaced set are the same). A state no better in all of these than one
// seen before in the phase cannot lead to a shorter schedule than that one's completions, which
// the search has explored (depth first) or is exploring: the same choices from the earlier state
// give every task a time no later. On a machine whose processors are all alike, the processors
// that held no task when the phase began are interchangeable, so their entries are sorted first.
bool ListSearch::dominated_in_phase() {
  if (phases_.empty()) return false;
  Phase& phase = phases_.back();
  const int k = placed_ - phase.begin;
  if (!phase.compared || k < 1 || k > static_cast<int>(phase.order.size())) return false;
  const std::size_t width = 1 + phase.successors.size();
  tuples_.resize(at(P_) * width);
  for (int p = 0; p < P_; ++p) {
    double* row = &tuples_[at(p) * width];
    row[0] = ready_[at(p)];
    for (std::size_t i = 0; i < phase.successors.size(); ++i) row[i + 1] = arrival(phase.successors[i], p);
  }
  key_.clear();
  key_.push_back(makespan_);
  tuple_order_.clear();
  for (int p = 0; p < P_; ++p) {
    if (alike_ && !(phase.settled >> p & 1U)) {
      tuple_order_.push_back(at(p));
      continue;
    }
    key_.insert(key_.end(), tuples_.begin() + static_cast<std::ptrdiff_t>(at(p) * width),
                tuples_.begin() + static_cast<std::ptrdiff_t>(at(p) * width + width));
  }
  std::sort(tuple_order_.begin(), tuple_order_.end(), [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(&tuples_[a * width], &tuples_[a * width] + width, &tuples_[b * width],
                                        &tuples_[b * width] + width);
  });
  for (std::size_t p : tuple_order_)
    key_.insert(key_.end(), tuples_.begin() + static_cast<std::ptrdiff_t>(p * width),
                tuples_.begin() + static_cast<std::ptrdiff_t>(p * width + width));
  return phase.memo.dominated_or_keep(k, key_);
}

// A cheap bound for the child placing t on p at s, from its parent's full bound: the chain
// after t, and the load with t's processor and the last start moved on.
double ListSearch::child_bound(double parent, int t, int p, double s) {
  const double finish = s + tables_.time(t, p);
  double bound = std::max({parent, finish + tail(t), makespan_});
  // Later tasks start at s or after, but for the tasks of a fixed-order phase (enter_phase_if_fixed_order).
  const double floor = in_phase() ? 0.0 : s;
  for (int q = 0; q < P_; ++q) committed_[at(q)] = std::max(q == p ? finish : ready_[at(q)], floor);
  return std::max(bound, load_bound(tables_, committed_, remaining_ - tables_.load_of(t)));
}

void ListSearch::children(double parent_bound, std::vector<Child>& out) {
  out.clear();
  const std::vector<int>* lead = leaders();
  const double level = best_.prune_level();
  const int last_proc = last_ >= 0 ? proc_[at(last_)] : -1;
  const auto by_bound = [](const Child& a, const Child& b) {
    if (a.bound != b.bound) return a.bound < b.bound;
    if (a.start != b.start) return a.start < b.start;
    if (a.task != b.task) return a.task < b.task;
    return a.proc < b.proc;
  };
  if (in_phase()) {  // the order's next task, on each processor
    const Phase& phase = phases_.back();
    const int t = phase.order[at(placed_ - phase.begin)];
    const int only = fixed() ? allocation_[at(t)] : -1;
    for (int p = only < 0 ? 0 : only; p < (only < 0 ? P_ : only + 1); ++p) {
      if (lead && (*lead)[at(p)] != p) continue;
      const double s = std::max(ready_[at(p)], data_ready(t, p));
      const double b = child_bound(parent_bound, t, p, s);
      if (b < level) out.push_back({b, s, t, p});
    }
    std::sort(out.begin(), out.end(), by_bound);
    return;
  }
  const int floor = exchange_floor();
  for (int t = 0; t < n_; ++t) {
    if (proc_[at(t)] >= 0 || waiting_[at(t)] != 0) continue;
    // Equivalent tasks go in index order; under an allocation only when on one processor (else
    // the swap would change the allocation).
    if (const int e = equivalent_[at(t)]; e >= 0 && proc_[at(e)] < 0 && (!fixed() || allocation_[at(e)] == allocation_[at(t)]))
      continue;
    const bool after_last = last_ >= 0 && t < last_ && !needs(t, last_);
    const int only = fixed() ? allocation_[at(t)] : -1;
    for (int p = only < 0 ? 0 : only; p < (only < 0 ? P_ : only + 1); ++p) {
      if (lead && (*lead)[at(p)] != p) continue;
      const double drt = data_ready(t, p);
      const double s = std::max(ready_[at(p)], drt);
      if (s < last_start_) continue;  // it would have been appended before the last task
      if (s == last_start_ && after_last && p != last_proc) continue;  // ties in task order
      if (const int u = last_on_[at(p)]; u >= 0 && position_[at(u)] >= floor && exchange_.dominated(u, drt_[at(u)], t, drt, p))
        continue;
      const double b = child_bound(parent_bound, t, p, s);
      if (b >= level) continue;
      out.push_back({b, s, t, p});
    }
  }
  std::sort(out.begin(), out.end(), by_bound);
}

SearchProgress ListSearch::advance(SearchBudget& budget, std::uint64_t pause_at) {
  while (depth_ >= 0) {
    std::vector<Child>& frame = frames_[at(depth_)];
    std::size_t& i = next_[at(depth_)];
    if (i == frame.size() || frame[i].bound >= best_.prune_level()) {
      i = frame.size();
      if (depth_ > 0) undo(undo_log_[at(depth_)]);
      --depth_;
      continue;
    }
    if (budget.states() >= pause_at) return SearchProgress::paused;
    if (budget.exhausted()) return SearchProgress::stopped;
    const Child c = frame[i++];
    apply(c, undo_log_[at(depth_ + 1)]);
    if (placed_ == n_) {
      if (makespan_ < best_.prune_level()) {
        best_.makespan = makespan_;
        best_.placements.clear();
        for (int t : sequence_) best_.placements.push_back({t, TaskPlacement{proc_[at(t)], start_[at(t)], finish_[at(t)]}});
      }
      undo(undo_log_[at(depth_ + 1)]);
      continue;
    }
    const double bound = std::max(c.bound, full_bound());
    if (bound >= best_.prune_level()) {
      undo(undo_log_[at(depth_ + 1)]);
      continue;
    }
    if (dominated_in_phase()) {
      undo(undo_log_[at(depth_ + 1)]);
      continue;
    }
    if (!in_phase()) enter_phase_if_fixed_order();
    ++depth_;
    children(bound, frames_[at(depth_)]);
    next_[at(depth_)] = 0;
  }
  return SearchProgress::done;
}

// What is left unexplored is the children after each frame's cursor; the least of their bounds
// (sorted, so the first) bounds every schedule not yet seen.
double ListSearch::unexplored() const {
  double least = kInf;
  for (int d = 0; d <= depth_; ++d) {
    const std::vector<Child>& frame = frames_[at(d)];
    if (next_[at(d)] < frame.size()) least = std::min(least, frame[next_[at(d)]].bound);
  }
  return std::max(least, root_);
}

}  // namespace mpnsim
