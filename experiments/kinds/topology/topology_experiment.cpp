// Experiment kind `topology`: the properties of networks (SPEC §7), one row per network.
#include "experiments/kinds/topology/topology_experiment.hpp"

#include "experiments/config/machine_config.hpp"

namespace mpnsim {

namespace {

class TopologyPoint : public PreparedPoint {
 public:
  explicit TopologyPoint(Topology t) : topology_(std::move(t)) {}
  PointResult run(std::uint64_t, int, int) const override {
    const TopologyProperties& p = topology_.properties();
    PointResult r;
    auto add = [&](const char* k, ParamValue v) { r.metrics.emplace_back(k, std::move(v)); };
    add("network", topology_.name());
    add("nodes", std::int64_t{p.nodes});
    add("links", std::int64_t{p.links});
    add("max_degree", std::int64_t{p.max_degree});
    add("min_degree", std::int64_t{p.min_degree});
    add("diameter", p.diameter ? ParamValue{std::int64_t{*p.diameter}} : ParamValue{std::string()});
    add("average_distance", p.average_distance ? ParamValue{*p.average_distance} : ParamValue{std::string()});
    add("self_loops_dropped", std::int64_t{topology_.self_loops_dropped()});
    add("duplicate_links_merged", std::int64_t{topology_.duplicate_links_merged()});
    if (!p.distances_skipped.empty()) add("note", p.distances_skipped);
    return r;
  }

 private:
  Topology topology_;
};

}  // namespace

std::string TopologyExperiment::name() const { return "topology"; }
std::string TopologyExperiment::description() const {
  return "properties of a network: nodes, links, degrees, diameter, average distance";
}
std::vector<std::string> TopologyExperiment::keys() const { return {"topology"}; }

std::unique_ptr<PreparedPoint> TopologyExperiment::prepare(const YAML::Node& config,
                                                           const YamlSource& src,
                                                           const OutputSpec&) const {
  if (!config["topology"]) src.fail(config, "topology", "required: the network, e.g. {kind: let, depth: 2}");
  return std::make_unique<TopologyPoint>(read_topology(src, config["topology"], "topology"));
}

void TopologyExperiment::check(const YAML::Node& config, const YamlSource& src, const OutputSpec&) const {
  if (!config["topology"]) src.fail(config, "topology", "required: the network, e.g. {kind: let, depth: 2}");
  (void)check_topology(src, config["topology"], "topology");
}

}  // namespace mpnsim
