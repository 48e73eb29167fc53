// The reason a YAML text does not parse, in mpnsim's words.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace mpnsim {

// "not valid YAML: REASON" with the library's reason, but for nesting past yaml-cpp's depth
// limit, which the library reports as "bad file".
std::string yaml_syntax_problem(const YAML::Exception& e);

}  // namespace mpnsim
