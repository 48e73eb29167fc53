// The --PARAM VALUE flags that topo, dlt, tree and dag pass on to model parameters.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/parameters.hpp"

namespace mpnsim {

// "--name value", "--name=value" and a lone "--flag" (= true), in order.
// Throws ParamError for anything that is not a --flag.
std::vector<std::pair<std::string, std::string>> parse_flag_pairs(const std::vector<std::string>& args);

// Whether `specs` declares a parameter called `name`.
bool declares_param(const std::vector<ParamSpec>& specs, const std::string& name);

}  // namespace mpnsim
