// The text a sweep point's configuration is re-read from: the experiment file without its comments, when that provably changes nothing.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace mpnsim {

// `text` with its comments cut, every line and column of what remains unchanged, provided the
// cut text parses to the same tree as `parsed` (the parse of `text`): the same types, tags,
// scalars and positions. Otherwise `text` itself. Each point of a sweep re-reads the file
// (yaml-cpp cannot copy a node with its positions), so a point costs in proportion to this
// text: comments, which can be most of a file, then cost nothing.
std::string comment_free_text(const std::string& text, const YAML::Node& parsed);

}  // namespace mpnsim
