// The stream's replay plan made workflow by workflow as the engine reaches it, and freed as it plays.
#include "schedulers/online/fed_stream_player.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <deque>
#include <tuple>

#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/message_ends.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/time_order_key.hpp"

namespace mpnsim {

namespace {

// One action of the whole plan, while it is alive. `key` is its number in the whole plan
// (tasks, then hops or sends in the schedule's order, then waits): every list of dependents
// is kept in that order, as the player keeps it. Actions are pooled: a completed one's record
// (and its list's room) serves the next action made.
struct Act {
  std::int64_t key = 0;
  double amount = 0;
  int processor = 0;  // compute: where; hop, send: from
  int to = -1;        // hop, send: to; -1 for a computation
  int task = -1;      // a computation's task
  int waiting = 0;    // dependencies not yet complete
  bool is_hop = false;
  bool first_hop = false;  // a message's first hop: it opens the timeline's message
  bool issued = false;
  std::uint32_t message = 0;  // hops: the timeline's message, set at the first hop's issue
  int hop_no = 0;
  Act* next_hop = nullptr;
  // Its booking in the chains of resources (contention: CPU, link direction, ports; free: CPU).
  double start = 0, finish = 0;
  std::uint64_t tie = 0;
  int resources[5] = {};
  int resource_count = 0;
  std::vector<Act*> dependents;  // by key; an action may come twice (two dependencies)
};

// The whole plan's order of a resource's bookings: contention_replay_plan's (start, finish,
// booking number), or under comm: free Schedule::processor_order's (start, finish, task).
struct Booking {
  double start, finish;
  std::uint64_t tie;
  std::int64_t key;
};
Booking booking_of(const Act* a) { return {a->start, a->finish, a->tie, a->key}; }
struct BookingOrder {
  bool as_times = true;
  bool operator()(const Booking& a, const Booking& b) const {
    if (as_times) return std::tie(a.start, a.finish, a.tie, a.key) < std::tie(b.start, b.finish, b.tie, b.key);
    const auto ka = std::make_tuple(time_order_key(a.start), time_order_key(a.finish), a.tie);
    const auto kb = std::make_tuple(time_order_key(b.start), time_order_key(b.finish), b.tie);
    return ka < kb;
  }
};

class FedPlayer {
 public:
  FedPlayer(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
            const MachineSpec& played, int min_feed_tasks)
      : stream_(stream), graph_(stream.graph), schedule_(schedule), dispatched_(dispatched), spec_(played),
        machine_(engine_, played), n_(graph_.size()) {
    machine_.timeline().keep_records(false);
    const int workflows = stream.workflows();
    // Edges and messages workflow by workflow (edges lie so already: merge_workflows).
    first_edge_.assign(static_cast<std::size_t>(workflows) + 1, graph_.edge_count());
    for (int e = graph_.edge_count() - 1; e >= 0; --e)
      first_edge_[static_cast<std::size_t>(stream.workflow_of(graph_.edge(e).from))] = e;
    for (int w = workflows - 1; w >= 0; --w)
      first_edge_[static_cast<std::size_t>(w)] = std::min(first_edge_[static_cast<std::size_t>(w)], first_edge_[static_cast<std::size_t>(w) + 1]);
    first_message_.assign(static_cast<std::size_t>(workflows) + 1, 0);
    for (const ScheduledMessage& m : schedule.messages)
      ++first_message_[static_cast<std::size_t>(stream.workflow_of(graph_.edge(m.edge).from)) + 1];
    for (int w = 0; w < workflows; ++w) first_message_[static_cast<std::size_t>(w) + 1] += first_message_[static_cast<std::size_t>(w)];
    messages_.resize(schedule.messages.size());
    {
      std::vector<int> at(first_message_.begin(), first_message_.end() - 1);
      for (std::size_t k = 0; k < schedule.messages.size(); ++k) {
        const int w = stream.workflow_of(graph_.edge(schedule.messages[k].edge).from);
        messages_[static_cast<std::size_t>(at[static_cast<std::size_t>(w)]++)] = static_cast<int>(k);
      }
    }
    // Feeds of whole workflows, each made at the first dispatch of its workflows or later ones.
    std::vector<double> release(static_cast<std::size_t>(workflows) + 1, std::numeric_limits<double>::infinity());
    for (int w = workflows - 1; w >= 0; --w) {
      double first = release[static_cast<std::size_t>(w) + 1];
      for (int t = stream.first_task[static_cast<std::size_t>(w)]; t < stream.first_task[static_cast<std::size_t>(w) + 1]; ++t)
        first = std::min(first, dispatched[static_cast<std::size_t>(t)]);
      release[static_cast<std::size_t>(w)] = first;
    }
    for (int a = 0; a < workflows;) {
      int b = a + 1;
      while (b < workflows && stream.first_task[static_cast<std::size_t>(b)] - stream.first_task[static_cast<std::size_t>(a)] < min_feed_tasks) ++b;
      feeds_.push_back({a, b, release[static_cast<std::size_t>(a)]});
      a = b;
    }
    // One wait per distinct dispatch instant after 0, as stream_replay.cpp's whole plan has.
    for (const double at : dispatched)
      if (at > 0) instants_.push_back(at);
    std::sort(instants_.begin(), instants_.end());
    instants_.erase(std::unique(instants_.begin(), instants_.end()), instants_.end());
    order_.as_times = schedule.contention_aware;
    // Resources: CPUs, then link directions, then the binding ports (each processor's send
    // ports, then its receive ports).
    const BindingPorts bind = binding_ports(spec_);
    std::size_t count = static_cast<std::size_t>(spec_.size()) + 2 * spec_.links.size();
    send_port_base_.assign(static_cast<std::size_t>(spec_.size()), -1);
    recv_port_base_.assign(static_cast<std::size_t>(spec_.size()), -1);
    for (int p = 0; p < spec_.size(); ++p) {
      const ProcessorSpec& ps = spec_.processors[static_cast<std::size_t>(p)];
      if (bind.send[static_cast<std::size_t>(p)]) {
        send_port_base_[static_cast<std::size_t>(p)] = static_cast<int>(count);
        count += static_cast<std::size_t>(ps.send_ports);
      }
      if (bind.recv[static_cast<std::size_t>(p)]) {
        recv_port_base_[static_cast<std::size_t>(p)] = static_cast<int>(count);
        count += static_cast<std::size_t>(ps.recv_ports);
      }
    }
    resources_.resize(count);
  }

  bool play(FedReplay& out) {
    out.finish.assign(static_cast<std::size_t>(n_), std::nan(""));
    finish_ = &out.finish;
    machine_.timeline() = std::move(out.timeline);
    machine_.timeline().keep_records(false);
    // At time 0, as the whole plan's player: the feeds released at 0, their actions without
    // dependencies in plan order, then (before the waits, so that each is made before
    // anything else at its instant) the later feeds, then the waits.
    std::size_t f = 0;
    std::vector<Act*> roots;
    for (; f < feeds_.size() && feeds_[f].release <= 0; ++f) {
      add_feed(feeds_[f], true);
      roots.insert(roots.end(), made_.begin(), made_.end());
    }
    // Those with nothing to wait for once every feed of time 0 is made (a later feed's booking
    // may come before an earlier one's).
    std::erase_if(roots, [](const Act* a) { return a->waiting != 0; });
    std::sort(roots.begin(), roots.end(), [](const Act* a, const Act* b) { return a->key < b->key; });
    for (Act* a : roots) issue(a);
    for (; f < feeds_.size(); ++f)
      if (std::isfinite(feeds_[f].release))
        engine_.schedule_at(feeds_[f].release, [this, f] { if (!broken_) add_feed(feeds_[f], false); });
      else
        ++fed_;  // workflows without tasks: nothing to make
    for (std::size_t j = 0; j < instants_.size(); ++j) engine_.schedule_in(instants_[j], [this, j] { complete_wait(j); });
    engine_.run();
    if (broken_ || live_ != 0 || fed_ != feeds_.size()) return false;
    out.timeline = std::move(machine_.timeline());
    out.feeds = static_cast<int>(feeds_.size());
    return true;
  }

 private:
  struct Feed {
    int first, last;  // workflows [first, last)
    double release;   // the first dispatch of workflow `first` or later
  };

  static void insert_dependent(std::vector<Act*>& list, Act* d) {
    list.insert(std::upper_bound(list.begin(), list.end(), d, [](const Act* x, const Act* y) { return x->key < y->key; }), d);
  }
  static void depend(Act* on, Act* d) {
    insert_dependent(on->dependents, d);
    ++d->waiting;
  }
  void depend_on_wait(double at, Act* d) {
    if (!(at > 0)) return;
    const auto j = static_cast<std::size_t>(std::lower_bound(instants_.begin(), instants_.end(), at) - instants_.begin());
    if (j < waits_done_) {  // a dispatch before its feed was made: not a schedule this player can feed
      broken_ = true;
      return;
    }
    const std::size_t i = j - waits_done_;
    if (wait_lists_.size() <= i) wait_lists_.resize(i + 1);
    insert_dependent(wait_lists_[i], d);
    ++d->waiting;
  }

  Act* make(std::int64_t key) {
    Act* a;
    if (free_.empty()) {
      a = &pool_.emplace_back();
    } else {
      a = free_.back();
      free_.pop_back();
    }
    a->key = key;
    ++live_;
    return a;
  }
  // Back to the pool, as a fresh record that keeps its list's room.
  void release(Act* a) {
    std::vector<Act*> room = std::move(a->dependents);
    room.clear();
    *a = Act{};
    a->dependents = std::move(room);
    free_.push_back(a);
    --live_;
  }

  // Puts the action in the resource's chain where the whole plan has it: after the booking
  // before it, before the one after it (which then waits for it instead).
  void book(int resource, Act* a) {
    Resource& r = resources_[static_cast<std::size_t>(resource)];
    auto& chain = r.pending;
    const Booking b = booking_of(a);
    // Before a booking that has already run, the whole plan would have held that one back.
    if (r.has_done && order_(b, r.last_done)) {
      broken_ = true;
      return;
    }
    // Most bookings come after every pending one (add_feed books in time order): appended;
    // the others go where a binary search of the pending ones puts them.
    const auto head = chain.begin() + static_cast<std::ptrdiff_t>(r.head);
    auto it = chain.end();
    if (head != chain.end() && !order_(booking_of(chain.back()), b))
      it = std::upper_bound(head, chain.end(), b, [this](const Booking& x, const Act* y) { return order_(x, booking_of(y)); });
    if (it != head && !order_(booking_of(*std::prev(it)), b)) {  // the same place as another booking
      broken_ = true;
      return;
    }
    a->resources[a->resource_count++] = resource;
    Act* pred = it == head ? nullptr : *std::prev(it);
    Act* succ = it == chain.end() ? nullptr : *it;
    chain.insert(it, a);
    if (succ != nullptr) {
      if (succ->issued) {  // the whole plan would have held it back for this one
        broken_ = true;
        return;
      }
      if (pred != nullptr) {
        auto& list = pred->dependents;
        const auto at = std::find(list.begin(), list.end(), succ);
        if (at == list.end()) {
          broken_ = true;
          return;
        }
        list.erase(at);
        --succ->waiting;
      }
      depend(a, succ);
    }
    if (pred != nullptr) depend(pred, a);
  }
  int port_resource(int kind, int processor, int port) const {
    return (kind == 0 ? send_port_base_ : recv_port_base_)[static_cast<std::size_t>(processor)] + port;
  }

  // Makes the actions of workflows [first, last), as contention_replay_plan or replay_plan,
  // and stream_replay.cpp's waits, make them in the whole plan.
  void add_feed(const Feed& feed, bool at_start) {
    ++fed_;
    const int t0 = stream_.first_task[static_cast<std::size_t>(feed.first)];
    const int t1 = stream_.first_task[static_cast<std::size_t>(feed.last)];
    const int e0 = first_edge_[static_cast<std::size_t>(feed.first)];
    const int e1 = first_edge_[static_cast<std::size_t>(feed.last)];
    std::vector<Act*>& made = made_;
    made.clear();
    const CostTable* costs = graph_.costs();
    task_act_.assign(static_cast<std::size_t>(t1 - t0), nullptr);
    for (int t = t0; t < t1; ++t) {
      const TaskPlacement& p = schedule_.tasks[static_cast<std::size_t>(t)];
      Act* a = make(t);
      task_act_[static_cast<std::size_t>(t - t0)] = a;
      a->task = t;
      a->processor = p.processor;
      a->amount = costs ? costs->at(t, p.processor) : graph_.work(t);
      a->start = p.start;
      a->finish = p.finish;
      a->tie = schedule_.contention_aware
                   ? (static_cast<std::size_t>(t) < schedule_.task_booked.size() ? schedule_.task_booked[static_cast<std::size_t>(t)] : 0)
                   : static_cast<std::uint64_t>(t);
      made.push_back(a);
    }
    // Each edge's message: its last hop, or its send.
    std::vector<Act*>& carried = carried_;
    carried.assign(static_cast<std::size_t>(e1 - e0), nullptr);
    for (int i = first_message_[static_cast<std::size_t>(feed.first)]; i < first_message_[static_cast<std::size_t>(feed.last)]; ++i) {
      const auto k = static_cast<std::size_t>(messages_[static_cast<std::size_t>(i)]);
      const ScheduledMessage& m = schedule_.messages[k];
      const DagEdge& e = graph_.edge(m.edge);
      Act* producer = task_act_[static_cast<std::size_t>(e.from - t0)];
      const double at = dispatched_[static_cast<std::size_t>(e.to)];
      Act* last = nullptr;
      if (schedule_.contention_aware) {
        for (int h = m.first_hop; h < schedule_.hop_end(k); ++h) {
          const ScheduledHop& hop = schedule_.hops[static_cast<std::size_t>(h)];
          Act* a = make(static_cast<std::int64_t>(n_) + h);
          a->is_hop = true;
          a->processor = hop.from;
          a->to = hop.to;
          a->amount = e.data;
          a->start = hop.start;
          a->finish = hop.finish;
          a->tie = hop.booked;
          if (last == nullptr) {
            a->first_hop = true;
            depend(producer, a);
            depend_on_wait(at, a);
          } else {
            depend(last, a);
            last->next_hop = a;
          }
          made.push_back(a);
          last = a;
        }
      } else {
        const MessageEnds ends = message_ends(graph_, schedule_, m);
        Act* a = make(n_ + static_cast<std::int64_t>(k));
        a->processor = ends.from;
        a->to = ends.to;
        a->amount = e.data;
        depend(producer, a);
        depend_on_wait(at, a);
        made.push_back(a);
        last = a;
      }
      carried[static_cast<std::size_t>(m.edge - e0)] = last;
    }
    for (int t = t0; t < t1; ++t) {
      Act* a = task_act_[static_cast<std::size_t>(t - t0)];
      for (int e : graph_.in_edges(t)) {
        Act* c = carried[static_cast<std::size_t>(e - e0)];
        depend(c != nullptr ? c : task_act_[static_cast<std::size_t>(graph_.edge(e).from - t0)], a);
      }
      depend_on_wait(dispatched_[static_cast<std::size_t>(t)], a);
    }
    // The chains of the resources, in time order (the chains come out the same in any order;
    // in this one a booking mostly goes after the pending ones, with no dependents to move).
    std::sort(made.begin(), made.end(), [this](const Act* x, const Act* y) {
      return order_(booking_of(x), booking_of(y));
    });
    for (Act* a : made) {
      if (a->task >= 0) {
        book(a->processor, a);
        continue;
      }
      if (!a->is_hop) continue;
      const ScheduledHop& hop = schedule_.hops[static_cast<std::size_t>(a->key - n_)];
      book(spec_.size() + hop.channel, a);
      const ProcessorSpec& from = spec_.processors[static_cast<std::size_t>(hop.from)];
      const ProcessorSpec& to = spec_.processors[static_cast<std::size_t>(hop.to)];
      if (!from.coprocessor) book(hop.from, a);
      if (!to.coprocessor) book(hop.to, a);
      if (send_port_base_[static_cast<std::size_t>(hop.from)] >= 0 && hop.send_port >= 0)
        book(port_resource(0, hop.from, hop.send_port), a);
      if (recv_port_base_[static_cast<std::size_t>(hop.to)] >= 0 && hop.recv_port >= 0)
        book(port_resource(1, hop.to, hop.recv_port), a);
    }
    // Nothing of a feed made during the run may be ready at once: it would have been issued
    // earlier in the whole plan.
    if (!at_start)
      for (const Act* a : made)
        if (a->waiting == 0) broken_ = true;
  }

  void issue(Act* a) {
    a->issued = true;
    auto done = [this, a] { complete(a); };
    if (a->is_hop) {
      if (a->first_hop) a->message = machine_.timeline().new_message();
      if (a->next_hop != nullptr) {
        a->next_hop->message = a->message;
        a->next_hop->hop_no = a->hop_no + 1;
      }
      machine_.hop(a->processor, a->to, a->amount, 0, a->message, a->hop_no, done);
    } else if (a->to >= 0) {
      machine_.send(a->processor, a->to, a->amount, 0, done);
    } else {
      machine_.compute(a->processor, a->amount, 0, done);
    }
  }
  void complete(Act* a) {
    if (broken_) return;
    if (a->task >= 0) (*finish_)[static_cast<std::size_t>(a->task)] = engine_.now();
    for (int i = 0; i < a->resource_count; ++i) {
      // A resource's bookings complete in its chain's order (each waits for the one before):
      // this one is the first pending.
      Resource& r = resources_[static_cast<std::size_t>(a->resources[i])];
      if (r.head >= r.pending.size() || r.pending[r.head] != a) {
        broken_ = true;
        return;
      }
      ++r.head;
      if (r.head == r.pending.size()) {
        r.pending.clear();
        r.head = 0;
      } else if (r.head >= 64 && 2 * r.head >= r.pending.size()) {
        r.pending.erase(r.pending.begin(), r.pending.begin() + static_cast<std::ptrdiff_t>(r.head));
        r.head = 0;
      }
      r.last_done = booking_of(a);
      r.has_done = true;
    }
    for (Act* d : a->dependents)
      if (--d->waiting == 0) issue(d);
    release(a);
  }
  void complete_wait(std::size_t j) {
    if (broken_) return;
    // The waits come in the order of their instants.
    if (j != waits_done_) {
      broken_ = true;
      return;
    }
    ++waits_done_;
    if (wait_lists_.empty()) return;
    const std::vector<Act*> dependents = std::move(wait_lists_.front());
    wait_lists_.pop_front();
    for (Act* d : dependents)
      if (--d->waiting == 0) issue(d);
  }

  const WorkflowStream& stream_;
  const TaskGraph& graph_;
  const Schedule& schedule_;
  std::span<const double> dispatched_;
  const MachineSpec& spec_;
  Engine engine_;
  Machine machine_;
  int n_;
  std::vector<int> first_edge_, first_message_, messages_;
  std::vector<Feed> feeds_;
  std::size_t fed_ = 0;
  std::vector<double> instants_;
  // The dependents of the waits not yet done, from the first of them (waits_done_ are done):
  // those of instants up to the latest dispatch of a workflow fed.
  std::deque<std::vector<Act*>> wait_lists_;
  std::size_t waits_done_ = 0;
  BookingOrder order_;
  // A resource's bookings not yet complete, in the whole plan's order from `head` (those
  // complete come before them all, in a chain, and are dropped from the front in bulk), and
  // the last one complete.
  struct Resource {
    std::vector<Act*> pending;
    std::size_t head = 0;
    Booking last_done{};
    bool has_done = false;
  };
  std::vector<Resource> resources_;
  // Per processor, the resource of its first send (receive) port, -1 where the ports do not
  // bind (binding_ports, dag_replay.hpp).
  std::vector<int> send_port_base_, recv_port_base_;
  // The live actions' records, and those completed, to be used again. A deque keeps them in
  // place as it grows.
  std::deque<Act> pool_;
  std::vector<Act*> free_;
  std::size_t live_ = 0;
  // Scratch of add_feed: the actions made, per task its action, per edge its message's last.
  std::vector<Act*> made_, task_act_, carried_;
  std::vector<double>* finish_ = nullptr;
  bool broken_ = false;
};

}  // namespace

bool play_fed(const WorkflowStream& stream, const Schedule& schedule, std::span<const double> dispatched,
              const MachineSpec& played, int min_feed_tasks, FedReplay& out) {
  FedPlayer player(stream, schedule, dispatched, played, std::max(min_feed_tasks, 1));
  return player.play(out);
}

}  // namespace mpnsim
