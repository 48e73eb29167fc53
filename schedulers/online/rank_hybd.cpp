// RANK_HYBD (Yu & Shi, "A planner-guided scheduling strategy for multiple workflow applications",
// ICPP workshops 2008), as Arabnejad & Barbosa 2012 describe it.
//
// Reading: at each instant, the ready tasks of every arrived workflow form one pool. When they
// all belong to one workflow, the task of highest upward rank goes first (HEFT's order); when
// they come from several, the task of lowest upward rank goes first, so that workflows near
// their end finish sooner (shortest remaining work first). Ties go to the lower task index.
// Each goes to the free processor where it finishes first.
#include "schedulers/online/online_dispatch.hpp"
#include "schedulers/online/online_policies.hpp"

namespace mpnsim {

namespace {

bool rank_hybd_step(OnlineDispatch& d) {
  int workflows_ready = 0;
  for (int w : d.active()) workflows_ready += !d.ready(w).empty();
  if (workflows_ready == 0) return false;
  const bool highest = workflows_ready == 1;
  int best = -1;
  for (int w : d.active())
    for (int t : d.ready(w)) {
      if (best < 0) {
        best = t;
        continue;
      }
      const double a = d.rank(t), b = d.rank(best);
      if ((highest ? a > b : a < b) || (a == b && t < best)) best = t;
    }
  d.place(best, d.earliest_finish(best, d.free_processors()));
  return true;
}

}  // namespace

OnlinePolicyEntry rank_hybd_policy() {
  return {"rank-hybd",
          "RANK_HYBD (Yu & Shi 2008): of the ready tasks of every workflow, the lowest rank_u first when several "
          "workflows have ready tasks, the highest when one has; free processor of earliest finish",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return OnlineDispatch(problem, stream, "rank-hybd").run(rank_hybd_step);
          }};
}

}  // namespace mpnsim
