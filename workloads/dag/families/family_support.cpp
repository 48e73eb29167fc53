// The shared draws and checks of the generated families (dag_family.hpp).
#include "workloads/dag/families/family_support.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/random_draws.hpp"

namespace mpnsim {

namespace families {

CostRanges cost_ranges(const ParamSet& params) {
  return {params.real("exec_min"), params.real("exec_max"), params.real("data_min"), params.real("data_max"),
          params.boolean("integer")};
}

namespace {

double draw(std::mt19937_64& rng, double lo, double hi, bool integer) {
  if (integer)
    return static_cast<double>(uniform_integer(rng, static_cast<std::int64_t>(std::ceil(lo)),
                                               static_cast<std::int64_t>(std::floor(hi))));
  return lo == hi ? lo : uniform_real(rng, lo, hi);
}

}  // namespace

double Draws::work() { return draw(rng_, ranges_.exec_min, ranges_.exec_max, ranges_.integer); }
double Draws::data() { return draw(rng_, ranges_.data_min, ranges_.data_max, ranges_.integer); }
std::int64_t Draws::integer(std::int64_t lo, std::int64_t hi) { return uniform_integer(rng_, lo, hi); }
double Draws::real(double lo, double hi) { return lo == hi ? lo : uniform_real(rng_, lo, hi); }

TaskGraph graph_with_tasks(std::string name, int tasks, double edges, Draws& draws) {
  TaskGraph g(std::move(name));
  std::size_t name_chars = 0;  // "T0".."T{n-1}" end to end
  for (std::int64_t low = 1, high = 10; low <= tasks; low = high, high *= 10)
    name_chars += static_cast<std::size_t>(std::min<std::int64_t>(tasks, high) - (low == 1 ? 0 : low)) *
                  static_cast<std::size_t>(1 + std::to_string(low).size());
  g.reserve(tasks, static_cast<int>(std::min<double>(edges, static_cast<double>(kMaxDagEdges))), name_chars);
  for (int i = 0; i < tasks; ++i) g.add_task(fmt::format("T{}", i), draws.work());
  return g;
}

ParamSpec integer_param(const char* name, const char* def, const char* text, double min, double max) {
  return ParamSpec{name, ParamType::integer, def, text, min, max, {}};
}
ParamSpec real_param(const char* name, const char* def, const char* text, double min, double max) {
  return ParamSpec{name, ParamType::real, def, text, min, max, {}};
}

int int_param(const ParamSet& params, const char* name) { return static_cast<int>(params.integer(name)); }

std::string graph_name(const std::string& family, const ParamSet& params, std::uint64_t seed) {
  static const std::vector<std::string> common{"exec_min", "exec_max", "data_min", "data_max", "integer", "seed"};
  std::vector<std::string> parts;
  for (const auto& [k, v] : params.values())
    if (std::find(common.begin(), common.end(), k) == common.end()) parts.push_back(fmt::format("{}={}", k, to_text(v)));
  parts.push_back(fmt::format("seed={}", seed));
  return fmt::format("{}({})", family, fmt::join(parts, ","));
}

}  // namespace families

std::vector<ParamSpec> common_family_params() {
  auto real = [](const char* name, const char* def, const char* text) {
    return ParamSpec{name, ParamType::real, def, text, 0, 1e300, {}};
  };
  return {real("exec_min", "1", "smallest execution time (work) of a task"),
          real("exec_max", "10", "largest execution time (work) of a task"),
          real("data_min", "1", "smallest edge weight (data)"),
          real("data_max", "10", "largest edge weight (data)"),
          ParamSpec{"integer", ParamType::boolean, "true", "draw whole numbers from the ranges", 0, 0, {}},
          ParamSpec{"seed", ParamType::integer, "-1",
                    "generator seed; -1 derives it from the experiment's seed, the workload's parameters and the "
                    "repetition (the same graphs on every network and scheduler)", -1, 9.2e18, {}}};
}

namespace {

void check_range(const char* lo_key, const char* hi_key, double lo, double hi, bool integer) {
  if (lo > hi) throw ParamError(lo_key, fmt::format("expected at most {} ({}), got {}", hi_key, hi, lo));
  if (integer && std::ceil(lo) > std::floor(hi))
    throw ParamError(lo_key, fmt::format("the range [{}, {}] holds no whole number: widen it, or set integer: false",
                                         lo, hi));
}

}  // namespace

void check_family_params(const DagFamily& family, const ParamSet& params) {
  family.check(params);
  const families::CostRanges r = families::cost_ranges(params);
  check_range("exec_min", "exec_max", r.exec_min, r.exec_max, r.integer);
  check_range("data_min", "data_max", r.data_min, r.data_max, r.integer);
  const DagFamilySize size = family.size(params);
  if (const auto problem = dag_size_problem(size.tasks, 0)) throw std::invalid_argument(*problem);
  if (const auto problem = dag_size_problem(size.tasks, size.edges)) throw std::invalid_argument(*problem);
  // The number rules of dag_input_limits.hpp on the ranges, as random-dag applies them.
  const double exec_hi = (r.integer ? std::floor(r.exec_max) : r.exec_max) * (1 + size.exec_spread);
  const double largest = size.tasks * exec_hi + size.edges * r.data_max;
  if (largest > kMaxDagTotal)
    throw std::invalid_argument(fmt::format(
        "the work and data drawn can add up to {:g} (tasks times exec_max plus edges times data_max), above "
        "mpnsim's limit of {:g}: lower the ranges (only their ratios matter)", largest, kMaxDagTotal));
  const double mean_total =
      size.tasks * (r.exec_min + r.exec_max) / 2 + size.edges * (r.data_min + r.data_max) / 2;
  for (const auto& [what, lo] : {std::pair{"exec_min", r.exec_min}, std::pair{"data_min", r.data_min}}) {
    const double smallest = r.integer ? std::max(1.0, std::ceil(lo)) : lo;
    if (smallest > 0 && smallest * kMaxDagDynamicRange < mean_total)
      throw ParamError(what, fmt::format("{:g} is below 2^-53 times the graph's expected total work and data ({:g}): "
                                         "such values are lost entirely in sums of times of that order; narrow the "
                                         "ranges", smallest, mean_total));
  }
}

std::uint64_t family_seed(const ParamSet& params, std::uint64_t derived) {
  const std::int64_t own = params.integer("seed");
  return own >= 0 ? static_cast<std::uint64_t>(own) : derived;
}

TaskGraph generate_family_graph(const DagFamily& family, const ParamSet& params, std::uint64_t seed,
                                int processors) {
  check_family_params(family, params);
  TaskGraph g = family.generate(params, family_seed(params, seed), processors);
  if (const auto problem = dag_number_problem(g)) throw std::invalid_argument(problem->text);
  return g;
}

}  // namespace mpnsim
