// Experiment kind `divisible`: solve a strategy, play its plan, compare, report per point.
#include "experiments/kinds/divisible/divisible_experiment.hpp"

#include <limits>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "experiments/config/output_names.hpp"
#include "experiments/kinds/divisible/divisible_report.hpp"
#include "experiments/kinds/divisible/divisible_setup.hpp"
#include "experiments/kinds/divisible/random_machine.hpp"
#include "experiments/output/chrome_trace.hpp"
#include "experiments/output/gantt_svg.hpp"
#include "experiments/output/timeline_files.hpp"

namespace mpnsim {

namespace {

// With `random_machine:`, what a run needs to draw its machine and solve on it.
struct Redraw {
  RandomMachine random;
  std::uint64_t seed = 1;
  Topology topology;
  MachineSpec base;
  const DivisibleStrategyEntry* strategy = nullptr;
  ParamSet params;
  int source = 0;
  bool computes = true;  // the source computes (no compute: false on it)
};

class DivisiblePoint : public PreparedPoint {
 public:
  DivisiblePoint(std::string network, DltSolution solution, double load, std::string rows, const OutputSpec& outputs,
                 std::optional<Redraw> redraw = std::nullopt)
      : network_(std::move(network)),
        solution_(std::move(solution)),
        load_(load),
        rows_(std::move(rows)),
        outputs_(outputs),
        redraw_(std::move(redraw)) {}

  PointResult run(std::uint64_t, int repetition, int point) const override {
    // The analytic solution was found (and its input checked) in prepare; the
    // engine's replay, the expensive part, runs here in parallel with other points.
    // A random machine is drawn and solved here, one instance per repetition.
    DltSolution drawn;
    if (redraw_) {
      const MachineSpec m = draw_machine(redraw_->random, redraw_->base, redraw_->seed, repetition);
      drawn = redraw_->strategy->solve(
          DltInput{redraw_->topology, m, load_, redraw_->source, redraw_->params, nullptr, redraw_->computes});
      drawn.strategy = redraw_->strategy->name;
    }
    const DltSolution& solved = redraw_ ? drawn : solution_;
    const DivisibleResult result_{network_, solved, simulate(solved), load_};
    PointResult r;
    r.metrics = divisible_metrics(result_);
    r.notice = divisible_reduction(solved);
    if (rows_ == "layers") r.rows = divisible_layer_rows(result_);
    if (rows_ == "processors") r.rows = divisible_processor_rows(result_);
    const DltSolution& s = result_.solution;
    const std::string stem = artifact_stem(point, repetition, s.strategy, result_.network);
    if (outputs_.gantt) {
      GanttOptions g;
      g.title = fmt::format("{} on {}: T = {:.6g} (analytic), {:.6g} (simulated)", s.strategy,
                            result_.network, s.T, result_.check.T_simulated);
      g.marker = s.T;
      g.note = divisible_reduction(s, false);
      r.artifacts.push_back({"gantt/" + stem + ".svg",
                             point_gantt_svg(result_.check.timeline, s.plan_machine.size(), g)});
    }
    if (outputs_.trace)
      r.artifacts.push_back({"traces/" + stem + ".json",
                             chrome_trace_json(result_.check.timeline, s.plan_machine)});
    if (outputs_.timeline) {
      std::ostringstream tl;
      write_timeline_csv(result_.check.timeline, tl);
      r.artifacts.push_back({"timelines/" + stem + ".csv", tl.str()});
    }
    return r;
  }

 private:
  std::string network_;
  DltSolution solution_;
  double load_;
  std::string rows_;
  OutputSpec outputs_;
  std::optional<Redraw> redraw_;
};

}  // namespace

std::string DivisibleExperiment::name() const { return "divisible"; }
std::string DivisibleExperiment::description() const {
  return "a divisible load distributed by a strategy: analytic fractions and finish time against "
         "the engine's simulated timeline";
}
std::vector<std::string> DivisibleExperiment::keys() const {
  return {"machine", "strategy", "load", "source", "rows", "random_machine"};
}

bool DivisibleExperiment::draws_per_repetition(const YAML::Node& config, const YamlSource&) const {
  return static_cast<bool>(config["random_machine"]);
}

std::unique_ptr<PreparedPoint> DivisibleExperiment::prepare(const YAML::Node& config, const YamlSource& src,
                                                            const OutputSpec& outputs) const {
  if (!config["machine"]) src.fail(config, "machine", "required: the network and its parameters");
  if (!config["strategy"]) src.fail(config, "strategy", "required: {name: STRATEGY, PARAM: VALUE ...}");
  std::vector<NonComputing> non_computing;
  MachineConfig m = read_machine(src, strip_compute_flags(src, config["machine"], "machine", non_computing), "machine");
  const YAML::Node sn = config["strategy"];
  src.require_map(sn, "strategy");
  if (!sn["name"]) src.fail(sn, "strategy.name", "required: the strategy (see `mpnsim list`)");
  const DivisibleStrategyEntry& strategy =
      find_strategy_or_fail(src, sn["name"], "strategy.name", src.scalar(sn["name"], "strategy.name"));
  std::vector<std::string> allowed{"name"};
  for (const auto& p : strategy.params) allowed.push_back(p.name);
  src.check_keys(sn, "strategy", allowed);
  const std::vector<std::string> skip{"name"};
  const ParamSet params = src.params(sn, "strategy", strategy.params, skip);
  check_strategy_topology(src, config["machine"]["topology"], "machine.topology", strategy, m.topology);
  check_divisible_memory(src, config["machine"]["topology"], "machine.topology", strategy.name, m.topology.name(),
                         {m.topology.size(), static_cast<std::int64_t>(m.topology.links().size())});
  double load = 1.0;
  if (config["load"]) load = src.number(config["load"], "load", 1e-300, std::numeric_limits<double>::max());
  check_divisible_numbers(src, config["machine"], "machine", m.spec, config["load"], "load", load);
  int source = 0;
  if (config["source"])
    source = static_cast<int>(src.integer(config["source"], "source", 0, m.topology.size() - 1));
  const bool computes = source_computes(src, non_computing, strategy, source);
  std::string rows = "summary";
  if (config["rows"]) {
    ParamSpec spec{"rows", ParamType::text, "", "", 0, 0, {"summary", "layers", "processors"}};
    rows = std::get<std::string>(src.param(config["rows"], "rows", spec));
  }
  std::optional<Redraw> redraw;
  if (config["random_machine"]) {
    redraw = Redraw{read_random_machine(src, config["random_machine"]), 1, m.topology, m.spec, &strategy, params,
                    source, computes};
    if (config["seed"])
      redraw->seed = static_cast<std::uint64_t>(src.integer(config["seed"], "seed", 0, 9'200'000'000'000'000'000));
    // The first repetition's machine is the one checked here, before any run.
    m.spec = draw_machine(redraw->random, m.spec, redraw->seed, 0);
  }
  std::string lp_param;
  if (const std::string problem = divisible_lp_problem(strategy, params, m.spec, source, lp_param); !problem.empty())
    src.fail(sn[lp_param] ? sn[lp_param] : sn, "strategy." + lp_param, problem);
  try {
    DltSolution solution = strategy.solve(DltInput{m.topology, m.spec, load, source, params, nullptr, computes});
    solution.strategy = strategy.name;
    check_divisible_solution(src, sn, "strategy", solution);
    return std::make_unique<DivisiblePoint>(m.topology.name(), std::move(solution), load, rows, outputs,
                                            std::move(redraw));
  } catch (const std::invalid_argument& e) {
    src.fail(sn, "strategy", e.what());
  }
}

}  // namespace mpnsim
