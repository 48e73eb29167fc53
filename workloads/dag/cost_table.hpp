// Execution time of every task on every processor: the unrelated-machines model of HEFT (Topcuoglu et al. 2002).
#pragma once

#include <vector>

namespace mpnsim {

// W[t][p], the time task t takes on processor p, in the machine's time unit. With a
// table the time is W[t][p] itself: the processor's w and Tcp do not apply. Rows follow
// the task numbering of the graph the table belongs to.
class CostTable {
 public:
  CostTable() = default;
  // `values` row by row (task 0's times on processors 0..processors-1, then task 1's...).
  // Throws std::invalid_argument when there are not tasks * processors values, when
  // processors < 1, or when a value is negative or not finite.
  CostTable(int tasks, int processors, std::vector<double> values);

  int tasks() const { return tasks_; }
  int processors() const { return processors_; }
  double at(int task, int p) const {
    return values_[static_cast<std::size_t>(task) * static_cast<std::size_t>(processors_) + static_cast<std::size_t>(p)];
  }
  // The task's row: row(task)[p] is at(task, p).
  const double* row(int task) const {
    return values_.data() + static_cast<std::size_t>(task) * static_cast<std::size_t>(processors_);
  }
  // Mean of the task's row: its execution time on an average processor, which HEFT's and
  // CPOP's ranks and the static levels of LPS, HLF and DLS use.
  double mean(int task) const { return mean_[static_cast<std::size_t>(task)]; }
  // The least total time of the whole table on one processor: min over p of sum_t W[t][p].
  double best_single_processor_time() const;

 private:
  int tasks_ = 0;
  int processors_ = 0;
  std::vector<double> values_;
  std::vector<double> mean_;
};

}  // namespace mpnsim
