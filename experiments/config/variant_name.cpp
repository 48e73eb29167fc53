// Short names of swept values for legends and tables: a label, or the values of a mapping joined by '/'.
#include "experiments/config/variant_name.hpp"

#include <set>
#include <vector>

#include <fmt/format.h>

#include "experiments/config/output_names.hpp"

namespace mpnsim {

namespace {

constexpr std::size_t kLongestLabel = 100;

std::string flow_text(const YAML::Node& n) {
  YAML::Emitter e;
  e.SetMapFormat(YAML::Flow);
  e.SetSeqFormat(YAML::Flow);
  e << n;
  return e.c_str();
}

// The parts of a mapping's name: each scalar value (KEY=VALUE with `keyed`, but for `name` and
// `kind`, which say what the rest qualifies), nested mappings flattened with dotted keys.
void collect_parts(const YAML::Node& map, const std::string& prefix, bool keyed, std::vector<std::string>& parts) {
  for (auto it = map.begin(); it != map.end(); ++it) {
    const std::string key = it->first.IsScalar() ? it->first.Scalar() : flow_text(it->first);
    if (prefix.empty() && key == "label") continue;
    const YAML::Node v = it->second;  // a copy: `it->` is a proxy that ends with the statement
    const std::string dotted = prefix.empty() ? key : prefix + "." + key;
    if (v.IsMap()) {
      collect_parts(v, dotted, keyed, parts);
      continue;
    }
    const std::string text = v.IsScalar() ? v.Scalar() : v.IsNull() ? "null" : flow_text(v);
    const bool plain = !keyed || (prefix.empty() && (key == "name" || key == "kind"));
    parts.push_back(plain ? text : dotted + "=" + text);
  }
}

std::string label_of(const YAML::Node& value) {
  if (!value.IsMap()) return "";
  const YAML::Node label = value["label"];
  return label && label.IsScalar() ? label.Scalar() : "";
}

}  // namespace

std::string variant_name(const YAML::Node& value, bool keyed) {
  if (!value.IsDefined() || value.IsNull()) return "";
  if (value.IsScalar()) return value.Scalar();
  if (value.IsSequence()) return flow_text(value);
  if (std::string label = label_of(value); !label.empty()) return label;
  std::vector<std::string> parts;
  collect_parts(value, "", keyed, parts);
  return parts.empty() ? flow_text(value) : fmt::format("{}", fmt::join(parts, "/"));
}

VariantNames::VariantNames(const SweepPoints& points, const std::string& key) {
  // The distinct values of the key, in the order the sweep gives them; only mappings and
  // sequences have a name other than their text.
  std::vector<std::pair<std::string, YAML::Node>> values;
  std::set<std::string> seen;
  for (const auto& block : points.blocks())
    for (const auto& axis : block.axes) {
      if (axis.key != key || axis.range) continue;
      if (axis.listed.empty()) {
        if (seen.insert(axis.single_text).second) values.emplace_back(axis.single_text, axis.entry);
      } else {
        for (std::size_t i = 0; i < axis.listed.size(); ++i)
          if (seen.insert(axis.texts[i]).second) values.emplace_back(axis.texts[i], axis.listed[i]);
      }
    }
  std::map<std::string, std::string> name;  // text -> name, every value
  for (const auto& [text, node] : values) name[text] = variant_name(node);
  // Coinciding names: the mappings among them keyed, then the text where even that coincides.
  auto coinciding = [&]() {
    std::map<std::string, int> count;
    for (const auto& [text, n] : name) ++count[n];
    std::set<std::string> out;
    for (const auto& [text, n] : name)
      if (count[n] > 1) out.insert(text);
    return out;
  };
  for (const auto& text : coinciding())
    for (const auto& [t, node] : values)
      if (t == text && node.IsMap() && label_of(node).empty()) name[text] = variant_name(node, true);
  for (const auto& text : coinciding()) name[text] = text;
  for (const auto& [text, n] : name)
    if (n != text) names_.emplace(text, n);
}

std::string VariantNames::operator()(const std::string& text) const {
  const auto it = names_.find(text);
  return it == names_.end() ? text : it->second;
}

void check_variant_labels(const YamlSource& src, const SweepPoints& points, const std::string& path) {
  std::map<std::string, std::map<std::string, std::string>> labels;  // key -> label -> the text that has it
  for (const auto& block : points.blocks())
    for (const auto& axis : block.axes) {
      std::vector<std::pair<YAML::Node, std::string>> values;
      if (axis.listed.empty() && !axis.range) values.emplace_back(axis.entry, axis.single_text);
      for (std::size_t i = 0; i < axis.listed.size(); ++i) values.emplace_back(axis.listed[i], axis.texts[i]);
      for (const auto& [value, text] : values) {
        if (!value.IsMap() || !value["label"]) continue;
        const YAML::Node label = value["label"];
        const std::string where = join_path(join_path(path, axis.key), "label");
        const std::string name = src.scalar(label, where);
        if (name.empty() || name.size() > kLongestLabel)
          src.fail(label, where, fmt::format("expected the variant's name in legends and tables, 1 to {} characters",
                                             kLongestLabel));
        if (const std::string problem = control_character_problem(name); !problem.empty())
          src.fail(label, where, "expected one line of text without control characters, got " + problem);
        auto [at, fresh] = labels[axis.key].emplace(name, text);
        if (!fresh && at->second != text)
          src.fail(label, where,
                   fmt::format("two values of {} have the label '{}': legends and tables could not tell them apart",
                               axis.key, name));
      }
    }
}

void remove_variant_label(YAML::Node value) {
  if (value.IsMap() && static_cast<const YAML::Node&>(value)["label"]) value.remove("label");
}

}  // namespace mpnsim
