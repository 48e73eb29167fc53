// The DAG replay without a stored plan: compiled in one pass over the tasks, played by its
// own small player.
//
// Why: the general plan player (sim/plan_player.hpp) gives every action a record of 24 bytes,
// and a replay has a send action per message between processors, more of them than tasks. A
// send waits for its producer only and releases its consumer only; its processors are those
// of its two tasks. So here it is three words in its producer's list of dependents (its
// consumer and its amount), 12 bytes where it took 32 (its record and two words), and the
// player keeps a record per task only. Measured on the replay of 10^5 tasks: 7.3 -> 4.5 MB of
// player state, and the first-touch page faults go with it.
//
// The general compile reads every action's "after" list twice, each entry from a random place
// of a random DAG; the graph already says whom each task feeds, so here the lists of
// dependents are written in order as the tasks are read, and only the counts of unfinished
// dependencies land at random.
//
// The play must stay the same, event for event: the engine breaks ties of time by the order
// in which actions are issued, so the roots and every list of dependents keep the general
// compile's order (tasks by number, then sends by message), and a send is issued when its
// producer completes, as the general player issues a send whose only dependency completes.
#include "schedulers/dag/direct_replay.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace mpnsim {

namespace {

using Plan = DirectReplayPlan;

bool usable_amount(double amount) { return std::isfinite(amount) && amount >= 0; }

// How many tasks ahead the compile asks for what a task's dependents will touch.
constexpr int kAhead = 8;

// Plays a plan: issues each task when its releases are all in, and its messages when it completes.
class DirectPlayer {
 public:
  DirectPlayer(Plan&& plan, Machine& machine, std::span<double> finish)
      : machine_(machine), finish_(finish), tasks_(std::move(plan.tasks)), words_(std::move(plan.words)),
        roots_(std::move(plan.roots)) {}

  void run() {
    for (int t : roots_) issue(static_cast<std::uint32_t>(t));
    roots_ = {};
    machine_.engine().run();
  }

 private:
  void issue(std::uint32_t t) {
    const Plan::Task& task = tasks_[t];
    // Its completion touches the records of its dependents, anywhere in the plan: ask for them
    // now, while it runs, so that they are in the cache by then.
    const std::uint32_t last = tasks_[t + 1].first;
    for (std::uint32_t k = task.first; k < last;) {
      const std::uint32_t w = words_[k];
      __builtin_prefetch(&tasks_[w & ~Plan::kMessageWord], 1);
      k += (w & Plan::kMessageWord) ? 3 : 1;
    }
    machine_.compute(task.processor, task.amount, 0, [this, t] { complete(t); });
  }

  void complete(std::uint32_t t) {
    finish_[t] = machine_.engine().now();
    const int from = tasks_[t].processor;
    const std::uint32_t last = tasks_[t + 1].first;
    for (std::uint32_t k = tasks_[t].first; k < last;) {
      const std::uint32_t w = words_[k];
      const std::uint32_t d = w & ~Plan::kMessageWord;
      if (w & Plan::kMessageWord) {
        double amount;
        std::memcpy(&amount, &words_[k + 1], sizeof amount);
        k += 3;
        machine_.send(from, tasks_[d].processor, amount, 0, [this, d] { release(d); });
      } else {
        ++k;
        release(d);
      }
    }
  }

  void release(std::uint32_t d) {
    if (--tasks_[d].waiting_on == 0) issue(d);
  }

  Machine& machine_;
  std::span<double> finish_;
  std::vector<Plan::Task> tasks_;
  std::vector<std::uint32_t> words_;
  std::vector<int> roots_;
};

}  // namespace

std::optional<DirectReplayPlan> compile_direct_replay(const TaskGraph& graph, const Schedule& schedule,
                                                      const Machine& machine) {
  if (graph.size() <= 0 || schedule.contention_aware) return std::nullopt;
  const auto n = static_cast<std::size_t>(graph.size());
  const std::size_t messages = schedule.messages.size();
  const auto edges = static_cast<std::size_t>(graph.edge_count());
  // At most a word per task (its processor's next) and per edge, and two more per message.
  const std::size_t most_words = n + edges + 2 * messages;
  if (schedule.tasks.size() != n || most_words >= std::numeric_limits<std::uint32_t>::max() ||
      n >= Plan::kMessageWord)
    return std::nullopt;
  const int processors = machine.size();
  const CostTable* costs = graph.costs();

  // Each edge's message (a second one: the general compile's case).
  std::vector<int> message_of(edges, -1);
  for (std::size_t k = 0; k < messages; ++k) {
    const int e = schedule.messages[k].edge;
    if (e < 0 || static_cast<std::size_t>(e) >= edges || message_of[static_cast<std::size_t>(e)] >= 0)
      return std::nullopt;
    message_of[static_cast<std::size_t>(e)] = static_cast<int>(k);
  }
  // The task after each on its processor, and whether one comes before it.
  std::vector<int> next(n, -1);
  std::vector<bool> has_previous(n, false);
  for (const auto& order : schedule.processor_order())
    for (std::size_t i = 1; i < order.size(); ++i) {
      next[static_cast<std::size_t>(order[i - 1])] = order[i];
      has_previous[static_cast<std::size_t>(order[i])] = true;
    }

  Plan p;
  p.tasks.resize(n + 1);
  p.words.reserve(most_words);
  auto depend = [&](int on, std::uint32_t flag) {
    p.words.push_back(static_cast<std::uint32_t>(on) | flag);
    ++p.tasks[static_cast<std::size_t>(on)].waiting_on;
  };
  // What task u's dependents will touch at random: their records, and its messages.
  auto prefetch = [&](int u) {
    if (next[static_cast<std::size_t>(u)] >= 0) __builtin_prefetch(&p.tasks[static_cast<std::size_t>(next[static_cast<std::size_t>(u)])], 1);
    for (int e : graph.out_edges(u)) {
      __builtin_prefetch(&p.tasks[static_cast<std::size_t>(graph.edge(e).to)], 1);
      if (const int k = message_of[static_cast<std::size_t>(e)]; k >= 0)
        __builtin_prefetch(&schedule.messages[static_cast<std::size_t>(k)]);
    }
  };
  std::vector<int> tasks_fed;  // a task's dependent tasks, by number
  std::vector<int> sent;       // its messages, by number
  for (std::size_t task = 0; task < n; ++task) {
    const auto t = static_cast<int>(task);
    if (task + kAhead < n) prefetch(t + kAhead);
    const int processor = schedule.tasks[task].processor;
    if (processor < 0 || processor >= processors) return std::nullopt;
    const double work = costs ? costs->at(t, processor) : graph.work(t);
    if (!usable_amount(work)) return std::nullopt;
    Plan::Task& record = p.tasks[task];
    record.amount = work;
    record.processor = processor;
    record.first = static_cast<std::uint32_t>(p.words.size());
    // Its dependents as the general compile lists them: tasks, then sends, each by number.
    tasks_fed.clear();
    sent.clear();
    if (next[task] >= 0) tasks_fed.push_back(next[task]);
    for (int e : graph.out_edges(t)) {
      const int to = graph.edge(e).to;
      if (to == t) return std::nullopt;
      const int k = message_of[static_cast<std::size_t>(e)];
      if (k < 0)
        tasks_fed.push_back(to);
      else
        sent.push_back(k);
    }
    if (tasks_fed.size() > 1) {
      std::sort(tasks_fed.begin(), tasks_fed.end());
      tasks_fed.erase(std::unique(tasks_fed.begin(), tasks_fed.end()), tasks_fed.end());
    }
    if (sent.size() > 1) std::sort(sent.begin(), sent.end());
    for (int d : tasks_fed) depend(d, 0);
    for (int k : sent) {
      const ScheduledMessage& m = schedule.messages[static_cast<std::size_t>(k)];
      const DagEdge& edge = graph.edge(m.edge);
      // The player sends from the producer's processor to the consumer's; a message between
      // others is played as written by the general path.
      if (m.from != processor || m.to != schedule.tasks[static_cast<std::size_t>(edge.to)].processor ||
          !usable_amount(edge.data))
        return std::nullopt;
      depend(edge.to, Plan::kMessageWord);
      std::uint32_t halves[2];
      std::memcpy(halves, &edge.data, sizeof halves);
      p.words.push_back(halves[0]);
      p.words.push_back(halves[1]);
    }
  }
  p.tasks[n].first = static_cast<std::uint32_t>(p.words.size());
  // Tasks that wait for nothing, by number: first on their processor, with no edge in.
  for (std::size_t t = 0; t < n; ++t)
    if (!has_previous[t] && graph.in_edges(static_cast<int>(t)).empty()) p.roots.push_back(static_cast<int>(t));
  return p;
}

void play_direct_replay(DirectReplayPlan&& plan, Machine& machine, std::span<double> finish) {
  std::fill(finish.begin(), finish.end(), std::nan(""));
  DirectPlayer(std::move(plan), machine, finish).run();
}

}  // namespace mpnsim
