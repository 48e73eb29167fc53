// SimGrid (S4U) player of a DAG schedule file: the reference side of bench/compare_simgrid's DAG rows.
//
// One actor per processor runs its tasks in the schedule's order (by start, then
// finish, then index, as mpnsim's replay orders them), each once the messages it
// needs have arrived, as an execution on its host. When a task ends, one actor
// per outgoing message, created in the schedule's order of messages, carries it
// store-and-forward along the file's route: each hop is a `sendto` between the
// two hosts over the one link of that direction (latency S, bandwidth
// unit / z), holding the direction's mutex for the whole transfer.
//
// The mutex is what makes this mpnsim's link model rather than SimGrid's: a
// link direction carries one message at a time and the others wait, first come
// first served (SimGrid's mutexes hand over in lock order), where SimGrid would
// share the bandwidth among them. The file's machine has a port per link and
// co-processors, so a hop needs nothing but its link direction. Messages that
// ask for the same link at the same instant are served in the order they were
// asked for when one event released them both (a task's messages, in the
// schedule's order, in mpnsim too); the benchmark's real-valued times make
// other exact ties unlikely, and the driver compares every finish time.
//
// The platform holds the hosts and the link directions the routes use: a full
// zone with a one-link route for each.
//
// Usage: simgrid_dag SCHEDULE_FILE RESULT_FILE [--cfg=key:value ...]
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <unordered_map>
#include <vector>

#include "bench/simgrid/dag_schedule_file.hpp"
#include "bench/simgrid/exact_model.hpp"
#include "bench/simgrid/plan_file.hpp"
#include "bench/simgrid/player_main.hpp"

namespace sg4 = simgrid::s4u;
using mpnsim::bench::DagScheduleFile;
using mpnsim::bench::PlayResult;

namespace {

struct Shared {
  const DagScheduleFile& file;
  std::vector<sg4::Host*> hosts;
  std::vector<sg4::MutexPtr> channels;   // one per link direction used
  std::vector<std::uint32_t> hop_channel;  // parallel to file.route_hops
  std::vector<std::vector<int>> order;     // each processor's tasks, in execution order
  std::vector<std::vector<int>> sends;     // each task's messages, in the schedule's order
  std::vector<int> missing;                // per task: messages not yet arrived
  std::vector<int> waiting;                // per processor: the task it waits for, or -1
  std::vector<sg4::SemaphorePtr> wakeup;   // per processor
  PlayResult result;
};

int processor_count(const DagScheduleFile& f) {
  int n = 0;
  for (const auto& t : f.tasks) n = std::max(n, t.processor + 1);
  for (int hop : f.route_hops) n = std::max(n, hop + 1);
  return n;
}

void build_platform(Shared& s) {
  const DagScheduleFile& f = s.file;
  const int n = processor_count(f);
  sg4::NetZone* zone = sg4::create_full_zone("dag");
  s.hosts.resize(static_cast<std::size_t>(n));
  // Processors run a load unit in one time unit (w = 1, Tcp = 1).
  for (int p = 0; p < n; ++p) s.hosts[static_cast<std::size_t>(p)] = zone->create_host(std::to_string(p), f.unit)->seal();
  std::unordered_map<std::uint64_t, std::uint32_t> channel_of;
  s.hop_channel.resize(f.route_hops.size());
  for (const auto& m : f.messages) {
    int at = m.from;
    for (std::uint32_t i = m.route_begin; i < m.route_begin + m.route_length; ++i) {
      const int to = f.route_hops[i];
      const std::uint64_t key = static_cast<std::uint64_t>(at) * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(to);
      auto [it, fresh] = channel_of.try_emplace(key, static_cast<std::uint32_t>(s.channels.size()));
      if (fresh) {
        std::string name = std::to_string(at);
        name.append(">").append(std::to_string(to));
        const sg4::Link* link = zone->create_link(name, f.unit / f.z)->set_latency(f.latency)->seal();
        zone->add_route(s.hosts[static_cast<std::size_t>(at)]->get_netpoint(),
                        s.hosts[static_cast<std::size_t>(to)]->get_netpoint(), nullptr, nullptr,
                        {sg4::LinkInRoute(link)}, false);
        s.channels.push_back(sg4::Mutex::create());
      }
      s.hop_channel[i] = it->second;
      at = to;
    }
  }
  zone->seal();
}

void index_schedule(Shared& s) {
  const DagScheduleFile& f = s.file;
  const auto n = s.hosts.size();
  const auto tasks = f.tasks.size();
  s.order.resize(n);
  for (std::size_t t = 0; t < tasks; ++t) s.order[static_cast<std::size_t>(f.tasks[t].processor)].push_back(static_cast<int>(t));
  for (auto& list : s.order)
    std::sort(list.begin(), list.end(), [&f](int a, int b) {
      const auto& x = f.tasks[static_cast<std::size_t>(a)];
      const auto& y = f.tasks[static_cast<std::size_t>(b)];
      if (x.start != y.start) return x.start < y.start;
      if (x.finish != y.finish) return x.finish < y.finish;
      return a < b;
    });
  s.sends.resize(tasks);
  s.missing.assign(tasks, 0);
  for (std::size_t m = 0; m < f.messages.size(); ++m) {
    const auto& e = f.edges[static_cast<std::size_t>(f.messages[m].edge)];
    s.sends[static_cast<std::size_t>(e.from)].push_back(static_cast<int>(m));
    ++s.missing[static_cast<std::size_t>(e.to)];
  }
  s.waiting.assign(n, -1);
  for (std::size_t p = 0; p < n; ++p) s.wakeup.push_back(sg4::Semaphore::create(0));
}

void carry(Shared& s, int index) {
  const DagScheduleFile& f = s.file;
  const auto& m = f.messages[static_cast<std::size_t>(index)];
  const auto& e = f.edges[static_cast<std::size_t>(m.edge)];
  // A whole number of bytes (the driver rounded the data to a multiple of 1 / unit).
  const auto bytes = static_cast<std::uint64_t>(std::llround(e.data * f.unit));
  int at = m.from;
  for (std::uint32_t i = m.route_begin; i < m.route_begin + m.route_length; ++i) {
    const int to = f.route_hops[i];
    const sg4::MutexPtr& channel = s.channels[s.hop_channel[i]];
    channel->lock();
    sg4::Comm::sendto(s.hosts[static_cast<std::size_t>(at)], s.hosts[static_cast<std::size_t>(to)], bytes);
    channel->unlock();
    ++s.result.events;
    at = to;
  }
  const auto consumer = static_cast<std::size_t>(e.to);
  const auto p = static_cast<std::size_t>(m.to);
  if (--s.missing[consumer] == 0 && s.waiting[p] == e.to) {
    s.waiting[p] = -1;
    s.wakeup[p]->release();
  }
}

void processor(Shared& s, int p) {
  const DagScheduleFile& f = s.file;
  const auto up = static_cast<std::size_t>(p);
  for (int t : s.order[up]) {
    const auto ut = static_cast<std::size_t>(t);
    if (s.missing[ut] > 0) {
      s.waiting[up] = t;
      s.wakeup[up]->acquire();
    }
    sg4::this_actor::execute(f.tasks[ut].work * f.unit);
    ++s.result.events;
    s.result.finish[ut] = sg4::Engine::get_clock();
    for (int m : s.sends[ut]) sg4::Actor::create("message", s.hosts[up], [&s, m] { carry(s, m); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool stack_set_by_user = mpnsim::bench::sets_context_options(argc, argv);
  sg4::Engine engine(&argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCHEDULE_FILE RESULT_FILE [--cfg=key:value ...]\n", argv[0]);
    return 2;
  }
  return mpnsim::bench::run_player("simgrid_dag", argv[2], [&](mpnsim::bench::PhaseClock& clock) {
    const DagScheduleFile file = mpnsim::bench::read_dag_schedule_file(argv[1]);
    clock.lap("read schedule file");
    double makespan = 0;
    for (const auto& t : file.tasks) makespan = std::max(makespan, t.finish);
    mpnsim::bench::configure_exact_linear_model(makespan, stack_set_by_user);
    Shared s{file, {}, {}, {}, {}, {}, {}, {}, {}, {}};
    s.result.finish.assign(file.tasks.size(), 0.0);
    build_platform(s);
    clock.lap("platform (hosts, links, routes)");
    index_schedule(s);
    for (std::size_t p = 0; p < s.hosts.size(); ++p)
      sg4::Actor::create(std::to_string(p), s.hosts[p], [&s, p] { processor(s, static_cast<int>(p)); });
    clock.lap("orders, semaphores, actors");
    sg4::Engine::on_time_advance_cb([&s](double) { ++s.result.steps; });
    engine.run();
    clock.lap("run");
    return std::move(s.result);
  });
}
