// Resource bookkeeping of the machine model: requests, waiting, hops, records.
#include "sim/machine.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sim/router.hpp"

namespace mpnsim {

namespace {

// Marks a request that is a computation rather than a hop.
constexpr int kComputeChannel = -1;

// A computation or one hop of a message, from the moment it is asked for until
// it finishes. Requests are numbered in the order they are made; that number
// is their priority when waiting. Slots are reused, so the live ones stay in
// cache; the resources a request holds are derived from it, not stored.
//
// One cache line: what the loop reads and writes for every activity. The labels a
// timeline record needs (tag, message, hop) are kept apart (Label), written and read
// only while the timeline keeps its records; a DAG replay or `mpnsim dlt` without
// timeline files never touches them (the request was 80 bytes with them). So
// Timeline::keep_records is to be set before the machine's first operation: a request
// made without records writes no labels, and its record would carry zeros.
struct alignas(64) Request {
  // The sequence number above kFlagBits bits of flags: which resources a hop holds
  // besides its link direction (the k... bits below; none, the usual case with
  // co-processors and every port, lets a hop take and free its link alone) and
  // whether its Label was written.
  std::uint64_t order = 0;
  double time = 0;       // until it starts: how long it lasts; from then on: when it started
  double amount = 0;
  int processor = 0;     // compute: where; hop: sending end
  int to = 0;            // hop: receiving end
  int dst = 0;           // hop: final destination of the message
  int channel = kComputeChannel;  // hop: the link direction
  Machine::Done done;
};
constexpr int kFlagBits = 8;
// The sending end has no co-processor, so its CPU takes part; likewise the receiving end's.
constexpr std::uint32_t kSenderCpu = 1, kReceiverCpu = 2;
// The sending end's send ports are counted (a number, not all); likewise the receiving end's
// receive ports.
constexpr std::uint32_t kSenderPort = 4, kReceiverPort = 8;
constexpr std::uint32_t kExtraResources = kSenderCpu | kReceiverCpu | kSenderPort | kReceiverPort;
// The request's Label holds its tag, message and hop (the timeline keeps records).
constexpr std::uint32_t kLabelled = 16;
std::uint64_t seq_of(const Request& r) { return r.order >> kFlagBits; }
std::uint32_t extra_of(const Request& r) { return static_cast<std::uint32_t>(r.order) & kExtraResources; }

// What a timeline record says of a request besides its times and ends.
struct Label {
  std::uint32_t tag = 0;
  std::uint32_t message = 0;
  int hop = 0;
};

// Requests waiting for a resource, earliest (smallest sequence number) first.
using Waiter = std::pair<std::uint64_t, std::uint32_t>;  // (request seq, slot)
// Nearly always requests come to wait in the order they were made (a new request finds the
// resource busy; one served from a queue and sent to wait on its next resource is older than
// those there only when a hop holds several resources), so the queue is a list read from its
// head while they do, and a binary heap from the first that comes out of order until it
// empties: the same order either way (sequence numbers are unique), without a heap's sift
// down at every serve.
class WaitQueue {
 public:
  bool empty() const { return head_ == items_.size(); }
  void push(Waiter w) {
    if (!heap_ && (empty() || items_.back().first < w.first))
      items_.push_back(w);
    else
      push_out_of_order(w);
  }
  // The earliest request, removed (requires !empty()).
  std::uint32_t pop() {
    if (heap_) return pop_heap();
    const std::uint32_t slot = items_[head_++].second;
    if (empty()) {
      items_.clear();
      head_ = 0;
    } else if (head_ >= 64 && 2 * head_ >= items_.size()) {
      drop_served();  // a queue that never empties keeps at most twice its waiters
    }
    return slot;
  }

 private:
  [[gnu::noinline]] void drop_served() {
    items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
  [[gnu::noinline]] void push_out_of_order(Waiter w) {
    if (!heap_) {
      drop_served();
      std::make_heap(items_.begin(), items_.end(), std::greater<>{});
      heap_ = true;
    }
    items_.push_back(w);
    std::push_heap(items_.begin(), items_.end(), std::greater<>{});
  }
  [[gnu::noinline]] std::uint32_t pop_heap() {
    std::pop_heap(items_.begin(), items_.end(), std::greater<>{});
    const std::uint32_t slot = items_.back().second;
    items_.pop_back();
    heap_ = !items_.empty();
    return slot;
  }

  std::vector<Waiter> items_;
  std::size_t head_ = 0;  // list mode: the waiters before it have been served
  bool heap_ = false;
};

// Twelve bytes per resource: a machine of 10^6 processors has millions of them,
// and most are never waited for, so their queues live apart and are made on demand.
struct Resource {
  int capacity = 1;
  int in_use = 0;
  int queue = -1;  // index into Impl::queues, -1 while nobody has waited
};

// A processor's CPU, send ports and receive ports side by side with what a hop
// or a computation needs to know of it: one cache line for everything a hop
// touches at one end.
struct ProcessorState {
  std::array<Resource, 3> resource;  // kCpu, kSend, kRecv
  // What a hop from (to) it holds of it: kSenderCpu (kReceiverCpu) when it has no co-processor,
  // kSenderPort (kReceiverPort) when its send (receive) ports are counted, not all of them.
  // With every port, a port never makes a hop wait, so hops leave the port out and spare its
  // bookkeeping.
  std::uint8_t as_sender = 0;
  std::uint8_t as_receiver = 0;
  double w = 0;                      // its time per unit of load, in Tcp
};
constexpr int kCpu = 0;
constexpr int kSend = 1;
constexpr int kRecv = 2;

// The sizes docs/performance.md's memory figures quote (64-bit targets).
static_assert(sizeof(void*) != 8 || sizeof(ProcessorState) == 48);
static_assert(sizeof(void*) != 8 || sizeof(Request) == 64);
static_assert(sizeof(Resource) == 12);

}  // namespace

struct Machine::Impl {
  Engine& engine;
  MachineSpec spec;
  Router router;
  Timeline timeline;
  // Resource ids: 4p + kCpu/kSend/kRecv for processor p, channel_base + c for
  // link direction c.
  std::vector<ProcessorState> processors;
  std::vector<Resource> channels;
  // What a hop on each link direction holds besides it (its sender's as_sender and its
  // receiver's as_receiver), so that a hop reads one byte, not two processors' lines; on a
  // machine whose processors all hold alike (every DAG replay of compare_simgrid's, `mpnsim
  // dlt`), one value for all (hop_flags empty).
  std::vector<std::uint8_t> hop_flags;
  std::uint32_t same_hop_flags = 0;
  std::vector<WaitQueue> queues;
  std::vector<Request> requests;
  std::vector<Label> labels;  // beside requests, slot for slot; written only with records
  std::vector<std::uint32_t> free_slots;
  std::uint64_t next_seq = 0;
  int n;
  int channel_base;

  Impl(Engine& e, MachineSpec s)
      : engine(e), spec((validate(s), std::move(s))), router(spec), n(spec.size()), channel_base(4 * n) {
    processors.resize(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
      const auto& ps = spec.processors[static_cast<std::size_t>(p)];
      ProcessorState& st = processors[static_cast<std::size_t>(p)];
      st.resource[kSend].capacity = ps.send_ports == kAllPorts ? INT_MAX : ps.send_ports;
      st.resource[kRecv].capacity = ps.recv_ports == kAllPorts ? INT_MAX : ps.recv_ports;
      st.as_sender = static_cast<std::uint8_t>((ps.coprocessor ? 0 : kSenderCpu) | (ps.send_ports == kAllPorts ? 0 : kSenderPort));
      st.as_receiver =
          static_cast<std::uint8_t>((ps.coprocessor ? 0 : kReceiverCpu) | (ps.recv_ports == kAllPorts ? 0 : kReceiverPort));
      st.w = ps.w;
    }
    channels.resize(2 * spec.links.size());
    bool alike = true;
    for (const ProcessorState& st : processors)
      alike = alike && st.as_sender == processors[0].as_sender && st.as_receiver == processors[0].as_receiver;
    if (alike) {
      if (n > 0) same_hop_flags = std::uint32_t{processors[0].as_sender} | processors[0].as_receiver;
    } else {
      hop_flags.resize(channels.size());
      for (int p = 0; p < n; ++p)
        for (const Arc& a : router.arcs(p))
          hop_flags[static_cast<std::size_t>(a.channel)] = static_cast<std::uint8_t>(
              processors[static_cast<std::size_t>(p)].as_sender | processors[static_cast<std::size_t>(a.to)].as_receiver);
    }
  }

  // The flags of a hop on arc a (see hop_flags).
  std::uint32_t flags_of_hop(const Arc& a) const {
    return hop_flags.empty() ? same_hop_flags : hop_flags[static_cast<std::size_t>(a.channel)];
  }

  static int resource_id(int p, int which) { return 4 * p + which; }
  Resource& resource(int id) {
    return id < channel_base ? processors[static_cast<std::size_t>(id >> 2)].resource[static_cast<std::size_t>(id & 3)]
                             : channels[static_cast<std::size_t>(id - channel_base)];
  }

  // The resources request r holds while it runs; returns how many.
  int resources_of(const Request& r, std::array<int, 5>& out) const {
    if (r.channel == kComputeChannel) {
      out[0] = resource_id(r.processor, kCpu);
      return 1;
    }
    // The order only decides which queue a blocked hop waits in.
    int count = 0;
    out[count++] = channel_base + r.channel;
    if (extra_of(r) & kSenderPort) out[count++] = resource_id(r.processor, kSend);
    if (extra_of(r) & kReceiverPort) out[count++] = resource_id(r.to, kRecv);
    if (extra_of(r) & kSenderCpu) out[count++] = resource_id(r.processor, kCpu);
    if (extra_of(r) & kReceiverCpu) out[count++] = resource_id(r.to, kCpu);
    return count;
  }

  // A slot for a new request, with the next sequence number (its priority
  // while waiting; it keeps growing even when slots are reused) above `flags`.
  [[gnu::always_inline]] std::uint32_t new_request(std::uint32_t flags) {
    if (free_slots.empty()) add_slot();
    const std::uint32_t slot = free_slots.back();
    free_slots.pop_back();
    // The slot after it may have been freed long ago: ask for it now, to be written next time
    // (its stores were a tenth of a DAG replay's loop when it came from memory).
    if (!free_slots.empty()) __builtin_prefetch(&requests[free_slots.back()], 1);
    requests[slot].order = next_seq++ << kFlagBits | flags;
    return slot;
  }
  // A new slot, free (rare: slots are reused, so there are only as many as requests at once).
  [[gnu::noinline]] void add_slot() {
    free_slots.push_back(static_cast<std::uint32_t>(requests.size()));
    requests.emplace_back();
    labels.emplace_back();
  }

  // The labels of request `id` when it has them (the timeline keeps records), else zeros.
  Label label_of(const Request& r, std::uint32_t id) const {
    return (r.order & kLabelled) ? labels[id] : Label{};
  }

  // Queues request `id` on `res`, busy, until release() serves it.
  [[gnu::always_inline]] void wait_for(Resource& res, std::uint32_t id) {
    if (res.queue < 0) add_queue(res);
    queues[static_cast<std::size_t>(res.queue)].push({seq_of(requests[id]), id});
  }

  [[gnu::noinline]] void add_queue(Resource& res) {
    res.queue = static_cast<int>(queues.size());
    queues.emplace_back();
  }

  // The request has its resources: it runs from now for the duration its `time` held.
  void begin(Request& r, std::uint32_t id) {
    const double duration = r.time;
    r.time = engine.now();
    // Two captured words: the callback is kept inline, no allocation.
    engine.schedule_at(r.time + duration, [this, id] { finish(id); });
  }

  // Tries to take every resource of request `id`; on failure queues it on the
  // first busy one and returns false. The two common cases inline, the list of resources out of
  // line: with it inline, every call saved and restored the registers the list needs (22
  // instructions an activity of a DAG replay, where the list is never used).
  [[gnu::always_inline]] bool try_start(std::uint32_t id) {
    Request& r = requests[id];
    if (r.channel == kComputeChannel) {
      // A computation takes its CPU only (the general path below, without the list).
      Resource& cpu = processors[static_cast<std::size_t>(r.processor)].resource[kCpu];
      if (cpu.in_use >= cpu.capacity) {
        wait_for(cpu, id);
        return false;
      }
      ++cpu.in_use;
      begin(r, id);
      return true;
    }
    if (extra_of(r) == 0) {
      // A hop that holds its link direction only (the list below, without the list).
      Resource& link = channels[static_cast<std::size_t>(r.channel)];
      if (link.in_use >= link.capacity) {
        wait_for(link, id);
        return false;
      }
      ++link.in_use;
      begin(r, id);
      return true;
    }
    return try_start_listed(r, id);
  }
  [[gnu::noinline]] bool try_start_listed(Request& r, std::uint32_t id) {
    std::array<int, 5> ids;
    const int count = resources_of(r, ids);
    for (int i = 0; i < count; ++i) {
      Resource& res = resource(ids[static_cast<std::size_t>(i)]);
      if (res.in_use >= res.capacity) {
        wait_for(res, id);
        return false;
      }
    }
    for (int i = 0; i < count; ++i) ++resource(ids[static_cast<std::size_t>(i)]).in_use;
    begin(r, id);
    return true;
  }

  void release(Resource& res) {
    --res.in_use;
    if (res.queue < 0) return;
    const auto q = static_cast<std::size_t>(res.queue);
    while (res.in_use < res.capacity && !queues[q].empty()) {
      try_start(queues[q].pop());
      // try_start may add queues, but resources never move: only re-read the queue.
    }
  }

  void finish(std::uint32_t id) {
    Request& r = requests[id];
    const double end = engine.now();
    if (r.channel == kComputeChannel) {
      // A computation: its CPU only, and no next hop (finish_hop's steps, without the list).
      timeline.add(ComputeRecord{r.processor, label_of(r, id).tag, r.time, end, r.amount});
      Resource& cpu = processors[static_cast<std::size_t>(r.processor)].resource[kCpu];
      Done done = std::move(r.done);
      free_slots.push_back(id);
      release(cpu);
      done.run();
      return;
    }
    finish_hop(r, id, end);
  }

  void finish_hop(Request& r, std::uint32_t id, double end) {
    const Label label = label_of(r, id);
    timeline.add(TransferRecord{r.channel >> 1, r.processor, r.to, label.tag, r.time, end, r.amount, label.message,
                                label.hop});
    std::array<int, 5> ids;
    const std::uint32_t extra = extra_of(r);
    const int count = extra == 0 ? 0 : resources_of(r, ids);
    Resource& link = channels[static_cast<std::size_t>(r.channel)];
    // Free resources first so that operations already waiting are served
    // before anything the completion callback asks for.
    // The link direction comes first in resources_of's list: the same order of release.
    // (Serving them starts requests already made: none is made, and no slot taken, meanwhile.)
    if (count == 0)
      release(link);
    else
      for (int i = 0; i < count; ++i) release(resource(ids[static_cast<std::size_t>(i)]));
    if (r.to != r.dst) {
      // The next hop is a new request in the same slot, its callback left where it is: the
      // slot freed here would have been the one it took (the last freed), and nothing moves.
      next_hop(r, id, label);
      return;
    }
    Done done = std::move(r.done);
    free_slots.push_back(id);
    done.run();
  }

  // The hop after request `id`'s (just finished) towards the same destination, as the request
  // in its slot: as start_hop would make it, with a new sequence number.
  void next_hop(Request& r, std::uint32_t id, const Label& label) {
    const int u = r.to;
    const Arc& a = router.next_arc(u, r.dst);
    const LinkKind& cost = router.link_kinds()[a.kind];
    std::uint32_t flags = flags_of_hop(a);
    if (timeline.keeps_records()) {
      flags |= kLabelled;
      labels[id] = Label{label.tag, label.message, label.hop + 1};
    }
    r.order = next_seq++ << kFlagBits | flags;
    r.time = cost.startup + r.amount * cost.z * spec.Tcm;
    r.processor = u;
    r.to = a.to;
    r.channel = a.channel;
    try_start(id);
  }

  // `done` by reference: it is moved once, into the request.
  void start_hop(int u, int dst, double amount, std::uint32_t tag, std::uint32_t message, int hop,
                 Done&& done) {
    start_hop_on(router.next_arc(u, dst), u, dst, amount, tag, message, hop, std::move(done));
  }

  void start_hop_on(const Arc& a, int u, int dst, double amount, std::uint32_t tag, std::uint32_t message, int hop,
                    Done&& done) {
    const LinkKind& cost = router.link_kinds()[a.kind];
    std::uint32_t flags = flags_of_hop(a);
    if (timeline.keeps_records()) flags |= kLabelled;
    const std::uint32_t id = new_request(flags);
    if (flags & kLabelled) labels[id] = Label{tag, message, hop};
    Request& r = requests[id];
    r.time = cost.startup + amount * cost.z * spec.Tcm;
    r.amount = amount;
    r.processor = u;
    r.to = a.to;
    r.dst = dst;
    r.channel = a.channel;
    r.done = std::move(done);
    try_start(id);
  }
};

Machine::Machine(Engine& engine, MachineSpec spec)
    : impl_(std::make_unique<Impl>(engine, std::move(spec))) {}
Machine::~Machine() = default;

void Machine::compute(int processor, double amount, std::uint32_t tag, Done done) {
  if (processor < 0 || processor >= impl_->n)
    throw std::out_of_range(fmt::format("compute on processor {}: no such processor", processor));
  const bool labelled = impl_->timeline.keeps_records();
  const std::uint32_t id = impl_->new_request(labelled ? kLabelled : 0);
  if (labelled) impl_->labels[id] = Label{tag, 0, 0};
  Request& r = impl_->requests[id];
  r.time = amount * impl_->processors[static_cast<std::size_t>(processor)].w * impl_->spec.Tcp;
  r.amount = amount;
  r.processor = processor;
  r.to = processor;
  r.channel = kComputeChannel;
  r.done = std::move(done);
  impl_->try_start(id);
}

void Machine::send(int src, int dst, double amount, std::uint32_t tag, Done done) {
  if (src < 0 || src >= impl_->n || dst < 0 || dst >= impl_->n)
    throw std::out_of_range(fmt::format("send {} -> {}: no such processor", src, dst));
  if (src == dst) {
    impl_->engine.schedule_in(0.0, [d = std::move(done)]() mutable { d.run(); });
    return;
  }
  impl_->start_hop(src, dst, amount, tag, impl_->timeline.new_message(), 0, std::move(done));
}

void Machine::hop(int u, int v, double amount, std::uint32_t tag, std::uint32_t message, int hop, Done done) {
  const Arc* a = (u >= 0 && u < impl_->n && v >= 0 && v < impl_->n) ? impl_->router.arc(u, v) : nullptr;
  if (a == nullptr) throw std::out_of_range(fmt::format("hop {} -> {}: no such link", u, v));
  impl_->start_hop_on(*a, u, v, amount, tag, message, hop, std::move(done));
}

bool Machine::adjacent(int u, int v) const {
  return u >= 0 && u < impl_->n && v >= 0 && v < impl_->n && impl_->router.arc(u, v) != nullptr;
}

const MachineSpec& Machine::spec() const { return impl_->spec; }
int Machine::size() const { return impl_->n; }
Timeline& Machine::timeline() { return impl_->timeline; }
const Timeline& Machine::timeline() const { return impl_->timeline; }
Engine& Machine::engine() { return impl_->engine; }

}  // namespace mpnsim
