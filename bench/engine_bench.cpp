// Kernel throughput benchmarks: the classic hold model and a binomial scatter on a hypercube.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "sim/machine_spec.hpp"
#include "sim/plan.hpp"
#include "topologies/registry.hpp"

namespace {

using mpnsim::Engine;
using mpnsim::Machine;
using mpnsim::MachineSpec;
using mpnsim::Plan;

// ---------------------------------------------------------------------------
// Hold model (Vaucher & Duval 1975; Jones 1986): a pending set of fixed size n
// where every event, when run, schedules one new event at now + exp(1). The
// queue size stays n, so the figure is the cost of one pop + one push at size n.

constexpr std::size_t kHoldPending = 1'000'000;
constexpr std::uint64_t kHoldEventsPerIteration = 1'000'000;

struct HoldContext {
  Engine engine;
  std::mt19937_64 rng{20240601};
  std::exponential_distribution<double> delay{1.0};
};

// One pointer: small enough to be kept inline in the engine's Callback, so the
// benchmark itself allocates nothing per event.
struct HoldEvent {
  HoldContext* ctx;
  void operator()() const { ctx->engine.schedule_in(ctx->delay(ctx->rng), *this); }
};

void BM_HoldModel(benchmark::State& state) {
  // Set up once, outside the timed loop: n events at independent exp(1) times.
  HoldContext ctx;
  for (std::size_t i = 0; i < kHoldPending; ++i)
    ctx.engine.schedule_at(ctx.delay(ctx.rng), HoldEvent{&ctx});

  for (auto _ : state) {
    for (std::uint64_t i = 0; i < kHoldEventsPerIteration; ++i) ctx.engine.step();
  }
  if (ctx.engine.pending() != kHoldPending) {
    state.SkipWithError("hold model: pending-event count drifted");
    return;
  }
  const auto events =
      static_cast<double>(state.iterations()) * static_cast<double>(kHoldEventsPerIteration);
  state.SetItemsProcessed(static_cast<std::int64_t>(events));
  state.counters["events_per_second"] = benchmark::Counter(events, benchmark::Counter::kIsRate);
  state.counters["pending"] = static_cast<double>(ctx.engine.pending());
}
BENCHMARK(BM_HoldModel)->Unit(benchmark::kMillisecond);

// ---------------------------------------------------------------------------
// One-port binomial scatter of a unit load from P0 on a d-cube, equal shares
// 1/2^d per processor. P0 sends along dimensions 0..d-1 in that order; a node
// whose highest set bit is h forwards along h+1..d-1. The subtree of the child
// reached along dimension k is every node whose lowest set bit is k, i.e.
// 2^(d-1-k) nodes, so that message carries 2^(d-1-k) / 2^d = 2^-(k+1) of the
// load whoever sends it. Each node computes its share once it has received its
// data, issuing its compute after its sends (a co-processor lets them overlap).

MachineSpec one_port_hypercube(int dim) {
  const auto topology = mpnsim::make_topology("hypercube", {{"dim", std::to_string(dim)}});
  mpnsim::ProcessorSpec processor;
  processor.w = 1.0;
  processor.coprocessor = true;
  processor.send_ports = 1;
  processor.recv_ports = 1;
  return mpnsim::uniform_machine(topology.size(), topology.links(), false, processor, /*z=*/1.0,
                                 /*startup=*/1e-3);
}

Plan binomial_scatter(int dim) {
  const int n = 1 << dim;
  const double share = 1.0 / n;
  Plan plan;
  // received[v]: the action delivering v's data (-1 for P0, which holds it all).
  std::vector<int> received(static_cast<std::size_t>(n), -1);
  // Children have larger labels than their parent, so increasing v visits
  // every parent before its children.
  for (int v = 0; v < n; ++v) {
    const int h = v == 0 ? -1 : std::bit_width(static_cast<unsigned>(v)) - 1;
    std::vector<int> after;
    if (v != 0) after.push_back(received[static_cast<std::size_t>(v)]);
    for (int k = h + 1; k < dim; ++k) {
      const int child = v | (1 << k);
      const double amount = static_cast<double>(1 << (dim - 1 - k)) * share;
      received[static_cast<std::size_t>(child)] = plan.add_send(v, child, amount, {}, after);
    }
    plan.add_compute(v, share, {}, after);
  }
  return plan;
}

struct ScatterResult {
  std::uint64_t events = 0;
  double makespan = 0;
  bool each_computed_once = false;
};

ScatterResult check(const Machine& machine, const Engine& engine) {
  ScatterResult r;
  r.events = engine.events_run();
  std::vector<int> computed(static_cast<std::size_t>(machine.size()), 0);
  for (const auto& c : machine.timeline().computes()) {
    ++computed[static_cast<std::size_t>(c.processor)];
    r.makespan = std::max(r.makespan, c.end);
  }
  for (const auto& t : machine.timeline().transfers()) r.makespan = std::max(r.makespan, t.end);
  r.each_computed_once = true;
  for (int c : computed) r.each_computed_once = r.each_computed_once && c == 1;
  return r;
}

// Whole simulation per iteration: Engine and Machine construction, play, teardown.
void BM_BinomialScatterHypercube(benchmark::State& state) {
  const int dim = static_cast<int>(state.range(0));
  const MachineSpec spec = one_port_hypercube(dim);
  const Plan plan = binomial_scatter(dim);

  ScatterResult result;
  double play_seconds = 0;
  for (auto _ : state) {
    Engine engine;
    Machine machine(engine, spec);
    const auto t0 = std::chrono::steady_clock::now();
    mpnsim::play(plan, machine);
    play_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.PauseTiming();
    result = check(machine, engine);
    state.ResumeTiming();
    if (!result.each_computed_once) {
      state.SkipWithError("scatter: some processor did not compute exactly once");
      break;
    }
    if (!(result.makespan > 0)) {
      state.SkipWithError("scatter: makespan is not positive");
      break;
    }
  }
  if (state.error_occurred()) return;
  const auto events = static_cast<double>(state.iterations()) * static_cast<double>(result.events);
  state.SetItemsProcessed(static_cast<std::int64_t>(events));
  state.counters["events_per_second"] = benchmark::Counter(events, benchmark::Counter::kIsRate);
  // The same events over the time spent in play() alone (no Machine construction).
  state.counters["play_events_per_second"] = events / play_seconds;
  state.counters["play_ms"] = 1e3 * play_seconds / static_cast<double>(state.iterations());
  state.counters["events"] = static_cast<double>(result.events);
  state.counters["makespan"] = result.makespan;
}
BENCHMARK(BM_BinomialScatterHypercube)
    ->Arg(10)->Arg(12)->Arg(14)->Arg(16)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
