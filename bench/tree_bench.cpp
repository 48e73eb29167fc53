// Task-tree benchmarks: one tree placed level by level by each scheduler (what `mpnsim tree`
// does for one placement), and the tree generators, so that the command can be held to them.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

#include "schedulers/tree/tree_placement.hpp"
#include "schedulers/tree/tree_scheduler.hpp"
#include "topologies/families.hpp"
#include "workloads/tree/tree_generators.hpp"

namespace {

using namespace mpnsim;

// The networks: 0 = LET of depth 9 (55 processors), 1 = 8-cube (256).
struct Network {
  Topology topology;
  TreeNetwork tree_network{topology};
  explicit Network(Topology t) : topology(std::move(t)) {}
};

const Network& network(int which) {
  static std::map<int, std::unique_ptr<Network>> cache;
  auto& slot = cache[which];
  if (!slot) slot = std::make_unique<Network>(which == 0 ? linearly_extensible_tree(9) : hypercube(8));
  return *slot;
}

// The trees: 0 = complete binary of depth 21 (4 194 303 tasks, the most mpnsim places); 1 = the
// thesis's random tree with spawn 0.9, fanout 3, depth 20, its own seed 7 (the largest class the
// tree command accepts is about 5 10^5 tasks on average).
const TaskTree& tree(int which) {
  static std::map<int, std::unique_ptr<TaskTree>> cache;
  auto& slot = cache[which];
  if (!slot)
    slot = std::make_unique<TaskTree>(which == 0 ? complete_tree(2, 21) : random_tree(0.9, 3, 20, 7));
  return *slot;
}

// state.range(0): tree; state.range(1): network. The tree and the network are built once.
void BM_TreePlace(benchmark::State& state, const std::string& scheduler) {
  const TaskTree& t = tree(static_cast<int>(state.range(0)));
  const Network& net = network(static_cast<int>(state.range(1)));
  const TreeSchedulerEntry& entry = *find_tree_scheduler(scheduler);
  const ParamSet params = resolve_params(entry.params, {});
  double lif = 0;
  for (auto _ : state) {
    auto s = entry.make(net.tree_network, params);
    const TreePlacement p = place_tree(t, net.tree_network, *s);
    benchmark::DoNotOptimize(p);
    lif = p.levels.back().lif;
  }
  state.SetLabel(net.topology.name());
  state.counters["tasks"] = static_cast<double>(t.size());
  state.counters["tasks_per_s"] =
      benchmark::Counter(static_cast<double>(t.size()), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["last_level_lif"] = lif;
}

// Drawing the trees themselves (the command does this before placing).
void BM_TreeGenerate(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  std::size_t tasks = 0;
  for (auto _ : state) {
    const TaskTree t = which == 0 ? complete_tree(2, 21) : random_tree(0.9, 3, 20, 7);
    benchmark::DoNotOptimize(t);
    tasks = t.size();
  }
  state.counters["tasks"] = static_cast<double>(tasks);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int t : {0, 1})
    for (int net : {0, 1}) b->Args({t, net});
  b->Unit(benchmark::kMillisecond);
}

BENCHMARK_CAPTURE(BM_TreePlace, mds, std::string("mds"))->Apply(sizes);
BENCHMARK_CAPTURE(BM_TreePlace, rr, std::string("rr"))->Apply(sizes);
BENCHMARK_CAPTURE(BM_TreePlace, ml, std::string("ml"))->Apply(sizes);
BENCHMARK_CAPTURE(BM_TreePlace, dem, std::string("dem"))->Apply(sizes);
BENCHMARK_CAPTURE(BM_TreePlace, hbm, std::string("hbm"))->Apply(sizes);
BENCHMARK_CAPTURE(BM_TreePlace, gm, std::string("gm"))->Apply(sizes);
BENCHMARK(BM_TreeGenerate)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
