// SimGrid (S4U) player of a benchmark plan file: the reference side of bench/compare_simgrid.
//
// One actor per processor. A processor waits for its message (the root holds
// its data at time 0), starts computing its share, and meanwhile sends to its
// children one message at a time in the plan's order: a blocking put per child
// is the one-port rule, the asynchronous exec the co-processor.
//
// The platform is a star zone in which every processor has one incoming link:
// the tree edge from its parent (latency S; bandwidth in bytes per time unit). A route
// parent -> child is that one link, so each message crosses exactly one link
// that carries nothing else, as in the mpnsim plan (where the other hypercube
// links exist but stay idle). This is SimGrid's leanest exact platform for the
// plan: O(N) links and routes, no N^2 routing table.
//
// (An actor-free version, S4U activities chained by add_successor and started
// from main, crashed in 3.32's EngineImpl::handle_ended_actions once a
// communication ended: that release completes only maestro's executions.)
//
// Usage: simgrid_scatter PLAN_FILE RESULT_FILE [--cfg=key:value ...]
#include <simgrid/s4u.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "bench/simgrid/exact_model.hpp"
#include "bench/simgrid/plan_file.hpp"
#include "bench/simgrid/player_main.hpp"

namespace sg4 = simgrid::s4u;
using mpnsim::bench::PlanFile;
using mpnsim::bench::PlayResult;

namespace {

struct Shared {
  const PlanFile& plan;
  std::vector<sg4::Host*> hosts;
  std::vector<sg4::Mailbox*> mailboxes;
  PlayResult result;
};

void build_platform(Shared& s) {
  const PlanFile& plan = s.plan;
  const std::size_t n = plan.nodes.size();
  sg4::NetZone* zone = sg4::create_star_zone("plan");
  s.hosts.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    s.hosts[i] = zone->create_host(std::to_string(i), plan.speed)->seal();
    // No link on the way up: a message leaves by its destination's link only.
    zone->add_route(s.hosts[i]->get_netpoint(), nullptr, nullptr, nullptr, {}, false);
  }
  for (int parent : plan.order) {
    for (const auto& [child, bytes] : plan.nodes[static_cast<std::size_t>(parent)].children) {
      (void)bytes;
      // Built by append: `"link " + std::to_string(...)` trips GCC 12's -Wrestrict false positive.
      std::string name = "link ";
      name.append(std::to_string(child));
      const sg4::Link* link = zone->create_link(name, plan.bandwidth)
                                  ->set_latency(plan.latency)
                                  ->seal();
      zone->add_route(nullptr, s.hosts[static_cast<std::size_t>(child)]->get_netpoint(), nullptr, nullptr,
                      {sg4::LinkInRoute(link)}, false);
    }
  }
  zone->seal();
}

void processor(Shared& s, int id, bool is_root) {
  static int token = 0;  // the payload pointer; only its simulated size matters
  const auto& node = s.plan.nodes[static_cast<std::size_t>(id)];
  if (!is_root) s.mailboxes[static_cast<std::size_t>(id)]->get<int>();
  sg4::ExecPtr exec = sg4::this_actor::exec_async(node.compute);
  for (const auto& [child, bytes] : node.children) {
    s.mailboxes[static_cast<std::size_t>(child)]->put(&token, bytes);
    ++s.result.events;
  }
  exec->wait();
  ++s.result.events;
  s.result.finish[static_cast<std::size_t>(id)] = sg4::Engine::get_clock();
}

}  // namespace

int main(int argc, char** argv) {
  const bool stack_set_by_user = mpnsim::bench::sets_context_options(argc, argv);
  sg4::Engine engine(&argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s PLAN_FILE RESULT_FILE [--cfg=key:value ...]\n", argv[0]);
    return 2;
  }
  return mpnsim::bench::run_player("simgrid_scatter", argv[2], [&](mpnsim::bench::PhaseClock& clock) {
    const PlanFile plan = mpnsim::bench::read_plan_file(argv[1]);
    clock.lap("read plan file");
    mpnsim::bench::configure_exact_linear_model(plan.T_analytic, stack_set_by_user);
    Shared s{plan, {}, {}, {}};
    s.result.finish.assign(plan.nodes.size(), 0.0);
    build_platform(s);
    clock.lap("platform (hosts, links, routes)");
    s.mailboxes.resize(plan.nodes.size());
    for (std::size_t i = 0; i < plan.nodes.size(); ++i) s.mailboxes[i] = sg4::Mailbox::by_name(std::to_string(i));
    for (std::size_t k = 0; k < plan.order.size(); ++k) {
      const int id = plan.order[k];
      sg4::Actor::create(std::to_string(id), s.hosts[static_cast<std::size_t>(id)],
                         [&s, id, root = k == 0] { processor(s, id, root); });
    }
    clock.lap("mailboxes and actors");
    sg4::Engine::on_time_advance_cb([&s](double) { ++s.result.steps; });
    engine.run();
    clock.lap("run");
    return std::move(s.result);
  });
}
