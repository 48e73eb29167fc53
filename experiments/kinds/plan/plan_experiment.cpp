// Experiment kind `plan`: plays a plan on the engine and reports the timeline's metrics.
#include "experiments/kinds/plan/plan_experiment.hpp"

#include <sstream>

#include <fmt/format.h>

#include "experiments/config/machine_config.hpp"
#include "experiments/config/output_names.hpp"
#include "experiments/config/plan_config.hpp"
#include "sim/csv_writer.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

namespace {

class PlanPoint : public PreparedPoint {
 public:
  PlanPoint(MachineSpec spec, std::string network, Plan plan, bool timeline)
      : spec_(std::move(spec)), network_(std::move(network)), plan_(std::move(plan)), timeline_(timeline) {}

  PointResult run(std::uint64_t, int repetition, int point) const override {
    Engine engine;
    Machine machine(engine, spec_);
    play(plan_, machine);
    const TimelineStats s = summarize(machine.timeline(), machine.size());
    PointResult r;
    auto add = [&](const char* k, ParamValue v) { r.metrics.emplace_back(k, std::move(v)); };
    add("network", network_);
    add("processors", std::int64_t{machine.size()});
    add("makespan", s.makespan);
    add("utilization", s.utilization);
    add("messages", static_cast<std::int64_t>(s.messages));
    add("hops", static_cast<std::int64_t>(s.hops));
    add("transferred", s.transferred);
    add("events", static_cast<std::int64_t>(engine.events_run()));
    if (timeline_) {
      std::ostringstream tl;
      write_timeline_csv(machine.timeline(), tl);
      r.artifacts.push_back({"timelines/" + artifact_stem(point, repetition, "", network_) + "_timeline.csv", tl.str()});
      std::ostringstream pr;
      CsvWriter csv(pr);
      csv.row({"processor", "finish", "busy", "communicating", "idle", "utilization"});
      for (std::size_t i = 0; i < s.processors.size(); ++i) {
        const auto& p = s.processors[i];
        csv.row({std::to_string(i), format_number(p.finish), format_number(p.busy),
                 format_number(p.communicating), format_number(p.idle), format_number(p.utilization)});
      }
      r.artifacts.push_back({"timelines/" + artifact_stem(point, repetition, "", network_) + "_processors.csv", pr.str()});
    }
    return r;
  }

 private:
  MachineSpec spec_;
  std::string network_;
  Plan plan_;
  bool timeline_;
};

}  // namespace

std::string PlanExperiment::name() const { return "plan"; }
std::string PlanExperiment::description() const {
  return "a hand-written plan of compute and send actions played on a machine";
}
std::vector<std::string> PlanExperiment::keys() const { return {"machine", "plan"}; }

std::unique_ptr<PreparedPoint> PlanExperiment::prepare(const YAML::Node& config, const YamlSource& src,
                                                       const OutputSpec& outputs) const {
  if (!config["machine"]) src.fail(config, "machine", "required: the machine to play the plan on");
  if (!config["plan"]) src.fail(config, "plan", "required: a list of actions or a plan file");
  MachineConfig m = read_machine(src, config["machine"], "machine");
  Plan plan = read_plan(src, config["plan"], "plan", m.topology.size());
  return std::make_unique<PlanPoint>(std::move(m.spec), m.topology.name(), std::move(plan),
                                     outputs.timeline);
}

}  // namespace mpnsim
