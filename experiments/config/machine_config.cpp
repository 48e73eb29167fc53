// Reading of topologies and machines from experiment YAML, against their declarations.
#include "experiments/config/machine_config.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "topologies/registry.hpp"

namespace mpnsim {

namespace {

// The largest time per unit mpnsim takes from a machine: each of w, z, S, Tcp and Tcm, and
// each processor's w*Tcp and link's z*Tcm. Times are sums of these scaled by a load or a
// graph's work and data (at most 1e150, workloads/dag/dag_input_limits.hpp), so they stay
// finite with room for the sums: a larger factor would make infinite or NaN results.
constexpr double kMaxMachineFactor = 1e150;

}  // namespace

const std::vector<ParamSpec>& processor_params() {
  static const std::vector<ParamSpec> specs{
      {"w", ParamType::real, "1", "time to process one unit of load is w*Tcp", 0, kMaxMachineFactor, {}},
      {"coprocessor", ParamType::boolean, "true",
       "with a communication co-processor computing and communicating overlap; without, the CPU "
       "is busy during its own sends and receives", 0, 0, {}},
      {"send_ports", ParamType::ports, "1",
       "messages it can send at once (1, k or all); default in dag experiments and `mpnsim dag`: all", 0, 0, {}},
      {"recv_ports", ParamType::ports, "1",
       "messages it can receive at once (1, k or all); default in dag experiments and `mpnsim dag`: all", 0, 0,
       {}},
  };
  return specs;
}

const std::vector<ParamSpec>& machine_scale_params() {
  static const std::vector<ParamSpec> specs{
      {"Tcp", ParamType::real, "1", "computation time scale: a processor takes w*Tcp per unit of load or work",
       1e-300, kMaxMachineFactor, {}},
      {"Tcm", ParamType::real, "1", "communication time scale: a link takes z*Tcm per unit of data", 1e-300,
       kMaxMachineFactor, {}},
  };
  return specs;
}

const std::vector<ParamSpec>& link_params() {
  static const std::vector<ParamSpec> specs{
      {"z", ParamType::real, "1", "time to move one unit over the link is z*Tcm", 0, kMaxMachineFactor, {}},
      {"S", ParamType::real, "0", "startup latency of every message on every hop", 0, kMaxMachineFactor, {}},
  };
  return specs;
}

namespace {

struct TopologyChoice {
  const TopologyEntry* entry = nullptr;
  ParamSet params;
};

// The family and its parameters, checked against the declaration.
TopologyChoice topology_choice(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  src.require_map(node, path);
  if (!node["kind"]) src.fail(node, path + ".kind", "required: the topology family (see `mpnsim list`)");
  const std::string kind = src.scalar(node["kind"], path + ".kind");
  const TopologyEntry* entry = find_topology(kind);
  if (!entry) {
    try {
      make_topology(kind, {});  // only to get the registry's message with the valid names
    } catch (const ParamError& e) {
      src.fail(node["kind"], path + ".kind", e.problem());
    }
  }
  std::vector<std::string> allowed{"kind"};
  for (const auto& p : entry->params) allowed.push_back(p.name);
  src.check_keys(node, path, allowed);
  const std::vector<std::string> skip{"kind"};
  return {entry, src.params(node, path, entry->params, skip)};
}

// A size the family refuses (too large to fit): point at the parameter.
[[noreturn]] void fail_at_param(const YamlSource& src, const YAML::Node& node, const std::string& path,
                                const ParamError& e) {
  src.fail(node[e.key()] ? node[e.key()] : node, join_path(path, e.key()), e.problem());
}

}  // namespace

TopologySize check_topology(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  const TopologyChoice c = topology_choice(src, node, path);
  try {
    return c.entry->size(c.params);
  } catch (const ParamError& e) {
    fail_at_param(src, node, path, e);
  } catch (const std::invalid_argument& e) {
    src.fail(node, path, e.what());
  }
}

Topology read_topology(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  const TopologyChoice c = topology_choice(src, node, path);
  try {
    return c.entry->build(c.params);
  } catch (const ParamError& e) {
    fail_at_param(src, node, path, e);
  } catch (const std::invalid_argument& e) {
    src.fail(node, path, e.what());
  }
}

namespace {

void apply_processor(const ParamSet& p, ProcessorSpec& out) {
  out.w = p.real("w");
  out.coprocessor = p.boolean("coprocessor");
  out.send_ports = static_cast<int>(p.integer("send_ports"));
  out.recv_ports = static_cast<int>(p.integer("recv_ports"));
}

// Reads only the keys present in `node` (per-processor or per-link values),
// leaving the others as they are.
void apply_partial(const YamlSource& src, const YAML::Node& node, const std::string& path,
                   const std::vector<ParamSpec>& specs,
                   const std::function<void(const std::string&, const ParamValue&)>& set) {
  for (const auto& s : specs)
    if (node[s.name]) set(s.name, src.param(node[s.name], join_path(path, s.name), s));
}

// w*Tcp and z*Tcm within kMaxMachineFactor (each factor is, by its declared range): said at
// Tcp (Tcm) when it is given, else at the machine.
void check_time_factors(const YamlSource& src, const YAML::Node& node, const std::string& path,
                        const MachineSpec& spec) {
  auto fail = [&](const char* scale, const std::string& what, double value) {
    const YAML::Node at = node[scale] ? node[scale] : node;
    src.fail(at, node[scale] ? path + "." + scale : path,
             fmt::format("{} = {:g}: expected at most {:g}, the largest time per unit mpnsim takes (times are "
                         "sums of these scaled by the load or the work, and would overflow)",
                         what, value, kMaxMachineFactor));
  };
  for (std::size_t i = 0; i < spec.processors.size(); ++i)
    if (const double f = spec.processors[i].w * spec.Tcp; f > kMaxMachineFactor)
      fail("Tcp", fmt::format("w*Tcp of processor {} ({:g} * {:g})", i, spec.processors[i].w, spec.Tcp), f);
  for (const auto& l : spec.links)
    if (const double f = l.z * spec.Tcm; f > kMaxMachineFactor)
      fail("Tcm", fmt::format("z*Tcm of link {}-{} ({:g} * {:g})", l.a, l.b, l.z, spec.Tcm), f);
}

}  // namespace

MachineConfig read_machine(const YamlSource& src, const YAML::Node& node, const std::string& path) {
  static const std::vector<std::string> keys{"topology", "Tcp", "Tcm", "processor", "processors",
                                             "link", "links"};
  src.check_keys(node, path, keys);
  if (!node["topology"]) src.fail(node, path + ".topology", "required: the network, e.g. {kind: let, depth: 2}");
  MachineConfig cfg{read_topology(src, node["topology"], path + ".topology"), {}};
  const Topology& topo = cfg.topology;

  ProcessorSpec proc;
  if (node["processor"]) {
    std::vector<std::string> names;
    for (const auto& s : processor_params()) names.push_back(s.name);
    src.check_keys(node["processor"], path + ".processor", names);
    apply_processor(src.params(node["processor"], path + ".processor", processor_params(), {}), proc);
  } else {
    apply_processor(resolve_params(processor_params(), {}), proc);
  }
  double z = 1, startup = 0;
  if (node["link"]) {
    std::vector<std::string> names;
    for (const auto& s : link_params()) names.push_back(s.name);
    src.check_keys(node["link"], path + ".link", names);
    const ParamSet lp = src.params(node["link"], path + ".link", link_params(), {});
    z = lp.real("z");
    startup = lp.real("S");
  }
  double Tcp = 1, Tcm = 1;
  if (node["Tcp"]) Tcp = src.number(node["Tcp"], path + ".Tcp", 1e-300, kMaxMachineFactor);
  if (node["Tcm"]) Tcm = src.number(node["Tcm"], path + ".Tcm", 1e-300, kMaxMachineFactor);
  cfg.spec = uniform_machine(topo.size(), topo.links(), topo.directed(), proc, z, startup, Tcp, Tcm);

  if (const YAML::Node list = node["processors"]) {
    if (!list.IsSequence()) src.fail(list, path + ".processors", "expected a list of {id: N, ...}");
    std::vector<std::string> names{"id"};
    for (const auto& s : processor_params()) names.push_back(s.name);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = fmt::format("{}.processors[{}]", path, i);
      src.check_keys(list[i], where, names);
      if (!list[i]["id"]) src.fail(list[i], where + ".id", "required: which processor");
      const auto id = src.integer(list[i]["id"], where + ".id", 0, topo.size() - 1);
      ProcessorSpec& p = cfg.spec.processors[static_cast<std::size_t>(id)];
      apply_partial(src, list[i], where, processor_params(), [&](const std::string& k, const ParamValue& v) {
        if (k == "w") p.w = std::get<double>(v);
        if (k == "coprocessor") p.coprocessor = std::get<bool>(v);
        if (k == "send_ports") p.send_ports = static_cast<int>(std::get<std::int64_t>(v));
        if (k == "recv_ports") p.recv_ports = static_cast<int>(std::get<std::int64_t>(v));
      });
    }
  }
  if (const YAML::Node list = node["links"]) {
    if (!list.IsSequence())
      src.fail(list, path + ".links", "expected a list of {between: [a, b], ...} or {at: p, ...}");
    std::vector<std::string> names{"between", "at"};
    for (const auto& s : link_params()) names.push_back(s.name);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = fmt::format("{}.links[{}]", path, i);
      src.check_keys(list[i], where, names);
      const YAML::Node between = list[i]["between"], at = list[i]["at"];
      if (between && at) src.fail(at, where + ".at", "give either between: [a, b] or at: p, not both");
      // The links this entry sets: one named by its ends, or every link of one processor.
      std::vector<LinkSpec*> targets;
      if (at) {
        const auto p = src.integer(at, where + ".at", 0, topo.size() - 1);
        for (auto& l : cfg.spec.links)
          if (l.a == p || l.b == p) targets.push_back(&l);
        if (targets.empty()) src.fail(at, where + ".at", fmt::format("processor {} has no links", p));
      } else {
        if (!between || !between.IsSequence() || between.size() != 2)
          src.fail(between ? between : list[i], where + ".between",
                   "required: the two endpoints [a, b] (or at: p for every link of processor p)");
        const auto a = src.integer(between[0], where + ".between", 0, topo.size() - 1);
        const auto b = src.integer(between[1], where + ".between", 0, topo.size() - 1);
        auto it = std::find_if(cfg.spec.links.begin(), cfg.spec.links.end(), [&](const LinkSpec& l) {
          return (l.a == a && l.b == b) || (!l.directed && l.a == b && l.b == a);
        });
        if (it == cfg.spec.links.end())
          src.fail(between, where + ".between", fmt::format("{} has no link {}-{}", topo.name(), a, b));
        targets.push_back(&*it);
      }
      apply_partial(src, list[i], where, link_params(), [&](const std::string& k, const ParamValue& v) {
        for (LinkSpec* l : targets) {
          if (k == "z") l->z = std::get<double>(v);
          if (k == "S") l->startup = std::get<double>(v);
        }
      });
    }
  }
  try {
    validate(cfg.spec);
  } catch (const std::invalid_argument& e) {
    src.fail(node, path, e.what());
  }
  check_time_factors(src, node, path, cfg.spec);
  return cfg;
}

}  // namespace mpnsim
