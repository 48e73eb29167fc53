// Ready list shared by the priority-driven list schedulers (HLF, DLS, CPOP, PEFT).
#include "schedulers/dag/ready_tasks.hpp"

namespace mpnsim {

bool ReadyTasks::Lower::operator()(int a, int b) const {
  const double x = self->priority_[static_cast<std::size_t>(a)], y = self->priority_[static_cast<std::size_t>(b)];
  return x != y ? x < y : self->position_[static_cast<std::size_t>(a)] > self->position_[static_cast<std::size_t>(b)];
}

ReadyTasks::ReadyTasks(const TaskGraph& graph, std::vector<double> priority, std::vector<int> topo_position)
    : graph_(graph),
      priority_(std::move(priority)),
      position_(std::move(topo_position)),
      waiting_(static_cast<std::size_t>(graph.size())),
      queue_(Lower{this}) {
  for (int t = 0; t < graph.size(); ++t) {
    waiting_[static_cast<std::size_t>(t)] = static_cast<int>(graph.in_edges(t).size());
    if (waiting_[static_cast<std::size_t>(t)] == 0) queue_.push(t);
  }
}

int ReadyTasks::pop() {
  const int t = queue_.top();
  queue_.pop();
  return t;
}

void ReadyTasks::release(int task) {
  for (int e : graph_.out_edges(task)) {
    const int s = graph_.edge(e).to;
    if (--waiting_[static_cast<std::size_t>(s)] == 0) queue_.push(s);
  }
}

}  // namespace mpnsim
