// Plan construction, validation (including cycle detection) and playback.
#include "sim/plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace mpnsim {

namespace {

std::uint32_t keep_name(std::vector<std::string>& names, std::string&& name) {
  if (name.empty()) return 0;
  names.push_back(std::move(name));
  return static_cast<std::uint32_t>(names.size());
}

}  // namespace

int Plan::add_compute(int processor, double amount, std::string name, DependencyList after) {
  actions.push_back(PlanAction{amount, processor, processor, keep_name(names, std::move(name)),
                               PlanAction::Op::compute, false, std::move(after)});
  return static_cast<int>(actions.size() - 1);
}

int Plan::add_send(int from, int to, double amount, std::string name, DependencyList after) {
  actions.push_back(
      PlanAction{amount, from, to, keep_name(names, std::move(name)), PlanAction::Op::send, false, std::move(after)});
  return static_cast<int>(actions.size() - 1);
}

int Plan::add_hop(int u, int v, double amount, int previous, DependencyList after) {
  DependencyList deps;
  if (previous >= 0) deps.push_back(previous);
  for (int d : after) deps.push_back(d);
  actions.push_back(PlanAction{amount, u, v, 0, PlanAction::Op::hop, previous >= 0, std::move(deps)});
  return static_cast<int>(actions.size() - 1);
}

std::uint32_t Plan::add_name(std::string name) { return keep_name(names, std::move(name)); }

std::string_view Plan::name(int i) const {
  const std::uint32_t id = actions[static_cast<std::size_t>(i)].name;
  return id == 0 ? std::string_view() : std::string_view(names[id - 1]);
}

namespace {

std::string label(const Plan& plan, int i) {
  const std::string_view name = plan.name(i);
  return name.empty() ? fmt::format("#{}", i) : std::string(name);
}

// Returns one dependency cycle (as action indices) or an empty vector.
std::vector<int> find_cycle(const Plan& plan) {
  const int n = static_cast<int>(plan.actions.size());
  std::vector<int> state(static_cast<std::size_t>(n), 0);  // 0 new, 1 on stack, 2 done
  std::vector<int> stack;
  std::vector<std::pair<int, std::size_t>> dfs;
  // Iterative DFS over "after" edges so that long plans cannot overflow the stack.
  for (int root = 0; root < n; ++root) {
    if (state[static_cast<std::size_t>(root)] != 0) continue;
    // An action whose dependencies are all done closes at once: most plans list
    // actions after what they wait for, so the DFS is rarely entered.
    const auto& deps = plan.actions[static_cast<std::size_t>(root)].after;
    if (std::all_of(deps.begin(), deps.end(), [&](int d) { return state[static_cast<std::size_t>(d)] == 2; })) {
      state[static_cast<std::size_t>(root)] = 2;
      continue;
    }
    dfs.assign(1, {root, 0});
    state[static_cast<std::size_t>(root)] = 1;
    stack.assign(1, root);
    while (!dfs.empty()) {
      auto& [u, next] = dfs.back();
      const auto& deps = plan.actions[static_cast<std::size_t>(u)].after;
      if (next < deps.size()) {
        const int v = deps[next++];
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

}  // namespace

void validate(const Plan& plan, int processors) {
  const int n = static_cast<int>(plan.actions.size());
  for (int i = 0; i < n; ++i) {
    const auto& a = plan.actions[static_cast<std::size_t>(i)];
    auto bad_proc = [&](int p) { return p < 0 || p >= processors; };
    if (bad_proc(a.processor) || (a.op != PlanAction::Op::compute && bad_proc(a.to)))
      throw std::invalid_argument(fmt::format("plan action {}: processor outside 0..{}",
                                              label(plan, i), processors - 1));
    if (!std::isfinite(a.amount) || a.amount < 0)
      throw std::invalid_argument(
          fmt::format("plan action {}: amount must be >= 0, got {}", label(plan, i), a.amount));
    for (int d : a.after)
      if (d < 0 || d >= n || d == i)
        throw std::invalid_argument(
            fmt::format("plan action {}: 'after' names no other action ({})", label(plan, i), d));
    if (a.op == PlanAction::Op::hop && a.processor == a.to)
      throw std::invalid_argument(fmt::format("plan action {}: a hop from P{} to itself", label(plan, i), a.processor));
    if (a.continues) {
      const PlanAction* prev = a.op == PlanAction::Op::hop && !a.after.empty()
                                   ? &plan.actions[static_cast<std::size_t>(a.after[0])]
                                   : nullptr;
      if (prev == nullptr || prev->op != PlanAction::Op::hop || prev->to != a.processor)
        throw std::invalid_argument(fmt::format(
            "plan action {}: continues a message, but its first 'after' entry is not a hop arriving at P{}",
            label(plan, i), a.processor));
    }
  }
  if (auto cycle = find_cycle(plan); !cycle.empty()) {
    std::string names;
    for (int c : cycle) names += label(plan, c) + " -> ";
    names += label(plan, cycle.front());
    throw std::invalid_argument("plan dependencies form a cycle: " + names);
  }
}

namespace {

// Everything the player touches for one action, in one record, so that issuing
// or completing an action costs one cache miss rather than one per array (the
// plan's own actions, with their names, are not read while playing).
// Forty bytes: a plan of 10^6 processors has two million of them.
struct ActionState {
  double completed;
  double amount;
  int processor;
  int to;               // a send's destination or a hop's neighbour; -1 for a computation
  std::uint32_t first;  // its dependents are dependents[first .. next action's first)
  std::uint32_t tag;
  int waiting_on;       // dependencies not yet complete
};
static_assert(sizeof(void*) != 8 || sizeof(ActionState) == 40);  // as docs/performance.md says
static_assert(sizeof(void*) != 8 || sizeof(PlanAction) == 48);

// A hop action's place in its message; kept apart from ActionState, which plans without
// hops (all but contention-aware DAG schedules) do not need.
struct HopState {
  int previous = -1;  // the hop before it in the same message, or -1
  std::uint32_t message = 0;
  int hop = -1;       // -1: not a hop action
};

struct Player {
  Machine& machine;
  std::vector<ActionState> state;  // one per action, and one sentinel for `first`
  std::vector<int> dependents;     // reverse of "after", in plan order
  std::vector<HopState> hops;      // per action when the plan has hops, else empty

  void issue(int i) {
    const ActionState& st = state[static_cast<std::size_t>(i)];
    auto done = [this, i] { complete(i); };
    if (!hops.empty() && hops[static_cast<std::size_t>(i)].hop >= 0) {
      HopState& h = hops[static_cast<std::size_t>(i)];
      if (h.previous < 0) {
        h.message = machine.timeline().new_message();
        h.hop = 0;
      } else {
        h.message = hops[static_cast<std::size_t>(h.previous)].message;
        h.hop = hops[static_cast<std::size_t>(h.previous)].hop + 1;
      }
      machine.hop(st.processor, st.to, st.amount, st.tag, h.message, h.hop, done);
    } else if (st.to >= 0)
      machine.send(st.processor, st.to, st.amount, st.tag, done);
    else
      machine.compute(st.processor, st.amount, st.tag, done);
  }

  void complete(int i) {
    ActionState& st = state[static_cast<std::size_t>(i)];
    st.completed = machine.engine().now();
    const std::uint32_t last = state[static_cast<std::size_t>(i) + 1].first;
    for (std::uint32_t k = st.first; k < last; ++k) {
      const int d = dependents[k];
      if (--state[static_cast<std::size_t>(d)].waiting_on == 0) issue(d);
    }
  }
};

// play() once the plan is validated and its names are tags first_tag, first_tag + 1, ...
// With `release`, the plan's actions are freed once the player has its own state, before
// the engine runs: the run's peak then holds one copy of the plan, not two.
PlanOutcome play_validated(const Plan& plan, Machine& machine, std::uint32_t first_tag,
                           std::vector<PlanAction>* release = nullptr) {
  const std::size_t n = plan.actions.size();
  if (n >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument(fmt::format("plan of {} actions: at most 2^32 - 1", n));
  Player p{machine, {}, {}, {}};
  p.state.resize(n + 1, ActionState{std::nan(""), 0, 0, 0, 0, 0, 0});
  // Distinct dependencies of action i (a repeated "after" entry counts once);
  // the common lists of one or two entries skip the sort.
  std::vector<int> scratch;
  auto distinct_after = [&](std::size_t i) -> const std::vector<int>& {
    const DependencyList& after = plan.actions[i].after;
    scratch.assign(after.begin(), after.end());
    if (scratch.size() == 2) {
      if (scratch[0] == scratch[1]) scratch.pop_back();
    } else if (scratch.size() > 2) {
      std::sort(scratch.begin(), scratch.end());
      scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
    }
    return scratch;
  };
  // Count each action's dependents (in `first` of the next record), then prefix sums.
  std::size_t sends = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const PlanAction& a = plan.actions[i];
    ActionState& st = p.state[i];
    const auto& deps = distinct_after(i);
    st.waiting_on = static_cast<int>(deps.size());
    for (int d : deps) ++p.state[static_cast<std::size_t>(d) + 1].first;
    st.tag = a.name == 0 ? 0 : first_tag + a.name - 1;
    st.amount = a.amount;
    st.processor = a.processor;
    const bool is_send = a.op != PlanAction::Op::compute;
    st.to = is_send ? a.to : -1;
    sends += is_send;
    if (a.op == PlanAction::Op::hop) {
      if (p.hops.empty()) p.hops.assign(n, HopState{-1, 0, -1});  // hop -1: not a hop action
      p.hops[i] = HopState{a.continues ? a.after[0] : -1, 0, 0};
      if (!machine.adjacent(a.processor, a.to))
        throw std::invalid_argument(fmt::format("plan action {}: a hop P{} -> P{} between processors without a link",
                                                label(plan, static_cast<int>(i)), a.processor, a.to));
    }
  }
  for (std::size_t i = 1; i <= n; ++i) p.state[i].first += p.state[i - 1].first;
  if (p.state[n].first >= std::numeric_limits<std::uint32_t>::max())
    throw std::invalid_argument("plan has more than 2^32 - 1 dependencies");
  // Every compute leaves one record and every send at least one (one per hop).
  machine.timeline().reserve(n - sends, sends);
  p.dependents.resize(p.state[n].first);
  std::vector<std::uint32_t> fill(n);
  for (std::size_t i = 0; i < n; ++i) fill[i] = p.state[i].first;
  for (std::size_t i = 0; i < n; ++i)
    for (int d : distinct_after(i)) p.dependents[fill[static_cast<std::size_t>(d)]++] = static_cast<int>(i);
  std::vector<std::uint32_t>().swap(fill);
  std::vector<int>().swap(scratch);
  if (release) std::vector<PlanAction>().swap(*release);
  for (std::size_t i = 0; i < n; ++i)
    if (p.state[i].waiting_on == 0) p.issue(static_cast<int>(i));
  machine.engine().run();
  PlanOutcome outcome;
  outcome.completed.resize(n);
  for (std::size_t i = 0; i < n; ++i) outcome.completed[i] = p.state[i].completed;
  return outcome;
}

}  // namespace

// The plan's names become the timeline's tags as they are, one for one: no
// look-up of each action's name (tags are only ever read back as names, so two
// equal names under two tags print the same).
PlanOutcome play(const Plan& plan, Machine& machine) {
  validate(plan, machine.size());
  return play_validated(plan, machine, machine.timeline().add_tags(plan.names));
}

PlanOutcome play(Plan&& plan, Machine& machine) {
  validate(plan, machine.size());  // before the names go: its messages use them
  const std::uint32_t first_tag = machine.timeline().add_tags(std::move(plan.names));
  return play_validated(plan, machine, first_tag, &plan.actions);
}

}  // namespace mpnsim
