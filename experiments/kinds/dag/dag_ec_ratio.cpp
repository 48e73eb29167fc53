// E/C ratio: the measure, the scaling of the data and the check of a set-up before its runs.
#include "experiments/kinds/dag/dag_ec_ratio.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/dag/task_levels.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/dag/dag_workloads.hpp"

namespace mpnsim {

namespace {

double mean_data(const TaskGraph& g) { return g.edge_count() ? g.total_data() / g.edge_count() : 0.0; }

// A task's mean execution time on an average processor: the mean of the cost table's
// means, else the mean work times the mean w times Tcp.
double mean_task_time(const DagProblem& p) {
  if (!p.graph.costs()) return p.graph.total_work() / p.graph.size() * p.mean_unit_time();
  double sum = 0;
  for (double t : mean_exec_times(p)) sum += t;
  return sum / p.graph.size();
}

// The one-hop message time S + per_unit * data of the set-up's links.
struct OneHop {
  double startup;
  double per_unit;
};
OneHop one_hop(const DagSetup& s) {
  const double startup = s.comm->one_hop_delay(0);
  return {startup, s.comm->one_hop_delay(1) - startup};
}

std::string no_link_time(double target, double per_unit) {
  return fmt::format("ec_ratio {} needs links that take time per unit of data (z*Tcm > 0 between two or more "
                     "processors); this machine's one-hop time per unit of data is {}",
                     target, per_unit);
}

// The extremes a generated workload can draw, against what scaling its data to `target`
// needs: some data on every graph, a mean execution time above target * S, and scaled sizes
// within the number rules of dag_input_limits.hpp.
std::optional<std::string> generated_problem(const DagSetup& s, double target, OneHop hop) {
  const DagFamily& family = *s.workload.entry->family;
  const DagFamilySize size = family.size(s.workload.params);
  const ParamSet& params = s.workload.params;
  if (size.min_edges < 1) {
    if (size.tasks == 1)
      return fmt::format("ec_ratio {} needs edges carrying data, and a {} of 1 task has none", target, family.name);
    return fmt::format("ec_ratio {} needs edges carrying data, and a {} graph of these parameters can have none",
                       target, family.name);
  }
  struct {
    double exec_min, exec_max, data_min, data_max;
    bool integer;
  } p{params.real("exec_min"), params.real("exec_max"), params.real("data_min"), params.real("data_max"),
      params.boolean("integer")};
  // The drawn values lie within these (whole numbers when `integer`); a cost table's entries
  // within work * (1 +- spread).
  const double exec_lo = (p.integer ? std::ceil(p.exec_min) : p.exec_min) * (1 - size.exec_spread);
  const double exec_hi = (p.integer ? std::floor(p.exec_max) : p.exec_max) * (1 + size.exec_spread);
  const double data_lo = p.integer ? std::ceil(p.data_min) : p.data_min;
  const double data_hi = p.integer ? std::floor(p.data_max) : p.data_max;
  if (!(data_lo > 0))
    return fmt::format("ec_ratio {} scales each graph's data, and with data_min {} a graph can draw no data at "
                       "all, which no scaling brings to the ratio: give the workload data_min > 0",
                       target, p.data_min);
  const TaskGraph none;
  // A drawn cost table (exec_spread > 0: topcuoglu's beta) gives times directly: w and Tcp do not apply.
  const double unit = size.exec_spread > 0 ? 1.0 : DagProblem{none, s.machine.spec, *s.comm}.mean_unit_time();
  const double slowest_message_lo = exec_lo * unit / target - hop.startup;  // the mean message time minus S
  if (!(slowest_message_lo > 0))
    return fmt::format("ec_ratio {} cannot be reached by every graph of this workload: a graph's mean execution "
                       "time can be as low as {:g} (exec_min x mean w x Tcp), and the ratio needs it above "
                       "ec_ratio x S = {:g}",
                       target, exec_lo * unit, target * hop.startup);
  const double slowest_message_hi = exec_hi * unit / target - hop.startup;
  // An edge's scaled size is its drawn size times wanted / (per_unit * mean drawn size).
  const double largest = data_hi / data_lo * slowest_message_hi / hop.per_unit;
  const double smallest = data_lo / data_hi * slowest_message_lo / hop.per_unit;
  const double edges = size.max_edges >= 0 ? size.max_edges : size.edges;
  const double total = size.tasks * exec_hi + edges * largest;
  if (!(total <= kMaxDagTotal))
    return fmt::format("ec_ratio {} can scale this workload's data up to {:g} an edge, so that a graph's work "
                       "and data could add up to {:g}, above mpnsim's limit of {:g}: narrow the data range or "
                       "move the ratio towards the graph's own",
                       target, largest, total, kMaxDagTotal);
  const double least = exec_lo > 0 ? std::min(exec_lo, smallest) : smallest;
  if (least < total / kMaxDagDynamicRange)
    return fmt::format("ec_ratio {} can scale this workload's data down to {:g} an edge, below the total work "
                       "and data a graph can have ({:g}) times 2^-53, where it is lost in rounding: narrow the "
                       "data range or move the ratio towards the graph's own",
                       target, std::min(least, smallest), total);
  return std::nullopt;
}

}  // namespace

double ec_ratio_of(const DagProblem& p) {
  if (p.graph.size() == 0) return 0;
  const double exec = mean_task_time(p);
  const double comm = p.graph.edge_count() ? p.comm.one_hop_delay(mean_data(p.graph)) : 0.0;
  return comm > 0 ? exec / comm : std::numeric_limits<double>::infinity();
}

void apply_ec_ratio(TaskGraph& g, const DagSetup& s, double target) {
  const DagProblem p{g, s.machine.spec, *s.comm};
  const double exec = mean_task_time(p);
  const OneHop hop = one_hop(s);
  const double d = mean_data(g);
  if (!(hop.per_unit > 0)) throw std::invalid_argument(no_link_time(target, hop.per_unit));
  if (!(d > 0))
    throw std::invalid_argument(
        fmt::format("ec_ratio {} needs edges carrying data (the graph's mean data per edge is {})", target, d));
  const double wanted = exec / target - hop.startup;  // mean message time minus its startup
  if (!(wanted > 0))
    throw std::invalid_argument(fmt::format(
        "ec_ratio {} cannot be reached: the mean execution time {} over the ratio is {}, not more than the "
        "startup S = {}", target, exec, exec / target, hop.startup));
  const double factor = wanted / (hop.per_unit * d);
  g.scale_data(factor);
  // The scaled sizes meet the same number rules as sizes read from a file (dag_input_limits.hpp):
  // a ratio far from the graph's own can push the data past the model's arithmetic.
  if (const auto problem = dag_number_problem(g))
    throw std::invalid_argument(fmt::format("ec_ratio {} scales the data by {:.6g}, and then {}", target, factor,
                                            problem->text));
}

std::optional<std::string> ec_ratio_problem(const DagSetup& s) {
  if (!s.ec_ratio) return std::nullopt;
  const double target = *s.ec_ratio;
  const OneHop hop = one_hop(s);
  if (!(hop.per_unit > 0)) return no_link_time(target, hop.per_unit);
  if (s.workload.graph) {
    TaskGraph copy = *s.workload.graph;
    try {
      apply_ec_ratio(copy, s, target);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::nullopt;
  }
  if (s.workload.entry && s.workload.entry->family) return generated_problem(s, target, hop);
  return std::nullopt;
}

}  // namespace mpnsim
