// Parsing of experiment files: structure, sweep, repetitions, seed, outputs, overrides.
#include "experiments/config/experiment_spec.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <vector>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/comment_free_text.hpp"
#include "experiments/config/output_names.hpp"
#include "experiments/config/overrides.hpp"
#include "experiments/config/sweep.hpp"
#include "experiments/config/variant_name.hpp"
#include "experiments/config/yaml_copy.hpp"
#include "experiments/config/yaml_source.hpp"
#include "experiments/config/yaml_syntax_problem.hpp"

namespace mpnsim {

namespace {

// The longest experiment file read (a regular file or a pipe): far past any sweep the point
// limits allow, and a bound on a pipe that never ends.
constexpr std::size_t kMaxExperimentFileBytes = std::size_t{64} << 20;

}  // namespace

const std::vector<std::string>& common_experiment_keys() {
  static const std::vector<std::string> keys{"name", "description", "kind", "sweep",
                                             "repetitions", "seed", "outputs", "compare"};
  return keys;
}

namespace {

const std::vector<std::string> kSuiteKeys{"name", "description", "experiments"};

// Names become directory and file names: keep them portable.
void check_name(const YamlSource& src, const YAML::Node& node, const std::string& key) {
  if (!is_portable_name(src.scalar(node, key)))
    src.fail(node, key, "expected a name of letters, digits, '-', '_' or '.'");
}

bool sweeps_key(const YAML::Node& sweep, const std::string& key) {
  auto block_has = [&](const YAML::Node& b) { return b.IsMap() && b[key].IsDefined(); };
  if (sweep.IsSequence()) {
    for (const auto& b : sweep)
      if (block_has(b)) return true;
    return false;
  }
  return block_has(sweep);
}

YAML::Node without_key(const YAML::Node& block, const std::string& key) {
  YAML::Node copy(YAML::NodeType::Map);
  for (auto it = block.begin(); it != block.end(); ++it)
    if (it->first.Scalar() != key) copy[it->first.Scalar()] = it->second;
  return copy;
}

ExperimentSpec parse_experiment(const YamlSource& src, YAML::Node root, const std::string& path,
                                 const std::vector<Override>& overrides) {
  ExperimentSpec spec;
  spec.overrides = overrides;
  spec.file = src.file();
  src.require_map(root, path.empty() ? "experiment" : path);
  auto key = [&](const std::string& k) { return join_path(path, k); };
  if (!root["name"]) src.fail(root, key("name"), "required: a name for the experiment");
  if (!root["kind"]) src.fail(root, key("kind"), "required: what to run (see `mpnsim list`)");
  check_name(src, root["name"], key("name"));
  spec.name = root["name"].Scalar();
  spec.kind = src.scalar(root["kind"], key("kind"));
  if (root["description"]) spec.description = src.scalar(root["description"], key("description"));

  // Command-line overrides replace YAML values, and sweeps of the same key.
  YAML::Node sweep = root["sweep"];
  for (const auto& o : overrides) {
    YAML::Node value = override_value(o);
    if (o.key == "repetitions" || o.key == "seed" || o.key == "name" || o.key == "kind") {
      spdlog::info("{}: '{}' set on the command line to {} (file had {})", spec.name, o.key, o.value,
                   root[o.key] ? root[o.key].Scalar() : "nothing");
    } else {
      spdlog::info("{}: '{}' set on the command line to {}", spec.name, o.key, o.value);
    }
    if (sweep && sweeps_key(sweep, o.key)) {
      spdlog::info("{}: the command line value of '{}' replaces its sweep", spec.name, o.key);
      if (sweep.IsSequence()) {
        YAML::Node blocks(YAML::NodeType::Sequence);
        for (const auto& b : sweep) blocks.push_back(b.IsMap() ? without_key(b, o.key) : YAML::Node(b));
        sweep.reset(blocks);
      } else {
        sweep.reset(without_key(sweep, o.key));
      }
    }
    set_path(root, o.key, value);
  }

  // A value the command line gave has no place in the file: name the flag instead.
  auto given_by = [&](const std::string& k) -> const Override* {
    for (auto it = overrides.rbegin(); it != overrides.rend(); ++it)
      if (it->key == k) return &*it;
    return nullptr;
  };
  const YamlSource command_line("command line");
  // `--set name=NEW` renames the experiment and so its output (results/NEW/, or the suite's
  // subfolder NEW/); `--set kind=` changes what is run. Both were read before the overrides.
  if (const Override* o = given_by("name")) {
    check_name(command_line, root["name"], o->text());
    spec.name = root["name"].Scalar();
  }
  if (const Override* o = given_by("kind")) spec.kind = command_line.scalar(root["kind"], o->text());
  if (root["repetitions"]) {
    const Override* o = given_by("repetitions");
    spec.repetitions = static_cast<int>((o ? command_line : src).integer(
        root["repetitions"], o ? o->text() : key("repetitions"), 1, 1'000'000));
  }
  if (root["seed"]) {
    const Override* o = given_by("seed");
    const std::string where = o ? o->text() : key("seed");
    const std::string text = (o ? command_line : src).scalar(root["seed"], where);
    ParamSpec s{"seed", ParamType::integer, "", "", 0, 9.2e18, {}};
    try {
      spec.seed = static_cast<std::uint64_t>(std::get<std::int64_t>(parse_param(s, text)));
    } catch (const ParamError&) {
      (o ? command_line : src).fail(root["seed"], where, "expected a non-negative integer");
    }
  }
  spec.outputs = parse_outputs(src, root["outputs"], key("outputs"));

  spec.points = read_sweep(src, sweep, key("sweep"), common_experiment_keys(), spec.swept_keys);
  check_variant_labels(src, spec.points, key("sweep"));
  const double runs = static_cast<double>(spec.points.size()) * spec.repetitions;
  if (runs > static_cast<double>(kMaxSweepPoints))
    src.fail(root["repetitions"] ? root["repetitions"] : root, key("repetitions"),
             fmt::format("{} points x {} repetitions make {:.4g} runs; at most {} are allowed", spec.points.size(),
                         spec.repetitions, runs, kMaxSweepPoints));
  spec.compare = read_compare_specs(src, root["compare"], key("compare"), spec.swept_keys);
  for (const auto& cmp : spec.compare) check_compare_values(src, cmp, spec.points, spec.kind);
  spec.root = root;
  return spec;
}

}  // namespace

ExperimentFile load_experiment_file(const std::string& path, const std::vector<Override>& overrides,
                                    const KindKeys& kind_keys) {
  YamlSource src(path);
  // error_code overloads: a path the system refuses (too long, a loop) is bad input, not a failure.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path, YAML::Mark::null_mark(), "", "is a directory; give an experiment file (.yaml) in it");
  // A pipe is read too (`mpnsim validate <(cat f.yaml)`), once: nothing reads the file again.
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::is_regular_file(status) && !std::filesystem::is_fifo(status))
    throw InputError(path, YAML::Mark::null_mark(), "",
                     ec && ec != std::errc::no_such_file_or_directory ? "cannot read it: " + ec.message()
                     : std::filesystem::exists(status)
                         ? "expected an experiment file (a regular file or a pipe), not this kind of file"
                         : "no such experiment file");
  auto text = std::make_shared<std::string>();
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, YAML::Mark::null_mark(), "", "cannot open the experiment file");
    // In blocks up to a limit: a pipe has no size to trust, and may never end.
    std::vector<char> block(std::size_t{1} << 16);
    while (in) {
      in.read(block.data(), static_cast<std::streamsize>(block.size()));
      text->append(block.data(), static_cast<std::size_t>(in.gcount()));
      if (text->size() > kMaxExperimentFileBytes)
        throw InputError(path, YAML::Mark::null_mark(), "",
                         fmt::format("expected an experiment file of at most {} bytes; this one is longer",
                                     kMaxExperimentFileBytes));
    }
    if (in.bad()) throw InputError(path, YAML::Mark::null_mark(), "", "cannot read the experiment file");
  }
  YAML::Node doc;
  try {
    doc = YAML::Load(*text);
  } catch (const YAML::Exception& e) {
    throw InputError(path, e.mark, "", yaml_syntax_problem(e));
  }
  if (!doc.IsMap()) throw InputError(path, doc.Mark(), "", "expected a mapping at the top of the file");
  ExperimentFile file;
  file.file = path;
  // Names and kinds first, to aim the overrides (a malformed entry is reported below, in order).
  auto target_of = [](const YAML::Node& e) {
    OverrideTarget t;
    if (e.IsMap() && e["name"] && e["name"].IsScalar()) t.name = e["name"].Scalar();
    if (e.IsMap() && e["kind"] && e["kind"].IsScalar()) t.kind = e["kind"].Scalar();
    return t;
  };
  if (doc["experiments"]) {
    src.check_keys(doc, "", kSuiteKeys);
    if (!doc["name"]) src.fail(doc, "name", "required: a name for the suite");
    check_name(src, doc["name"], "name");
    file.name = doc["name"].Scalar();
    if (doc["description"]) file.description = src.scalar(doc["description"], "description");
    file.suite = true;
    const YAML::Node list = doc["experiments"];
    if (!list.IsSequence() || list.size() == 0)
      src.fail(list, "experiments", "expected a list of experiments");
    std::vector<OverrideTarget> targets;
    for (const auto& e : list) targets.push_back(target_of(e));
    const auto aimed = aim_overrides(path, overrides, targets, true, kind_keys);
    for (std::size_t i = 0; i < list.size(); ++i) {
      file.experiments.push_back(parse_experiment(src, list[i], fmt::format("experiments[{}]", i), aimed[i]));
      file.experiments.back().suite_index = static_cast<int>(i);
      for (std::size_t j = 0; j + 1 < file.experiments.size(); ++j)
        if (file.experiments[j].name == file.experiments.back().name)
          src.fail(list[i]["name"], fmt::format("experiments[{}].name", i),
                   "two experiments of the suite share this name");
    }
  } else {
    const auto aimed = aim_overrides(path, overrides, {target_of(doc)}, false, kind_keys);
    file.experiments.push_back(parse_experiment(src, doc, "", aimed.front()));
    file.name = file.experiments.front().name;
    file.description = file.experiments.front().description;
  }
  auto point_doc = std::make_shared<PointDocument>();
  point_doc->doc = YAML::Load(comment_free_text(*text, doc));
  for (auto& e : file.experiments) {
    e.source_text = text;
    e.point_doc = point_doc;
  }
  return file;
}

YAML::Node point_config(const ExperimentSpec& spec, const SweepPoint& point) {
  const std::lock_guard lock(spec.point_doc->reading);
  const YAML::Node& doc = spec.point_doc->doc;
  const YAML::Node experiment = spec.suite_index >= 0 ? YAML::Node(doc["experiments"][spec.suite_index]) : doc;
  // Everything but the sweep, whose values the point's assignments below stand for: a copy
  // of the whole file per point made sweeps of thousands of values quadratic.
  YAML::Node node = copy_with_marks(experiment, "sweep");
  for (const auto& o : spec.overrides) set_path(node, o.key, override_value(o));
  const YAML::Node sweep = experiment["sweep"];
  for (const auto& a : point.assignments) {
    if (a.generated) {
      set_path(node, a.key, YAML::Node(a.text));
      continue;
    }
    const YAML::Node block = a.block >= 0 ? YAML::Node(sweep[a.block]) : sweep;
    const YAML::Node entry = block[a.key];
    YAML::Node value = copy_with_marks(a.index >= 0 ? YAML::Node(entry[a.index]) : entry);
    remove_variant_label(value);  // the variant's name in legends and tables, not a parameter
    set_path(node, a.key, value);
  }
  return node;
}

}  // namespace mpnsim
