// Fuzz target: the task-tree file readers (parent lists and DOT), with the tree's invariants.
#include "fuzz/fuzz_target.hpp"

#include "workloads/tree/tree_file.hpp"
#include "workloads/workload_input_error.hpp"

namespace {

// What TaskTree promises: breadth-first numbering, children consecutive, levels in order.
void check_tree(const mpnsim::TaskTree& t) {
  using mpnsim::fuzz::require;
  require(t.size() >= 1 && t.parent(0) == -1 && t.level_of(0) == 0, "the root is task 0 at level 0");
  int counted = 1;
  for (int i = 0; i < t.size(); ++i) {
    for (int c = t.first_child(i); c < t.first_child(i) + t.children(i); ++c)
      require(t.parent(c) == i && t.level_of(c) == t.level_of(i) + 1, "children ranges agree with parents");
    counted += t.children(i);
  }
  require(counted == t.size(), "every task but the root is somebody's child");
  for (int l = 0; l < t.levels(); ++l) require(t.level_size(l) >= 1, "no empty level");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  const std::string_view text = fuzz::as_text(data, size);
  // Both readers on every input: the file reader picks one by name or first word.
  for (bool dot : {false, true}) {
    try {
      const TaskTree t = dot ? read_tree_dot(text, "fuzz.dot") : read_tree_parents(text, "fuzz.tree");
      fuzz::note_accepted();
      check_tree(t);
    } catch (const WorkloadInputError&) {
    }
  }
  return 0;
}
