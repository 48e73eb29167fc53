// Building a task graph's adjacency lists in CSR form: a counting sort, in buckets of tasks when
// the edges come in no order of their tasks and the tasks are many.
#include "workloads/dag/edge_lists.hpp"

#include <algorithm>
#include <cstdint>

#include "workloads/dag/task_graph.hpp"

namespace mpnsim {

namespace {

// A bucket's tasks: 2^14, whose counts and cursors (64 KB) stay in the second-level cache.
constexpr unsigned kBucketBits = 14;
constexpr std::size_t kBucketTasks = std::size_t{1} << kBucketBits;

}  // namespace

void EdgeLists::build(int tasks, const std::vector<DagEdge>& edges, End end) {
  const auto task_of = [end](const DagEdge& e) { return static_cast<std::size_t>(end == End::from ? e.from : e.to); };
  const auto n = static_cast<std::size_t>(tasks);
  offsets_.assign(n + 1, 0);  // in place: add_task made it that long
  ids_ = std::vector<int>(edges.size());  // exact: growing by resize may double the capacity
  // The buckets' sizes, and whether the edges come in order of their tasks (a generated
  // graph's out-lists do: its edges are made parent by parent).
  const std::size_t buckets = n / kBucketTasks + 1;
  std::vector<std::size_t> bucket_first(buckets + 1, 0);
  bool in_order = true;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const std::size_t t = task_of(edges[e]);
    ++bucket_first[(t >> kBucketBits) + 1];
    in_order &= e == 0 || t >= task_of(edges[e - 1]);
  }
  if (in_order || buckets <= 2) {
    // Each edge straight to its task's next free slot: in order, or few tasks, the counts and
    // slots are read and written near the last ones. offsets_[t] serves as t's cursor and ends
    // at the start of the list after, so it is shifted back by one list afterwards.
    for (const auto& e : edges) ++offsets_[task_of(e) + 1];
    for (std::size_t t = 1; t < offsets_.size(); ++t) offsets_[t] += offsets_[t - 1];
    for (std::size_t e = 0; e < edges.size(); ++e) ids_[static_cast<std::size_t>(offsets_[task_of(edges[e])]++)] = static_cast<int>(e);
    for (std::size_t t = offsets_.size() - 1; t > 0; --t) offsets_[t] = offsets_[t - 1];
    offsets_[0] = 0;
    return;
  }
  // Otherwise (a generated graph's in-lists: a child anywhere after its parent) a count and a
  // slot a task written straight would be written at random over 40 MB each at 10^7 tasks. So
  // first each edge goes, in order, to its bucket's part of ids_ (a few hundred places written
  // in turn), with its task's place in the bucket beside it; then bucket by bucket, the
  // bucket's tasks are counted and their lists filled from a copy of that part, all within 64 KB
  // of counts. Both steps keep the edges' order, so each list is in edge-id order as above.
  for (std::size_t b = 1; b <= buckets; ++b) bucket_first[b] += bucket_first[b - 1];
  std::vector<std::size_t> fill(bucket_first.begin(), bucket_first.end() - 1);
  std::vector<std::uint16_t> place(edges.size());
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const std::size_t t = task_of(edges[e]);
    const std::size_t at = fill[t >> kBucketBits]++;
    ids_[at] = static_cast<int>(e);
    place[at] = static_cast<std::uint16_t>(t & (kBucketTasks - 1));
  }
  std::vector<int> part, cursor(kBucketTasks);
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t first = bucket_first[b], last = bucket_first[b + 1];
    const std::size_t task0 = b * kBucketTasks, width = std::min(kBucketTasks, n - task0);
    int* counts = offsets_.data() + task0 + 1;  // offsets_[t + 1]: t's count, then the sum through t
    for (std::size_t k = first; k < last; ++k) ++counts[place[k]];
    int through = offsets_[task0];  // the lists before the bucket's
    for (std::size_t t = 0; t < width; ++t) {
      cursor[t] = through;
      through += counts[t];
      counts[t] = through;
    }
    part.assign(ids_.begin() + static_cast<std::ptrdiff_t>(first), ids_.begin() + static_cast<std::ptrdiff_t>(last));
    for (std::size_t k = first; k < last; ++k) ids_[static_cast<std::size_t>(cursor[place[k]]++)] = part[k - first];
  }
}

}  // namespace mpnsim
