// The SimGrid configuration shared by the scatter and DAG players.
#include "bench/simgrid/exact_model.hpp"

#include <string_view>

#include <simgrid/s4u.hpp>

namespace mpnsim::bench {

void configure_exact_linear_model(double makespan, bool stack_set_by_user) {
  namespace sg4 = simgrid::s4u;
  sg4::Engine::set_config("network/model:CM02");
  sg4::Engine::set_config("network/latency-factor:1");
  sg4::Engine::set_config("network/bandwidth-factor:1");
  sg4::Engine::set_config("network/weight-S:0");
  sg4::Engine::set_config("network/crosstraffic:0");
  sg4::Engine::set_config("network/TCP-gamma:0");
  sg4::Engine::set_config("surf/precision", 1e-12 * makespan);
  if (stack_set_by_user) return;
  // The default stacks (8 MiB, each behind a guard page, so two memory maps per
  // actor) exhaust the kernel's map limit past ~32k actors. Without guard pages
  // SimGrid callocs the stacks, so every byte of them is resident: keep them
  // small. These actors need less than 6 KiB (behind guard pages, 6 KiB runs
  // and 5 KiB faults: --cfg=contexts/stack-size:6 --cfg=contexts/guard-size:1
  // on the d = 14 and n = 10^4 plans), so 8 KiB leaves a margin.
  sg4::Engine::set_config("contexts/stack-size", 8);
  sg4::Engine::set_config("contexts/guard-size", 0);
}

bool sets_context_options(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]).find("contexts/") != std::string_view::npos) return true;
  return false;
}

}  // namespace mpnsim::bench
