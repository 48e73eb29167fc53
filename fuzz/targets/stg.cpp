// Fuzz target: the STG task-graph reader, with and without dummies, and the writer's round trip.
#include "fuzz/fuzz_target.hpp"

#include <algorithm>
#include <vector>

#include "workloads/dag/stg_format.hpp"
#include "workloads/workload_input_error.hpp"

namespace {

std::vector<double> sorted_works(const mpnsim::TaskGraph& g) {
  std::vector<double> w;
  for (int t = 0; t < g.size(); ++t) w.push_back(g.task(t).work);
  std::sort(w.begin(), w.end());
  return w;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  const std::string_view text = fuzz::as_text(data, size);
  TaskGraph g;
  try {
    g = read_stg(text, "fuzz.stg");
  } catch (const WorkloadInputError&) {
    return 0;
  }
  fuzz::note_accepted();
  try {
    (void)read_stg(text, "fuzz.stg", StgOptions{false});  // dropping dummies may refuse, never fail otherwise
  } catch (const WorkloadInputError&) {
  }
  // Written back (renumbered, with fresh dummies around the old ones), the graph keeps its
  // works and its edge data exactly.
  for (bool costs : {false, true}) {
    TaskGraph back;
    try {
      back = read_stg(write_stg(g, costs), "round-trip.stg");
    } catch (const WorkloadInputError& e) {
      throw fuzz::FuzzPropertyFailure(std::string("write_stg's output is refused: ") + e.what());
    }
    std::vector<double> want = sorted_works(g);
    want.insert(want.begin(), {0.0, 0.0});
    std::sort(want.begin(), want.end());
    fuzz::require(sorted_works(back) == want, "round trip changes the tasks' times");
    if (costs) {
      std::vector<double> a, b;
      for (const auto& e : g.edges()) a.push_back(e.data);
      for (const auto& e : back.edges())
        if (e.data != 0) b.push_back(e.data);
      a.erase(std::remove(a.begin(), a.end(), 0.0), a.end());
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      fuzz::require(a == b, "round trip changes the communication costs");
    }
  }
  return 0;
}
