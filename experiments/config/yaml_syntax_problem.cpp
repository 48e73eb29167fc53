// The reason a YAML text does not parse, in mpnsim's words.
#include "experiments/config/yaml_syntax_problem.hpp"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>

namespace mpnsim {

std::string yaml_syntax_problem(const YAML::Exception& e) {
  if (const auto* deep = dynamic_cast<const YAML::DeepRecursion*>(&e))
    return fmt::format("not valid YAML for mpnsim: expected mappings and lists nested fewer than {} levels deep, "
                       "and they go deeper here",
                       deep->depth());
  return "not valid YAML: " + e.msg;
}

}  // namespace mpnsim
