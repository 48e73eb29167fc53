// Reading of hand-written plans, with every error placed in the file.
#include "experiments/config/plan_config.hpp"

#include <filesystem>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "experiments/config/yaml_syntax_problem.hpp"

namespace mpnsim {

namespace {

Plan read_action_list(const YamlSource& src, const YAML::Node& list, const std::string& path,
                      int processors) {
  if (!list.IsSequence() || list.size() == 0)
    src.fail(list, path, "expected a list of actions ({op: compute|send, ...})");
  static const std::vector<std::string> compute_keys{"name", "op", "on", "amount", "after"};
  static const std::vector<std::string> send_keys{"name", "op", "from", "to", "amount", "after"};
  Plan plan;
  std::map<std::string, int> index;
  const long long last = processors - 1;
  const double inf = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node a = list[i];
    const std::string where = fmt::format("{}[{}]", path, i);
    src.require_map(a, where);
    if (!a["op"]) src.fail(a, where + ".op", "required: compute or send");
    const std::string op = src.scalar(a["op"], where + ".op");
    const std::string name = a["name"] ? src.scalar(a["name"], where + ".name") : fmt::format("#{}", i);
    if (!index.emplace(name, static_cast<int>(i)).second)
      src.fail(a["name"], where + ".name", "another action already has this name");
    auto need = [&](const char* k) {
      if (!a[k]) src.fail(a, where + "." + k, "required for this action");
      return a[k];
    };
    const double amount = src.number(need("amount"), where + ".amount", 0, inf);
    if (op == "compute") {
      src.check_keys(a, where, compute_keys);
      plan.add_compute(static_cast<int>(src.integer(need("on"), where + ".on", 0, last)), amount, name);
    } else if (op == "send") {
      src.check_keys(a, where, send_keys);
      plan.add_send(static_cast<int>(src.integer(need("from"), where + ".from", 0, last)),
                    static_cast<int>(src.integer(need("to"), where + ".to", 0, last)), amount, name);
    } else {
      src.fail(a["op"], where + ".op", "expected compute or send");
    }
  }
  // Second pass: names are known now, so "after" may refer forwards too.
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node after = list[i]["after"];
    if (!after) continue;
    const std::string where = fmt::format("{}[{}].after", path, i);
    if (!after.IsSequence()) src.fail(after, where, "expected a list of action names");
    for (const auto& n : after) {
      const std::string dep = src.scalar(n, where);
      auto it = index.find(dep);
      if (it == index.end()) src.fail(n, where, "no action is called '" + dep + "'");
      plan.actions[i].after.push_back(it->second);
    }
  }
  try {
    validate(plan, processors);
  } catch (const std::invalid_argument& e) {
    src.fail(list, path, e.what());
  }
  return plan;
}

}  // namespace

Plan read_plan(const YamlSource& src, const YAML::Node& node, const std::string& path, int processors) {
  if (!node.IsScalar()) return read_action_list(src, node, path, processors);
  namespace fs = std::filesystem;
  const fs::path file = fs::path(src.file()).parent_path() / node.Scalar();
  std::error_code ec;  // a name the system refuses (too long, a loop) is bad input too
  if (!fs::is_regular_file(file, ec))
    src.fail(node, path, "no plan file " + file.string() + (ec ? " (" + ec.message() + ")" : ""));
  YamlSource plan_src(file.string());
  YAML::Node doc;
  try {
    doc = YAML::LoadFile(file.string());
  } catch (const YAML::Exception& e) {
    throw InputError(file.string(), e.mark, "", yaml_syntax_problem(e));
  }
  if (doc.IsMap()) {
    static const std::vector<std::string> keys{"plan", "description"};
    plan_src.check_keys(doc, "", keys);
    return read_action_list(plan_src, doc["plan"], "plan", processors);
  }
  return read_action_list(plan_src, doc, "plan", processors);
}

}  // namespace mpnsim
