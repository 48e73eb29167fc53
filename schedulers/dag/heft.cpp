// HEFT (Topcuoglu, Hariri & Wu, IEEE TPDS 13(3), 2002): upward rank order, earliest finish time with insertion.
// comm (comm_model.hpp): the upward ranks count the contention-free mean delay of each edge,
// as the paper does, under either model; with comm: contention the earliest finish time of
// each processor books the task's messages on the links of their routes (ContentionBuilder).
#include <algorithm>
#include <cstdint>
#include <limits>

#include <boost/sort/spreadsort/integer_sort.hpp>

#include "schedulers/dag/dag_schedulers.hpp"
#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/dag/task_levels.hpp"
#include "sim/time_order_key.hpp"

namespace mpnsim {

Schedule schedule_heft(const DagProblem& problem) {
  const TaskGraph& g = problem.graph;
  const std::vector<int> topo = topological_order(g);
  const std::vector<double> rank = upward_ranks(problem, topo);
  // Decreasing rank; ties to the earlier task in topological order, which keeps every
  // task after its predecessors even when zero costs make ranks equal. The ranks are copied
  // beside the tasks first: a comparison that looked them up read them at random, log n times
  // a task, and a merge sort's branches went either way (a stable sort of the task numbers was
  // 2 % of the whole `mpnsim dag` HEFT run at 10^5 tasks). Positions are distinct, so the order
  // is total and the same as the stable sort's.
  struct Key {
    std::uint64_t rank;  // ~time_order_key(rank): in increasing order the ranks decrease
    int position;
  };
  std::vector<Key> keys(topo.size());
  for (std::size_t i = 0; i < topo.size(); ++i)
    keys[i] = Key{~time_order_key(rank[static_cast<std::size_t>(topo[i])]), static_cast<int>(i)};
  // Boost's spreadsort: a radix sort on the rank's bits down to small buckets, which a
  // comparison sort finishes by (rank, position). std::sort's comparisons of random ranks went
  // either way: 580 k mispredicted branches of 7.6 M in HEFT's command at 10^5 tasks (callgrind).
  boost::sort::spreadsort::integer_sort(
      keys.begin(), keys.end(), [](const Key& k, unsigned shift) { return k.rank >> shift; },
      [](const Key& a, const Key& c) { return a.rank != c.rank ? a.rank < c.rank : a.position < c.position; });
  std::vector<int> order(topo.size());
  for (std::size_t i = 0; i < keys.size(); ++i) order[i] = topo[static_cast<std::size_t>(keys[i].position)];
  ScheduleBuilder b(problem, "heft");
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int t = order[i];
    // Tasks by rank are far apart in the graph: ask early for what a later one will read.
    b.prefetch_ahead(order, i);
    // Earliest finish time with insertion, ties to the lowest index.
    const ScheduleBuilder::Choice best = b.best_processor(t, true, true);
    b.place(t, best.processor, best.start);
  }
  return b.take();
}

DagSchedulerEntry heft_scheduler() {
  return {"heft",
          "Heterogeneous Earliest Finish Time (Topcuoglu, Hariri & Wu 2002): upward rank with mean costs, "
          "earliest finish time with insertion into idle gaps",
          {},
          [](const DagProblem& p, const ParamSet&) { return schedule_heft(p); },
          {}};
}

}  // namespace mpnsim
