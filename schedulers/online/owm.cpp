// OWM, Online Workflow Management (Hsu, Huang & Wang, FGCS 27(8), 2011), as Arabnejad & Barbosa
// 2012 describe it.
//
// Reading: each arrived workflow puts forward its ready task of highest upward rank; of those
// the highest rank goes first. It is evaluated on every processor, busy ones included, by
// earliest finish (after each one's last task). When that processor is free now, the task goes
// there; when it is busy, the task waits in the pool for a later instant (OWM's choice to wait
// for a better processor), and the next task is considered. Ties go to the lower index.
#include <algorithm>
#include <numeric>
#include <vector>

#include "schedulers/online/online_dispatch.hpp"
#include "schedulers/online/online_policies.hpp"

namespace mpnsim {

namespace {

class OwmStep {
 public:
  bool operator()(OnlineDispatch& d) {
    if (d.now() != held_at_) {
      held_.clear();
      held_at_ = d.now();
    }
    if (all_.empty()) {
      all_.resize(static_cast<std::size_t>(d.problem().processors()));
      std::iota(all_.begin(), all_.end(), 0);
    }
    std::vector<int> candidates;
    for (int w : d.active())
      if (std::find(held_.begin(), held_.end(), w) == held_.end())
        if (const int t = d.top_ready(w); t >= 0) candidates.push_back(t);
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
      return d.rank(a) > d.rank(b) || (d.rank(a) == d.rank(b) && a < b);
    });
    for (int t : candidates) {
      const ScheduleBuilder::Choice c = d.earliest_finish(t, all_);
      const auto free = d.free_processors();
      if (std::find(free.begin(), free.end(), c.processor) != free.end()) {
        d.place(t, c);
        return true;
      }
      held_.push_back(d.stream().workflow_of(t));  // waits for its processor; the workflow's next task waits too
    }
    return false;
  }

 private:
  std::vector<int> all_, held_;
  double held_at_ = -1;
};

}  // namespace

OnlinePolicyEntry owm_policy() {
  return {"owm",
          "Online Workflow Management (Hsu, Huang & Wang 2011): one task per workflow (highest rank_u), the highest "
          "first, on the processor of earliest finish among all; it waits when that processor is busy",
          {},
          [](const DagProblem& problem, const WorkflowStream& stream, const ParamSet&) {
            return OnlineDispatch(problem, stream, "owm").run(OwmStep());
          }};
}

}  // namespace mpnsim
