// The makespan lower bound: critical paths with unavoidable communication, work, load density.
#include "schedulers/dag/lower_bound.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>

#include "schedulers/dag/message_floor.hpp"
#include "sim/time_tolerance.hpp"

namespace mpnsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Past this many neighbours the exact one-processor sequence (quadratic in them) gives way to a
// relaxation of it that is linear: a join of 10^4 predecessors must not cost 10^8 steps.
constexpr std::size_t kExactNeighbours = 64;

// One neighbour of a task as the split below sees it: `when` is its release (a predecessor's
// earliest start) or its tail (a successor's), `exec` its least time, `apart` the bound on the
// task's start (or on what follows its finish) when the neighbour sits on another processor.
struct Neighbour {
  double when, exec, apart;
};

// The least time the neighbours kept on the task's processor take there, one after another, each
// no sooner than its `when`: sorted by `when`, each as soon as possible. For predecessors with
// their earliest starts as release dates this is the optimal sequence on one machine
// (1|r_j|Cmax, earliest release first). For successors it is the mirror problem, one machine
// with tails (1|q_j|Cmax, Jackson's rule: largest tail first), which reversed in time is the
// same problem with the tails as release dates, so the same computation gives it.
// `local` is sorted by `when`.
double one_processor_time(const std::vector<Neighbour>& local) {
  double t = 0;
  for (const Neighbour& n : local) t = std::max(t, n.when) + n.exec;
  return t;
}

// Al-Mouhamed's split (IEEE TSE 16(12), 1990) of a task's predecessors: those on its processor
// run one after another before it, the others' data must cross a link. Whichever set shares
// the processor, the task cannot start before max(the shared ones' sequence, the latest
// remote arrival), so the least of that over every choice bounds every schedule. Keeping the
// k neighbours of latest remote arrival is best among sets of k (the sequence only grows with
// the set, the remote part only falls), so the k = 0..m prefixes of that order suffice.
// The successors' split is the mirror image (see one_processor_time). `neighbours` is
// reordered; `local` is scratch.
// A single neighbour, the common case, without the machinery: shared or apart.
double lone_neighbour_bound(const Neighbour& n) { return std::min(n.apart, std::max(0.0, n.when) + n.exec); }

double split_bound(std::vector<Neighbour>& neighbours, std::vector<Neighbour>& local) {
  if (neighbours.empty()) return 0;
  if (neighbours.size() == 1) return lone_neighbour_bound(neighbours.front());
  auto later = [](const Neighbour& x, const Neighbour& y) { return x.apart > y.apart; };
  if (neighbours.size() <= 8) {  // most tasks have a few: a plain insertion sort is quickest
    for (std::size_t i = 1; i < neighbours.size(); ++i)
      for (std::size_t j = i; j > 0 && later(neighbours[j], neighbours[j - 1]); --j) std::swap(neighbours[j], neighbours[j - 1]);
  } else {
    std::sort(neighbours.begin(), neighbours.end(), later);
  }
  const bool exact = neighbours.size() <= kExactNeighbours;
  double best = neighbours.front().apart;  // none shares the processor
  local.clear();
  // Past kExactNeighbours, a relaxation of the sequence: it ends no sooner than any shared
  // neighbour's `when` plus its time, nor than the first `when` plus all their times.
  double latest_end = 0, earliest = kInf, total = 0;
  for (std::size_t k = 0; k < neighbours.size(); ++k) {
    const Neighbour& n = neighbours[k];
    double shared;
    if (exact) {
      local.insert(std::upper_bound(local.begin(), local.end(), n,
                                    [](const Neighbour& x, const Neighbour& y) { return x.when < y.when; }),
                   n);
      shared = one_processor_time(local);
    } else {
      latest_end = std::max(latest_end, n.when + n.exec);
      earliest = std::min(earliest, n.when);
      total += n.exec;
      shared = std::max(latest_end, earliest + total);
    }
    const double apart = k + 1 < neighbours.size() ? neighbours[k + 1].apart : 0.0;
    best = std::min(best, std::max(shared, apart));
    if (shared >= best) break;  // the shared part only grows from here
  }
  return best;
}

}  // namespace

double min_message_time(const MachineSpec& machine, double data) {
  return MessageFloor(machine).time(data);
}

std::vector<double> min_exec_times(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  std::vector<double> exec(at(g.size()));
  if (const CostTable* c = g.costs()) {
    for (int t = 0; t < g.size(); ++t) {
      double m = kInf;
      for (int p = 0; p < c->processors(); ++p) m = std::min(m, c->at(t, p));
      exec[at(t)] = m;
    }
    return exec;
  }
  double w = kInf;
  for (const ProcessorSpec& p : problem.machine.processors) w = std::min(w, p.w);
  for (int t = 0; t < g.size(); ++t) exec[at(t)] = g.work(t) * w * problem.machine.Tcp;
  return exec;
}

namespace {

double longest_path(const TaskGraph& g, const std::vector<int>& topo, const std::vector<double>& exec) {
  std::vector<double> finish(at(g.size()), 0.0);
  double longest = 0;
  for (int v : topo) {
    double start = 0;
    for (int e : g.in_edges(v)) start = std::max(start, finish[at(g.edge(e).from)]);
    finish[at(v)] = start + exec[at(v)];
    longest = std::max(longest, finish[at(v)]);
  }
  return longest;
}

// A task's neighbours over `edges` (its predecessors when `incoming`, else its successors) with
// the least time of their message: two edges between the same two tasks are two messages, and
// the later counts (a neighbour counts once). Such twins are rare: a short list is checked pair
// by pair and sorted only when it holds one, so that the usual task costs no sort.
void gather_neighbours(const TaskGraph& g, std::span<const int> edges, bool incoming, const MessageFloor& floor,
                       std::vector<std::pair<int, double>>& by_task) {
  by_task.clear();
  for (int e : edges) {
    const DagEdge& d = g.edge(e);
    by_task.emplace_back(incoming ? d.from : d.to, floor.time(d.data));
  }
  const std::size_t k = by_task.size();
  if (k < 2) return;
  if (k <= 8) {
    bool twins = false;
    for (std::size_t i = 1; i < k && !twins; ++i)
      for (std::size_t j = 0; j < i; ++j) twins = twins || by_task[i].first == by_task[j].first;
    if (!twins) return;
  }
  std::sort(by_task.begin(), by_task.end());
  std::size_t kept = 0;
  for (std::size_t i = 0; i < k; ++i) {
    if (kept > 0 && by_task[kept - 1].first == by_task[i].first)
      by_task[kept - 1].second = std::max(by_task[kept - 1].second, by_task[i].second);
    else
      by_task[kept++] = by_task[i];
  }
  by_task.resize(kept);
}

// Up to this many tasks, each task's ancestors and descendants are held as bit sets (n^2 / 8
// bytes: 0.5 MB here) for the closure refinement of task_windows; past it that refinement is
// left out (it matters most on small graphs with costly messages).
constexpr int kClosureTasks = 2048;

// Graphs of at most this many tasks try every task as the reference of colocation_bound.
constexpr int kAllReferences = 64;

// The density step draws its candidate interval ends from at most about this many tasks.
constexpr std::size_t kDensitySample = 4096;

// The closure refinement of one pass (forwards: starts over ancestors; backwards: tails over
// descendants). A task v and all its ancestors form a weakly connected set: either it all runs
// on v's processor, where the ancestors run one after another before v starts, so v starts no
// sooner than their total least time; or one of its edges (x, y) joins two processors, and v
// starts no sooner than that message's arrival at y plus the path from y to v. `reach` is
// the least of that over the edges, by the same recursion as a longest path: through an edge
// into v, max(start, reach) of a predecessor plus its time. Backwards the same gives tails.
class Closure {
 public:
  explicit Closure(int n) : words_((static_cast<std::size_t>(n) + 63) / 64) {
    if (n <= kClosureTasks) sets_.assign(static_cast<std::size_t>(n) * words_, 0);
    reach_.assign(at(n), kInf);
  }
  bool on() const { return !sets_.empty(); }
  // Task v's set is the union of its neighbours' sets and the neighbours; returns its total
  // least time, and sets v's reach from the neighbour bounds `bound` and the message floors.
  double add(int v, std::span<const std::pair<int, double>> neighbours, const std::vector<double>& bound,
             const std::vector<double>& exec) {
    std::uint64_t* mine = &sets_[at(v) * words_];
    double reach = kInf;
    for (const auto& [u, message] : neighbours) {
      const std::uint64_t* theirs = &sets_[at(u) * words_];
      for (std::size_t k = 0; k < words_; ++k) mine[k] |= theirs[k];
      mine[at(u) / 64] |= std::uint64_t{1} << (at(u) % 64);
      reach = std::min({reach, bound[at(u)] + exec[at(u)] + message,
                        std::max(bound[at(u)], reach_[at(u)]) + exec[at(u)]});
    }
    reach_[at(v)] = reach;
    double total = 0;
    for (std::size_t k = 0; k < words_; ++k)
      for (std::uint64_t bits = mine[k]; bits != 0; bits &= bits - 1)
        total += exec[k * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
    return std::min(total, reach);
  }
  void clear() {
    std::fill(sets_.begin(), sets_.end(), 0);
    std::fill(reach_.begin(), reach_.end(), kInf);
  }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> sets_;
  std::vector<double> reach_;
};

// The windows, and into `critical_path` (when given) the longest path of least times without
// communication, found in the same pass.
TaskWindows windows_in_order(const DagProblem& problem, const std::vector<int>& topo, std::vector<double> exec,
                             double* critical_path = nullptr) {
  const TaskGraph& g = problem.graph;
  const std::size_t n = at(g.size());
  TaskWindows w;
  w.exec = std::move(exec);
  w.start.assign(n, 0.0);
  w.tail.assign(n, 0.0);
  // What a pass reads of each neighbour, side by side so that one cache line holds it: the
  // bound found so far (start forwards, tail backwards), the least time and, forwards, the
  // earliest start without messages (for the critical path). On large graphs these reads,
  // scattered over the tasks, are most of the cost.
  struct Slot {
    double bound, exec, plain;
  };
  std::vector<Slot> slot(n);
  for (std::size_t t = 0; t < n; ++t) slot[t] = {0.0, w.exec[t], 0.0};
  std::vector<std::pair<int, double>> by_task;
  std::vector<Neighbour> neighbours, local;
  const MessageFloor message_floor(problem.machine);
  // Cache hints: a task's edges lie anywhere among the graph's, and so do its neighbours'
  // slots; ask for the edges a few tasks ahead and, once those are near, for the slots.
  auto prefetch = [&](std::size_t i, bool incoming) {
    auto order = [&](std::size_t k) { return incoming ? topo[k] : topo[n - 1 - k]; };
    auto edges = [&](int t) { return incoming ? g.in_edges(t) : g.out_edges(t); };
    if (i + 6 < n)
      for (int e : edges(order(i + 6))) __builtin_prefetch(&g.edge(e));
    if (i + 3 < n)
      for (int e : edges(order(i + 3))) {
        const DagEdge& d = g.edge(e);
        __builtin_prefetch(&slot[at(incoming ? d.from : d.to)]);
      }
  };
  Closure closure(g.size());
  for (std::size_t i = 0; i < n; ++i) {
    const int v = topo[i];
    prefetch(i, true);
    Slot& mine = slot[at(v)];
    const std::span<const int> in = g.in_edges(v);
    if (in.size() <= 1 && !closure.on()) {  // no neighbour or one: no list to build
      double ready = 0;
      mine.bound = 0;
      if (!in.empty()) {
        const DagEdge& d = g.edge(in.front());
        const Slot& s = slot[at(d.from)];
        mine.bound = lone_neighbour_bound({s.bound, s.exec, s.bound + s.exec + message_floor.time(d.data)});
        ready = s.plain + s.exec;
      }
      mine.plain = ready;
      if (critical_path) *critical_path = std::max(*critical_path, ready + mine.exec);
      continue;
    }
    gather_neighbours(g, in, true, message_floor, by_task);
    neighbours.clear();
    double ready = 0;
    for (const auto& [u, message] : by_task) {
      const Slot& s = slot[at(u)];
      neighbours.push_back({s.bound, s.exec, s.bound + s.exec + message});
      ready = std::max(ready, s.plain + s.exec);
    }
    mine.plain = ready;
    if (critical_path) *critical_path = std::max(*critical_path, ready + mine.exec);
    mine.bound = split_bound(neighbours, local);
    if (closure.on()) {
      mine.bound = std::max(mine.bound, closure.add(v, by_task, w.start, w.exec));
      w.start[at(v)] = mine.bound;  // the closure reads the starts found so far
    }
  }
  for (std::size_t t = 0; t < n; ++t) {
    w.start[t] = slot[t].bound;
    slot[t].bound = 0;
  }
  // Backwards: what must follow a task's finish. A successor s elsewhere waits for the message,
  // then runs, then has its own tail; those on the task's processor run one after another from
  // its finish, each followed by its tail.
  if (closure.on()) closure.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const int v = topo[n - 1 - i];
    prefetch(i, false);
    Slot& mine = slot[at(v)];
    const std::span<const int> out = g.out_edges(v);
    if (out.size() <= 1 && !closure.on()) {
      mine.bound = 0;
      if (!out.empty()) {
        const DagEdge& d = g.edge(out.front());
        const Slot& s = slot[at(d.to)];
        mine.bound = lone_neighbour_bound({s.bound, s.exec, message_floor.time(d.data) + s.exec + s.bound});
      }
      continue;
    }
    gather_neighbours(g, out, false, message_floor, by_task);
    neighbours.clear();
    for (const auto& [u, message] : by_task) {
      const Slot& s = slot[at(u)];
      neighbours.push_back({s.bound, s.exec, message + s.exec + s.bound});
    }
    mine.bound = split_bound(neighbours, local);
    if (closure.on()) {
      mine.bound = std::max(mine.bound, closure.add(v, by_task, w.tail, w.exec));
      w.tail[at(v)] = mine.bound;
    }
  }
  for (std::size_t t = 0; t < n; ++t) w.tail[t] = slot[t].bound;
  return w;
}

}  // namespace

double min_cost_critical_path(const DagProblem& problem) {
  return longest_path(problem.graph, topological_order(problem.graph), min_exec_times(problem));
}

TaskWindows task_windows(const DagProblem& problem) {
  return windows_in_order(problem, topological_order(problem.graph), min_exec_times(problem));
}

double communication_path_bound(const TaskWindows& w) {
  double longest = 0;
  for (std::size_t t = 0; t < w.exec.size(); ++t) longest = std::max(longest, w.start[t] + w.exec[t] + w.tail[t]);
  return longest;
}

namespace {

// The least T at which one processor free over [here, T] (here: its least start plus least
// tail) and P - 1 processors free over [away, T] hold `work`: capacity max(0, T - here) +
// (P - 1) max(0, T - away), which grows with T piece by piece.
double two_sided_load(double work, double here, double away, int processors) {
  if (processors <= 1 || away == kInf) return here + work;
  const double others = processors - 1;
  if (here <= away) {
    if (work <= away - here) return here + work;  // done before the others may start
    return away + (work - (away - here)) / processors;
  }
  if (work <= others * (here - away)) return away + work / others;
  return here + (work - others * (here - away)) / processors;
}

}  // namespace

double colocation_bound(const DagProblem& problem, TaskWindows& w, int reference) {
  const TaskGraph& g = problem.graph;
  const std::vector<int> topo = topological_order(g);
  const MessageFloor message_floor(problem.machine);
  const std::size_t n = at(g.size());
  // start[0][v], tail[0][v]: v on the reference's processor; [1]: elsewhere. Infinite when
  // impossible (the reference elsewhere than itself).
  std::vector<double> start[2] = {std::vector<double>(n), std::vector<double>(n)};
  std::vector<double> tail[2] = {std::vector<double>(n), std::vector<double>(n)};
  std::vector<std::pair<int, double>> by_task;
  std::vector<Neighbour> neighbours, local;
  // One pass, forwards (starts over predecessors) or backwards (tails over successors). With v
  // on the reference's processor, a neighbour there shares v's processor (`when`: its own
  // bound there) and one elsewhere sends a message (`apart`: from its bound elsewhere). With v
  // elsewhere, a neighbour on the reference's processor sends a message, and one elsewhere may
  // share v's processor or not: its message leaves after the lesser of its two bounds.
  auto pass = [&](bool forwards, std::vector<double>* bound, std::vector<double>& unconditioned) {
    for (std::size_t i = 0; i < n; ++i) {
      const int v = forwards ? topo[i] : topo[n - 1 - i];
      gather_neighbours(g, forwards ? g.in_edges(v) : g.out_edges(v), forwards, message_floor, by_task);
      for (int here = 0; here < 2; ++here) {
        if (here == 1 && v == reference) {
          bound[1][at(v)] = kInf;
          continue;
        }
        neighbours.clear();
        for (const auto& [u, message] : by_task) {
          const double there = bound[0][at(u)], elsewhere = bound[1][at(u)];
          const double sent = (here == 0 ? elsewhere : std::min(there, elsewhere)) + w.exec[at(u)] + message;
          neighbours.push_back({here == 0 ? there : elsewhere, w.exec[at(u)], sent});
        }
        bound[here][at(v)] = std::max(split_bound(neighbours, local), unconditioned[at(v)]);
      }
      unconditioned[at(v)] = std::max(unconditioned[at(v)], std::min(bound[0][at(v)], bound[1][at(v)]));
    }
  };
  pass(true, start, w.start);
  pass(false, tail, w.tail);
  // v is on the reference's processor or not, the same for its start and its tail.
  double longest = 0;
  for (std::size_t v = 0; v < n; ++v)
    longest = std::max(longest, std::min(start[0][v] + w.exec[v] + tail[0][v], start[1][v] + w.exec[v] + tail[1][v]));
  // The load of the two sides: whatever runs on the reference's processor runs there between the
  // least start and the least tail of that side, and whatever runs elsewhere shares the other
  // P - 1 processors between the least start and tail of the other side (a fork's branches sent
  // away start no sooner than the fork plus a message). Every task is on one side, so the work
  // fits in the two capacities together.
  double work = 0, head_here = kInf, tail_here = kInf, head_away = kInf, tail_away = kInf;
  for (std::size_t v = 0; v < n; ++v) {
    work += w.exec[v];
    head_here = std::min(head_here, start[0][v]);
    tail_here = std::min(tail_here, tail[0][v]);
    head_away = std::min(head_away, start[1][v]);
    tail_away = std::min(tail_away, tail[1][v]);
  }
  return std::max(longest, two_sided_load(work, head_here + tail_here, head_away + tail_away, problem.processors()));
}

double spread_bound(const DagProblem& problem, const TaskWindows& w) {
  const TaskGraph& g = problem.graph;
  const int n = g.size();
  if (n == 0) return 0;
  // Weakly connected parts, by union-find over the edges.
  std::vector<int> root(at(n));
  for (int t = 0; t < n; ++t) root[at(t)] = t;
  auto find = [&](int t) {
    while (root[at(t)] != t) t = root[at(t)] = root[at(root[at(t)])];
    return t;
  };
  std::vector<int> size(at(n), 1);
  for (const DagEdge& e : g.edges()) {
    int a = find(e.from), b = find(e.to);
    if (a == b) continue;
    if (size[at(a)] < size[at(b)]) std::swap(a, b);
    root[at(b)] = a;  // the smaller part under the larger: short paths to the roots
    size[at(a)] += size[at(b)];
  }
  std::vector<int> part(at(n));
  int parts = 0;
  std::vector<int> index(at(n), -1);
  for (int t = 0; t < n; ++t) {
    const int r = find(t);
    if (index[at(r)] < 0) index[at(r)] = parts++;
    part[at(t)] = index[at(r)];
  }
  // All of a part on one processor p: it runs there one task after another, sum of exec(t, p).
  std::vector<double> alone(at(parts), kInf), sum(at(parts));
  if (g.costs()) {
    for (int p = 0; p < problem.processors(); ++p) {
      std::fill(sum.begin(), sum.end(), 0.0);
      for (int t = 0; t < n; ++t) sum[at(part[at(t)])] += problem.exec_time(t, p);
      for (int c = 0; c < parts; ++c) alone[at(c)] = std::min(alone[at(c)], sum[at(c)]);
    }
  } else {
    std::fill(alone.begin(), alone.end(), 0.0);
    for (int t = 0; t < n; ++t) alone[at(part[at(t)])] += w.exec[at(t)];
  }
  // Otherwise some edge (u, v) of the part joins two processors: its message crosses a link
  // after u finishes, and v runs after it, then v's tail.
  std::vector<double> crossing(at(parts), kInf);
  const MessageFloor message_floor(problem.machine);
  for (const DagEdge& e : g.edges()) {
    const double arrive = w.start[at(e.from)] + w.exec[at(e.from)] + message_floor.time(e.data);
    const double through = std::max(arrive, w.start[at(e.to)]) + w.exec[at(e.to)] + w.tail[at(e.to)];
    double& c = crossing[at(part[at(e.from)])];
    c = std::min(c, through);
  }
  double bound = 0;
  for (int c = 0; c < parts; ++c) bound = std::max(bound, std::min(alone[at(c)], crossing[at(c)]));
  return bound;
}

double work_bound(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const int processors = problem.processors();
  if (g.size() == 0) return 0;
  if (g.costs()) {
    // Unrelated processors: each task takes at least its least time somewhere.
    double total = 0;
    for (double e : min_exec_times(problem)) total += e;
    return total / processors;
  }
  // Related processors, speed 1 / (w_p Tcp). Any k tasks sit on at most k processors, which
  // together do at most (the k fastest speeds) * T units of work by time T; the k largest
  // works then give T >= their sum over those speeds. k = P is the whole work over all speeds.
  std::vector<double> speed;
  for (const ProcessorSpec& p : problem.machine.processors) {
    if (p.w == 0) return 0;  // an infinitely fast processor: no time is forced
    speed.push_back(1.0 / (p.w * problem.machine.Tcp));
  }
  std::sort(speed.begin(), speed.end(), std::greater<>());
  const std::span<const double> all = g.works();
  std::vector<double> largest(all.begin(), all.end());
  const std::size_t k_max = std::min(largest.size(), speed.size());
  std::partial_sort(largest.begin(), largest.begin() + static_cast<std::ptrdiff_t>(k_max), largest.end(),
                    std::greater<>());
  double bound = 0, works = 0, speeds = 0;
  for (std::size_t k = 0; k < k_max; ++k) {
    works += largest[k];
    speeds += speed[k];
    bound = std::max(bound, works / speeds);
  }
  double all_speeds = 0;
  for (double v : speed) all_speeds += v;
  return std::max(bound, g.total_work() / all_speeds);
}

double density_bound(const TaskWindows& w, int processors, double known, double evaluations) {
  const std::size_t n = w.exec.size();
  if (n == 0 || processors < 1) return known;
  const auto P = static_cast<std::size_t>(processors);
  // Candidate interval ends: a from the earliest starts, b (counted back from T) from the tails
  // (any a and b give a sound bound; these are where windows begin and end). On large graphs
  // from every k-th task only, so that sorting them stays cheap beside the pairs' passes.
  const std::size_t stride = (n + kDensitySample - 1) / kDensitySample;
  auto distinct = [&](const std::vector<double>& all) {
    std::vector<double> v;
    for (std::size_t t = 0; t < n; t += stride) v.push_back(all[t]);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  std::vector<double> starts = distinct(w.start), tails = distinct(w.tail);
  // Thin both evenly to keep pairs * n within the budget (deterministic: it depends on n alone).
  const double pairs = std::max(1.0, evaluations / static_cast<double>(n));
  const auto side = static_cast<std::size_t>(std::max(1.0, std::floor(std::sqrt(pairs))));
  auto thin = [](std::vector<double>& v, std::size_t keep) {
    if (v.size() <= keep) return;
    std::vector<double> kept;
    for (std::size_t i = 0; i < keep; ++i) kept.push_back(v[keep == 1 ? 0 : i * (v.size() - 1) / (keep - 1)]);
    v = std::move(kept);
  };
  if (static_cast<double>(starts.size()) * static_cast<double>(tails.size()) > pairs) {
    thin(starts, side);
    thin(tails, side);
  }
  // Each interval [a, T - b] gives: if T > a + b, then T >= a + b + x*, where x* is the least
  // length x > 0 with P x >= sum_v min(c_v, x), c_v the part of task v that its window forces
  // into the interval whatever its length (min of its time, how far it reaches past a when it
  // starts soonest, how far before T - b it must start when it finishes latest).
  // sum_v min(c_v, x) = min over k of (k x + the c's but the k largest), so x* is the least
  // over k < P of (the c's but the k largest) / (P - k).
  struct Candidate {
    double threshold, bound;
  };
  std::vector<Candidate> candidates;
  // Each pass keeps only the P - 1 largest c's (a heap, smallest on top: on large graphs most
  // c's fall below it at once), and reads each task's three figures from one array.
  struct Figures {
    double exec, earliest_end, latest_reach;  // exec, start + exec, tail + exec
  };
  std::vector<Figures> figures(n);
  for (std::size_t v = 0; v < n; ++v) figures[v] = {w.exec[v], w.start[v] + w.exec[v], w.tail[v] + w.exec[v]};
  const std::size_t top = P - 1;
  std::vector<double> largest;
  largest.reserve(top);
  for (double a : starts)
    for (double b : tails) {
      largest.clear();
      double total = 0;
      std::size_t count = 0;
      for (const Figures& f : figures) {
        const double c = std::min({f.exec, f.earliest_end - a, f.latest_reach - b});
        if (c <= 0) continue;
        total += c;
        ++count;
        if (largest.size() < top) {
          largest.push_back(c);
          std::push_heap(largest.begin(), largest.end(), std::greater<>());
        } else if (top > 0 && c > largest.front()) {
          std::pop_heap(largest.begin(), largest.end(), std::greater<>());
          largest.back() = c;
          std::push_heap(largest.begin(), largest.end(), std::greater<>());
        }
      }
      if (count <= P) continue;  // P processors can hold each task alone: x* = 0
      std::sort(largest.begin(), largest.end(), std::greater<>());
      double rest = total, x = total / static_cast<double>(P);
      for (std::size_t k = 1; k < P; ++k) {
        rest -= largest[k - 1];
        x = std::min(x, rest / static_cast<double>(P - k));
      }
      candidates.push_back({a + b, a + b + x});
    }
  // The interval is real only when T > a + b, which the bound so far proves when a + b is
  // below it (up to the shared tolerance, so that rounding never makes an empty interval
  // count). Raising the bound may make more intervals real: one pass in threshold order.
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& x, const Candidate& y) { return x.threshold < y.threshold; });
  double bound = known;
  for (const Candidate& c : candidates) {
    if (c.threshold >= bound || times_equal(c.threshold, bound)) break;
    bound = std::max(bound, c.bound);
  }
  return bound;
}

DagLowerBound dag_lower_bound(const DagProblem& problem) {
  DagLowerBound b;
  const std::vector<int> topo = topological_order(problem.graph);
  TaskWindows w = windows_in_order(problem, topo, min_exec_times(problem), &b.critical_path);
  b.communication_path = communication_path_bound(w);
  // On small graphs, the same conditioned on sharing a reference task's processor or not: every
  // task as the reference up to kAllReferences tasks, else the first and the last in
  // topological order and the task of the longest path through it.
  const int n = problem.graph.size();
  if (n > 0 && n <= kClosureTasks) {
    std::vector<int> references;
    if (n <= kAllReferences) {
      for (int t = 0; t < n; ++t) references.push_back(t);
    } else {
      int critical = 0;
      for (int t = 0; t < n; ++t)
        if (w.start[at(t)] + w.exec[at(t)] + w.tail[at(t)] > w.start[at(critical)] + w.exec[at(critical)] + w.tail[at(critical)])
          critical = t;
      references = {topo.front(), topo.back(), critical};
    }
    for (int r : references) b.communication_path = std::max(b.communication_path, colocation_bound(problem, w, r));
  }
  b.work = work_bound(problem);
  // Without a cost table the merge bound is never below the spread bound (it counts every part
  // whole, or some edge of it crossing); with one, a part alone on one processor may take more
  // than the sum of its least times, which only the spread bound sees.
  if (problem.graph.costs()) b.spread = spread_bound(problem, w);
  b.merge = merge_bound(problem, w, std::max({b.critical_path, b.communication_path, b.work, b.spread}));
  const double known = b.merge;
  b.density = density_bound(w, problem.processors(), known);
  b.value = std::max(known, b.density);
  return b;
}

}  // namespace mpnsim
