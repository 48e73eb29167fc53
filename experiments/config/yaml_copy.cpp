// copy_with_marks: a node-by-node copy, each new node given its original's Mark.
#include "experiments/config/yaml_copy.hpp"

namespace mpnsim {
struct YamlMarkSetter;  // the key of the specialization below
}  // namespace mpnsim

namespace YAML {

// yaml-cpp has no public way to give a node a Mark: only its parser (NodeBuilder) does. Node
// befriends every as_if<T, S>, so this specialization, keyed by a type of mpnsim's own, can
// reach the node it wraps; it only sets the Mark of a node just made here.
template <>
struct as_if<mpnsim::YamlMarkSetter, mpnsim::YamlMarkSetter> {
  static void set(const Node& node, const Mark& mark) {
    node.EnsureNodeExists();
    node.m_pNode->set_mark(mark);
  }
};

}  // namespace YAML

namespace mpnsim {

YAML::Node copy_with_marks(const YAML::Node& node, const std::string& skip_key) {
  YAML::Node out;
  switch (node.Type()) {
    case YAML::NodeType::Undefined: return out;
    case YAML::NodeType::Null: out = YAML::Node(YAML::NodeType::Null); break;
    case YAML::NodeType::Scalar: out = YAML::Node(node.Scalar()); break;
    case YAML::NodeType::Sequence:
      out = YAML::Node(YAML::NodeType::Sequence);
      for (const auto& item : node) out.push_back(copy_with_marks(item));
      break;
    case YAML::NodeType::Map:
      out = YAML::Node(YAML::NodeType::Map);
      // In the original's order, keys as nodes (with their own marks), duplicates as they were.
      for (const auto& kv : node)
        if (skip_key.empty() || !kv.first.IsScalar() || kv.first.Scalar() != skip_key)
          out.force_insert(copy_with_marks(kv.first), copy_with_marks(kv.second));
      break;
  }
  out.SetTag(node.Tag());
  out.SetStyle(node.Style());
  YAML::as_if<YamlMarkSetter, YamlMarkSetter>::set(out, node.Mark());
  return out;
}

}  // namespace mpnsim
