// Parsing and aiming of command-line overrides.
#include "experiments/config/overrides.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/input_error.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

std::string Override::text() const {
  if (flag == "--set") return fmt::format("--set {}={}", key, value);
  return fmt::format("{} {}", flag, value);
}

namespace {

// A copy without positions: the value's marks would be those of the one-line
// document it was parsed from (1:1), and would place its errors in the
// experiment file. Without them, errors name the override instead.
YAML::Node without_marks(const YAML::Node& n, const Override& o, int depth = 0) {
  if (depth > 64) throw InputError("command line", YAML::Mark::null_mark(), o.text(), "nested too deeply");
  if (n.IsScalar()) return YAML::Node(n.Scalar());
  if (n.IsSequence()) {
    YAML::Node out(YAML::NodeType::Sequence);
    for (const auto& c : n) out.push_back(without_marks(c, o, depth + 1));
    return out;
  }
  if (n.IsMap()) {
    YAML::Node out(YAML::NodeType::Map);
    for (auto it = n.begin(); it != n.end(); ++it)
      out[without_marks(it->first, o, depth + 1)] = without_marks(it->second, o, depth + 1);
    return out;
  }
  return YAML::Node(YAML::NodeType::Null);
}

}  // namespace

YAML::Node override_value(const Override& o) {
  YAML::Node parsed;
  try {
    parsed = YAML::Load(o.value);
  } catch (const YAML::Exception& e) {
    throw InputError("command line", YAML::Mark::null_mark(), o.text(), "not valid YAML: " + e.msg);
  }
  return without_marks(parsed, o);
}

namespace {

std::string first_part(const std::string& key) { return key.substr(0, key.find('.')); }

}  // namespace

std::vector<std::vector<Override>> aim_overrides(const std::string& file, const std::vector<Override>& overrides,
                                                 const std::vector<OverrideTarget>& targets, bool suite,
                                                 const KindKeys& kind_keys) {
  std::vector<std::vector<Override>> out(targets.size());
  for (const auto& o : overrides) {
    (void)override_value(o);
    auto takes = [&](const OverrideTarget& t, const std::string& key) {
      if (!kind_keys) return true;
      const auto keys = kind_keys(t.kind);
      return !keys || std::find(keys->begin(), keys->end(), first_part(key)) != keys->end();
    };
    // EXPERIMENT.KEY: the longest experiment name that prefixes the key. For a
    // single experiment, only when its name is not a key it takes.
    const OverrideTarget* aimed = nullptr;
    std::size_t aimed_index = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) {
      const auto& t = targets[i];
      if (o.flag != "--set" || o.key.size() <= t.name.size() + 1 || o.key.rfind(t.name + ".", 0) != 0) continue;
      if (!suite && takes(t, o.key)) continue;
      if (!aimed || t.name.size() > aimed->name.size()) {
        aimed = &t;
        aimed_index = i;
      }
    }
    if (aimed) {
      Override mine = o;
      mine.key = o.key.substr(aimed->name.size() + 1);
      if (!takes(*aimed, mine.key)) {
        const auto keys = kind_keys(aimed->kind);
        const std::string near = nearest_name(first_part(mine.key), *keys);
        throw InputError("command line", YAML::Mark::null_mark(), o.text(),
                         fmt::format("experiment '{}' (kind {}) takes no key '{}'{}; its keys: {}", aimed->name,
                                     aimed->kind, first_part(mine.key),
                                     near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near),
                                     fmt::join(*keys, ", ")));
      }
      out[aimed_index].push_back(std::move(mine));
      continue;
    }
    std::vector<std::string> reached;
    for (std::size_t i = 0; i < targets.size(); ++i)
      if (takes(targets[i], o.key)) {
        out[i].push_back(o);
        reached.push_back(targets[i].name);
      }
    if (!reached.empty()) {
      if (suite && reached.size() < targets.size())
        spdlog::info("{}: {} applies to {} (the others take no '{}')", file, o.text(), fmt::join(reached, ", "),
                     first_part(o.key));
      continue;
    }
    // Nothing takes it: say what would have.
    std::vector<std::string> candidates, described;
    for (const auto& t : targets) {
      described.push_back(fmt::format("{} (kind {})", t.name, t.kind));
      if (suite) candidates.push_back(t.name);
      if (const auto keys = kind_keys(t.kind))
        for (const auto& k : *keys)
          if (std::find(candidates.begin(), candidates.end(), k) == candidates.end()) candidates.push_back(k);
    }
    const std::string near = nearest_name(first_part(o.key), candidates);
    const std::string hint = near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near);
    if (suite)
      throw InputError("command line", YAML::Mark::null_mark(), o.text(),
                       fmt::format("no experiment of the suite takes '{}'{}; the experiments are {}; aim at one "
                                   "with --set EXPERIMENT.KEY=VALUE",
                                   first_part(o.key), hint, fmt::join(described, ", ")));
    throw InputError("command line", YAML::Mark::null_mark(), o.text(),
                     fmt::format("experiment '{}' (kind {}) takes no key '{}'{}; its keys: {}", targets.front().name,
                                 targets.front().kind, first_part(o.key), hint,
                                 fmt::join(candidates, ", ")));
  }
  return out;
}

}  // namespace mpnsim
