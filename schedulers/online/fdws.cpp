// FDWS, Fairness Dynamic Workflow Scheduling (Arabnejad & Barbosa, ISPA 2012; Arabnejad, Barbosa
// & Suter 2014).
//
// Reading of the paper, where it leaves a choice:
//  - each arrived workflow has its own ready pool; from it the task of highest upward rank
//    (rank_u with mean costs, over its workflow alone) is put forward, one per workflow;
//  - of those, the task of highest rank_r = 1/PRT x 1/CPL goes first, PRT being its workflow's
//    remaining tasks (those not yet scheduled; the paper's "percentage of remaining tasks", whose
//    total divides out only between workflows of one size: the count is what the issue states) and
//    CPL its workflow's critical path (the largest upward rank); ties to the earlier workflow;
//  - it goes to the free processor where it finishes first (the paper considers only processors
//    idle at the instant, no insertion);
//  - repeated while processors are free and tasks ready.
#include "schedulers/online/online_dispatch.hpp"
#include "schedulers/online/online_policies.hpp"

namespace mpnsim {

namespace {

bool fdws_step(OnlineDispatch& d) {
  int best = -1;
  double best_key = 0;  // remaining x CPL: the smallest has the highest rank_r
  for (int w : d.active()) {
    const int t = d.top_ready(w);
    if (t < 0) continue;
    const double key = static_cast<double>(d.unplaced(w)) * d.critical_path(w);
    if (best < 0 || key < best_key) {
      best = t;
      best_key = key;
    }
  }
  if (best < 0) return false;
  d.place(best, d.earliest_finish(best, d.free_processors()));
  return true;
}

}  // namespace

OnlinePolicyEntry fdws_policy() {
  return {"fdws",
          "Fairness Dynamic Workflow Scheduling (Arabnejad & Barbosa 2012): one task per workflow (highest rank_u), "
          "the one of highest 1/(remaining tasks) x 1/(critical path) first, on the free processor of earliest finish",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return OnlineDispatch(problem, stream, "fdws").run(fdws_step);
          }};
}

}  // namespace mpnsim
