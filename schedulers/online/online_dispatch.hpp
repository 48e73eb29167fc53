// The event loop of dynamic online policies: what has arrived, what is ready, which processors are free.
#pragma once

#include <functional>
#include <queue>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "schedulers/dag/schedule_builder.hpp"
#include "schedulers/online/online_policies.hpp"
#include "schedulers/online/workflow_stream.hpp"

namespace mpnsim {

// The dynamic policies of the literature (FDWS, OWM, RANK_HYBD, online Min-Min and Max-Min)
// decide at scheduling instants: when a workflow arrives and when a processor becomes free
// (Arabnejad & Barbosa 2012, §III). At an instant `now` a policy sees:
//  - the workflows arrived by now, and only those;
//  - their ready tasks: not yet placed, every predecessor finished by now (the papers' ready
//    pools; a task whose predecessors are placed but still running is not ready);
//  - the free processors: those whose last placed task has finished by now.
// It places ready tasks on processors, one at a time, each no sooner than now (and under
// `comm: contention`, after its messages, booked on the links every workflow shares), until it
// places nothing more; then time moves to the next arrival or task finish.
class OnlineDispatch {
 public:
  OnlineDispatch(const DagProblem& problem, const WorkflowStream& stream, std::string policy);

  double now() const { return now_; }
  const WorkflowStream& stream() const { return stream_; }
  const DagProblem& problem() const { return builder_.problem(); }
  // Arrived workflows, in arrival order.
  std::span<const int> arrived() const { return arrived_; }
  // Arrived workflows with tasks not yet placed, in arrival order: the only ones with ready
  // tasks, which policies look through (arrived() grows with the stream; this stays as long as
  // the workflows in the system).
  std::span<const int> active() const { return active_; }
  // Ready tasks of workflow w (arrived), in the order they became ready.
  const std::vector<int>& ready(int w) const { return ready_[static_cast<std::size_t>(w)]; }
  std::span<const int> free_processors() const { return free_; }
  // Upward rank of every task with mean costs (HEFT's rank_u), over its own workflow.
  double rank(int task) const { return rank_[static_cast<std::size_t>(task)]; }
  // A workflow's critical path: the largest upward rank of its tasks.
  double critical_path(int w) const { return critical_path_[static_cast<std::size_t>(w)]; }
  // Workflow w's ready task of highest upward rank (ties to the lower index), or -1.
  int top_ready(int w) const;
  // Tasks of workflow w not yet placed.
  int unplaced(int w) const { return unplaced_[static_cast<std::size_t>(w)]; }

  // Of `processors`, the one where the task finishes first if it starts no sooner than now
  // (appended after each one's last task), ties to the lowest index.
  ScheduleBuilder::Choice earliest_finish(int task, std::span<const int> processors) const;
  // Where a placed task is: its processor, start and finish.
  const TaskPlacement& placement(int task) const { return builder_.placement(task); }
  // Places a ready task at the choice's start (or later, under contention, if bookings came between).
  void place(int task, const ScheduleBuilder::Choice& choice);

  // One decision: place at most one ready task; false when the policy places none now.
  using Step = std::function<bool(OnlineDispatch&)>;
  // Runs the instants until every task is placed. Throws std::logic_error when a policy leaves
  // ready tasks unplaced with every processor free and nothing left to wait for.
  OnlineSchedule run(const Step& step);

 private:
  void admit_arrivals();
  void release_finished();
  void refresh_free();
  void make_ready(int w, int task);

  const WorkflowStream& stream_;
  ScheduleBuilder builder_;
  double now_ = 0;
  std::size_t next_arrival_ = 0;
  std::vector<int> arrived_, active_, free_;
  std::vector<std::vector<int>> ready_;
  // Per workflow: its top_ready task, -1 for none, kUnknown until asked for again (policies ask
  // for every active workflow's at every step: a scan each time was most of a long stream's work).
  static constexpr int kUnknown = -2;
  mutable std::vector<int> top_;
  std::vector<double> rank_, critical_path_;
  std::vector<int> unplaced_, waiting_on_;  // per workflow; per task: predecessors not finished
  int placed_ = 0;
  std::vector<double> dispatched_;  // per task: the instant it was placed
  // Scratch of earliest_finish: the task's inputs, and (lower bound on the finish, processor).
  struct Input {
    double finish, data;
    int processor;
  };
  mutable std::vector<Input> inputs_;
  mutable std::vector<std::pair<double, int>> bounds_;
  // The builder forgets the time before the instant once this many tasks were placed since
  // it last did (ScheduleBuilder::forget_before).
  static constexpr int kForgetEvery = 2048;
  // Placed tasks by finish (then task): their successors become ready when they finish.
  std::priority_queue<std::pair<double, int>, std::vector<std::pair<double, int>>, std::greater<>> finishing_;
};

}  // namespace mpnsim
