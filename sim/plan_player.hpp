// The plan player over any source of actions: validation, compilation into the player's
// compact state, and the run. Plan (sim/plan.hpp) is one source; a replay can be another,
// giving its actions from its own data without storing a Plan beside the player's state.
#pragma once

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sim/machine.hpp"
#include "sim/plan.hpp"

namespace mpnsim::plan_player {

// A source of actions gives, for i in [0, size()):
//   PlanAction::Op op(i); int processor(i); int to(i); double amount(i);
//   std::uint32_t name(i)   (0: none; else the name's index + 1 among the tags given to compile)
//   bool continues(i)       (a hop whose after(i)[0] is the previous hop of its message)
//   std::span<const int> after(i, std::vector<int>& scratch)   (its "after" list; it may be
//                            built in scratch, valid until the next call)
//   std::string label(i)    (its name for messages, or "#i")
// and std::size_t size().

// Everything the player reads of one action, in one record, so that issuing or completing an
// action costs one cache miss rather than one per array. Twenty-four bytes, or thirty-two with
// the action's tag, which only plans that name their actions need: a plan of 10^6 processors
// has two million of them. Records give, for action i:
//   std::uint32_t& first(i); int& waiting_on(i)   (its dependents and unfinished dependencies)
//   void describe(i, amount, processor, to, tag)  (at compile: what it does)
//   double amount(i); int processor(i); std::uint32_t tag(i)
//   int to(i)          (a send's destination or a hop's neighbour; for a computation or a wait ~j, j
//                       being the action's number in the source, which the completion times use)
//   void prefetch(i)   (it will be released or issued soon: bring its record near)
// and resize(n).
template <bool Named>
class ActionRecords {
 public:
  void resize(std::size_t n) { state_.assign(n, Record{}); }
  std::uint32_t& first(std::size_t i) { return state_[i].first; }
  std::uint32_t first(std::size_t i) const { return state_[i].first; }
  int& waiting_on(std::size_t i) { return state_[i].waiting_on; }
  void describe(std::size_t i, double amount, int processor, int to, std::uint32_t tag) {
    Record& st = state_[i];
    st.amount = amount;
    st.processor = processor;
    st.to = to;
    if constexpr (Named)
      st.tag = tag;
    else
      assert(tag == 0 && "a named action compiled into records without tags");
  }
  double amount(std::size_t i) const { return state_[i].amount; }
  int processor(std::size_t i) const { return state_[i].processor; }
  int to(std::size_t i) const { return state_[i].to; }
  std::uint32_t tag(std::size_t i) const {
    if constexpr (Named)
      return state_[i].tag;
    else
      return 0;
  }
  void prefetch(std::size_t i) const { __builtin_prefetch(&state_[i], 1); }

 private:
  struct Unnamed {
    double amount = 0;
    std::uint32_t first = 0;  // its dependents are dependents[first .. next action's first)
    int waiting_on = 0;       // dependencies not yet complete
    int processor = 0;
    int to = 0;               // a send's destination or a hop's neighbour; ~(source number) for a computation
  };
  struct WithTag : Unnamed {
    std::uint32_t tag = 0;
  };
  using Record = std::conditional_t<Named, WithTag, Unnamed>;
  static_assert(sizeof(void*) != 8 || sizeof(Record) == (Named ? 32 : 24));  // as docs/performance.md says
  std::vector<Record> state_;
};

// A hop action's place in its message; kept apart from the records, which plans without
// hops (all but contention-aware DAG schedules) do not need.
struct HopState {
  int previous = -1;  // the hop before it in the same message, or -1
  std::uint32_t message = 0;
  int hop = -1;       // -1: not a hop action
};

// The plan as the player runs it. Each action's record is at a position: compile() puts
// action i at i; a compiler of its own may move the records (`moved`), into the order they
// play in, say, so that nearby events share cache lines. The play is the same wherever the
// records are, as long as the roots and each list of dependents keep the source's order:
// actions issued at one instant ask for their resources in that order.
template <class Records>
struct CompiledPlan {
  Records records;                 // one per action, and one sentinel for `first`
  std::vector<int> dependents;     // reverse of "after" (positions), each list in source order
  std::vector<int> roots;          // positions of the actions without dependencies, in source order
  std::vector<HopState> hops;      // per action when the plan has hops, else empty (not with `moved`)
  std::size_t actions = 0;
  std::size_t sends = 0;           // actions that are sends or hops
  bool moved = false;              // positions are not the source's numbers
};

// Plays a compiled plan: issues the actions as their dependencies complete.
template <class Records>
class Player {
 public:
  // completed[i] gets action i's completion time for i < completed.size().
  Player(CompiledPlan<Records>&& plan, Machine& machine, std::span<double> completed)
      : machine_(machine), completed_(completed), records_(std::move(plan.records)),
        dependents_(std::move(plan.dependents)), roots_(std::move(plan.roots)), hops_(std::move(plan.hops)),
        moved_(plan.moved) {}

  // Issues the actions without dependencies and runs the engine to the end.
  void run() {
    for (int i : roots_) issue(i);
    roots_ = {};
    machine_.engine().run();
  }

 private:
  void issue(int i) {
    const auto a = static_cast<std::size_t>(i);
    // Its completion will touch the records of its dependents, anywhere in the plan: ask for
    // them now, while it plays, so that they are in the cache by then.
    const std::uint32_t last = records_.first(a + 1);
    for (std::uint32_t k = records_.first(a); k < last; ++k)
      records_.prefetch(static_cast<std::size_t>(dependents_[k]));
    auto done = [this, i] { complete(i); };
    const int to = records_.to(a);
    if (!hops_.empty() && hops_[a].hop >= 0) {
      HopState& h = hops_[a];
      if (h.previous < 0) {
        h.message = machine_.timeline().new_message();
        h.hop = 0;
      } else {
        h.message = hops_[static_cast<std::size_t>(h.previous)].message;
        h.hop = hops_[static_cast<std::size_t>(h.previous)].hop + 1;
      }
      machine_.hop(records_.processor(a), to, records_.amount(a), records_.tag(a), h.message, h.hop, done);
    } else if (to >= 0) {
      machine_.send(records_.processor(a), to, records_.amount(a), records_.tag(a), done);
    } else if (records_.processor(a) < 0) {  // a wait: holds nothing, completes after its amount
      machine_.engine().schedule_in(records_.amount(a), done);
    } else {
      machine_.compute(records_.processor(a), records_.amount(a), records_.tag(a), done);
    }
  }

  void complete(int i) {
    const auto a = static_cast<std::size_t>(i);
    // Completion times go by source number: a computation's is in its record; a send's is its
    // position, unless the positions moved (the callers then read only computations').
    const int to = records_.to(a);
    const std::size_t index = to < 0 ? static_cast<std::size_t>(~to) : moved_ ? completed_.size() : a;
    if (index < completed_.size()) completed_[index] = machine_.engine().now();
    const std::uint32_t last = records_.first(a + 1);
    for (std::uint32_t k = records_.first(a); k < last; ++k) {
      const int d = dependents_[k];
      if (--records_.waiting_on(static_cast<std::size_t>(d)) == 0) issue(d);
    }
  }

  Machine& machine_;
  std::span<double> completed_;
  Records records_;
  std::vector<int> dependents_;
  std::vector<int> roots_;
  std::vector<HopState> hops_;
  bool moved_;
};

// Runs a compiled plan to the end. completed (NaN where never played) gets the completion
// times of the first completed.size() actions: all of them, or only those a caller reads.
template <class Records>
void run(CompiledPlan<Records> plan, Machine& machine, std::span<double> completed) {
  // Every compute leaves one record and every send at least one (one per hop).
  machine.timeline().reserve(plan.actions - plan.sends, plan.sends);
  std::fill(completed.begin(), completed.end(), std::nan(""));
  Player<Records>(std::move(plan), machine, completed).run();
}

// The same, with every action's completion time.
template <class Records>
PlanOutcome run(CompiledPlan<Records> plan, Machine& machine) {
  PlanOutcome outcome;
  outcome.completed.resize(plan.actions);
  run(std::move(plan), machine, std::span<double>(outcome.completed));
  return outcome;
}

// One dependency cycle (as action indices) or an empty vector. Iterative, so that long
// plans cannot overflow the stack.
template <class Source>
std::vector<int> find_cycle(const Source& src) {
  const std::size_t n = src.size();
  std::vector<std::uint8_t> state(n, 0);  // 0 new, 1 on stack, 2 done
  std::vector<int> stack, scratch;
  std::vector<std::pair<int, std::size_t>> dfs;
  for (std::size_t root = 0; root < n; ++root) {
    if (state[root] != 0) continue;
    // An action whose dependencies are all done closes at once: most plans list actions
    // after what they wait for, so the DFS is rarely entered.
    const std::span<const int> deps = src.after(root, scratch);
    if (std::all_of(deps.begin(), deps.end(), [&](int d) { return state[static_cast<std::size_t>(d)] == 2; })) {
      state[root] = 2;
      continue;
    }
    dfs.assign(1, {static_cast<int>(root), 0});
    state[root] = 1;
    stack.assign(1, static_cast<int>(root));
    while (!dfs.empty()) {
      auto& [u, next] = dfs.back();
      const std::span<const int> uses = src.after(static_cast<std::size_t>(u), scratch);
      if (next < uses.size()) {
        const int v = uses[next++];
        if (state[static_cast<std::size_t>(v)] == 1) {
          auto it = std::find(stack.begin(), stack.end(), v);
          return {it, stack.end()};
        }
        if (state[static_cast<std::size_t>(v)] == 0) {
          state[static_cast<std::size_t>(v)] = 1;
          dfs.emplace_back(v, 0);
          stack.push_back(v);
        }
      } else {
        state[static_cast<std::size_t>(u)] = 2;
        dfs.pop_back();
        stack.pop_back();
      }
    }
  }
  return {};
}

// The checks validate() makes of action i alone (all but the cycle).
template <class Source>
void check_action(const Source& src, std::size_t i, int processors, std::span<const int> after) {
  const std::size_t n = src.size();
  const PlanAction::Op op = src.op(i);
  auto bad_proc = [&](int p) { return p < 0 || p >= processors; };
  const bool on_processor = op != PlanAction::Op::wait;  // a wait holds no processor
  if ((on_processor && bad_proc(src.processor(i))) ||
      (op != PlanAction::Op::compute && on_processor && bad_proc(src.to(i))))
    throw std::invalid_argument(fmt::format("plan action {}: processor outside 0..{}", src.label(i), processors - 1));
  const double amount = src.amount(i);
  if (!std::isfinite(amount) || amount < 0)
    throw std::invalid_argument(fmt::format("plan action {}: amount must be >= 0, got {}", src.label(i), amount));
  for (int d : after)
    if (d < 0 || static_cast<std::size_t>(d) >= n || static_cast<std::size_t>(d) == i)
      throw std::invalid_argument(fmt::format("plan action {}: 'after' names no other action ({})", src.label(i), d));
  if (op == PlanAction::Op::hop && src.processor(i) == src.to(i))
    throw std::invalid_argument(fmt::format("plan action {}: a hop from P{} to itself", src.label(i), src.processor(i)));
  if (src.continues(i)) {
    const bool ok = op == PlanAction::Op::hop && !after.empty() &&
                    src.op(static_cast<std::size_t>(after[0])) == PlanAction::Op::hop &&
                    src.to(static_cast<std::size_t>(after[0])) == src.processor(i);
    if (!ok)
      throw std::invalid_argument(fmt::format(
          "plan action {}: continues a message, but its first 'after' entry is not a hop arriving at P{}",
          src.label(i), src.processor(i)));
  }
}

// Throws the message of validate() for the source's first dependency cycle, if it has one.
template <class Source>
void check_acyclic(const Source& src) {
  if (auto cycle = find_cycle(src); !cycle.empty()) {
    std::string names;
    for (int c : cycle) names += src.label(static_cast<std::size_t>(c)) + " -> ";
    names += src.label(static_cast<std::size_t>(cycle.front()));
    throw std::invalid_argument("plan dependencies form a cycle: " + names);
  }
}

// Throws std::invalid_argument as validate(const Plan&, int) says.
template <class Source>
void validate(const Source& src, int processors) {
  std::vector<int> scratch;
  for (std::size_t i = 0; i < src.size(); ++i) check_action(src, i, processors, src.after(i, scratch));
  check_acyclic(src);
}

// The player's state of a source whose names are tags first_tag, first_tag + 1, ... (in
// ActionRecords<true>; ActionRecords<false> for a source without names). Throws
// std::invalid_argument for a hop between processors without a link. The source must be
// validated first, unless `Check`: then every action is checked as it is compiled, with
// validate()'s messages, all but the cycle, which the run finds (see check_played): a source
// that is not stored is then read once less, and no pass is spent on the order.
template <class Records, class Source, bool Check = false>
CompiledPlan<Records> compile(const Source& src, const Machine& machine, std::uint32_t first_tag) {
  const std::size_t n = src.size();
  if (n >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument(fmt::format("plan of {} actions: at most 2^32 - 1", n));
  CompiledPlan<Records> p;
  p.actions = n;
  Records& r = p.records;
  r.resize(n + 1);
  // Distinct dependencies of action i (a repeated "after" entry counts once); the common
  // lists of one or two entries skip the sort.
  std::vector<int> scratch, distinct;
  auto distinct_of = [&](std::span<const int> after) -> const std::vector<int>& {
    distinct.assign(after.begin(), after.end());
    if (distinct.size() == 2) {
      if (distinct[0] == distinct[1]) distinct.pop_back();
    } else if (distinct.size() > 2) {
      std::sort(distinct.begin(), distinct.end());
      distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    }
    return distinct;
  };
  // Count each action's dependents, then prefix sums. The counts go to a compact array (4
  // bytes an action) rather than to the records (24 or 32): they land at random places, and
  // there most of them hit the cache.
  std::vector<std::uint32_t> fill(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::span<const int> after = src.after(i, scratch);
    if constexpr (Check) check_action(src, i, machine.size(), after);
    const auto& deps = distinct_of(after);
    r.waiting_on(i) = static_cast<int>(deps.size());
    if (deps.empty()) p.roots.push_back(static_cast<int>(i));
    for (int d : deps) ++fill[static_cast<std::size_t>(d) + 1];
    const std::uint32_t name = src.name(i);
    const PlanAction::Op op = src.op(i);
    const bool is_send = op == PlanAction::Op::send || op == PlanAction::Op::hop;
    const int processor = op == PlanAction::Op::wait ? -1 : src.processor(i);  // -1: a wait
    const int to = is_send ? src.to(i) : ~static_cast<int>(i);
    r.describe(i, src.amount(i), processor, to, name == 0 ? 0 : first_tag + name - 1);
    p.sends += is_send;
    if (op == PlanAction::Op::hop) {
      if (p.hops.empty()) p.hops.assign(n, HopState{-1, 0, -1});  // hop -1: not a hop action
      p.hops[i] = HopState{src.continues(i) ? src.after(i, scratch)[0] : -1, 0, 0};
      if (!machine.adjacent(processor, to))
        throw std::invalid_argument(fmt::format("plan action {}: a hop P{} -> P{} between processors without a link",
                                                src.label(i), processor, to));
    }
  }
  for (std::size_t i = 1; i <= n; ++i) {
    fill[i] += fill[i - 1];
    r.first(i) = fill[i];
  }
  if (fill[n] >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("plan has more than 2^32 - 1 dependencies");
  p.dependents.resize(fill[n]);
  for (std::size_t i = 0; i < n; ++i)
    for (int d : distinct_of(src.after(i, scratch)))
      p.dependents[fill[static_cast<std::size_t>(d)]++] = static_cast<int>(i);
  return p;
}

// After the run of a plan compiled with `Check`: an action that never played waited, directly
// or not, on a dependency cycle (every action issued completes, and an action is issued once
// its dependencies complete), so the source's first cycle is named as validate() names it.
// `completed` is the run's (NaN: never played); it may cover only the first actions, when
// every action left unplayed leaves one of those unplayed too.
template <class Source>
void check_played(const Source& src, std::span<const double> completed) {
  if (std::none_of(completed.begin(), completed.end(), [](double t) { return std::isnan(t); })) return;
  check_acyclic(src);
  throw std::logic_error("plan player: actions left unplayed without a dependency cycle");
}

}  // namespace mpnsim::plan_player
