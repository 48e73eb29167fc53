// FIFO: workflows served one after another, in arrival order.
//
// Reading: a work-conserving first-come first-served dispatcher. At each instant the ready tasks
// of the earliest-arrived workflow that has any go first (highest upward rank first, ties to the
// lower index); a later workflow's tasks take only the processors the earlier ones leave free.
// Each task goes to the free processor where it finishes first. The baseline every multi-workflow
// paper beats.
#include "schedulers/online/online_dispatch.hpp"
#include "schedulers/online/online_policies.hpp"

namespace mpnsim {

namespace {

bool fifo_step(OnlineDispatch& d) {
  for (int w : d.active())
    if (const int t = d.top_ready(w); t >= 0) {
      d.place(t, d.earliest_finish(t, d.free_processors()));
      return true;
    }
  return false;
}

}  // namespace

OnlinePolicyEntry fifo_policy() {
  return {"fifo",
          "first come, first served: the earliest-arrived workflow's ready tasks first (highest rank_u), each on the "
          "free processor of earliest finish",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return OnlineDispatch(problem, stream, "fifo").run(fifo_step);
          }};
}

}  // namespace mpnsim
