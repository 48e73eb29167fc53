// Records of runs as JSON, so that slices run apart (--shard, MPI ranks) can be joined.
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "experiments/run/runner.hpp"

namespace mpnsim {

namespace {

using json = nlohmann::json;

json to_json(const ParamValue& v) {
  if (auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (auto* d = std::get_if<double>(&v)) return *d;  // written with enough digits to read back exactly
  if (auto* b = std::get_if<bool>(&v)) return *b;
  return std::get<std::string>(v);
}

ParamValue from_json(const json& j) {
  if (j.is_boolean()) return j.get<bool>();
  if (j.is_number_integer()) return j.get<std::int64_t>();
  if (j.is_number_float()) return j.get<double>();
  if (j.is_string()) return j.get<std::string>();
  throw std::runtime_error("unexpected value in run records");
}

json row_to_json(const MetricRow& row) {
  json out = json::array();
  for (const auto& [k, v] : row) out.push_back(json::array({k, to_json(v)}));
  return out;
}

MetricRow row_from_json(const json& j) {
  MetricRow row;
  for (const auto& cell : j) row.emplace_back(cell.at(0).get<std::string>(), from_json(cell.at(1)));
  return row;
}

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
    for (const auto& r : records[x]) {
      json run;
      run["point"] = r.point;
      run["repetition"] = r.repetition;
      run["seed"] = r.seed;
      run["metrics"] = row_to_json(r.result.metrics);
      json rows = json::array();
      for (const auto& row : r.result.rows) rows.push_back(row_to_json(row));
      run["rows"] = rows;
      json artifacts = json::array();
      for (const auto& a : r.result.artifacts) artifacts.push_back(json::array({a.filename, a.content}));
      run["artifacts"] = artifacts;
      runs.push_back(run);
    }
    e["runs"] = runs;
    doc["experiments"].push_back(e);
  }
  return doc.dump() + "\n";
}

FileRecords records_from_json(const std::string& text, const std::string& origin, const ExperimentFile& file,
                              const std::vector<PreparedExperiment>& prepared) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a slice of results: {}", origin, e.what()));
  }
  auto mismatch = [&](const std::string& what) {
    return std::runtime_error(fmt::format("{}: {} differs from {} as read now (another experiment, other "
                                          "--set/--seed values, or another version?)", origin, what, file.file));
  };
  if (!doc.contains("mpnsim_records")) throw std::runtime_error(origin + ": not a slice of mpnsim results");
  if (doc.at("name") != file.name) throw mismatch("the experiment name");
  const json& exps = doc.at("experiments");
  if (exps.size() != prepared.size()) throw mismatch("the number of experiments");
  FileRecords records(prepared.size());
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const ExperimentSpec& spec = *prepared[x].spec;
    const json& e = exps.at(x);
    if (e.at("name") != spec.name) throw mismatch("experiment " + spec.name);
    if (e.at("repetitions") != spec.repetitions || e.at("seed") != spec.seed)
      throw mismatch(spec.name + "'s repetitions or seed");
    const json& labels = e.at("points");
    if (labels.size() != spec.points.size()) throw mismatch(spec.name + "'s sweep");
    for (std::size_t p = 0; p < spec.points.size(); ++p)
      if (labels.at(p) != spec.points[p].label()) throw mismatch(spec.name + "'s point " + std::to_string(p));
    for (const json& run : e.at("runs")) {
      RunRecord r;
      r.point = run.at("point").get<std::size_t>();
      r.repetition = run.at("repetition").get<int>();
      r.seed = run.at("seed").get<std::uint64_t>();
      r.result.metrics = row_from_json(run.at("metrics"));
      for (const json& row : run.at("rows")) r.result.rows.push_back(row_from_json(row));
      for (const json& a : run.at("artifacts"))
        r.result.artifacts.push_back({a.at(0).get<std::string>(), a.at(1).get<std::string>()});
      records[x].push_back(std::move(r));
    }
  }
  return records;
}

}  // namespace mpnsim
