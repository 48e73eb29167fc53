// A deep copy of a YAML node that keeps every node's place in the file (yaml-cpp's Clone drops it).
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace mpnsim {

// A copy of `node` made of new nodes in a memory of their own (nothing shared with `node`'s
// document, which may be read by other threads meanwhile and grows with every node made from
// it), each with the same type, value, tag, style and Mark as the original, so that an error
// found in the copy is placed at the original's line and column.
// With `skip_key`, a mapping's entry of that key is left out (not its nested ones').
YAML::Node copy_with_marks(const YAML::Node& node, const std::string& skip_key = "");

}  // namespace mpnsim
