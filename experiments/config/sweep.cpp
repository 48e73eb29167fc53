// Reading of sweep blocks (counted before anything is expanded), and copy-on-write assignment into YAML trees.
#include "experiments/config/sweep.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace mpnsim {

namespace {

// A swept value that is a list or mapping is written into the CSV as flow YAML.
// Aliases can make a few bytes stand for millions of nodes, so the value's size
// (counted with aliases expanded) is bounded before it is written out.
constexpr std::size_t kMaxValueNodes = 10'000;

std::size_t count_nodes(const YAML::Node& n, std::size_t budget) {
  std::size_t seen = 0;
  std::vector<YAML::Node> stack{n};
  while (!stack.empty() && seen <= budget) {
    const YAML::Node cur = stack.back();
    stack.pop_back();
    ++seen;
    if (cur.IsSequence()) {
      for (const auto& c : cur) stack.push_back(c);
    } else if (cur.IsMap()) {
      for (auto it = cur.begin(); it != cur.end(); ++it) {
        stack.push_back(it->first);
        stack.push_back(it->second);
      }
    }
  }
  return seen;
}

std::string text_of(const YamlSource& src, const YAML::Node& n, const std::string& where) {
  if (n.IsScalar()) return n.Scalar();
  if (count_nodes(n, kMaxValueNodes) > kMaxValueNodes)
    src.fail(n, where, fmt::format("a swept value may hold at most {} YAML values (aliases counted out)",
                                   kMaxValueNodes));
  YAML::Emitter e;
  e.SetMapFormat(YAML::Flow);
  e.SetSeqFormat(YAML::Flow);
  e << n;
  return std::string(e.c_str());
}

}  // namespace

// `{files: "DIR/PATTERN"}`: the regular files of DIR (relative to the experiment file) whose
// names match PATTERN (fnmatch: *, ?, [...]; a leading dot only when written), sorted by name
// so the points do not depend on the directory's order. Wildcards only in the last component:
// a benchmark set is one folder. The values are the paths as the experiment file would write
// them, so results.csv shows them and workload.file resolves them as usual.
std::vector<std::string> matching_files(const YamlSource& src, const YAML::Node& pattern_node,
                                        const std::string& where, const std::string& base_dir) {
  namespace fs = std::filesystem;
  if (!pattern_node.IsScalar() || pattern_node.Scalar().empty())
    src.fail(pattern_node, where, "expected a file pattern such as graphs/*.dot");
  const std::string pattern = pattern_node.Scalar();
  const fs::path written(pattern);
  const std::string dir_text = written.parent_path().string();
  const std::string name_pattern = written.filename().string();
  if (name_pattern.empty() || dir_text.find_first_of("*?[") != std::string::npos)
    src.fail(pattern_node, where, "expected wildcards only in the file name, e.g. graphs/*.dot (one folder)");
  const fs::path base(base_dir);
  const fs::path dir = written.is_absolute() ? written.parent_path() : base / written.parent_path();
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    src.fail(pattern_node, where, fmt::format("no folder '{}' (paths are relative to the experiment file)",
                                              dir.lexically_normal().string()));
  std::vector<std::string> names;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (fnmatch(name_pattern.c_str(), name.c_str(), FNM_PERIOD) != 0) continue;
    std::error_code kind_ec;
    if (!it->is_regular_file(kind_ec)) continue;
    if (names.size() >= kMaxSweepPoints)
      src.fail(pattern_node, where, fmt::format("more than {} files match", kMaxSweepPoints));
    names.push_back(name);
  }
  if (ec) src.fail(pattern_node, where, fmt::format("cannot list '{}': {}", dir.string(), ec.message()));
  if (names.empty()) src.fail(pattern_node, where, fmt::format("no file in '{}' matches '{}'", dir.string(), name_pattern));
  std::sort(names.begin(), names.end());
  std::vector<std::string> paths;
  paths.reserve(names.size());
  for (const auto& n : names) paths.push_back(dir_text.empty() ? n : (fs::path(dir_text) / n).string());
  return paths;
}

namespace {

bool is_file_pattern(const YAML::Node& entry) { return entry.IsMap() && entry.size() == 1 && entry["files"]; }

// The axis without its values' texts: enough to count.
SweepAxis axis_shape(const YamlSource& src, const std::string& key, const YAML::Node& entry, const std::string& where) {
  SweepAxis a;
  a.key = key;
  a.entry = entry;
  if (entry.IsSequence()) {
    if (entry.size() == 0) src.fail(entry, where, "expected at least one value to sweep");
    a.count = entry.size();
  } else if (is_file_pattern(entry)) {
    for (auto& path : matching_files(src, entry["files"], join_path(where, "files"),
                                     std::filesystem::path(src.file()).parent_path().string())) {
      a.listed.emplace_back(path);
      a.texts.push_back(std::move(path));
    }
    a.count = a.listed.size();
    a.from_pattern = true;
  } else if (entry.IsScalar() && entry.Scalar().find(':') != std::string::npos) {
    try {
      a.range = SweepRange::parse(entry.Scalar());
      a.count = a.range->size();
    } catch (const std::invalid_argument& e) {
      src.fail(entry, where, e.what());
    }
  } else if (!entry.IsScalar() && !entry.IsMap()) {
    src.fail(entry, where, "expected a list of values or a range start:stop:step");
  }
  return a;
}

// "10 x 10 x 4000" for a message.
std::string product_text(const std::vector<SweepAxis>& axes) {
  std::string out;
  for (const auto& a : axes) out += fmt::format("{}{} ({})", out.empty() ? "" : " x ", a.size(), a.key);
  return out;
}

}  // namespace

std::vector<std::string> expand_range(const std::string& text) {
  const SweepRange r = SweepRange::parse(text);
  std::vector<std::string> values;
  values.reserve(r.size());
  for (std::uint64_t i = 0; i < r.size(); ++i) values.push_back(r.value(i));
  return values;
}

SweepPoints read_sweep(const YamlSource& src, const YAML::Node& sweep, const std::string& path,
                       std::span<const std::string> not_sweepable, std::vector<std::string>& keys) {
  if (!sweep || sweep.IsNull()) return SweepPoints{};
  std::vector<YAML::Node> nodes;
  if (sweep.IsSequence()) {
    if (sweep.size() == 0) src.fail(sweep, path, "expected at least one sweep block");
    for (const auto& b : sweep) nodes.push_back(b);
  } else {
    nodes.push_back(sweep);
  }
  // First the shapes only: sizes of lists and ranges, and the count of points.
  std::vector<SweepBlock> blocks;
  double total = 0;  // in double: a product of many lists can pass every integer type
  for (std::size_t bi = 0; bi < nodes.size(); ++bi) {
    const YAML::Node& b = nodes[bi];
    src.require_map(b, path);
    SweepBlock block;
    block.index = sweep.IsSequence() ? static_cast<int>(bi) : -1;
    double product = 1;
    for (auto it = b.begin(); it != b.end(); ++it) {
      const std::string key = src.scalar(it->first, path);
      if (std::find(not_sweepable.begin(), not_sweepable.end(), key) != not_sweepable.end())
        src.fail(it->first, join_path(path, key), "this key cannot be swept");
      if (std::find_if(block.axes.begin(), block.axes.end(), [&](const SweepAxis& a) { return a.key == key; }) !=
          block.axes.end())
        src.fail(it->first, join_path(path, key), "this key is swept twice in one block");
      block.axes.push_back(axis_shape(src, key, it->second, join_path(path, key)));
      product *= static_cast<double>(block.axes.back().size());
    }
    total += product;
    if (total > static_cast<double>(kMaxSweepPoints))
      src.fail(b, path,
               fmt::format("the sweep has {:.4g} points ({}{}); at most {} are allowed: sweep fewer values, or split "
                           "the file",
                           total, product_text(block.axes),
                           bi > 0 ? fmt::format(", after {:.4g} in the blocks before", total - product) : "",
                           kMaxSweepPoints));
    blocks.push_back(std::move(block));
  }
  // Then the values' texts, now that their number is known to be bounded.
  for (auto& block : blocks)
    for (auto& a : block.axes) {
      const std::string where = join_path(path, a.key);
      if (a.entry.IsSequence()) {
        a.listed.reserve(a.entry.size());
        for (const auto& v : a.entry) {
          a.texts.push_back(text_of(src, v, where));
          a.listed.push_back(v);
        }
      } else if (!a.range && a.listed.empty()) {
        a.single_text = text_of(src, a.entry, where);
      }
      if (std::find(keys.begin(), keys.end(), a.key) == keys.end()) keys.push_back(a.key);
    }
  return SweepPoints(std::move(blocks));
}

void set_path(YAML::Node root, const std::string& key, const YAML::Node& value) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const auto pos = key.find('.', start);
    parts.push_back(key.substr(start, pos - start));
    if (pos == std::string::npos) break;
    start = pos + 1;
  }
  YAML::Node cur = root;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    if (!cur[parts[i]].IsMap()) cur[parts[i]] = YAML::Node(YAML::NodeType::Map);
    // reset, not assignment: Node::operator= would overwrite the mapping it points at.
    cur.reset(cur[parts[i]]);
  }
  cur[parts.back()] = value;
}

}  // namespace mpnsim
