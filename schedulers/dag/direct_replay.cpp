// The DAG replay without a stored plan: compiled in passes over the tasks (their blocks'
// sizes, their places, the blocks, the counts of releases), played by its own small player.
//
// Why: the general plan player (sim/plan_player.hpp) gives every action a record of 24 bytes,
// and a replay has a send action per message between processors, more of them than tasks. A
// send waits for its producer only and releases its consumer only; its processors are those
// of its two tasks and its amount is its edge's. So here it is three words in its producer's
// list of dependents (its consumer and its data's double), and the player keeps a block per
// task only. Each block holds its own list of dependents, so that the task's issue, which
// reads that list at once, finds it in the cache lines asked for with the block. Measured on
// the replay of 10^5 tasks: 7.3 -> 3.9 MB of player state, and the whole player 11 % faster
// than with records per action.
//
// Why the blocks lie in the processors' order and hold the task's amount and its messages'
// data (direct_replay.hpp): the loop reaches tasks about in time order, which is not their
// number's. By task number it read and wrote a line anywhere in memory for each task's work,
// each message's edge and each finish time, and its blocks were spread the same way; from
// 10^6 tasks those lines are out of the caches. Now a processor's next task is the next block,
// a released task's block lies near its processor's last, and the loop touches nothing else
// of a task. The compile reads the graph in task order still (its lists are in that order):
// it counts each block's words, places the blocks processor by processor, then writes each
// where it was placed.
//
// The graph already says whom each task feeds, so the lists of dependents are written as the
// tasks are read, and only the counts of unfinished dependencies land at random, in the
// blocks' headers (each asked for a few words ahead).
//
// The play must stay the same, event for event: the engine breaks ties of time by the order
// in which actions are issued, so the roots and every list of dependents keep the general
// compile's order (tasks by number, then sends by message), and a send is issued when its
// producer completes, as the general player issues a send whose only dependency completes.
// Where a block lies changes none of that: the roots are put in task order.
#include "schedulers/dag/direct_replay.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <utility>

namespace mpnsim {

namespace {

using Plan = DirectReplayPlan;

bool usable_amount(double amount) { return std::isfinite(amount) && amount >= 0; }

// A double kept in two words of a block (4-byte aligned, hence memcpy).
void put_double(std::uint32_t* at, double x) { std::memcpy(at, &x, sizeof x); }
double get_double(const std::uint32_t* at) {
  double x;
  std::memcpy(&x, at, sizeof x);
  return x;
}

// kWaiting of a task that has completed (its kAmount words then hold its finish time).
constexpr std::uint32_t kDone = ~std::uint32_t{0};

// How many tasks ahead the compile asks for what it reads or writes at random.
constexpr std::size_t kAhead = 8;

// Plays a plan: issues each task when its releases are all in, and its messages when it completes.
class DirectPlayer {
 public:
  DirectPlayer(Plan&& plan, Machine& machine)
      : machine_(machine), blocks_(std::move(plan.blocks)), roots_(std::move(plan.roots)),
        processor_bits_(plan.processor_bits), processor_mask_((std::uint32_t{1} << plan.processor_bits) - 1) {}

  void run() {
    for (std::uint32_t at : roots_) issue(at);
    roots_ = {};
    machine_.engine().run();
  }

  // Each completed task's finish time to its task; the others keep what finish held.
  void write_finish(std::span<double> finish) const {
    for (std::size_t at = 0; at < blocks_.size(); at += Plan::kHeaderWords + (blocks_[at + Plan::kPlace] >> processor_bits_))
      if (blocks_[at + Plan::kWaiting] == kDone) finish[blocks_[at + Plan::kTask]] = get_double(&blocks_[at + Plan::kAmount]);
  }

 private:
  void issue(std::uint32_t at) {
    const std::uint32_t* block = &blocks_[at];
    // Its completion touches the blocks of its dependents: ask for them now, while it runs,
    // so that they are in the cache by then (a block's first 64 bytes).
    const std::uint32_t place = block[Plan::kPlace];
    const std::uint32_t* const end = block + Plan::kHeaderWords + (place >> processor_bits_);
    for (const std::uint32_t* w = block + Plan::kHeaderWords; w < end;) {
      const std::size_t dependent = *w & ~Plan::kMessageWord;
      __builtin_prefetch(&blocks_[dependent], 1);
      __builtin_prefetch(&blocks_[std::min(dependent + 15, blocks_.size() - 1)], 1);
      w += (*w & Plan::kMessageWord) ? Plan::kMessageWords : 1;
    }
    const auto processor = static_cast<int>(place & processor_mask_);
    machine_.compute(processor, get_double(block + Plan::kAmount), 0, [this, at] { complete(at); });
  }

  void complete(std::uint32_t at) {
    std::uint32_t* block = &blocks_[at];
    put_double(block + Plan::kAmount, machine_.engine().now());
    block[Plan::kWaiting] = kDone;
    const std::uint32_t place = block[Plan::kPlace];
    const auto from = static_cast<int>(place & processor_mask_);
    const std::uint32_t* const end = block + Plan::kHeaderWords + (place >> processor_bits_);
    // The dependents' blocks are in the cache (asked for at the issue): a dependent released
    // now is issued at once, its amount read from its block.
    for (const std::uint32_t* w = block + Plan::kHeaderWords; w < end;) {
      const std::uint32_t to = *w & ~Plan::kMessageWord;
      if (*w & Plan::kMessageWord) {
        const double amount = get_double(w + 1);
        w += Plan::kMessageWords;
        machine_.send(from, static_cast<int>(blocks_[to + Plan::kPlace] & processor_mask_), amount, 0, [this, to] { release(to); });
      } else {
        ++w;
        release(to);
      }
    }
  }

  void release(std::uint32_t at) {
    if (--blocks_[at + Plan::kWaiting] == 0) issue(at);
  }

  Machine& machine_;
  std::vector<std::uint32_t> blocks_;
  std::vector<std::uint32_t> roots_;
  std::uint32_t processor_bits_, processor_mask_;
};

}  // namespace

std::optional<DirectReplayPlan> compile_direct_replay(const TaskGraph& graph, const Schedule& schedule,
                                                      const Machine& machine, const ProcessorOrder* order) {
  if (graph.size() <= 0 || schedule.contention_aware) return std::nullopt;
  const auto n = static_cast<std::size_t>(graph.size());
  const std::size_t messages = schedule.messages.size();
  const auto edges = static_cast<std::size_t>(graph.edge_count());
  // At most a header per task, a word for its processor's next task and per edge, and two
  // more per message (its data's double); every position must fit beside the message flag.
  const std::size_t most_words = Plan::kHeaderWords * n + n + edges + (Plan::kMessageWords - 1) * messages;
  if (schedule.tasks.size() != n || most_words >= Plan::kMessageWord) return std::nullopt;
  const int processors = machine.size();
  if (processors <= 0) return std::nullopt;
  for (const TaskPlacement& x : schedule.tasks)
    if (x.processor < 0 || x.processor >= processors) return std::nullopt;
  Plan p;
  p.processor_bits = static_cast<std::uint32_t>(std::bit_width(static_cast<unsigned>(processors - 1)));
  const CostTable* costs = graph.costs();
  const std::span<const double> works = graph.works();
  const std::vector<DagEdge>& edge_list = graph.edges();

  // Each edge's message (a second one: the general compile's case).
  std::vector<int> message_of(edges, -1);
  for (std::size_t k = 0; k < messages; ++k) {
    // Each message's entry is read and written at random: asked for 16 messages ahead.
    if (k + 16 < messages)
      if (const auto ahead = static_cast<std::size_t>(schedule.messages[k + 16].edge); ahead < edges)
        __builtin_prefetch(&message_of[ahead], 1);
    const int e = schedule.messages[k].edge;
    if (e < 0 || static_cast<std::size_t>(e) >= edges || message_of[static_cast<std::size_t>(e)] >= 0)
      return std::nullopt;
    message_of[static_cast<std::size_t>(e)] = static_cast<int>(k);
  }
  // The layout: each processor's tasks in its order, each released by the one before it; then
  // any task on no list (a processor the schedule does not count), in task order, released by
  // none.
  ProcessorOrder made;
  if (!order) made = schedule.processor_order();
  const ProcessorOrder& lists = order ? *order : made;
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> next(n, kNone);  // the task after each on its processor
  std::vector<int> unlisted;
  {
    std::size_t listed = 0;
    for (const auto& tasks : lists) {
      listed += tasks.size();
      for (std::size_t i = 1; i < tasks.size(); ++i)
        next[static_cast<std::size_t>(tasks[i - 1])] = static_cast<std::uint32_t>(tasks[i]);
    }
    if (listed != n) {
      std::vector<char> seen(n, 0);
      for (const auto& tasks : lists)
        for (int t : tasks) seen[static_cast<std::size_t>(t)] = 1;
      for (std::size_t t = 0; t < n; ++t)
        if (!seen[t]) unlisted.push_back(static_cast<int>(t));
    }
  }

  // Task t's dependents as the general compile lists them: tasks, then sends, each by number.
  // false: t feeds itself.
  std::vector<std::uint32_t> tasks_fed;  // a task's dependent tasks, by number
  std::vector<std::uint64_t> sent;       // its messages, by number: message << 32 | edge
  auto dependents = [&](int t) {
    tasks_fed.clear();
    sent.clear();
    if (next[static_cast<std::size_t>(t)] != kNone) tasks_fed.push_back(next[static_cast<std::size_t>(t)]);
    for (int e : graph.out_edges(t)) {
      const int to = edge_list[static_cast<std::size_t>(e)].to;
      if (to == t) return false;
      const int k = message_of[static_cast<std::size_t>(e)];
      if (k < 0)
        tasks_fed.push_back(static_cast<std::uint32_t>(to));
      else
        sent.push_back(static_cast<std::uint64_t>(k) << 32 | static_cast<std::uint32_t>(e));
    }
    if (tasks_fed.size() > 1) {
      std::sort(tasks_fed.begin(), tasks_fed.end());
      tasks_fed.erase(std::unique(tasks_fed.begin(), tasks_fed.end()), tasks_fed.end());
    }
    if (sent.size() > 1) std::sort(sent.begin(), sent.end());
    return true;
  };
  // What task u's dependents will read at random: the edges it feeds and their messages.
  auto prefetch = [&](int u) {
    for (int e : graph.out_edges(u)) {
      __builtin_prefetch(&edge_list[static_cast<std::size_t>(e)]);
      __builtin_prefetch(&message_of[static_cast<std::size_t>(e)]);
    }
  };
  // Where each block goes: its words counted in task order (the graph read in its own order),
  // then the blocks placed one after another in the layout's order, where the counts are read
  // at random, each asked for kAhead tasks ahead. (Writing the blocks in the layout's order
  // instead read the graph at random: at 10^7 tasks the compile took 2.6 times as long.)
  std::vector<std::uint32_t> position(n);
  for (std::size_t task = 0; task < n; ++task) {
    const auto t = static_cast<int>(task);
    if (task + kAhead < n) prefetch(t + kAhead);
    if (!dependents(t)) return std::nullopt;
    position[task] = static_cast<std::uint32_t>(Plan::kHeaderWords + tasks_fed.size() + Plan::kMessageWords * sent.size());
  }
  std::size_t words = 0;
  auto place_run = [&](std::span<const int> run) {
    for (std::size_t i = 0; i < run.size(); ++i) {
      if (i + kAhead < run.size()) __builtin_prefetch(&position[static_cast<std::size_t>(run[i + kAhead])], 1);
      std::uint32_t& at = position[static_cast<std::size_t>(run[i])];
      const std::uint32_t size = at;
      at = static_cast<std::uint32_t>(words);
      words += size;
    }
  };
  for (const auto& tasks : lists) place_run(tasks);
  place_run(unlisted);

  // The blocks, written in task order where the layout put them, each dependent by its block's
  // position. Written through a pointer into room made once (the counts give it): a push_back
  // each, an out-of-line call with its capacity check, was a sixth of the compile's
  // instructions. What a task reads and writes at random is asked for in two steps: its edges
  // and messages 2 kAhead tasks ahead, then (the edges in) its dependents' positions and its
  // own block kAhead ahead.
  p.blocks.resize(words);
  std::uint32_t* const base = p.blocks.data();
  auto prefetch_positions = [&](std::size_t u) {
    if (next[u] != kNone) __builtin_prefetch(&position[next[u]]);
    for (int e : graph.out_edges(static_cast<int>(u)))
      __builtin_prefetch(&position[static_cast<std::size_t>(edge_list[static_cast<std::size_t>(e)].to)]);
    __builtin_prefetch(base + position[u], 1);
  };
  for (std::size_t task = 0; task < n; ++task) {
    const auto t = static_cast<int>(task);
    if (task + 2 * kAhead < n) prefetch(t + 2 * static_cast<int>(kAhead));
    if (task + kAhead < n) prefetch_positions(task + kAhead);
    const int processor = schedule.tasks[task].processor;
    const double amount = costs ? costs->at(t, processor) : works[task];
    if (!usable_amount(amount)) return std::nullopt;
    dependents(t);
    const std::uint32_t at = position[task];
    std::uint32_t* out = base + at;
    out[Plan::kTask] = static_cast<std::uint32_t>(t);
    out[Plan::kWaiting] = 0;
    put_double(out + Plan::kAmount, amount);
    out += Plan::kHeaderWords;
    for (std::uint32_t to : tasks_fed) *out++ = position[to];
    for (std::uint64_t message : sent) {
      const DagEdge& edge = edge_list[static_cast<std::uint32_t>(message)];
      if (!usable_amount(edge.data)) return std::nullopt;
      out[0] = position[static_cast<std::size_t>(edge.to)] | Plan::kMessageWord;
      put_double(out + 1, edge.data);
      out += Plan::kMessageWords;
    }
    // Its processor and the count of its words, in one word when they fit.
    const std::uint64_t count = static_cast<std::uint64_t>(out - base) - at - Plan::kHeaderWords;
    const std::uint64_t place = count << p.processor_bits | static_cast<std::uint32_t>(processor);
    if (place > ~std::uint32_t{0}) return std::nullopt;
    base[at + Plan::kPlace] = static_cast<std::uint32_t>(place);
  }
  next = {};
  message_of = {};
  // Each dependent counted as a release its block waits for. The counts land at random over
  // the blocks: each is asked for when its word is read and made kLag words later (the order
  // of increments does not matter).
  constexpr std::size_t kLag = 16;
  std::uint32_t lagging[kLag];
  std::size_t converted = 0;
  for (std::size_t at = 0; at < p.blocks.size();) {
    std::uint32_t* block = &p.blocks[at];
    std::uint32_t* const end = block + Plan::kHeaderWords + (block[Plan::kPlace] >> p.processor_bits);
    for (std::uint32_t* w = block + Plan::kHeaderWords; w < end;) {
      const std::uint32_t flag = *w & Plan::kMessageWord;
      const std::uint32_t to = *w & ~Plan::kMessageWord;
      __builtin_prefetch(&p.blocks[to + Plan::kWaiting], 1);
      std::uint32_t& slot = lagging[converted++ % kLag];
      if (converted > kLag) ++p.blocks[slot + Plan::kWaiting];
      slot = to;
      w += flag ? Plan::kMessageWords : 1;
    }
    at = static_cast<std::size_t>(end - p.blocks.data());
  }
  for (std::size_t i = 0; i < std::min(converted, kLag); ++i) ++p.blocks[lagging[i] + Plan::kWaiting];
  // Tasks that wait for nothing, by number: only a list's first task or one on no list can
  // (the others wait for the task before them).
  std::vector<int> firsts(unlisted);
  for (const auto& tasks : lists)
    if (!tasks.empty()) firsts.push_back(tasks.front());
  std::sort(firsts.begin(), firsts.end());
  for (int t : firsts)
    if (const std::uint32_t at = position[static_cast<std::size_t>(t)]; p.blocks[at + Plan::kWaiting] == 0)
      p.roots.push_back(at);
  return p;
}

void play_direct_replay(const TaskGraph&, DirectReplayPlan&& plan, Machine& machine, std::span<double> finish) {
  std::fill(finish.begin(), finish.end(), std::nan(""));
  DirectPlayer player(std::move(plan), machine);
  player.run();
  player.write_finish(finish);
}

}  // namespace mpnsim
