// The stream's replay plan made workflow by workflow as the engine reaches it, and freed as it plays.
#include "schedulers/online/fed_stream_player.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "schedulers/dag/dag_replay.hpp"
#include "schedulers/dag/message_ends.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/time_order_key.hpp"

namespace mpnsim {

namespace {

// One action of the whole plan, while it is alive. `key` is its number in the whole plan
// (tasks, then hops or sends in the schedule's order, then waits): every list of dependents
// is kept in that order, as the player keeps it.
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
  Act* act;
};
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
    waits_.resize(instants_.size());
    // Resources: CPUs, then link directions, then binding ports as they come.
    order_.as_times = schedule.contention_aware;
    resources_.assign(static_cast<std::size_t>(spec_.size()) + 2 * spec_.links.size(), Resource{std::set<Booking, BookingOrder>(order_)});
    ports_bind_ = binding_ports(spec_);
  }

  bool play(FedReplay& out) {
    out.finish.assign(static_cast<std::size_t>(n_), std::nan(""));
    finish_ = &out.finish;
    // At time 0, as the whole plan's player: the feeds released at 0, their actions without
    // dependencies in plan order, then (before the waits, so that each is made before
    // anything else at its instant) the later feeds, then the waits.
    std::size_t f = 0;
    for (; f < feeds_.size() && feeds_[f].release <= 0; ++f) add_feed(feeds_[f], true);
    std::vector<Act*> roots;
    for (auto& [key, act] : acts_)
      if (act.waiting == 0) roots.push_back(&act);
    std::sort(roots.begin(), roots.end(), [](const Act* a, const Act* b) { return a->key < b->key; });
    for (Act* a : roots) issue(a);
    for (; f < feeds_.size(); ++f)
      if (std::isfinite(feeds_[f].release))
        engine_.schedule_at(feeds_[f].release, [this, f] { if (!broken_) add_feed(feeds_[f], false); });
      else
        ++fed_;  // workflows without tasks: nothing to make
    for (std::size_t j = 0; j < instants_.size(); ++j) engine_.schedule_in(instants_[j], [this, j] { complete_wait(j); });
    engine_.run();
    if (broken_ || !acts_.empty() || fed_ != feeds_.size()) return false;
    out.timeline = std::move(machine_.timeline());
    out.feeds = static_cast<int>(feeds_.size());
    return true;
  }

 private:
  struct Feed {
    int first, last;  // workflows [first, last)
    double release;   // the first dispatch of workflow `first` or later
  };
  struct Wait {
    bool done = false;
    std::vector<Act*> dependents;
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
    Wait& w = waits_[j];
    if (w.done) {  // a dispatch before its feed was made: not a schedule this player can feed
      broken_ = true;
      return;
    }
    insert_dependent(w.dependents, d);
    ++d->waiting;
  }

  Act* make(std::int64_t key) {
    Act& a = acts_[key];
    a.key = key;
    return &a;
  }

  // Puts the action in the resource's chain where the whole plan has it: after the booking
  // before it, before the one after it (which then waits for it instead).
  void book(int resource, Act* a) {
    Resource& r = resources_[static_cast<std::size_t>(resource)];
    auto& chain = r.pending;
    const Booking b{a->start, a->finish, a->tie, a->key, a};
    // Before a booking that has already run, the whole plan would have held that one back.
    if (r.has_done && order_(b, r.last_done)) {
      broken_ = true;
      return;
    }
    // Most bookings come after every pending one (add_feed books in time order): the hint
    // makes those inserts constant time.
    const std::size_t before = chain.size();
    const auto it = chain.insert(chain.end(), b);
    const bool fresh = chain.size() != before;
    if (!fresh) {
      broken_ = true;
      return;
    }
    a->resources[a->resource_count++] = resource;
    const auto next = std::next(it);
    Act* pred = it == chain.begin() ? nullptr : std::prev(it)->act;
    if (next != chain.end()) {
      Act* succ = next->act;
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
  int port_resource(int kind, int processor, int port) {
    const auto [it, fresh] = ports_.try_emplace({kind, processor, port}, static_cast<int>(resources_.size()));
    if (fresh) resources_.push_back(Resource{std::set<Booking, BookingOrder>(order_)});
    return it->second;
  }

  // Makes the actions of workflows [first, last), as contention_replay_plan or replay_plan,
  // and stream_replay.cpp's waits, make them in the whole plan.
  void add_feed(const Feed& feed, bool at_start) {
    ++fed_;
    const int t0 = stream_.first_task[static_cast<std::size_t>(feed.first)];
    const int t1 = stream_.first_task[static_cast<std::size_t>(feed.last)];
    const int e0 = first_edge_[static_cast<std::size_t>(feed.first)];
    const int e1 = first_edge_[static_cast<std::size_t>(feed.last)];
    std::vector<Act*> made;
    made.reserve(static_cast<std::size_t>(t1 - t0));
    const CostTable* costs = graph_.costs();
    for (int t = t0; t < t1; ++t) {
      const TaskPlacement& p = schedule_.tasks[static_cast<std::size_t>(t)];
      Act* a = make(t);
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
    std::vector<Act*> carried(static_cast<std::size_t>(e1 - e0), nullptr);
    for (int i = first_message_[static_cast<std::size_t>(feed.first)]; i < first_message_[static_cast<std::size_t>(feed.last)]; ++i) {
      const auto k = static_cast<std::size_t>(messages_[static_cast<std::size_t>(i)]);
      const ScheduledMessage& m = schedule_.messages[k];
      const DagEdge& e = graph_.edge(m.edge);
      Act* producer = &acts_.at(e.from);
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
      Act* a = &acts_.at(t);
      for (int e : graph_.in_edges(t)) {
        Act* c = carried[static_cast<std::size_t>(e - e0)];
        depend(c != nullptr ? c : &acts_.at(graph_.edge(e).from), a);
      }
      depend_on_wait(dispatched_[static_cast<std::size_t>(t)], a);
    }
    // The chains of the resources, in time order (the chains come out the same in any order;
    // in this one a booking mostly goes after the pending ones, with no dependents to move).
    std::sort(made.begin(), made.end(), [this](const Act* x, const Act* y) {
      return order_(Booking{x->start, x->finish, x->tie, x->key, nullptr}, Booking{y->start, y->finish, y->tie, y->key, nullptr});
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
      if (ports_bind_.send[static_cast<std::size_t>(hop.from)] && hop.send_port >= 0)
        book(port_resource(0, hop.from, hop.send_port), a);
      if (ports_bind_.recv[static_cast<std::size_t>(hop.to)] && hop.recv_port >= 0)
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
      Resource& r = resources_[static_cast<std::size_t>(a->resources[i])];
      r.pending.erase({a->start, a->finish, a->tie, a->key, a});
      if (!r.has_done || order_(r.last_done, Booking{a->start, a->finish, a->tie, a->key, nullptr})) {
        r.last_done = {a->start, a->finish, a->tie, a->key, nullptr};
        r.has_done = true;
      }
    }
    for (Act* d : a->dependents)
      if (--d->waiting == 0) issue(d);
    acts_.erase(a->key);
  }
  void complete_wait(std::size_t j) {
    if (broken_) return;
    Wait& w = waits_[j];
    w.done = true;
    for (Act* d : w.dependents)
      if (--d->waiting == 0) issue(d);
    std::vector<Act*>().swap(w.dependents);
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
  std::vector<Wait> waits_;
  BookingOrder order_;
  // A resource's bookings not yet complete (those complete come before them all, in a chain),
  // and the last one complete.
  struct Resource {
    std::set<Booking, BookingOrder> pending;
    Booking last_done{};
    bool has_done = false;
  };
  std::vector<Resource> resources_;
  std::map<std::tuple<int, int, int>, int> ports_;
  BindingPorts ports_bind_;  // which ports are resources of their own (dag_replay.hpp)
  std::unordered_map<std::int64_t, Act> acts_;
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
