// Cutting comments out of an experiment file, checked by parsing the result and comparing trees.
#include "experiments/config/comment_free_text.hpp"

#include <cstddef>

namespace mpnsim {

namespace {

// Cuts each line at its first '#' that starts a line or follows a blank (how YAML begins a
// comment), or, with `whole_lines_only`, empties only the lines that are a comment. A '#' in a
// quoted or block scalar is cut as well; the comparison below then refuses the result.
std::string cut_comments(const std::string& text, bool whole_lines_only) {
  std::string out;
  out.reserve(text.size());
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::size_t cut = end;
    if (whole_lines_only) {
      const std::size_t first = text.find_first_not_of(" \t", start);
      if (first < end && text[first] == '#') cut = start;
    } else {
      for (std::size_t i = start; i < end; ++i)
        if (text[i] == '#' && (i == start || text[i - 1] == ' ' || text[i - 1] == '\t')) {
          cut = i;
          break;
        }
    }
    out.append(text, start, cut - start);
    if (end < text.size()) out.push_back('\n');
    start = end + 1;
  }
  return out;
}

// Whether two trees are the same, node by node, positions included (line and column: byte
// offsets differ by design). `budget` bounds the nodes visited: aliases can make a small file's
// tree exponentially large, and then the comparison gives up (false).
bool same_tree(const YAML::Node& a, const YAML::Node& b, long& budget) {
  if (--budget < 0) return false;
  if (a.Type() != b.Type() || a.Tag() != b.Tag()) return false;
  if (a.Mark().line != b.Mark().line || a.Mark().column != b.Mark().column) return false;
  switch (a.Type()) {
    case YAML::NodeType::Scalar:
      return a.Scalar() == b.Scalar();
    case YAML::NodeType::Sequence:
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!same_tree(a[i], b[i], budget)) return false;
      return true;
    case YAML::NodeType::Map: {
      if (a.size() != b.size()) return false;
      auto i = a.begin();
      auto j = b.begin();
      for (; i != a.end(); ++i, ++j)
        if (!same_tree(i->first, j->first, budget) || !same_tree(i->second, j->second, budget)) return false;
      return true;
    }
    default:
      return true;
  }
}

}  // namespace

std::string comment_free_text(const std::string& text, const YAML::Node& parsed) {
  if (text.find('#') == std::string::npos) return text;
  for (bool whole_lines_only : {false, true}) {
    std::string cut = cut_comments(text, whole_lines_only);
    try {
      long budget = 4 * static_cast<long>(text.size()) + 1000;
      if (same_tree(parsed, YAML::Load(cut), budget)) return cut;
    } catch (const YAML::Exception&) {
      // the cut broke the document: try the safer cut, then keep the text as it is
    }
  }
  return text;
}

}  // namespace mpnsim
