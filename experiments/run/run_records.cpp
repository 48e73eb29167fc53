// Records of runs as JSON, so that slices run apart (--shard, MPI ranks) can be joined.
#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "experiments/config/input_error.hpp"
#include "experiments/run/record_json.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

namespace {

using json = nlohmann::json;

}  // namespace

std::string records_to_json(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                            const FileRecords& records, int index, int count) {
  json doc;
  doc["mpnsim_records"] = 1;
  doc["name"] = file.name;
  doc["slice"] = index;
  doc["slices"] = count;
  doc["experiments"] = json::array();
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const ExperimentSpec& spec = *prepared[x].spec;
    json e;
    e["name"] = spec.name;
    e["repetitions"] = spec.repetitions;
    e["seed"] = spec.seed;
    json labels = json::array();
    for (const auto& p : spec.points) labels.push_back(p.label());
    e["points"] = labels;
    json runs = json::array();
    for (const auto& r : records[x]) runs.push_back(record_to_json(r, true));
    e["runs"] = runs;
    doc["experiments"].push_back(e);
  }
  return doc.dump() + "\n";
}

FileRecords records_from_json(const std::string& text, const std::string& origin, const ExperimentFile& file,
                              const std::vector<PreparedExperiment>& prepared) {
  auto fail = [&](const std::string& path, const std::string& problem) {
    return InputError(origin, YAML::Mark::null_mark(), path, problem);
  };
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    // In mpnsim's words, not the library's: what was expected, then where the text stops being it.
    const std::size_t at = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
    throw fail("", at >= text.size() ? fmt::format("expected the JSON records a `mpnsim run --shard` slice holds, "
                                                   "but the text ends inside them (line {}, byte {} of {}): the "
                                                   "file was cut short; write the slice again",
                                                   line, at, text.size())
                                     : fmt::format("expected the JSON records a `mpnsim run --shard` slice holds, "
                                                   "but this is not JSON from line {} (byte {} of {})",
                                                   line, at + 1, text.size()));
  } catch (const json::exception&) {
    // The text parses but holds what JSON numbers cannot be here (1e309: past double's range).
    throw fail("", "expected the JSON records a `mpnsim run --shard` slice holds, but a number in it is past the "
                   "range of a double: write the slice again");
  }
  auto mismatch = [&](const std::string& path, const std::string& what) {
    return fail(path, fmt::format("{} differs from {} as read now (another experiment, other --set/--seed values, "
                                  "or another version?)",
                                  what, file.file));
  };
  if (!doc.is_object() || !doc.contains("mpnsim_records")) throw fail("", "not a slice of mpnsim results");
  if (!doc.contains("name") || doc["name"] != file.name) throw mismatch("name", "the experiment name");
  if (!doc.contains("experiments") || !doc["experiments"].is_array())
    throw fail("experiments", "expected an array");
  const json& exps = doc["experiments"];
  if (exps.size() != prepared.size()) throw mismatch("experiments", "the number of experiments");
  FileRecords records(prepared.size());
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const ExperimentSpec& spec = *prepared[x].spec;
    const std::string at = fmt::format("experiments[{}]", x);
    const json& e = exps[x];
    if (!e.is_object()) throw fail(at, "expected an object");
    if (e.value("name", json()) != spec.name) throw mismatch(at + ".name", "experiment " + spec.name);
    if (e.value("repetitions", json()) != spec.repetitions || e.value("seed", json()) != spec.seed)
      throw mismatch(at, spec.name + "'s repetitions or seed");
    const json labels = e.value("points", json());
    if (!labels.is_array() || labels.size() != spec.points.size())
      throw mismatch(at + ".points", spec.name + "'s sweep");
    for (std::size_t p = 0; p < spec.points.size(); ++p)
      if (labels[p] != spec.points[p].label())
        throw mismatch(fmt::format("{}.points[{}]", at, p), spec.name + "'s point " + std::to_string(p));
    const json runs = e.value("runs", json());
    if (!runs.is_array()) throw fail(at + ".runs", "expected an array");
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const std::string where = fmt::format("{}.runs[{}]", at, i);
      RunRecord r = record_from_json(runs[i], origin, where, true);
      if (r.point >= spec.points.size() || r.repetition >= spec.repetitions)
        throw fail(where, fmt::format("no point {}, repetition {} in {}", r.point, r.repetition, spec.name));
      records[x].push_back(std::move(r));
    }
  }
  return records;
}

}  // namespace mpnsim
