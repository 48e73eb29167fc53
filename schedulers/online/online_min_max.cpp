// Online Min-Min and Max-Min (Braun et al., JPDC 61(6), 2001, at each scheduling instant), as
// compared with FDWS by Arabnejad & Barbosa 2012.
//
// Reading: at each instant, every ready task of every arrived workflow gets its least completion
// time over the free processors; Min-Min places the task whose least completion time is the
// smallest, Max-Min the largest, on the processor giving it; repeated while processors are free.
// Ties go to the lower task index. Workflows are not told apart. The two share this file since
// they differ by one comparison.
#include "schedulers/online/online_dispatch.hpp"
#include "schedulers/online/online_policies.hpp"

namespace mpnsim {

namespace {

bool min_max_step(OnlineDispatch& d, bool largest) {
  int best = -1;
  ScheduleBuilder::Choice best_choice;
  for (int w : d.active())
    for (int t : d.ready(w)) {
      const ScheduleBuilder::Choice c = d.earliest_finish(t, d.free_processors());
      const bool better = best < 0 || (largest ? c.finish > best_choice.finish : c.finish < best_choice.finish) ||
                          (c.finish == best_choice.finish && t < best);
      if (better) {
        best = t;
        best_choice = c;
      }
    }
  if (best < 0) return false;
  d.place(best, best_choice);
  return true;
}

}  // namespace

OnlinePolicyEntry online_min_min_policy() {
  return {"online-minmin",
          "online Min-Min (Braun et al. 2001): at each instant, the ready task of smallest earliest completion on "
          "the free processors first",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return OnlineDispatch(problem, stream, "online-minmin").run([](OnlineDispatch& d) { return min_max_step(d, false); });
          }};
}

OnlinePolicyEntry online_max_min_policy() {
  return {"online-maxmin",
          "online Max-Min (Braun et al. 2001): at each instant, the ready task of largest earliest completion on "
          "the free processors first",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return OnlineDispatch(problem, stream, "online-maxmin").run([](OnlineDispatch& d) { return min_max_step(d, true); });
          }};
}

}  // namespace mpnsim
