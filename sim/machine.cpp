// Resource bookkeeping of the machine model: requests, waiting, hops, records.
#include "sim/machine.hpp"

#include <array>
#include <climits>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sim/router.hpp"

namespace mpnsim {

namespace {

// A request for a set of resources held for `duration`. Requests are numbered
// in the order they are made; that number is their priority when waiting.
struct Request {
  std::uint64_t seq = 0;
  double start = 0;  // when it got its resources
  std::array<int, 5> resources{};
  int count = 0;
  double duration = 0;
  // What the request is, for the record and for what follows it.
  bool is_hop = false;
  int processor = 0;  // compute: where; hop: sending end
  int to = 0;         // hop: receiving end
  int link = 0;
  double amount = 0;
  std::uint32_t tag = 0;
  std::uint32_t message = 0;
  int hop = 0;
  int dst = 0;        // hop: final destination of the message
  Machine::Done done;
};

// Requests waiting for a resource, earliest (smallest sequence number) first.
using Waiter = std::pair<std::uint64_t, std::uint32_t>;  // (request seq, slot)
using WaitQueue = std::priority_queue<Waiter, std::vector<Waiter>, std::greater<>>;

// Twelve bytes per resource: a machine of 10^6 processors has millions of them,
// and most are never waited for, so their queues live apart and are made on demand.
struct Resource {
  int capacity = 1;
  int in_use = 0;
  int queue = -1;  // index into Impl::queues, -1 while nobody has waited
};

}  // namespace

struct Machine::Impl {
  Engine& engine;
  MachineSpec spec;
  Router router;
  Timeline timeline;
  std::vector<Resource> resources;
  std::vector<WaitQueue> queues;
  // Live requests; slots are reused once a request finishes.
  std::vector<Request> requests;
  std::vector<std::uint32_t> free_slots;
  std::uint64_t next_seq = 0;
  int n;

  Impl(Engine& e, MachineSpec s)
      : engine(e), spec((validate(s), std::move(s))), router(spec), n(spec.size()) {
    // Layout: each processor's CPU, send ports and receive ports side by side (one
    // cache line for all three), then the link directions.
    resources.resize(static_cast<std::size_t>(3 * n) + 2 * spec.links.size());
    for (int p = 0; p < n; ++p) {
      const auto& ps = spec.processors[static_cast<std::size_t>(p)];
      resources[static_cast<std::size_t>(send_port(p))].capacity =
          ps.send_ports == kAllPorts ? INT_MAX : ps.send_ports;
      resources[static_cast<std::size_t>(recv_port(p))].capacity =
          ps.recv_ports == kAllPorts ? INT_MAX : ps.recv_ports;
    }
  }

  int cpu(int p) const { return 3 * p; }
  int send_port(int p) const { return 3 * p + 1; }
  int recv_port(int p) const { return 3 * p + 2; }
  int channel(int c) const { return 3 * n + c; }

  // Stores a request in a free slot; its sequence number (its priority while
  // waiting) keeps growing even when slots are reused.
  std::uint32_t new_request(Request r) {
    r.seq = next_seq++;
    if (!free_slots.empty()) {
      const std::uint32_t slot = free_slots.back();
      free_slots.pop_back();
      requests[slot] = std::move(r);
      return slot;
    }
    requests.push_back(std::move(r));
    return static_cast<std::uint32_t>(requests.size() - 1);
  }

  // Tries to take every resource of request `id`; on failure queues it on the
  // first busy one and returns false.
  bool try_start(std::uint32_t id) {
    Request& r = requests[id];
    for (int i = 0; i < r.count; ++i) {
      Resource& res = resources[static_cast<std::size_t>(r.resources[static_cast<std::size_t>(i)])];
      if (res.in_use >= res.capacity) {
        if (res.queue < 0) {
          res.queue = static_cast<int>(queues.size());
          queues.emplace_back();
        }
        queues[static_cast<std::size_t>(res.queue)].push({r.seq, id});
        return false;
      }
    }
    for (int i = 0; i < r.count; ++i)
      ++resources[static_cast<std::size_t>(r.resources[static_cast<std::size_t>(i)])].in_use;
    r.start = engine.now();
    // Two captured words keep the callback inside std::function's small buffer: no allocation.
    engine.schedule_at(r.start + r.duration, [this, id] { finish(id); });
    return true;
  }

  void release(int resource_index) {
    Resource& res = resources[static_cast<std::size_t>(resource_index)];
    --res.in_use;
    if (res.queue < 0) return;
    // try_start may add queues (reallocating `queues`): index it afresh each time.
    const auto q = static_cast<std::size_t>(res.queue);
    while (resources[static_cast<std::size_t>(resource_index)].in_use <
               resources[static_cast<std::size_t>(resource_index)].capacity &&
           !queues[q].empty()) {
      const std::uint32_t id = queues[q].top().second;
      queues[q].pop();
      try_start(id);
    }
  }

  void finish(std::uint32_t id) {
    Request r = std::move(requests[id]);
    const double start = r.start;
    requests[id].done = nullptr;
    free_slots.push_back(id);
    const double end = engine.now();
    if (r.is_hop) {
      timeline.add(TransferRecord{r.link, r.processor, r.to, start, end, r.amount, r.tag, r.message,
                                  r.hop});
    } else {
      timeline.add(ComputeRecord{r.processor, start, end, r.amount, r.tag});
    }
    // Free resources first so that operations already waiting are served
    // before anything the completion callback asks for.
    for (int i = 0; i < r.count; ++i) release(r.resources[static_cast<std::size_t>(i)]);
    if (r.is_hop && r.to != r.dst) {
      start_hop(r.to, r.dst, r.amount, r.tag, r.message, r.hop + 1, std::move(r.done));
      return;
    }
    if (r.done) r.done();
  }

  void start_hop(int u, int dst, double amount, std::uint32_t tag, std::uint32_t message, int hop,
                 Done done) {
    const Arc& a = router.next_arc(u, dst);
    const LinkSpec& link = spec.links[static_cast<std::size_t>(a.link)];
    Request r;
    r.is_hop = true;
    r.processor = u;
    r.to = a.to;
    r.link = a.link;
    r.amount = amount;
    r.tag = tag;
    r.message = message;
    r.hop = hop;
    r.dst = dst;
    r.duration = link.startup + amount * link.z * spec.Tcm;
    r.done = std::move(done);
    // Order of checks only decides which queue a blocked hop waits in.
    r.resources[r.count++] = channel(a.channel);
    r.resources[r.count++] = send_port(u);
    r.resources[r.count++] = recv_port(a.to);
    if (!spec.processors[static_cast<std::size_t>(u)].coprocessor) r.resources[r.count++] = cpu(u);
    if (!spec.processors[static_cast<std::size_t>(a.to)].coprocessor)
      r.resources[r.count++] = cpu(a.to);
    try_start(new_request(std::move(r)));
  }
};

Machine::Machine(Engine& engine, MachineSpec spec)
    : impl_(std::make_unique<Impl>(engine, std::move(spec))) {}
Machine::~Machine() = default;

void Machine::compute(int processor, double amount, std::uint32_t tag, Done done) {
  if (processor < 0 || processor >= impl_->n)
    throw std::out_of_range(fmt::format("compute on processor {}: no such processor", processor));
  Request r;
  r.processor = processor;
  r.amount = amount;
  r.tag = tag;
  r.duration = amount * impl_->spec.processors[static_cast<std::size_t>(processor)].w * impl_->spec.Tcp;
  r.done = std::move(done);
  r.resources[r.count++] = impl_->cpu(processor);
  impl_->try_start(impl_->new_request(std::move(r)));
}

void Machine::send(int src, int dst, double amount, std::uint32_t tag, Done done) {
  if (src < 0 || src >= impl_->n || dst < 0 || dst >= impl_->n)
    throw std::out_of_range(fmt::format("send {} -> {}: no such processor", src, dst));
  if (src == dst) {
    impl_->engine.schedule_in(0.0, [d = std::move(done)] {
      if (d) d();
    });
    return;
  }
  impl_->start_hop(src, dst, amount, tag, impl_->timeline.new_message(), 0, std::move(done));
}

const MachineSpec& Machine::spec() const { return impl_->spec; }
int Machine::size() const { return impl_->n; }
Timeline& Machine::timeline() { return impl_->timeline; }
const Timeline& Machine::timeline() const { return impl_->timeline; }
Engine& Machine::engine() { return impl_->engine; }

}  // namespace mpnsim
