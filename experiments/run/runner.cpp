// The experiment runner: validation of all points, parallel execution, tidy outputs.
#include "experiments/run/runner.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "experiments/analysis/statistics.hpp"
#include "experiments/config/seeding.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/progress_bar.hpp"
#include "experiments/run/comparison_files.hpp"
#include "sim/csv_writer.hpp"

namespace mpnsim {

std::atomic<bool>& run_interrupted() {
  static std::atomic<bool> flag{false};
  return flag;
}

std::vector<PreparedExperiment> prepare_experiments(const ExperimentFile& file) {
  std::vector<PreparedExperiment> out;
  const YamlSource src(file.file);
  for (const auto& spec : file.experiments) {
    PreparedExperiment pe;
    pe.spec = &spec;
    pe.kind = find_experiment_kind(spec.kind);
    if (!pe.kind) {
      std::vector<std::string> names;
      for (const auto& k : experiment_kinds()) names.push_back(k->name());
      const std::string near = nearest_name(spec.kind, names);
      std::string all;
      for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
      src.fail(spec.root["kind"], "kind",
               fmt::format("unknown experiment kind{}; expected one of: {}",
                           near.empty() ? "" : " (did you mean '" + near + "'?)", all));
    }
    std::vector<std::string> allowed = common_experiment_keys();
    for (const auto& k : pe.kind->keys()) allowed.push_back(k);
    src.check_keys(spec.root, "", allowed);
    for (const auto& c : spec.outputs.plots)
      (void)c;  // plot columns are checked once the CSV header is known
    // Checked now without building anything large; each point is prepared when it runs.
    pe.checked = check_points(spec, *pe.kind, src, allowed);
    const std::size_t threads = std::max(1u, std::thread::hardware_concurrency());
    pe.points = PreparedPoints(spec, *pe.kind, allowed, 2 * threads + 2);
    out.push_back(std::move(pe));
  }
  return out;
}

namespace {

using Row = RunRecord;

std::string cell(const ParamValue& v) {
  if (auto* d = std::get_if<double>(&v)) return format_number(*d);
  return to_text(v);
}

nlohmann::json json_value(const ParamValue& v) {
  if (auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* b = std::get_if<bool>(&v)) return *b;
  return std::get<std::string>(v);
}

std::vector<Row> run_points(const PreparedExperiment& pe, int jobs, bool progress, int index, int count) {
  const auto& spec = *pe.spec;
  const std::size_t reps = static_cast<std::size_t>(spec.repetitions);
  const std::size_t all = spec.points.size() * reps;
  // This slice's runs: every count-th, from index on (round robin keeps slices balanced).
  std::vector<std::size_t> mine;
  for (std::size_t t = static_cast<std::size_t>(index); t < all; t += static_cast<std::size_t>(count))
    mine.push_back(t);
  const std::size_t total = mine.size();
  std::vector<Row> rows(total);
  std::vector<std::exception_ptr> errors(total);
  std::atomic<std::size_t> next{0};
  ProgressBar bar(spec.name, total, progress && stderr_is_terminal());
  // A point whose input turns out wrong as it is prepared stops the run: nothing will be written.
  std::atomic<bool> bad_input{false};
  auto worker = [&] {
    for (;;) {
      if (run_interrupted().load() || bad_input.load()) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= total) return;
      const std::size_t t = mine[i];
      Row& row = rows[i];
      row.point = t / reps;
      row.repetition = static_cast<int>(t % reps);
      row.seed = point_seed(spec.seed, spec.points[row.point].label(), row.repetition);
      try {
        row.result = pe.points[row.point]->run(row.seed, row.repetition, static_cast<int>(row.point));
      } catch (const InputError&) {
        errors[i] = std::current_exception();
        bad_input.store(true);
      } catch (...) {
        errors[i] = std::current_exception();
      }
      bar.advance();
    }
  };
  const std::size_t threads = std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(jobs), total));
  std::vector<std::thread> pool;
  for (std::size_t i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (run_interrupted().load()) throw std::runtime_error("interrupted: nothing was written");
  // Report the first failure in point order, whatever thread met it first.
  for (std::size_t i = 0; i < total; ++i)
    if (errors[i]) {
      const std::size_t t = mine[i];
      try {
        std::rethrow_exception(errors[i]);
      } catch (const InputError&) {
        throw;  // bad input found while preparing the point: already says which point
      } catch (const std::exception& e) {
        throw std::runtime_error(fmt::format("{}: point {} ({}), repetition {}: {}", spec.name,
                                             t / reps, spec.points[t / reps].label(), t % reps, e.what()));
      }
    }
  return rows;
}

void write_outputs(const PreparedExperiment& pe, const std::vector<Row>& rows, OutputDirectory& out,
                   const std::string& prefix, std::vector<std::string>& written) {
  const auto& spec = *pe.spec;
  // Columns: identification, swept parameters, then metrics in first-appearance order.
  std::vector<std::string> metric_names;
  std::set<std::string> seen;
  auto csv_rows = [](const Row& r) { return results_csv_rows(r.result); };
  std::vector<std::string> csv_metric_names;
  for (const auto& r : rows) {
    for (const auto& [k, v] : r.result.metrics)
      if (seen.insert(k).second) metric_names.push_back(k);
  }
  seen.clear();
  for (const auto& r : rows)
    for (const auto& row : csv_rows(r))
      for (const auto& [k, v] : row)
        if (seen.insert(k).second) csv_metric_names.push_back(k);
  std::vector<std::string> header{"point", "repetition", "seed"};
  for (const auto& k : spec.swept_keys) header.push_back(k);
  for (const auto& m : csv_metric_names)
    if (std::find(header.begin(), header.end(), m) == header.end()) header.push_back(m);

  for (const auto& plot : spec.outputs.plots)
    for (const auto& col : {plot.x, plot.y, plot.series})
      if (!col.empty() && std::find(header.begin(), header.end(), col) == header.end())
        throw InputError(spec.file, YAML::Mark::null_mark(), "outputs.plots." + plot.name,
                         fmt::format("no column '{}' in results.csv; columns: {}", col,
                                     fmt::join(header, ", ")));

  std::ostringstream csv_text;
  CsvWriter csv(csv_text);
  csv.row(header);
  for (const auto& r : rows) {
    for (const auto& row : csv_rows(r)) {
      std::map<std::string, std::string> cells;
      cells["point"] = std::to_string(r.point);
      cells["repetition"] = std::to_string(r.repetition);
      cells["seed"] = std::to_string(r.seed);
      for (const auto& a : spec.points[r.point].assignments) cells[a.key] = a.text;
      for (const auto& [k, v] : row) cells.emplace(k, cell(v));
      std::vector<std::string> fields;
      for (const auto& h : header) fields.push_back(cells.count(h) ? cells[h] : "");
      csv.row(fields);
    }
  }
  auto put = [&](const std::string& name, const std::string& content) {
    out.write(prefix + name, content);
    written.push_back(prefix + name);
  };
  // The CSV is always staged: plots are drawn from it.
  put("results.csv", csv_text.str());

  for (const auto& r : rows)
    for (const auto& a : r.result.artifacts) put(a.filename, a.content);

  if (!spec.outputs.plots.empty()) {
    if (!gnuplot_available()) {
      spdlog::warn("{}: gnuplot not found, plots skipped (scripts written)", spec.name);
    }
    for (const auto& plot : spec.outputs.plots) {
      std::vector<PlotSeries> series;
      if (!plot.series.empty()) {
        std::map<std::string, std::size_t> index;
        auto note = [&](const std::string& v, std::size_t point) {
          if (v.empty()) return;
          auto [it, fresh] = index.emplace(v, series.size());
          if (fresh) series.push_back({v, {}});
          auto& points = series[it->second].points;
          if (points.empty() || points.back() != point) points.push_back(point);
        };
        const bool swept = std::find(spec.swept_keys.begin(), spec.swept_keys.end(), plot.series) !=
                           spec.swept_keys.end();
        for (const auto& r : rows) {
          if (swept) {
            for (const auto& a : spec.points[r.point].assignments)
              if (a.key == plot.series) note(a.text, r.point);
          } else {
            for (const auto& row : csv_rows(r))
              for (const auto& [k, val] : row)
                if (k == plot.series) note(cell(val), r.point);
          }
        }
      }
      put(plot.name + ".gp", gnuplot_script(plot, "results.csv", series));
      if (gnuplot_available()) {
        std::string error;
        const auto dir = out.staging_dir() / prefix;
        if (!run_gnuplot(dir, plot.name + ".gp", error))
          throw std::runtime_error(fmt::format("{}: gnuplot failed on {}: {}", spec.name, plot.name, error));
        if (!error.empty()) spdlog::warn("{}: gnuplot on {}: {}", spec.name, plot.name, error);
        written.push_back(prefix + plot.name + ".png");
        written.push_back(prefix + plot.name + ".svg");
      }
    }
  }

  if (spec.outputs.summary) {
    nlohmann::ordered_json j;
    j["name"] = spec.name;
    j["kind"] = spec.kind;
    j["description"] = spec.description;
    j["mpnsim_version"] = MPNSIM_VERSION;
    j["seed"] = spec.seed;
    j["repetitions"] = spec.repetitions;
    j["swept"] = spec.swept_keys;
    j["points"] = spec.points.size();
    j["rows"] = rows.size();
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    const std::size_t reps = static_cast<std::size_t>(spec.repetitions);
    for (std::size_t p = 0; p < spec.points.size(); ++p) {
      nlohmann::ordered_json pj;
      pj["point"] = p;
      nlohmann::ordered_json params = nlohmann::ordered_json::object();
      for (const auto& a : spec.points[p].assignments) params[a.key] = a.text;
      pj["parameters"] = params;
      nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
      for (const auto& name : metric_names) {
        std::vector<double> values;
        nlohmann::json first;
        bool numeric = true;
        for (std::size_t r = 0; r < reps; ++r) {
          for (const auto& [k, v] : rows[p * reps + r].result.metrics) {
            if (k != name) continue;
            if (first.is_null()) first = json_value(v);
            if (auto* d = std::get_if<double>(&v)) values.push_back(*d);
            else if (auto* i = std::get_if<std::int64_t>(&v)) values.push_back(static_cast<double>(*i));
            else numeric = false;
          }
        }
        if (!numeric || values.empty() || reps == 1) {
          metrics[name] = first;
        } else {
          const Summary s = summarize_values(values);
          metrics[name] = {{"mean", s.mean}, {"min", s.min}, {"max", s.max},
                           {"stddev", s.stddev}, {"ci95", s.ci95}, {"n", s.count}};
        }
      }
      pj["metrics"] = metrics;
      points.push_back(pj);
    }
    j["results"] = points;
    std::vector<std::string> files = written;
    files.push_back(prefix + "summary.json");
    j["files"] = files;
    put("summary.json", j.dump(2) + "\n");
  }
  if (!spec.outputs.csv) {
    // The CSV was only needed for the plots: drop it from what is committed.
    std::filesystem::remove(out.staging_dir() / (prefix + "results.csv"));
  }
}

}  // namespace

namespace {

int job_count(const RunOptions& options) {
  const int jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  return jobs > 0 ? jobs : 1;
}

}  // namespace

FileRecords run_slice(const std::vector<PreparedExperiment>& prepared, const RunOptions& options, int index,
                      int count) {
  FileRecords records;
  const int jobs = job_count(options);
  for (const auto& pe : prepared) {
    const auto start = std::chrono::steady_clock::now();
    spdlog::info("{}: {} point(s) x {} repetition(s), kind {}, {} job(s){}", pe.spec->name,
                 pe.spec->points.size(), pe.spec->repetitions, pe.spec->kind, jobs,
                 count > 1 ? fmt::format(", slice {} of {}", index, count) : std::string());
    records.push_back(run_points(pe, jobs, options.progress, index, count));
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    spdlog::info("{}: done in {:.3f} s", pe.spec->name, secs);
  }
  return records;
}

void write_results(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                   FileRecords records, const RunOptions& options) {
  const std::string dir = options.output_dir.empty() ? "results/" + file.name : options.output_dir;
  if (records.size() != prepared.size()) throw std::runtime_error("records do not match the experiments");
  // Put every experiment's runs in (point, repetition) order and check that each is there once.
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    auto& rows = records[x];
    const auto& spec = *prepared[x].spec;
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
      return std::pair{a.point, a.repetition} < std::pair{b.point, b.repetition};
    });
    const std::size_t reps = static_cast<std::size_t>(spec.repetitions);
    for (std::size_t t = 0; t < spec.points.size() * reps; ++t)
      if (t >= rows.size() || rows[t].point != t / reps || rows[t].repetition != static_cast<int>(t % reps))
        throw std::runtime_error(fmt::format("{}: run of point {}, repetition {} is {}", spec.name, t / reps,
                                             t % reps, t < rows.size() ? "missing or given twice" : "missing"));
    if (rows.size() != spec.points.size() * reps)
      throw std::runtime_error(fmt::format("{}: {} runs given, {} expected", spec.name, rows.size(),
                                           spec.points.size() * reps));
  }
  OutputDirectory out{std::filesystem::path(dir)};
  std::vector<std::string> written;
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const auto& pe = prepared[x];
    const std::string prefix = file.suite ? pe.spec->name + "/" : "";
    std::vector<std::string> files;
    write_outputs(pe, records[x], out, prefix, files);
    write_comparison(*pe.spec, records[x], out, prefix, files);
    written.insert(written.end(), files.begin(), files.end());
  }
  if (file.suite) {
    nlohmann::ordered_json j;
    j["name"] = file.name;
    j["description"] = file.description;
    j["mpnsim_version"] = MPNSIM_VERSION;
    j["experiments"] = nlohmann::ordered_json::array();
    for (const auto& pe : prepared)
      j["experiments"].push_back({{"name", pe.spec->name}, {"kind", pe.spec->kind},
                                  {"summary", pe.spec->name + "/summary.json"}});
    out.write("summary.json", j.dump(2) + "\n");
  }
  out.commit();
  spdlog::info("results in {}/", dir);
}

void run_experiments(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                     const RunOptions& options) {
  write_results(file, prepared, run_slice(prepared, options, 0, 1), options);
}

}  // namespace mpnsim
