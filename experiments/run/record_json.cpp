// Reading and writing of run records as JSON, with every name that becomes a path checked.
#include "experiments/run/record_json.hpp"

#include <cmath>

#include <fmt/format.h>

#include "experiments/config/input_error.hpp"
#include "experiments/config/output_names.hpp"

namespace mpnsim {

namespace {

using json = nlohmann::json;

// JSON has no infinities or NaN: they are written as {"double": "inf"} and the like.
json to_json(const ParamValue& v) {
  if (auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (auto* d = std::get_if<double>(&v)) {
    if (std::isfinite(*d)) return *d;  // written with enough digits to read back exactly
    return json{{"double", std::isnan(*d) ? "nan" : *d > 0 ? "inf" : "-inf"}};
  }
  if (auto* b = std::get_if<bool>(&v)) return *b;
  return std::get<std::string>(v);
}

json row_to_json(const MetricRow& row) {
  json out = json::array();
  for (const auto& [k, v] : row) out.push_back(json::array({k, to_json(v)}));
  return out;
}

// Reads JSON with every failure an InputError at origin and path.
class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
    throw InputError(origin_, YAML::Mark::null_mark(), path, problem);
  }

  const json& at(const json& j, const std::string& path, const char* key) const {
    if (!j.is_object()) fail(path, "expected an object");
    const auto it = j.find(key);
    if (it == j.end()) fail(join_path(path, key), "missing");
    return *it;
  }

  const json& array(const json& j, const std::string& path) const {
    if (!j.is_array()) fail(path, "expected an array");
    return j;
  }

  std::string text(const json& j, const std::string& path) const {
    if (!j.is_string()) fail(path, "expected a string");
    return j.get<std::string>();
  }

  std::uint64_t unsigned_integer(const json& j, const std::string& path, std::uint64_t max) const {
    if (!j.is_number_unsigned() || j.get<std::uint64_t>() > max)
      fail(path, fmt::format("expected an integer from 0 to {}", max));
    return j.get<std::uint64_t>();
  }

  ParamValue value(const json& j, const std::string& path) const {
    if (j.is_boolean()) return j.get<bool>();
    if (j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      fail(path, "integer too large");
    if (j.is_number_integer()) return j.get<std::int64_t>();
    if (j.is_number_float()) return j.get<double>();
    if (j.is_string()) return j.get<std::string>();
    if (j.is_object() && j.size() == 1 && j.contains("double")) {
      const std::string s = text(j.at("double"), path + ".double");
      if (s == "inf") return HUGE_VAL;
      if (s == "-inf") return -HUGE_VAL;
      if (s == "nan") return std::nan("");
    }
    fail(path, "expected a number, a string or true/false");
  }

  MetricRow row(const json& j, const std::string& path) const {
    MetricRow out;
    std::size_t i = 0;
    for (const json& cell : array(j, path)) {
      const std::string where = fmt::format("{}[{}]", path, i++);
      if (!cell.is_array() || cell.size() != 2) fail(where, "expected [name, value]");
      out.emplace_back(text(cell[0], where + "[0]"), value(cell[1], where + "[1]"));
    }
    return out;
  }

 private:
  std::string origin_;
};

}  // namespace

json record_to_json(const RunRecord& r, bool contents) {
  json run;
  run["point"] = r.point;
  run["repetition"] = r.repetition;
  run["seed"] = r.seed;
  run["metrics"] = row_to_json(r.result.metrics);
  json rows = json::array();
  for (const auto& row : r.result.rows) rows.push_back(row_to_json(row));
  run["rows"] = rows;
  json artifacts = json::array();
  for (const auto& a : r.result.artifacts)
    artifacts.push_back(contents ? json::array({a.filename, a.content}) : json(a.filename));
  run["artifacts"] = artifacts;
  if (!r.result.notice.empty()) run["notice"] = r.result.notice;
  return run;
}

RunRecord record_from_json(const json& j, const std::string& origin, const std::string& path, bool contents) {
  const Reader in(origin);
  RunRecord r;
  r.point = in.unsigned_integer(in.at(j, path, "point"), join_path(path, "point"), 1ULL << 40);
  r.repetition = static_cast<int>(
      in.unsigned_integer(in.at(j, path, "repetition"), join_path(path, "repetition"), 1'000'000'000));
  r.seed = in.unsigned_integer(in.at(j, path, "seed"), join_path(path, "seed"), UINT64_MAX);
  r.result.metrics = in.row(in.at(j, path, "metrics"), join_path(path, "metrics"));
  const std::string rows_path = join_path(path, "rows");
  std::size_t i = 0;
  for (const json& row : in.array(in.at(j, path, "rows"), rows_path))
    r.result.rows.push_back(in.row(row, fmt::format("{}[{}]", rows_path, i++)));
  const std::string artifacts_path = join_path(path, "artifacts");
  i = 0;
  for (const json& a : in.array(in.at(j, path, "artifacts"), artifacts_path)) {
    const std::string where = fmt::format("{}[{}]", artifacts_path, i++);
    Artifact artifact;
    if (contents) {
      if (!a.is_array() || a.size() != 2) in.fail(where, "expected [file name, content]");
      artifact.filename = in.text(a[0], where + "[0]");
      artifact.content = in.text(a[1], where + "[1]");
    } else {
      artifact.filename = in.text(a, where);
      artifact.staged = true;
    }
    if (const std::string problem = artifact_path_problem(artifact.filename); !problem.empty())
      in.fail(contents ? where + "[0]" : where,
              fmt::format("artifact name '{}' refused: {}; artifacts are written only inside the output "
                          "directory",
                          artifact.filename, problem));
    r.result.artifacts.push_back(std::move(artifact));
  }
  if (j.contains("notice")) r.result.notice = in.text(j["notice"], join_path(path, "notice"));
  return r;
}

}  // namespace mpnsim
