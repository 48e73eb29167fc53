// Fuzz target: the DOT task-graph reader, and the writer's round trip on what it accepts.
#include "fuzz/fuzz_target.hpp"

#include "workloads/dag/dot_format.hpp"
#include "workloads/workload_input_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  TaskGraph g;
  try {
    g = read_dot(fuzz::as_text(data, size), "fuzz.dot");
  } catch (const WorkloadInputError&) {
    return 0;  // refused with file:line: the documented outcome
  }
  fuzz::note_accepted();
  // What the writer prints must read back to the same graph, bit for bit (issue #12, F7).
  const std::string text = write_dot(g);
  TaskGraph back;
  try {
    back = read_dot(text, "round-trip.dot");
  } catch (const WorkloadInputError& e) {
    throw fuzz::FuzzPropertyFailure(std::string("write_dot's output is refused: ") + e.what());
  }
  fuzz::require(back.size() == g.size() && back.edge_count() == g.edge_count(), "round trip changes the sizes");
  for (int t = 0; t < g.size(); ++t)
    fuzz::require(back.task(t).name == g.task(t).name && back.task(t).work == g.task(t).work,
                  "round trip changes task " + std::string(g.task(t).name));
  for (int e = 0; e < g.edge_count(); ++e)
    fuzz::require(back.edge(e).from == g.edge(e).from && back.edge(e).to == g.edge(e).to &&
                      back.edge(e).data == g.edge(e).data,
                  "round trip changes an edge of " + std::string(g.task(g.edge(e).from).name));
  return 0;
}
